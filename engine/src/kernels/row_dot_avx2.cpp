// AVX2 + FMA + F16C kernels (this file alone is compiled with those flags;
// row_dot.cpp calls it only when the CPU reports them). Four independent
// accumulators per row hide the FMA latency; weights are widened to float in
// registers and never stored.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/exp2_poly.h"
#include "kernels/layout.h"
#include "kernels/prefetch.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <bit>
#include <immintrin.h>

namespace cmf::engine::kernels {
namespace {

using namespace layout;

inline float f16(const uint8_t* p) { return _cvtsh_ss(u16(p)); }
inline float rowScale(const TensorBytes& w, uint64_t r) { return f16(q8RowScales(w) + 2 * r); }
// 2^x for 8 lanes: 2^round(x) by the exponent field times kExp2Poly's 2^f.
inline __m256 exp2x8(__m256 x) {
    const __m256 n = _mm256_round_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 f = _mm256_sub_ps(x, n);
    __m256 p = _mm256_set1_ps(kExp2Poly[0]);
    for (int i = 1; i < 7; ++i) p = _mm256_fmadd_ps(p, f, _mm256_set1_ps(kExp2Poly[i]));
    const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

// The row's 32 rungs 2^(lo + c·step) in four vectors instead of 32 exp2 calls:
// this runs once per row per token.
inline std::array<float, 32> ladderOf(const TensorBytes& w, uint64_t r) {
    const uint8_t* p = q4tpParams(w, r);
    std::array<float, 32> ladder;
    detail::q4tpLadderAvx2(f16(p), f16(p + 2), ladder.data());
    return ladder;
}

inline float hsum(__m256 v) {
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

inline __m256 i8x8(const int8_t* p) { return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)))); }
inline __m256 f16x8(const uint8_t* p) { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))); }
inline __m256 bf16x8(const uint8_t* p) {
    const __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    return _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
}

// Row dot with 4 accumulators over 32-element steps; load(i) gives 8 weights
// as floats. row/EB: the weight bytes and bytes per element, for the prefetch.
template <int EB, class Load, class Scalar>
float rowDot(uint64_t n, const float* x, const void* row, Load load, Scalar scalar) {
    __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        for (int o = 0; o < 32 * EB; o += 64) prefetchAhead(static_cast<const char*>(row) + i * EB + o);
        a0 = _mm256_fmadd_ps(load(i), _mm256_loadu_ps(x + i), a0);
        a1 = _mm256_fmadd_ps(load(i + 8), _mm256_loadu_ps(x + i + 8), a1);
        a2 = _mm256_fmadd_ps(load(i + 16), _mm256_loadu_ps(x + i + 16), a2);
        a3 = _mm256_fmadd_ps(load(i + 24), _mm256_loadu_ps(x + i + 24), a3);
    }
    for (; i + 8 <= n; i += 8) a0 = _mm256_fmadd_ps(load(i), _mm256_loadu_ps(x + i), a0);
    float tail = 0;
    for (; i < n; ++i) tail += scalar(i) * x[i];
    return hsum(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3))) + tail;
}

void f32Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const float* row = reinterpret_cast<const float*>(w.data) + r * n; // payloads are 64-byte aligned (§3)
        y[r - r0] = rowDot<4>(n, x, row, [&](uint64_t i) { return _mm256_loadu_ps(row + i); }, [&](uint64_t i) { return row[i]; });
    }
}

void f16Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* row = w.data + r * n * 2;
        y[r - r0] = rowDot<2>(n, x, row, [&](uint64_t i) { return f16x8(row + 2 * i); }, [&](uint64_t i) { return f16(row + 2 * i); });
    }
}

void bf16Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* row = w.data + r * n * 2;
        y[r - r0] = rowDot<2>(n, x, row, [&](uint64_t i) { return bf16x8(row + 2 * i); },
                           [&](uint64_t i) { return std::bit_cast<float>(uint32_t(u16(row + 2 * i)) << 16); });
    }
}

// With the int8 activation (whole 32-groups): per group, signs moved from the
// weight onto the activation, maddubs into int16 pairs (at most 2·128·127),
// madd into eight int32 lanes, one FMA by the activation block's scale; the
// row scale once at the end. Two accumulators for consecutive groups.
float q8RowInt8(const int8_t* q, uint64_t groups, const Activation& a) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256 acc[2] = {_mm256_setzero_ps(), _mm256_setzero_ps()};
    for (uint64_t g = 0; g < groups; ++g) {
        const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + g * kGroup));
        if (g % 2 == 0) prefetchAhead(q + g * kGroup);
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.q + g * kGroup));
        const __m256i s = _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(w, w), _mm256_sign_epi8(x, w)), ones);
        acc[g & 1] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s), _mm256_set1_ps(a.qScale[g]), acc[g & 1]);
    }
    return hsum(_mm256_add_ps(acc[0], acc[1]));
}

void q8Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t n = w.shape.cols;
    const float* x = a.x;
    for (uint64_t r = r0; r < r1; ++r) {
        const int8_t* q = q8Codes(w, r);
        if (a.q) y[r - r0] = q8RowInt8(q, n / kGroup, a) * rowScale(w, r);
        else y[r - r0] = rowDot<1>(n, x, q, [&](uint64_t i) { return i8x8(q + i); }, [&](uint64_t i) { return float(q[i]); }) * rowScale(w, r);
    }
}

// One 32-group: its 16 nibble bytes as [low nibbles | high nibbles] (elements
// 0,2,..,30 then 1,3,..,31: Activation::qNibbleOrder matches), unsigned 0..15,
// times the signed int8 activations: maddubs into int16 pairs (at most
// 15·127·2), madd into eight int32 lanes. The −8 of every code is taken off
// per group by the caller, with the activation's block sum.
inline __m256 nibbleGroup(const uint8_t* nib, const int8_t* q) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(nib));
    const __m256i both = _mm256_set_m128i(_mm_srli_epi16(b, 4), b);
    const __m256i codes = _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    return _mm256_cvtepi32_ps(_mm256_madd_epi16(_mm256_maddubs_epi16(codes, x), _mm256_set1_epi16(1)));
}

// Two group accumulators so consecutive groups do not wait on each other; the
// offsets (8 · Σq per block, times the group's scale) gather in a scalar.
template <class Group>
float q4Row(uint64_t groups, const Activation& a, Group group) {
    __m256 a0 = _mm256_setzero_ps(), a1 = a0;
    float offset = 0;
    uint64_t g = 0;
    for (; g + 2 <= groups; g += 2) {
        const auto [n0, s0] = group(g);
        const auto [n1, s1] = group(g + 1);
        prefetchAhead(n0);
        const float f0 = s0 * a.qScale[g], f1 = s1 * a.qScale[g + 1];
        a0 = _mm256_fmadd_ps(_mm256_set1_ps(f0), nibbleGroup(n0, a.qNibbleOrder + g * kGroup), a0);
        a1 = _mm256_fmadd_ps(_mm256_set1_ps(f1), nibbleGroup(n1, a.qNibbleOrder + (g + 1) * kGroup), a1);
        offset += f0 * a.qOffset[g] + f1 * a.qOffset[g + 1];
    }
    if (g < groups) {
        const auto [n0, s0] = group(g);
        const float f0 = s0 * a.qScale[g];
        a0 = _mm256_fmadd_ps(_mm256_set1_ps(f0), nibbleGroup(n0, a.qNibbleOrder + g * kGroup), a0);
        offset += f0 * a.qOffset[g];
    }
    return hsum(_mm256_add_ps(a0, a1)) - offset;
}

void q4Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    // Lambdas, not the function names: a function pointer passed down is an
    // indirect call per 32-group that the compiler does not inline (it took a
    // third of q4t decode time).
    forQ4Rows(
        w, r0, r1, y, [](const uint8_t* p) { return f16(p); }, [](const TensorBytes& t, uint64_t r) { return ladderOf(t, r); },
        [&](uint64_t groups, const auto& group) { return q4Row(groups, a, group); });
}

// R rows × T tokens of dot products, all accumulators in registers.
template <int R, int T>
void tile(const float* w, uint64_t cols, const float* x, float* y, size_t ldy) {
    __m256 acc[R][T];
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) acc[r][t] = _mm256_setzero_ps();
    uint64_t i = 0;
    for (; i + 8 <= cols; i += 8) {
        __m256 wv[R];
        for (int r = 0; r < R; ++r) wv[r] = _mm256_loadu_ps(w + r * cols + i);
        for (int t = 0; t < T; ++t) {
            const __m256 xv = _mm256_loadu_ps(x + t * cols + i);
            for (int r = 0; r < R; ++r) acc[r][t] = _mm256_fmadd_ps(wv[r], xv, acc[r][t]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) {
            float tail = 0;
            for (uint64_t j = i; j < cols; ++j) tail += w[r * cols + j] * x[t * cols + j];
            y[t * ldy + r] = hsum(acc[r][t]) + tail;
        }
}

template <int R>
void tokens(const float* w, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
    size_t t = 0;
    for (; t + 4 <= nTok; t += 4) tile<R, 4>(w, cols, x + t * cols, y + t * ldy, ldy);
    switch (nTok - t) {
    case 3: tile<R, 3>(w, cols, x + t * cols, y + t * ldy, ldy); break;
    case 2: tile<R, 2>(w, cols, x + t * cols, y + t * ldy, ldy); break;
    case 1: tile<R, 1>(w, cols, x + t * cols, y + t * ldy, ldy); break;
    default: break;
    }
}

void gemm(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
    // Token blocks of 32 keep their activations in L1/L2 while a row pair streams past them.
    for (size_t t0 = 0; t0 < nTok; t0 += 32) {
        const size_t nt = std::min<size_t>(32, nTok - t0);
        uint64_t r = 0;
        for (; r + 2 <= rows; r += 2) tokens<2>(w + r * cols, cols, x + t0 * cols, nt, y + t0 * ldy + r, ldy);
        if (r < rows) tokens<1>(w + r * cols, cols, x + t0 * cols, nt, y + t0 * ldy + r, ldy);
    }
}

float dotF32(const float* a, const float* b, uint64_t n) {
    return rowDot<4>(n, b, a, [&](uint64_t i) { return _mm256_loadu_ps(a + i); }, [&](uint64_t i) { return a[i]; });
}

void axpyF32(float w, const float* v, float* y, uint64_t n) {
    const __m256 wv = _mm256_set1_ps(w);
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _mm256_fmadd_ps(wv, _mm256_loadu_ps(v + i), _mm256_loadu_ps(y + i)));
    for (; i < n; ++i) y[i] += w * v[i];
}

// Same bytes as the scalar quantizer: the same float products, and
// cvtps_epi32 rounds to nearest even as nearbyint does in the default mode.
void quantize(const float* x, uint64_t n, int8_t* q, float* scales) {
    const __m256 signBit = _mm256_set1_ps(-0.0f);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (uint64_t b = 0; b < n / kGroup; ++b) {
        const float* xb = x + b * kGroup;
        __m256 v[4];
        __m256 m = _mm256_setzero_ps();
        for (int k = 0; k < 4; ++k) {
            v[k] = _mm256_loadu_ps(xb + 8 * k);
            m = _mm256_max_ps(m, _mm256_andnot_ps(signBit, v[k]));
        }
        __m128 h = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
        h = _mm_max_ps(h, _mm_movehl_ps(h, h));
        h = _mm_max_ss(h, _mm_shuffle_ps(h, h, 1));
        const float amax = _mm_cvtss_f32(h);
        const float inv = amax > 0 ? 127.0f / amax : 0.0f;
        scales[b] = amax / 127.0f;
        const __m256 iv = _mm256_set1_ps(inv);
        __m256i i0 = _mm256_cvtps_epi32(_mm256_mul_ps(v[0], iv)), i1 = _mm256_cvtps_epi32(_mm256_mul_ps(v[1], iv));
        __m256i i2 = _mm256_cvtps_epi32(_mm256_mul_ps(v[2], iv)), i3 = _mm256_cvtps_epi32(_mm256_mul_ps(v[3], iv));
        // packs interleave 128-bit lanes; the permute puts the 32 bytes back in order.
        const __m256i packed = _mm256_packs_epi16(_mm256_packs_epi32(i0, i1), _mm256_packs_epi32(i2, i3));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(q + b * kGroup), _mm256_permutevar8x32_epi32(packed, order));
    }
}

} // namespace

void detail::q4tpLadderAvx2(float lo, float step, float* ladder) {
    const __m256 l = _mm256_set1_ps(lo), s = _mm256_set1_ps(step);
    for (int k = 0; k < 4; ++k) {
        const __m256 c = _mm256_setr_ps(float(8 * k), float(8 * k + 1), float(8 * k + 2), float(8 * k + 3), float(8 * k + 4),
                                        float(8 * k + 5), float(8 * k + 6), float(8 * k + 7));
        _mm256_storeu_ps(ladder + 8 * k, exp2x8(_mm256_add_ps(l, _mm256_mul_ps(c, s))));
    }
}

namespace {

const detail::Table kAvx2{f32Rows, f16Rows, bf16Rows, q8Rows, q4Rows, detail::vbitRowsAvx2, gemm, dotF32, axpyF32, quantize};

} // namespace

const detail::Table& detail::avx2Table() { return kAvx2; }

} // namespace cmf::engine::kernels

#endif // x86
