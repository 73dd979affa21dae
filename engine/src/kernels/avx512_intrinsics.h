#pragma once
// <immintrin.h> for the AVX-512 kernels. GCC 12's own _mm512_cvtepi32_ps (and
// others, _mm512_reduce_max_ps through _mm512_extractf64x4_pd) read an
// uninitialised pass-through operand under a full mask, and
// -W[maybe-]uninitialized then reports its header; the state of a header's
// lines is what counts, so the warnings are off while it is read.
#include <cstdint>

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace cmf::engine::kernels {
// Rows per panel: one per 32-bit lane of a zmm register.
inline constexpr uint64_t kPanelLanes = 16;
} // namespace cmf::engine::kernels
