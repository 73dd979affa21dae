// AVX-512 VNNI kernel for gemm_int8.h (compiled with -mavx512f/bw/vl/vnni;
// called only when the CPU reports them). The rows are repacked into panels
// of 16 so that each int32 lane of a zmm register is one row: vpdpbusd then
// multiplies four bytes of 16 rows by the same four activation bytes
// (broadcast) and adds them into the lanes, and the per-group float work (one
// convert, one multiply, one FMA) is shared by 16 rows instead of done per
// row. vpdpbusd takes unsigned × signed bytes: the weights get +128 (a xor of
// the sign bit) and each lane starts from −128 · Σ(the group's activations),
// so the int32 sum is exact.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/gemm_int8.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace cmf::engine::kernels {
namespace {

struct Panel {
    std::vector<uint8_t> codes;  // [group][quad 0..7][lane 0..15][4 bytes], +128
    std::vector<float> scales;   // [group][lane]
};

void repack(const int8_t* wq, const float* ws, uint64_t nRows, uint64_t cols, Panel& p) {
    const uint64_t groups = cols / 32;
    p.codes.assign(groups * 8 * kPanelLanes * 4, 0x80); // absent rows: weight 0
    p.scales.assign(groups * kPanelLanes, 0.0f);
    for (uint64_t lane = 0; lane < nRows; ++lane)
        for (uint64_t g = 0; g < groups; ++g) {
            p.scales[g * kPanelLanes + lane] = ws[lane * groups + g];
            for (uint64_t q = 0; q < 8; ++q)
                for (uint64_t b = 0; b < 4; ++b)
                    p.codes[((g * 8 + q) * kPanelLanes + lane) * 4 + b] = uint8_t(wq[lane * cols + g * 32 + q * 4 + b]) ^ 0x80u;
        }
}

template <int T>
void panelTokens(const Panel& p, uint64_t cols, const int8_t* xq, const float* xs, const int32_t* corr, size_t t0, __mmask16 rowsMask,
                 float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    __m512 acc[T];
    for (int t = 0; t < T; ++t) acc[t] = _mm512_setzero_ps();
    for (uint64_t g = 0; g < groups; ++g) {
        __m512i sum[T];
        for (int t = 0; t < T; ++t) sum[t] = _mm512_set1_epi32(corr[(t0 + size_t(t)) * groups + g]);
        const uint8_t* w = p.codes.data() + g * 8 * kPanelLanes * 4;
        for (uint64_t q = 0; q < 8; ++q) {
            const __m512i wv = _mm512_loadu_si512(w + q * kPanelLanes * 4);
            for (int t = 0; t < T; ++t) {
                int32_t quad;
                std::memcpy(&quad, xq + (t0 + size_t(t)) * cols + g * 32 + q * 4, 4);
                sum[t] = _mm512_dpbusd_epi32(sum[t], wv, _mm512_set1_epi32(quad));
            }
        }
        const __m512 wsv = _mm512_loadu_ps(p.scales.data() + g * kPanelLanes);
        for (int t = 0; t < T; ++t)
            acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum[t]), _mm512_mul_ps(wsv, _mm512_set1_ps(xs[(t0 + size_t(t)) * groups + g])), acc[t]);
    }
    for (int t = 0; t < T; ++t) _mm512_mask_storeu_ps(y + (t0 + size_t(t)) * ldy, rowsMask, acc[t]);
}

} // namespace

void detail::gemmInt8Vnni(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                          size_t nTok, float* y, size_t ldy) {
    const uint64_t groups = cols / 32;
    std::vector<int32_t> corr(nTok * groups); // −128 · Σ of each token's group
    for (size_t t = 0; t < nTok; ++t)
        for (uint64_t g = 0; g < groups; ++g) {
            int32_t s = 0;
            for (uint64_t i = 0; i < 32; ++i) s += xq[t * cols + g * 32 + i];
            corr[t * groups + g] = -128 * s;
        }
    Panel panel;
    for (uint64_t r0 = 0; r0 < rows; r0 += kPanelLanes) {
        const uint64_t nr = std::min(kPanelLanes, rows - r0);
        repack(wq + r0 * cols, wScale + r0 * groups, nr, cols, panel);
        const __mmask16 mask = __mmask16((1u << nr) - 1);
        size_t t = 0;
        for (; t + 4 <= nTok; t += 4) panelTokens<4>(panel, cols, xq, xScale, corr.data(), t, mask, y + r0, ldy);
        switch (nTok - t) {
        case 3: panelTokens<3>(panel, cols, xq, xScale, corr.data(), t, mask, y + r0, ldy); break;
        case 2: panelTokens<2>(panel, cols, xq, xScale, corr.data(), t, mask, y + r0, ldy); break;
        case 1: panelTokens<1>(panel, cols, xq, xScale, corr.data(), t, mask, y + r0, ldy); break;
        default: break;
        }
    }
}

} // namespace cmf::engine::kernels
#endif // x86
