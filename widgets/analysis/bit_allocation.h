#pragma once
// Bits per weight, read from the directory and the payloads (spec §3.2), for
// the bit allocation view: per tensor the storage cost split into code bits
// and overhead (scales, widths, offsets, overlays, padding), and across the
// model a grid of mean bits per weight by layer and tensor family. The
// "family" is the spec's (§3.2, vbit budgets: layer × projection): a tensor's
// name without its layer prefix — self_attn.q_proj, mlp.down_proj,
// mlp.experts.*.up_proj (every expert of a layer in one cell). Plain data, no Qt.
#include "cmf/format/codec.h"
#include "models/tensor_source.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmfw {

struct BitsPerWeight {
    double total = 0;    // nbytes · 8 / elements: what the weight costs in the file
    double codes = 0;    // the quantized values alone (vbit: the mean row width)
    double overhead = 0; // total − codes
};
// From the payload: vbit/vbit_ro read their row widths (the first `rows` bytes).
BitsPerWeight bitsPerWeight(const cmf::TensorBytes& t);

// vbit / vbit_ro: the width of every row, bounds-checked; empty for other dtypes
// or a payload shorter than its width table.
std::vector<uint8_t> rowWidths(const cmf::TensorBytes& t);

// The family of a tensor name and its row in the grid.
struct FamilyKey {
    int layer = -1;     // layerOf(): -1 outside layers, -2 the MTP head
    std::string family; // e.g. "self_attn.q_proj", "mlp.experts.*.gate_proj", "embed_tokens"
};
// prefix: a skill's "skill.<id>." stripped first (empty for the base model).
FamilyKey familyKey(std::string_view name, std::string_view prefix = {});

struct BitGrid {
    std::vector<int> layers;          // row → layer (layers ascending, then MTP, then outside)
    std::vector<std::string> families; // column → family
    // rows × cols, row-major; cells without a tensor are NaN.
    std::vector<double> meanBits;     // Σ nbytes·8 / Σ elements
    std::vector<std::vector<uint64_t>> tensors; // per cell: directory indices
    std::vector<uint64_t> elements, nbytes;     // per cell
    int rows() const { return int(layers.size()); }
    int cols() const { return int(families.size()); }
    size_t cell(int r, int c) const { return size_t(r) * families.size() + size_t(c); }
};

// Tensors whose name starts with prefix ("" = the base model, i.e. every
// tensor that is not a skill's replacement; "skill.code." = that skill's).
BitGrid modelBitGrid(const TensorSource& src, std::string_view prefix = {});

// "skill.<id>." prefixes of the skills that carry replacement tensors, in order of appearance.
std::vector<std::string> skillPrefixes(const TensorSource& src);

} // namespace cmfw
