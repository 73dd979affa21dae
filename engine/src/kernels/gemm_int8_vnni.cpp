// AVX-512 VNNI kernel for gemm_int8.h (compiled with -mavx512f/bw/vl/vnni;
// called only when the CPU reports them). The rows are repacked into panels
// of 16 so that each int32 lane of a zmm register is one row: vpdpbusd then
// multiplies four bytes of 16 rows by the same four activation bytes
// (broadcast) and adds them into the lanes, and the per-group float work (one
// convert, one multiply, one FMA) is shared by 16 rows instead of done per
// row. vpdpbusd takes unsigned × signed bytes: the weights get +128 (a xor of
// the sign bit) and each lane starts from −128 · Σ(the group's activations),
// so the int32 sum is exact.
//
// A register tile is two panels (32 rows) × four tokens: each activation
// broadcast feeds two vpdpbusd and each weight load four, so the loads stay
// under the multiplies. The panels are int8_panels.h's layout: made here by
// gathers, once per panel for the whole batch, or read as a compact model's
// weights were packed at load (gemmPanelsVnni).
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/gemm_int8.h"
#include "kernels/int8_panels.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace cmf::engine::kernels {
static_assert(kPanelRows == kPanelLanes);
namespace {

// One panel in the layout of int8_panels.h (9 cache lines per 32-group:
// the codes +128 as [quad][lane][4 bytes], then the lanes' float scales),
// from nRows (≤ 16) int8 rows; absent rows: code 0 (0x80 after the xor), scale 0.
void repack(const int8_t* wq, const float* ws, uint64_t nRows, uint64_t cols, uint8_t* out) {
    const uint64_t groups = cols / 32;
    const __mmask16 live = __mmask16((1u << nRows) - 1);
    // Lane r reads row r: 4 bytes at r·cols + 4q (codes), one float at r·groups + g (scales).
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i codeIdx = _mm512_mullo_epi32(lanes, _mm512_set1_epi32(int32_t(cols)));
    const __m512i scaleIdx = _mm512_mullo_epi32(lanes, _mm512_set1_epi32(int32_t(groups)));
    const __m512i sign = _mm512_set1_epi8(char(0x80));
    for (uint64_t g = 0; g < groups; ++g, out += kPanelGroupBytes) {
        for (uint64_t q = 0; q < 8; ++q) {
            const __m512i c = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live, codeIdx, wq + g * 32 + q * 4, 1);
            _mm512_storeu_si512(out + q * kPanelLanes * 4, _mm512_xor_si512(c, sign));
        }
        _mm512_storeu_ps(out + 8 * kPanelLanes * 4, _mm512_mask_i32gather_ps(_mm512_setzero_ps(), live, scaleIdx, ws + g, 4));
    }
}

// P panels (16 rows each) × T tokens from t0.
template <int P, int T>
void tile(const uint8_t* const* panels, uint64_t cols, const int8_t* xq, const float* xs, const int32_t* sums, size_t t0, const __mmask16* rowsMask,
          float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    __m512 acc[P][T];
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) acc[p][t] = _mm512_setzero_ps();
    for (uint64_t g = 0; g < groups; ++g) {
        __m512i sum[P][T];
        for (int t = 0; t < T; ++t) {
            const __m512i start = _mm512_set1_epi32(-128 * sums[(t0 + size_t(t)) * groups + g]);
            for (int p = 0; p < P; ++p) sum[p][t] = start;
        }
        for (uint64_t q = 0; q < 8; ++q) {
            __m512i wv[P];
            for (int p = 0; p < P; ++p) wv[p] = _mm512_loadu_si512(panels[p] + g * kPanelGroupBytes + q * kPanelLanes * 4);
            for (int t = 0; t < T; ++t) {
                int32_t quad;
                std::memcpy(&quad, xq + (t0 + size_t(t)) * cols + g * 32 + q * 4, 4);
                const __m512i xv = _mm512_set1_epi32(quad);
                for (int p = 0; p < P; ++p) sum[p][t] = _mm512_dpbusd_epi32(sum[p][t], wv[p], xv);
            }
        }
        for (int p = 0; p < P; ++p) {
            const __m512 wsv = _mm512_loadu_ps(panels[p] + g * kPanelGroupBytes + 8 * kPanelLanes * 4);
            for (int t = 0; t < T; ++t)
                acc[p][t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum[p][t]), _mm512_mul_ps(wsv, _mm512_set1_ps(xs[(t0 + size_t(t)) * groups + g])),
                                            acc[p][t]);
        }
    }
    for (int p = 0; p < P; ++p)
        for (int t = 0; t < T; ++t) _mm512_mask_storeu_ps(y + (t0 + size_t(t)) * ldy + size_t(p) * kPanelLanes, rowsMask[p], acc[p][t]);
}

template <int P>
void tokens(const uint8_t* const* panels, uint64_t cols, const int8_t* xq, const float* xs, const int32_t* sums, size_t nTok, const __mmask16* mask,
            float* y, size_t ldy) {
    size_t t = 0;
    for (; t + 4 <= nTok; t += 4) tile<P, 4>(panels, cols, xq, xs, sums, t, mask, y, ldy);
    switch (nTok - t) {
    case 3: tile<P, 3>(panels, cols, xq, xs, sums, t, mask, y, ldy); break;
    case 2: tile<P, 2>(panels, cols, xq, xs, sums, t, mask, y, ldy); break;
    case 1: tile<P, 1>(panels, cols, xq, xs, sums, t, mask, y, ldy); break;
    default: break;
    }
}

// Rows [0, rows) of consecutive panels from `panels`, two at a time.
void panelPairs(const uint8_t* panels, uint64_t panelBytes, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                const int32_t* xSums, size_t nTok, float* y, size_t ldy) {
    for (uint64_t r0 = 0; r0 < rows; r0 += 2 * kPanelLanes) {
        const int np = rows - r0 > kPanelLanes ? 2 : 1;
        const uint8_t* pair[2] = {panels + r0 / kPanelLanes * panelBytes, panels + (r0 / kPanelLanes + 1) * panelBytes};
        __mmask16 mask[2];
        for (int p = 0; p < np; ++p) mask[p] = __mmask16((1u << std::min(kPanelLanes, rows - r0 - uint64_t(p) * kPanelLanes)) - 1);
        if (np == 2) tokens<2>(pair, cols, xq, xScale, xSums, nTok, mask, y + r0, ldy);
        else tokens<1>(pair, cols, xq, xScale, xSums, nTok, mask, y + r0, ldy);
    }
}

} // namespace

void detail::gemmInt8Vnni(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                          size_t nTok, float* y, size_t ldy, const int32_t* xSums) {
    const uint64_t groups = cols / 32, panelBytes = groups * kPanelGroupBytes;
    thread_local std::vector<uint8_t> buf;
    buf.resize(2 * panelBytes);
    for (uint64_t r0 = 0; r0 < rows; r0 += 2 * kPanelLanes) {
        const uint64_t n = std::min(2 * kPanelLanes, rows - r0);
        for (uint64_t first = 0; first < n; first += kPanelLanes)
            repack(wq + (r0 + first) * cols, wScale + (r0 + first) * groups, std::min(kPanelLanes, n - first), cols,
                   buf.data() + first / kPanelLanes * panelBytes);
        panelPairs(buf.data(), panelBytes, n, cols, xq, xScale, xSums, nTok, y + r0, ldy);
    }
}

void detail::gemmPanelsVnni(const uint8_t* panels, uint64_t panelBytes, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                            const int32_t* xSums, size_t nTok, float* y, size_t ldy) {
    panelPairs(panels, panelBytes, rows, cols, xq, xScale, xSums, nTok, y, ldy);
}

} // namespace cmf::engine::kernels
#endif // x86
