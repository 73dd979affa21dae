#include "kernels/vbit_rows.h"

#include "kernels/layout.h"
#include "kernels/row_dot.h"

#include "cmf/format/half.h"

#include <cstring>

namespace cmf::engine::kernels {
namespace {

using namespace layout;

uint64_t packedBytes(uint64_t cols, unsigned b) { return (cols * b + 7) / 8; }

// cols % 32 == 0, so a row is whole 8-code chunks of exactly B bytes each
// (MSB-first): read a chunk as a big-endian integer and cut it in eight.
template <unsigned B>
void unpack(const uint8_t* p, uint64_t cols, int8_t* out) {
    constexpr int kLevel = (1 << (B - 1)) - 1;
    if constexpr (B == 8) {
        for (uint64_t i = 0; i < cols; ++i) out[i] = int8_t(kLevel - int(p[i])); // negated, see the header
    } else {
        constexpr uint64_t kMask = (uint64_t(1) << B) - 1;
        for (uint64_t c = 0; c < cols; c += 8, p += B) {
            uint64_t v = 0;
            for (unsigned k = 0; k < B; ++k) v = (v << 8) | p[k];
            for (unsigned k = 0; k < 8; ++k) out[c + k] = int8_t(int((v >> (B * (7 - k))) & kMask) - kLevel);
        }
    }
}

void unpackRow(const uint8_t* p, unsigned b, uint64_t cols, int8_t* out) {
    switch (b) { // validated: one of 3, 4, 5, 6, 8
    case 3: return unpack<3>(p, cols, out);
    case 4: return unpack<4>(p, cols, out);
    case 5: return unpack<5>(p, cols, out);
    case 6: return unpack<6>(p, cols, out);
    default: return unpack<8>(p, cols, out);
    }
}

} // namespace

std::vector<uint64_t> vbitRowStarts(const TensorBytes& w) {
    std::vector<uint64_t> starts(w.shape.rows);
    uint64_t pos = 0;
    for (uint64_t r = 0; r < w.shape.rows; ++r) {
        starts[r] = pos;
        pos += packedBytes(w.shape.cols, w.data[r]);
    }
    return starts;
}

void packVbitRows(const TensorBytes& w, uint64_t r0, uint64_t r1, const uint64_t* rowStarts, int8_t* codes, float* scales) {
    const uint64_t cols = w.shape.cols, groups = cols / kGroup;
    const uint8_t* packed = vbitPackedArea(w);
    uint64_t pos = 0;
    if (w.dtype == DType::VBit && !rowStarts)
        for (uint64_t r = 0; r < r0; ++r) pos += packedBytes(cols, w.data[r]);
    for (uint64_t r = r0; r < r1; ++r, codes += cols, scales += groups) {
        const unsigned b = w.data[r];
        if (w.dtype == DType::VBitRo) {
            pos = uint64_t(vbitPacked(w, r) - packed);
        } else if (rowStarts) {
            pos = rowStarts[r];
        }
        unpackRow(packed + pos, b, cols, codes);
        if (w.dtype == DType::VBit) pos += packedBytes(cols, b);
        const uint8_t* sc = vbitScales(w, r);
        const float sign = b == 8 ? -1.0f : 1.0f;
        for (uint64_t g = 0; g < groups; ++g) {
            scales[g] = sign * f16ToF32(u16(sc + 2 * g));
        }
    }
}

// The portable decode kernel for vbit_ro: each row unpacked to int8 (in a
// per-thread buffer), then exact int32 group sums as the 4-bit kernels do.
void detail::vbitRowsScalar(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t cols = w.shape.cols, groups = cols / kGroup;
    thread_local std::vector<int8_t> codes;
    thread_local std::vector<float> scales;
    codes.resize(cols), scales.resize(groups);
    for (uint64_t r = r0; r < r1; ++r) {
        packVbitRows(w, r, r + 1, nullptr, codes.data(), scales.data());
        float acc[8] = {};
        for (uint64_t g = 0; g < groups; ++g) {
            int32_t s = 0;
            for (uint64_t i = 0; i < kGroup; ++i) s += int32_t(codes[g * kGroup + i]) * int32_t(a.q[g * kGroup + i]);
            acc[g % 8] += scales[g] * a.qScale[g] * float(s);
        }
        y[r - r0] = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    }
}

} // namespace cmf::engine::kernels
