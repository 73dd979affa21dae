// SiLU(g)·u sixteen lanes wide (compiled with -mavx512f; called only when
// the CPU reports it, gated_act.cpp): g / (1 + 2^(−g·log2 e)) · u, the
// exponent clamped to ±126 so that 2^t stays a normal float (past it SiLU is
// g itself, or within |g|·2^−126 of 0).
#include "kernels/exp2_avx512.h"
#include "kernels/gated_act.h"

namespace cmf::engine::kernels::detail {

void siluMulAvx512(float* g, const float* u, size_t n) {
    const __m512 negLog2e = _mm512_set1_ps(-1.44269504088896341f), one = _mm512_set1_ps(1.0f);
    const __m512 lo = _mm512_set1_ps(-126.0f), hi = _mm512_set1_ps(126.0f);
    for (size_t i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (n - i)) - 1);
        const __m512 x = _mm512_maskz_loadu_ps(m, g + i);
        const __m512 t = _mm512_min_ps(hi, _mm512_max_ps(lo, _mm512_mul_ps(x, negLog2e)));
        const __m512 s = _mm512_div_ps(x, _mm512_add_ps(one, exp2x16(t)));
        _mm512_mask_storeu_ps(g + i, m, _mm512_mul_ps(s, _mm512_maskz_loadu_ps(m, u + i)));
    }
}

} // namespace cmf::engine::kernels::detail
