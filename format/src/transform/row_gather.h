#pragma once
// Selecting whole rows (or, in a 1-D tensor, elements) of a payload without
// re-encoding, where the layout allows it. A layout is row-separable when it
// is a sequence of areas, each holding a fixed number of bytes per row in row
// order, plus at most a trailing area every row shares (q8_2f's column
// field). The gathered payload is the same areas with only the chosen rows —
// every kept row decodes to exactly the values it had. Private to format/.
#include "cmf/format/codec.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cmf::detail {

// Rows `rows` (any order, repeats allowed) of t, or nullopt when t's layout is
// not row-separable: f32, f16, bf16, u8, q8_row, q8_2f, q4_tiled, q4tp, q1,
// and q4_block whose rows are whole groups (in % 32 == 0) are; vbit / vbit_ro
// (a row's width varies) and q1s / q1t (flat or row-pointer overlays) are not.
std::optional<std::vector<uint8_t>> gatherRowsVerbatim(const TensorBytes& t, const std::vector<uint32_t>& rows);

// Elements of a one-row float tensor (f32, f16, bf16, u8), or nullopt.
std::optional<std::vector<uint8_t>> gatherElementsVerbatim(const TensorBytes& t, const std::vector<uint32_t>& elements);

} // namespace cmf::detail
