#pragma once
// Byte addresses inside the layouts of §3.2 that the kernels read, shared by
// the scalar and the AVX2 implementation. Internal linkage on purpose: the
// AVX2 translation unit must not emit an AVX2 copy of a function that a
// scalar caller could then be linked to. (Each TU converts f16 itself, for
// the same reason.)
#include "cmf/format/codec.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

namespace cmf::engine::kernels::layout {
namespace {

inline constexpr uint64_t kGroup = 32, kNibbleBytes = 16;

inline uint16_t u16(const uint8_t* p) {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
}

// q8_row / q8_2f: [int8 codes rows·cols][f16 row scales][f16 col field]
inline const int8_t* q8Codes(const TensorBytes& w, uint64_t r) { return reinterpret_cast<const int8_t*>(w.data) + r * w.shape.cols; }
inline const uint8_t* q8RowScales(const TensorBytes& w) { return w.data + w.shape.rows * w.shape.cols; }
inline const uint8_t* q8ColField(const TensorBytes& w) { return w.data + w.shape.rows * w.shape.cols + 2 * w.shape.rows; }

// q4_block with cols % 32 == 0: row r's groups are r·gpr ... ; nibbles first, then every scale.
inline uint64_t gpr(const TensorBytes& w) { return w.shape.cols / kGroup; }
inline const uint8_t* q4BlockNibbles(const TensorBytes& w, uint64_t r) { return w.data + r * gpr(w) * kNibbleBytes; }
inline const uint8_t* q4BlockScales(const TensorBytes& w, uint64_t r) {
    return w.data + w.shape.rows * gpr(w) * kNibbleBytes + 2 * r * gpr(w);
}
// q4_tiled: tiles of [f16 scale][16 nibble bytes].
inline const uint8_t* q4TiledRow(const TensorBytes& w, uint64_t r) { return w.data + r * gpr(w) * (2 + kNibbleBytes); }

// q4tp: [nibbles][rows × (f16 lo, f16 step)][rows × ceil(gpr·5/8) 5-bit codes]
inline const uint8_t* q4tpNibbles(const TensorBytes& w, uint64_t r) { return q4BlockNibbles(w, r); }
inline const uint8_t* q4tpParams(const TensorBytes& w, uint64_t r) { return w.data + w.shape.rows * gpr(w) * kNibbleBytes + 4 * r; }
inline uint64_t q4tpCodeBytes(const TensorBytes& w) { return (gpr(w) * 5 + 7) / 8; }
inline const uint8_t* q4tpCodes(const TensorBytes& w, uint64_t r) {
    return w.data + w.shape.rows * gpr(w) * kNibbleBytes + 4 * w.shape.rows + r * q4tpCodeBytes(w);
}
inline unsigned q4tpCode(const uint8_t* codes, uint64_t g) {
    const uint64_t bit = g * 5;
    const unsigned shift = unsigned(bit % 8);
    unsigned window = codes[bit / 8];
    if (shift + 5 > 8) window |= unsigned(codes[bit / 8 + 1]) << 8;
    return (window >> shift) & 31u;
}
// A row's 32 tile scales from its (lo, step), as the format's decoder computes them.
inline std::array<float, 32> q4tpLadder(float lo, float step) {
    std::array<float, 32> ladder{};
    for (unsigned c = 0; c < 32; ++c) {
        const float rise = float(c) * step;
        const float exponent = lo + rise;
        ladder[c] = std::exp2(exponent);
    }
    return ladder;
}

// vbit / vbit_ro: [u8 widths: rows][f16 scales: rows·gpr][vbit_ro: u32 row_offsets: rows+1][packed rows]
inline const uint8_t* vbitScales(const TensorBytes& w, uint64_t r) { return w.data + w.shape.rows + 2 * r * gpr(w); }
inline const uint8_t* vbitTable(const TensorBytes& w) { return w.data + w.shape.rows + 2 * w.shape.rows * gpr(w); }
inline const uint8_t* vbitPackedArea(const TensorBytes& w) {
    return vbitTable(w) + (w.dtype == DType::VBitRo ? 4 * (w.shape.rows + 1) : 0);
}
// vbit_ro only: row r's packed bits, from the row table.
inline const uint8_t* vbitPacked(const TensorBytes& w, uint64_t r) {
    uint32_t off;
    std::memcpy(&off, vbitTable(w) + 4 * r, 4);
    return vbitPackedArea(w) + off;
}

// Rows [r0, r1) of a 4-bit weight (q4_block with whole groups per row,
// q4_tiled, q4tp): y[r − r0] = rowDot(gpr, group), where group(g) returns the
// row's g-th nibble bytes and scale. half(p) converts an f16, ladder(w, r)
// gives a q4tp row's 32 rungs; each implementation brings its own.
template <class Half, class Ladder, class RowDot>
void forQ4Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, float* y, Half half, Ladder ladder, RowDot rowDot) {
    for (uint64_t r = r0; r < r1; ++r) {
        if (w.dtype == DType::Q4Tiled) {
            const uint8_t* tiles = q4TiledRow(w, r);
            y[r - r0] = rowDot(gpr(w), [&](uint64_t g) {
                const uint8_t* t = tiles + g * (2 + kNibbleBytes);
                return std::pair{t + 2, half(t)};
            });
        } else if (w.dtype == DType::Q4TP) {
            const auto rungs = ladder(w, r);
            const uint8_t *nib = q4tpNibbles(w, r), *codes = q4tpCodes(w, r);
            y[r - r0] = rowDot(gpr(w), [&](uint64_t g) { return std::pair{nib + g * kNibbleBytes, rungs[q4tpCode(codes, g)]}; });
        } else {
            const uint8_t *nib = q4BlockNibbles(w, r), *sc = q4BlockScales(w, r);
            y[r - r0] = rowDot(gpr(w), [&](uint64_t g) { return std::pair{nib + g * kNibbleBytes, half(sc + 2 * g)}; });
        }
    }
}

} // namespace
} // namespace cmf::engine::kernels::layout
