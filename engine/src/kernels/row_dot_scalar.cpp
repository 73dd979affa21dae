// Portable kernels: eight partial sums per row (the AVX2 lanes), each 32-group
// of a quantized row summed before its scale is applied, as the vector code does.
#include "kernels/layout.h"
#include "kernels/row_dot.h"

#include "cmf/format/half.h"

#include <algorithm>
#include <cmath>

namespace cmf::engine::kernels {
namespace {

using namespace layout;

inline float f16(const uint8_t* p) { return f16ToF32(u16(p)); }
inline float rowScale(const TensorBytes& w, uint64_t r) { return f16(q8RowScales(w) + 2 * r); }
inline std::array<float, 32> ladderOf(const TensorBytes& w, uint64_t r) {
    const uint8_t* p = q4tpParams(w, r);
    return q4tpLadder(f16(p), f16(p + 2));
}

template <class Load>
float dot8(uint64_t n, const float* x, Load load) {
    float acc[8] = {};
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; ++k) acc[k] += load(i + k) * x[i + k];
    float tail = 0;
    for (; i < n; ++i) tail += load(i) * x[i];
    return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7])) + tail;
}

void f32Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* row = w.data + r * n * 4;
        y[r - r0] = dot8(n, x, [&](uint64_t i) {
            float v;
            std::memcpy(&v, row + 4 * i, 4);
            return v;
        });
    }
}

void f16Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* row = w.data + r * n * 2;
        y[r - r0] = dot8(n, x, [&](uint64_t i) { return f16(row + 2 * i); });
    }
}

void bf16Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* row = w.data + r * n * 2;
        y[r - r0] = dot8(n, x, [&](uint64_t i) { return bf16ToF32(u16(row + 2 * i)); });
    }
}

// With the int8 activation (whole 32-groups), exact int32 group sums as the
// vector kernel computes them; else the float activation.
float q8RowInt8(const int8_t* q, uint64_t groups, const Activation& a) {
    float acc[8] = {};
    for (uint64_t g = 0; g < groups; ++g) {
        int32_t s = 0;
        for (uint64_t i = 0; i < kGroup; ++i) s += int32_t(q[g * kGroup + i]) * int32_t(a.q[g * kGroup + i]);
        acc[g % 8] += a.qScale[g] * float(s);
    }
    return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

void q8Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const int8_t* q = q8Codes(w, r);
        if (a.q) y[r - r0] = q8RowInt8(q, n / kGroup, a) * rowScale(w, r);
        else y[r - r0] = dot8(n, x, [&](uint64_t i) { return float(q[i]); }) * rowScale(w, r);
    }
}

// Σ over one 32-group of (nibble − 8)·q, exact in int32.
int32_t nibbleDot(const uint8_t* nib, const int8_t* q) {
    int32_t sum = 0;
    for (int k = 0; k < 16; ++k) sum += ((nib[k] & 0x0F) - 8) * q[2 * k] + ((nib[k] >> 4) - 8) * q[2 * k + 1];
    return sum;
}

// Eight partial sums over groups, as the vector code's lanes.
template <class Group>
float q4Row(uint64_t groups, const Activation& a, Group group) {
    float acc[8] = {};
    for (uint64_t g = 0; g < groups; ++g) {
        const auto [nib, scale] = group(g);
        acc[g % 8] += scale * a.qScale[g] * float(nibbleDot(nib, a.q + g * kGroup));
    }
    return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

void q4Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    // Lambdas, not the function names: a function pointer passed down is an
    // indirect call per 32-group that the compiler does not inline (it took a
    // third of q4t decode time).
    forQ4Rows(
        w, r0, r1, y, [](const uint8_t* p) { return f16(p); }, [](const TensorBytes& t, uint64_t r) { return ladderOf(t, r); },
        [&](uint64_t groups, const auto& group) { return q4Row(groups, a, group); });
}

void gemm(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
    for (size_t t = 0; t < nTok; ++t)
        for (uint64_t r = 0; r < rows; ++r) {
            const float* row = w + r * cols;
            y[t * ldy + r] = dot8(cols, x + t * cols, [&](uint64_t i) { return row[i]; });
        }
}

float dotF32(const float* a, const float* b, uint64_t n) { return dot8(n, b, [&](uint64_t i) { return a[i]; }); }

void axpyF32(float w, const float* v, float* y, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) y[i] += w * v[i];
}

void quantize(const float* x, uint64_t n, int8_t* q, float* scales) {
    for (uint64_t b = 0; b < n / kGroup; ++b) {
        const float* xb = x + b * kGroup;
        float amax = 0;
        for (uint64_t i = 0; i < kGroup; ++i) amax = std::max(amax, std::fabs(xb[i]));
        const float inv = amax > 0 ? 127.0f / amax : 0.0f;
        scales[b] = amax / 127.0f;
        for (uint64_t i = 0; i < kGroup; ++i) q[b * kGroup + i] = int8_t(std::nearbyint(xb[i] * inv));
    }
}

} // namespace

const detail::Table detail::kScalar{f32Rows, f16Rows, bf16Rows, q8Rows, q4Rows, detail::vbitRowsScalar, gemm, dotF32, axpyF32, quantize};

} // namespace cmf::engine::kernels
