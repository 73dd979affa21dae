// AVX2 int8 tiles for gemm_int8.h (compiled with -mavx2 -mfma; called only
// when the CPU has them). Per 32-group and (row, token) pair: signs moved from
// the weight onto the activation, maddubs into int16 pairs, madd into eight
// int32 lanes, then one FMA by the pair's scale product.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/gemm_int8.h"

#include <algorithm>
#include <immintrin.h>

namespace cmf::engine::kernels {
namespace {

inline float hsum(__m256 v) {
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

template <int R, int T>
void tile(const int8_t* wq, const float* ws, uint64_t cols, const int8_t* xq, const float* xs, float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    const __m256i ones = _mm256_set1_epi16(1);
    __m256 acc[R][T];
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) acc[r][t] = _mm256_setzero_ps();
    for (uint64_t g = 0; g < groups; ++g) {
        __m256i w[R], aw[R];
        __m256 wsv[R];
        for (int r = 0; r < R; ++r) {
            w[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(wq + r * cols + g * 32));
            aw[r] = _mm256_sign_epi8(w[r], w[r]);
            wsv[r] = _mm256_set1_ps(ws[r * groups + g]);
        }
        for (int t = 0; t < T; ++t) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xq + t * cols + g * 32));
            const __m256 xsv = _mm256_set1_ps(xs[t * groups + g]);
            for (int r = 0; r < R; ++r) {
                const __m256i sums = _mm256_madd_epi16(_mm256_maddubs_epi16(aw[r], _mm256_sign_epi8(x, w[r])), ones);
                acc[r][t] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), _mm256_mul_ps(wsv[r], xsv), acc[r][t]);
            }
        }
    }
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) y[t * ldy + r] = hsum(acc[r][t]);
}

template <int R>
void tokens(const int8_t* wq, const float* ws, uint64_t cols, const int8_t* xq, const float* xs, size_t nTok, float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    size_t t = 0;
    for (; t + 4 <= nTok; t += 4) tile<R, 4>(wq, ws, cols, xq + t * cols, xs + t * groups, y + t * ldy, ldy);
    switch (nTok - t) {
    case 3: tile<R, 3>(wq, ws, cols, xq + t * cols, xs + t * groups, y + t * ldy, ldy); break;
    case 2: tile<R, 2>(wq, ws, cols, xq + t * cols, xs + t * groups, y + t * ldy, ldy); break;
    case 1: tile<R, 1>(wq, ws, cols, xq + t * cols, xs + t * groups, y + t * ldy, ldy); break;
    default: break;
    }
}

} // namespace

void detail::gemmInt8Avx2(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                          size_t nTok, float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    // Token blocks of 64 keep their int8 activations in L2 while the row pairs stream past.
    for (size_t t0 = 0; t0 < nTok; t0 += 64) {
        const size_t nt = std::min<size_t>(64, nTok - t0);
        uint64_t r = 0;
        for (; r + 2 <= rows; r += 2)
            tokens<2>(wq + r * cols, wScale + r * groups, cols, xq + t0 * cols, xScale + t0 * groups, nt, y + t0 * ldy + r, ldy);
        if (r < rows)
            tokens<1>(wq + r * cols, wScale + r * groups, cols, xq + t0 * cols, xScale + t0 * groups, nt, y + t0 * ldy + r, ldy);
    }
}

} // namespace cmf::engine::kernels
#endif // x86
