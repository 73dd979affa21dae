// argmax.h with AVX-512 F (compiled with -mavx512f; called only when the CPU
// reports it): the lanes' maxima in one pass, then the first index holding
// their maximum. Maxima are exact, so the second pass finds the element
// std::max_element would (±0 compare equal, and the first one wins there too).
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/argmax.h"
#include "kernels/avx512_intrinsics.h"

#include <cmath>

namespace cmf::engine::kernels {

namespace {
__mmask16 lanes(size_t n, size_t i) { return n - i >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (n - i)) - 1); }
} // namespace

bool detail::maxAvx512(const float* x, size_t n, float& m) {
    __m512 mx = _mm512_set1_ps(-INFINITY);
    __mmask16 nan = 0;
    for (size_t i = 0; i < n; i += 16) {
        const __m512 v = _mm512_mask_loadu_ps(_mm512_set1_ps(-INFINITY), lanes(n, i), x + i);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        mx = _mm512_max_ps(mx, v);
    }
    if (nan) return false;
    m = _mm512_reduce_max_ps(mx);
    return true;
}

size_t detail::argmaxAvx512(const float* x, size_t n) {
    float top;
    if (!maxAvx512(x, n, top)) return argmaxScalar(x, n); // a NaN: where it stands decides std::max_element's answer
    const __m512 m = _mm512_set1_ps(top);
    for (size_t i = 0; i < n; i += 16)
        if (const __mmask16 hit = _mm512_mask_cmp_ps_mask(lanes(n, i), _mm512_maskz_loadu_ps(lanes(n, i), x + i), m, _CMP_EQ_OQ))
            return i + size_t(__builtin_ctz(hit));
    return 0; // not reached: the maximum is one of the elements
}

} // namespace cmf::engine::kernels
#endif // x86
