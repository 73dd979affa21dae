#pragma once
// MoE expert defrag (spec §11.1) and its runtime twin, the expert area of a
// task mask (§5): from per-layer expert selection counts, keep per layer the
// smallest top set of experts reaching `cover` of the routing mass.
//
// Stats JSON (what `CMF_MOE_STATS` style dumps carry):
//   {"layers": [[c_0, c_1, ..., c_{E-1}], ...], ...}
// one array per model layer, in layer order, each with one selection count
// per expert of that layer (numbers ≥ 0; integers in practice). "counts" is
// accepted in place of "layers". A dense layer's entry is [] or null. Other
// keys are ignored.
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cmf {

struct MoeStats {
    std::vector<std::vector<double>> layers; // [layer][expert] counts; empty row: dense or not recorded
};

// Throws Error(Parse) naming the layer/expert that is malformed.
MoeStats parseMoeStats(const nlohmann::json& j);
MoeStats loadMoeStats(const std::string& path); // + Error(Io)

// Per layer, the kept experts in ascending index order: sort by count
// (descending, ties to the lower index), take until the kept mass reaches
// cover × the layer's total. A layer with no recorded mass keeps every
// expert; an empty row stays empty. cover must be in (0, 1].
std::vector<std::vector<uint32_t>> moeKeepSets(const MoeStats& stats, double cover);

// The same choice as routable bits (bit e of layer l set = expert e
// routable), ready for MaskBits::experts. An empty row means unrestricted.
std::vector<std::vector<bool>> moeExpertMask(const MoeStats& stats, double cover);

// The bits of a routing mask for file (§5 expert area): moeExpertMask's
// choice for each MoE layer (one with a router), every other area all-ones;
// rows of dense layers stay unrestricted. Under LOOP_MASKS each visit of a
// layer gets that layer's row. Throws Error(Parse) when the stats' layers or
// expert counts do not match the model, or the model has no
// arch.moe.num_experts.
MaskBits moeMaskBits(const CmfFile& file, const MoeStats& stats, double cover);

struct MoeDefragReport {
    double cover = 0;
    std::vector<std::vector<uint32_t>> kept; // per layer, original expert indices (empty: dense layer)
    std::vector<uint32_t> expertsBefore;     // per layer (0: dense layer)
    std::vector<double> massKept;            // per layer share of the routing mass kept
    std::string routerCopy;                  // "verbatim rows" or why routers were re-encoded
    std::vector<std::string> notes;          // layers without stats, remapped mask rows ...
    uint64_t inputBytes = 0;
    ConvertReport write;
};

// Drops the experts each MoE layer does not keep and renumbers the rest
// contiguously in their original order: expert payloads are copied verbatim,
// router rows (mlp.gate.weight) and expert_bias entries are gathered in the
// same order, each layer's expert bank is written role-contiguously (all
// gate_proj, then up_proj, then down_proj). arch.moe.num_experts stays
// nominal; provenance.moe_defrag records the cut. Task masks with an expert
// area are remapped to the new numbering. Throws Error(Parse) when the stats
// do not fit the model.
MoeDefragReport moeDefrag(const std::string& input, const MoeStats& stats, double cover, const std::string& output,
                          const Control& control = {});

} // namespace cmf
