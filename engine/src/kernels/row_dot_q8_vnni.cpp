// AVX-512 VNNI decode kernel for q8_row (compiled with -mavx512f/bw/vl/vnni;
// called only when the CPU reports them, row_dot.cpp). The AVX2 kernel spends
// seven instructions on 32 bytes (two sign tricks, maddubs, madd, convert,
// FMA) and reads q8 decode at ~0.73 of the bandwidth; here one vpdpbusd does
// two groups' multiply-adds: the weights +128 (a xor of the sign bit) are
// the unsigned operand, and the 128·Σx that adds is one constant per
// activation, C = 128 · Σ_g scale_g · Σ_{i∈g} x_i, taken off the row's sum
// once. Lanes 0-7 of a 64-byte step sum group g, lanes 8-15 group g+1; the
// scales come expanded to that layout once per product. The integer sums are
// the other kernels' exactly; only the float order differs.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/layout.h"
#include "kernels/prefetch.h"
#include "kernels/row_dot.h"

#include <vector>

namespace cmf::engine::kernels {

using namespace layout;

void detail::q8PairScalesVnni(const Activation& a, uint64_t cols, std::vector<float>& store, float& correction) {
    const uint64_t groups = cols / kGroup, pairs = groups / 2;
    if (store.size() < pairs * 16) store.resize(pairs * 16);
    double c = 0;
    for (uint64_t g = 0; g < groups; ++g) {
        int32_t sum = 0;
        for (uint64_t i = 0; i < kGroup; ++i) sum += a.q[g * kGroup + i];
        c += 128.0 * double(sum) * a.qScale[g];
        if (g < 2 * pairs)
            for (uint64_t l = 0; l < 8; ++l) store[(g / 2) * 16 + (g % 2) * 8 + l] = a.qScale[g];
    }
    correction = float(c);
}

namespace {

// The rows against T tokens' activations: each 64-byte step of a row is
// loaded and re-signed once for all of them (a verify block: the later
// tokens cost their multiply-adds, not the loads again). Every token's
// operations are the one-token kernel's, in its order, so each gets the
// same floats it gets alone.
template <int T>
void q8Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, float* const* y) {
    const uint64_t cols = w.shape.cols, groups = cols / kGroup, pairs = groups / 2;
    // The scales as [s_g ×8, s_g+1 ×8] per pair, and C: prepared once per
    // product, or made here for a caller that did not.
    const float* expanded[T];
    float correction[T];
    thread_local std::vector<float> own[T];
    for (int t = 0; t < T; ++t) {
        expanded[t] = a[t]->qPairScales, correction[t] = a[t]->qCorrection;
        if (!expanded[t]) {
            detail::q8PairScalesVnni(*a[t], cols, own[t], correction[t]);
            expanded[t] = own[t].data();
        }
    }
    const __m512i sign = _mm512_set1_epi8(char(0x80));
    for (uint64_t r = r0; r < r1; ++r) {
        const int8_t* q = q8Codes(w, r);
        __m512 acc0[T], acc1[T];
        for (int t = 0; t < T; ++t) acc0[t] = acc1[t] = _mm512_setzero_ps();
        uint64_t p = 0;
        for (; p + 2 <= pairs; p += 2) {
            prefetchAhead(q + p * 64);
            prefetchAhead(q + p * 64 + 64);
            const __m512i w0 = _mm512_xor_si512(_mm512_loadu_si512(q + p * 64), sign);
            const __m512i w1 = _mm512_xor_si512(_mm512_loadu_si512(q + p * 64 + 64), sign);
            for (int t = 0; t < T; ++t) {
                const __m512i d0 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), w0, _mm512_loadu_si512(a[t]->q + p * 64));
                const __m512i d1 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), w1, _mm512_loadu_si512(a[t]->q + p * 64 + 64));
                acc0[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d0), _mm512_loadu_ps(expanded[t] + p * 16), acc0[t]);
                acc1[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d1), _mm512_loadu_ps(expanded[t] + p * 16 + 16), acc1[t]);
            }
        }
        for (; p < pairs; ++p) {
            const __m512i w0 = _mm512_xor_si512(_mm512_loadu_si512(q + p * 64), sign);
            for (int t = 0; t < T; ++t) {
                const __m512i d0 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), w0, _mm512_loadu_si512(a[t]->q + p * 64));
                acc0[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d0), _mm512_loadu_ps(expanded[t] + p * 16), acc0[t]);
            }
        }
        const float rowScale = _cvtsh_ss(u16(q8RowScales(w) + 2 * r));
        for (int t = 0; t < T; ++t) {
            float tail = 0;
            if (groups % 2) { // the last group alone, 256 bits wide
                const uint64_t g = groups - 1;
                const __m256i w0 = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + g * kGroup)), _mm256_set1_epi8(char(0x80)));
                const __m256i d =
                    _mm256_dpbusd_epi32(_mm256_setzero_si256(), w0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a[t]->q + g * kGroup)));
                tail = float(_mm512_reduce_add_epi32(_mm512_zextsi256_si512(d))) * a[t]->qScale[g];
            }
            const float dot = _mm512_reduce_add_ps(_mm512_add_ps(acc0[t], acc1[t])) + tail - correction[t];
            y[t][r - r0] = dot * rowScale;
        }
    }
}

} // namespace

void detail::q8RowsVnni(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    if (!a.q) return avx2Table().q8(w, r0, r1, a, y); // rows that are not whole 32-groups take the float path
    const Activation* one[1] = {&a};
    q8Rows<1>(w, r0, r1, one, &y);
}

bool detail::q8RowsVnniTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y) {
    for (size_t t = 0; t < nTok; ++t)
        if (!a[t]->q) return false;
    return forTokens(nTok, [&]<int T>() { q8Rows<T>(w, r0, r1, a, y); });
}

} // namespace cmf::engine::kernels

#endif // x86
