// AVX-512F float32 prefill kernel (compiled with -mavx512f; called only when
// the CPU reports it): the block's rows are repacked into panels of 16, one
// row per zmm lane, so one FMA multiplies a column of 16 rows by one
// broadcast activation and no horizontal sums are needed. 2 panels × 8
// tokens of accumulators (16 of the 32 zmm registers) keep both FMA ports busy.
// A weight given transposed (gemmF32T) is already in that layout: its panels
// are read in place, column i of 16 rows at wT + i·ldw.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <vector>

namespace cmf::engine::kernels {
namespace {

// [col][lane] for rows r0 .. r0+15 (absent rows are zeros).
void repack(const float* w, uint64_t nRows, uint64_t cols, float* panel) {
    std::fill(panel, panel + cols * kPanelLanes, 0.0f);
    for (uint64_t lane = 0; lane < nRows; ++lane)
        for (uint64_t i = 0; i < cols; ++i) panel[i * kPanelLanes + lane] = w[lane * cols + i];
}

// ld: floats from one column of a panel to the next. Masked: loads are
// masked to the panel's rows (a transposed weight has no zero padding to
// read instead; a repacked panel has, and a full load is cheaper).
template <int P, int T, bool Masked>
void tile(const float* const* panels, uint64_t ld, const __mmask16* masks, uint64_t cols, const float* x, float* y, size_t ldy) {
    __m512 acc[P][T];
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) acc[p][t] = _mm512_setzero_ps();
    for (uint64_t i = 0; i < cols; ++i) {
        __m512 w[P];
        for (int p = 0; p < P; ++p)
            w[p] = Masked ? _mm512_maskz_loadu_ps(masks[p], panels[p] + i * ld) : _mm512_loadu_ps(panels[p] + i * ld);
        for (int t = 0; t < T; ++t) {
            const __m512 xv = _mm512_set1_ps(x[size_t(t) * cols + i]);
            for (int p = 0; p < P; ++p) acc[p][t] = _mm512_fmadd_ps(w[p], xv, acc[p][t]);
        }
    }
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) _mm512_mask_storeu_ps(y + size_t(t) * ldy + size_t(p) * kPanelLanes, masks[p], acc[p][t]);
}

template <int P, bool Masked>
void tokens(const float* const* panels, uint64_t ld, const __mmask16* masks, uint64_t cols, const float* x, size_t nTok, float* y,
            size_t ldy) {
    size_t t = 0;
    for (; t + 8 <= nTok; t += 8) tile<P, 8, Masked>(panels, ld, masks, cols, x + t * cols, y + t * ldy, ldy);
    const float* xt = x + t * cols;
    float* yt = y + t * ldy;
    switch (nTok - t) {
    case 7: tile<P, 7, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 6: tile<P, 6, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 5: tile<P, 5, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 4: tile<P, 4, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 3: tile<P, 3, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 2: tile<P, 2, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    case 1: tile<P, 1, Masked>(panels, ld, masks, cols, xt, yt, ldy); break;
    default: break;
    }
}

} // namespace

void detail::gemmF32Avx512(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
    std::vector<float> packed(2 * cols * kPanelLanes);
    for (uint64_t r0 = 0; r0 < rows; r0 += 2 * kPanelLanes) {
        const uint64_t n0 = std::min(kPanelLanes, rows - r0), n1 = rows - r0 > kPanelLanes ? std::min(kPanelLanes, rows - r0 - kPanelLanes) : 0;
        repack(w + r0 * cols, n0, cols, packed.data());
        const float* panels[2] = {packed.data(), packed.data() + cols * kPanelLanes};
        const __mmask16 masks[2] = {__mmask16((1u << n0) - 1), __mmask16((1u << n1) - 1)};
        if (n1) {
            repack(w + (r0 + kPanelLanes) * cols, n1, cols, packed.data() + cols * kPanelLanes);
            tokens<2, false>(panels, kPanelLanes, masks, cols, x, nTok, y + r0, ldy);
        } else {
            tokens<1, false>(panels, kPanelLanes, masks, cols, x, nTok, y + r0, ldy);
        }
    }
}

void detail::gemmF32TAvx512(const float* wT, size_t ldw, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
    const auto lanes = [&](uint64_t r) { return r >= rows ? __mmask16(0) : __mmask16(rows - r >= kPanelLanes ? 0xFFFF : (1u << (rows - r)) - 1); };
    for (uint64_t r0 = 0; r0 < rows; r0 += 2 * kPanelLanes) {
        const float* panels[2] = {wT + r0, wT + r0 + kPanelLanes};
        const __mmask16 masks[2] = {lanes(r0), lanes(r0 + kPanelLanes)};
        // Full panels load unmasked: on Zen 4 the masked loads made the loop ~3x slower.
        if (rows - r0 >= 2 * kPanelLanes) tokens<2, false>(panels, ldw, masks, cols, x, nTok, y + r0, ldy);
        else if (masks[1]) tokens<2, true>(panels, ldw, masks, cols, x, nTok, y + r0, ldy);
        else tokens<1, true>(panels, ldw, masks, cols, x, nTok, y + r0, ldy);
    }
}

} // namespace cmf::engine::kernels
#endif // x86
