#pragma once
// Dequantized gathers along one axis of a 2-D payload, for the rewrites that
// shrink a tensor (defrag keeps FFN rows or columns, MoE defrag router rows
// whose layout is not row-separable). Rows are decoded in windows of about
// 1 Mi elements, and a window without a kept row is never decoded, so memory
// stays near the output's size. Private to format/.
#include "cmf/format/codec.h"

#include <cstdint>
#include <vector>

namespace cmf::detail {

// rows(keep) × cols values; keep ascending.
std::vector<float> gatherRows(const TensorBytes& t, const std::vector<uint32_t>& keep);

// rows × keep.size() values; keep ascending (a 1-D tensor is one row).
std::vector<float> gatherColumns(const TensorBytes& t, const std::vector<uint32_t>& keep);

} // namespace cmf::detail
