#pragma once
// 2^f on |f| <= 0.5 as a degree-6 polynomial (relative error ~1e-7, about one
// ulp), highest power first: the vector kernels' exp2 (2^round(x) goes into
// the exponent field). One table, so the AVX2 and AVX-512 versions give the
// same rungs lane for lane.
namespace cmf::engine::kernels {
inline constexpr float kExp2Poly[7] = {1.540353e-4f, 1.3333558e-3f, 9.6181291e-3f, 5.5504109e-2f,
                                       2.4022651e-1f, 6.9314718e-1f, 1.0f};
} // namespace cmf::engine::kernels
