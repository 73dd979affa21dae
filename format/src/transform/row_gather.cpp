#include "row_gather.h"

#include "cmf/format/error.h"

#include <cstring>

namespace cmf::detail {
namespace {

constexpr uint64_t kGroup = 32;

struct RowAreas {
    std::vector<uint64_t> perRow; // bytes per row of each area, in payload order
    uint64_t shared = 0;          // a trailing area all rows share
};

uint64_t elementBytes(DType t) {
    switch (t) {
    case DType::F32: return 4;
    case DType::F16:
    case DType::BF16: return 2;
    case DType::U8: return 1;
    default: return 0;
    }
}

std::optional<RowAreas> areasOf(DType t, TensorShape s) {
    const uint64_t in = s.cols;
    if (const uint64_t e = elementBytes(t)) return RowAreas{{in * e}, 0};
    const bool whole = in % kGroup == 0;
    const uint64_t gpr = in / kGroup;
    switch (t) {
    case DType::Q8Row: return RowAreas{{in, 2}, 0};
    case DType::Q8_2F: return RowAreas{{in, 2}, in * 2};
    case DType::Q4Tiled:
        if (whole) return RowAreas{{gpr * 18}, 0};
        break;
    case DType::Q4TP:
        if (whole) return RowAreas{{gpr * 16, 4, (gpr * 5 + 7) / 8}, 0};
        break;
    case DType::Q1:
        if (whole) return RowAreas{{gpr * 6}, 0};
        break;
    case DType::Q4Block:
        if (whole) return RowAreas{{in / 2, gpr * 2}, 0};
        break;
    default: break;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::vector<uint8_t>> gatherRowsVerbatim(const TensorBytes& t, const std::vector<uint32_t>& rows) {
    const auto areas = areasOf(t.dtype, t.shape);
    if (!areas) return std::nullopt;
    uint64_t perRow = 0;
    for (auto a : areas->perRow) perRow += a;
    // The layout must account for every byte, or this is not the layout assumed.
    if (perRow * t.shape.rows + areas->shared != t.nbytes) return std::nullopt;
    for (auto r : rows)
        if (r >= t.shape.rows)
            throw Error(ErrorKind::Bounds, "row " + std::to_string(r) + " of a " + std::to_string(t.shape.rows) + "-row tensor");
    std::vector<uint8_t> out(perRow * rows.size() + areas->shared);
    const uint8_t* src = t.data;
    uint8_t* dst = out.data();
    for (const uint64_t a : areas->perRow) {
        for (auto r : rows) std::memcpy(dst, src + r * a, a), dst += a;
        src += a * t.shape.rows;
    }
    if (areas->shared) std::memcpy(dst, src, areas->shared);
    return out;
}

std::optional<std::vector<uint8_t>> gatherElementsVerbatim(const TensorBytes& t, const std::vector<uint32_t>& elements) {
    const uint64_t e = elementBytes(t.dtype);
    if (!e || t.shape.rows != 1 || t.nbytes != t.shape.cols * e) return std::nullopt;
    std::vector<uint8_t> out(elements.size() * e);
    for (size_t i = 0; i < elements.size(); ++i) {
        if (elements[i] >= t.shape.cols)
            throw Error(ErrorKind::Bounds, "element " + std::to_string(elements[i]) + " of a " + std::to_string(t.shape.cols) + "-element tensor");
        std::memcpy(out.data() + i * e, t.data + elements[i] * e, e);
    }
    return out;
}

} // namespace cmf::detail
