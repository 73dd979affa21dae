#pragma once
// vbit / vbit_ro rows (§3.2) as int8 codes for the int8 kernels. A row of
// b-bit codes u becomes u − L (L = 2^(b−1) − 1), which int8 holds for
// b ≤ 7; an 8-bit row spans −127 … 128, so it is stored negated (L − u,
// −128 … 127) and its scales are negated with it — exact either way.
//
// The payload must have passed validatePayload (widths, row table and
// sizes): these functions trust it.
#include "cmf/format/codec.h"

#include <cstdint>
#include <vector>

namespace cmf::engine::kernels {

// Where each row's packed bits start, relative to the packed area, for a
// vbit weight (which has no row table); computed once when the model opens.
std::vector<uint64_t> vbitRowStarts(const TensorBytes& w);

// Rows [r0, r1) as int8 codes (cols each) and one float scale per 32-group,
// W[r][32g + i] = codes · scale. rowStarts: vbitRowStarts(w) for a vbit
// weight (nullptr: found by a scan over the widths); ignored for vbit_ro.
void packVbitRows(const TensorBytes& w, uint64_t r0, uint64_t r1, const uint64_t* rowStarts, int8_t* codes, float* scales);

} // namespace cmf::engine::kernels
