#pragma once
// Defragmentation (spec §11): one task's FFN keep-set baked into the weights.
// Pruned neurons are dropped from the file — gate_proj/up_proj keep rows,
// down_proj keeps columns — by dequant → gather → requant at the same dtype
// (quant scales are per row / per group, so this is never a byte cut). A
// down_proj whose kept width breaks its dtype's `in % 32 == 0` rule becomes
// q8_2f. Everything else is copied verbatim. The output has no masks section
// (the mask is the identity after pruning) and no sparse index (it indexes
// that mask); arch.intermediate_size becomes the per-layer maximum and
// provenance.defrag records the cut.
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmf {

// Per layer, the kept FFN neurons in ascending order. A layer without a dense
// FFN (an MoE layer) takes an empty set, which is ignored.
using KeepSets = std::vector<std::vector<uint32_t>>;

// The FFN bits of the named task mask (§5), row by row. Throws Error(Parse)
// when the file has no such mask (naming those it has) or masks per visit
// (LOOP_MASKS: two visits of one layer may keep different neurons).
KeepSets keepSetsFromMask(const CmfFile& file, const std::string& task);

struct DefragReport {
    uint32_t preIntermediate = 0;      // arch.intermediate_size before
    uint32_t postIntermediateMax = 0;  // after: the widest layer
    std::vector<int64_t> keptPerLayer; // -1 for layers without a dense FFN
    double prunedRatio = 0;            // share of dense FFN neurons dropped
    std::vector<std::string> fallbacks; // "tensor: why it changed dtype"
    uint64_t inputBytes = 0;
    ConvertReport write;
};

// sourceTask names the mask the keep-sets came from (provenance; may be empty).
// Throws Error(Parse) for keep-sets that do not fit the model (wrong layer
// count, unsorted, out of range, an empty layer).
DefragReport defrag(const std::string& input, const KeepSets& keep, const std::string& output, const std::string& sourceTask = {},
                    const Control& control = {});

} // namespace cmf
