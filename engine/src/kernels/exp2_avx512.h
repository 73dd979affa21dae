#pragma once
// 2^x sixteen lanes wide (exp2_poly.h), inline for the AVX-512 kernels.
#include "avx512_intrinsics.h"
#include "exp2_poly.h"

namespace cmf::engine::kernels {

inline __m512 exp2x16(__m512 x) {
    const __m512 n = _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m512 f = _mm512_sub_ps(x, n);
    __m512 p = _mm512_set1_ps(kExp2Poly[0]);
    for (int i = 1; i < 7; ++i) p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(kExp2Poly[i]));
    const __m512i e = _mm512_slli_epi32(_mm512_add_epi32(_mm512_cvtps_epi32(n), _mm512_set1_epi32(127)), 23);
    return _mm512_mul_ps(p, _mm512_castsi512_ps(e));
}

} // namespace cmf::engine::kernels
