#pragma once
// A weight's columns gathered into a narrower copy of the same dtype, for the
// layouts where that is exact: float rows (f32/f16/bf16) and the row-scaled
// int8 layouts (q8_row keeps its row scales; q8_2f its row scales and the
// gathered column field). A task mask's down projection then reads and
// multiplies only the kept neurons' columns (§5 "skipped, not multiplied by
// zero"). Group-scaled layouts (q4*, vbit) have scales shared by 32 columns:
// no exact narrower copy exists, and the caller keeps the full weight.
#include "cmf/format/codec.h"

#include <optional>
#include <span>
#include <vector>

namespace cmf::engine {

// The payload of W[:, keep] (keep ascending), or nullopt for a layout without
// an exact gather.
std::optional<std::vector<uint8_t>> gatherColumns(const TensorBytes& w, std::span<const uint32_t> keep);

} // namespace cmf::engine
