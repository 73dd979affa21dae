#include "analysis/quant_scales.h"

#include "cmf/format/half.h"

#include <algorithm>
#include <cmath>

namespace cmfw {

namespace {

constexpr uint64_t kGroup = 32;

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

struct Acc {
    float lo = 0, hi = 0;
    double sum = 0;
    uint64_t n = 0;
    void add(float s) {
        if (n == 0) lo = hi = s;
        lo = std::min(lo, s);
        hi = std::max(hi, s);
        sum += s;
        ++n;
    }
};

void push(RowScales& out, const Acc& a) {
    out.scaleMin.push_back(a.lo);
    out.scaleMax.push_back(a.hi);
    out.scaleMean.push_back(a.n ? float(a.sum / double(a.n)) : 0.f);
}

// Group scales at data + tile(g) for g in the row's groups: tiles in row order.
template <class ScaleAt>
void groupRows(RowScales& out, uint64_t rows, uint64_t gpr, ScaleAt scaleAt) {
    out.kind = RowScales::Kind::GroupScales;
    for (uint64_t r = 0; r < rows; ++r) {
        Acc a;
        for (uint64_t g = 0; g < gpr; ++g) a.add(scaleAt(r, g));
        push(out, a);
    }
}

bool need(RowScales& out, const cmf::TensorBytes& t, uint64_t bytes) {
    if (bytes <= t.nbytes) return true;
    out.error = "payload of " + std::to_string(t.nbytes) + " bytes is shorter than its scales need (" +
                std::to_string(bytes) + ")";
    out.kind = RowScales::Kind::None;
    return false;
}

} // namespace

RowScales readRowScales(const cmf::TensorBytes& t) {
    RowScales out;
    const uint64_t rows = t.shape.rows, cols = t.shape.cols, n = t.shape.count();
    const uint64_t gpr = cols / kGroup;
    const uint8_t* d = t.data;
    out.rows = rows;
    switch (t.dtype) {
    case cmf::DType::Q8Row:
    case cmf::DType::Q8_2F: {
        // [int8 rows·cols][f16 row scale: rows]([f16 col field: cols])
        const bool twoField = t.dtype == cmf::DType::Q8_2F;
        if (!need(out, t, n + 2 * rows + (twoField ? 2 * cols : 0))) return out;
        out.kind = RowScales::Kind::RowScale;
        for (uint64_t r = 0; r < rows; ++r) {
            const float s = cmf::loadF16(d + n + 2 * r);
            out.scaleMin.push_back(s);
            out.scaleMean.push_back(s);
            out.scaleMax.push_back(s);
        }
        if (twoField)
            for (uint64_t c = 0; c < cols; ++c) out.colField.push_back(cmf::loadF16(d + n + 2 * rows + 2 * c));
        return out;
    }
    case cmf::DType::Q4Block: {
        // [u8 nibbles: G·16][f16 scales: G], groups over the flattened tensor.
        const uint64_t groups = ceilDiv(n, kGroup);
        if (!need(out, t, groups * 18)) return out;
        out.kind = RowScales::Kind::GroupScales;
        const uint8_t* scales = d + groups * 16;
        for (uint64_t r = 0; r < rows; ++r) {
            Acc a;
            if (cols > 0)
                for (uint64_t g = (r * cols) / kGroup; g <= ((r + 1) * cols - 1) / kGroup; ++g)
                    a.add(cmf::loadF16(scales + 2 * g));
            push(out, a);
        }
        return out;
    }
    case cmf::DType::Q4Tiled:
        // 18-byte tiles [f16 scale][16 B nibbles] in row order.
        if (!need(out, t, rows * gpr * 18)) return out;
        groupRows(out, rows, gpr, [&](uint64_t r, uint64_t g) { return cmf::loadF16(d + (r * gpr + g) * 18); });
        return out;
    case cmf::DType::Q4TP: {
        // [nibbles rows·gpr·16][rows × (f16 lo, f16 step)][rows × ceil(gpr·5/8) 5-bit codes, LSB-first]
        const uint64_t params = rows * gpr * 16, codeBytes = ceilDiv(gpr * 5, 8), codes = params + rows * 4;
        if (!need(out, t, codes + rows * codeBytes)) return out;
        groupRows(out, rows, gpr, [&](uint64_t r, uint64_t g) {
            const float lo = cmf::loadF16(d + params + 4 * r), step = cmf::loadF16(d + params + 4 * r + 2);
            const uint8_t* rc = d + codes + r * codeBytes;
            const uint64_t bit = g * 5;
            unsigned window = rc[bit / 8];
            if (bit % 8 + 5 > 8) window |= unsigned(rc[bit / 8 + 1]) << 8;
            const unsigned code = (window >> (bit % 8)) & 31u;
            const float rise = float(code) * step;
            return std::exp2(lo + rise);
        });
        return out;
    }
    case cmf::DType::VBit:
    case cmf::DType::VBitRo:
        // [u8 bits: rows][f16 scales: rows·gpr] ...
        if (!need(out, t, rows + rows * gpr * 2)) return out;
        out.bits.assign(d, d + rows);
        groupRows(out, rows, gpr, [&](uint64_t r, uint64_t g) { return cmf::loadF16(d + rows + 2 * (r * gpr + g)); });
        return out;
    case cmf::DType::Q1:
    case cmf::DType::Q1S: {
        // 6-byte tiles [f16 scale][4 B signs]; q1s then [u32 count] + count × {u32 flat index, f16 value}.
        const uint64_t tiles = rows * gpr * 6;
        if (!need(out, t, tiles + (t.dtype == cmf::DType::Q1S ? 4 : 0))) return out;
        groupRows(out, rows, gpr, [&](uint64_t r, uint64_t g) { return cmf::loadF16(d + (r * gpr + g) * 6); });
        if (t.dtype == cmf::DType::Q1S) {
            const uint64_t count = cmf::loadU32(d + tiles);
            out.outliers.assign(rows, 0);
            if (!need(out, t, tiles + 4 + count * 6)) return out;
            for (uint64_t e = 0; e < count; ++e) {
                const uint64_t flat = cmf::loadU32(d + tiles + 4 + 6 * e);
                if (cols && flat / cols < rows) ++out.outliers[flat / cols];
            }
        }
        return out;
    }
    case cmf::DType::Q1T: {
        // 9-byte tiles [f16 scale][7 B base-3 codes], then u32 row_ptr[rows + 1].
        const uint64_t tiles = rows * gpr * 9;
        if (!need(out, t, tiles + 4 * (rows + 1))) return out;
        groupRows(out, rows, gpr, [&](uint64_t r, uint64_t g) { return cmf::loadF16(d + (r * gpr + g) * 9); });
        out.outliers.resize(rows);
        for (uint64_t r = 0; r < rows; ++r) {
            const uint32_t a = cmf::loadU32(d + tiles + 4 * r), b = cmf::loadU32(d + tiles + 4 * (r + 1));
            out.outliers[r] = b >= a ? b - a : 0;
        }
        return out;
    }
    default: return out; // f32, f16, bf16, u8 and reserved dtypes carry no scales
    }
}

} // namespace cmfw
