#include "kernels/int8_panels.h"

#include "kernels/gemm_int8.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include <tbb/parallel_for.h>

namespace cmf::engine::kernels {

uint64_t int8PanelBytes(uint64_t rows, uint64_t cols) { return (rows + kPanelRows - 1) / kPanelRows * (cols / 32) * kPanelGroupBytes; }

void detail::packPanel(const int8_t* wq, const float* wScale, uint64_t nRows, uint64_t cols, uint8_t* out) {
    const uint64_t groups = cols / 32;
    for (uint64_t g = 0; g < groups; ++g, out += kPanelGroupBytes) {
        for (uint64_t q = 0; q < 8; ++q)
            for (uint64_t lane = 0; lane < kPanelRows; ++lane)
                for (uint64_t b = 0; b < 4; ++b)
                    out[(q * kPanelRows + lane) * 4 + b] = lane < nRows ? uint8_t(wq[lane * cols + g * 32 + q * 4 + b]) ^ 0x80 : 0x80;
        float* scales = reinterpret_cast<float*>(out + 8 * kPanelRows * 4);
        for (uint64_t lane = 0; lane < kPanelRows; ++lane) scales[lane] = lane < nRows ? wScale[lane * groups + g] : 0.0f;
    }
}

std::shared_ptr<const Int8Panels> packPanels(const TensorBytes& w, const uint64_t* vbitRowStarts) {
    auto p = std::make_shared<Int8Panels>();
    p->rows = w.shape.rows;
    p->cols = w.shape.cols;
    const uint64_t bytes = std::max<uint64_t>(64, (p->bytes() + 63) & ~uint64_t(63));
    p->data = {static_cast<uint8_t*>(std::aligned_alloc(64, bytes)), std::free};
    if (!p->data) throw std::bad_alloc();
    const uint64_t cols = p->cols, groups = cols / 32;
    tbb::parallel_for(uint64_t(0), p->panels(), [&](uint64_t i) {
        thread_local std::vector<int8_t> codes;
        thread_local std::vector<float> scales;
        const uint64_t r0 = i * kPanelRows, r1 = std::min(p->rows, r0 + kPanelRows);
        codes.resize(kPanelRows * cols), scales.resize(kPanelRows * groups);
        packInt8(w, r0, r1, codes.data(), scales.data(), vbitRowStarts);
        detail::packPanel(codes.data(), scales.data(), r1 - r0, cols, p->data.get() + i * p->panelBytes());
    });
    return p;
}

void detail::gemmPanelsScalar(const Int8Panels& w, uint64_t p0, uint64_t p1, const int8_t* xq, const float* xScale, size_t nTok, float* y,
                              size_t ldy) {
    const uint64_t cols = w.cols, groups = cols / 32;
    for (uint64_t p = p0; p < p1; ++p) {
        const uint8_t* panel = w.panel(p);
        const uint64_t nRows = std::min(kPanelRows, w.rows - p * kPanelRows);
        for (size_t t = 0; t < nTok; ++t)
            for (uint64_t lane = 0; lane < nRows; ++lane) {
                float acc = 0;
                for (uint64_t g = 0; g < groups; ++g) {
                    const uint8_t* codes = panel + g * kPanelGroupBytes;
                    int32_t s = 0;
                    for (uint64_t q = 0; q < 8; ++q)
                        for (uint64_t b = 0; b < 4; ++b)
                            s += int32_t(int8_t(codes[(q * kPanelRows + lane) * 4 + b] ^ 0x80)) * int32_t(xq[t * cols + g * 32 + q * 4 + b]);
                    float scale;
                    std::memcpy(&scale, codes + 8 * kPanelRows * 4 + lane * 4, 4);
                    acc = std::fma(float(s), scale * xScale[t * groups + g], acc);
                }
                y[t * ldy + (p - p0) * kPanelRows + lane] = acc;
            }
    }
}

const char* panelsImplementation() {
    static const bool vnni = detail::vnniAvailable();
    if (std::string_view(implementation()) == "scalar") return "scalar"; // forced, or a CPU without AVX2
    return vnni && !detail::avx512Forbidden() ? "avx512-vnni" : "scalar";
}

void gemmPanels(const Int8Panels& w, uint64_t p0, uint64_t p1, const int8_t* xq, const float* xScale, const int32_t* xSums, size_t nTok,
                float* y, size_t ldy) {
    if (p0 >= p1) return;
#if defined(__x86_64__) || defined(__i386__)
    if (std::string_view(panelsImplementation()) == "avx512-vnni")
        return detail::gemmPanelsVnni(w.panel(p0), w.panelBytes(), std::min(w.rows, p1 * kPanelRows) - p0 * kPanelRows, w.cols, xq, xScale,
                                      xSums, nTok, y, ldy);
#endif
    (void)xSums;
    detail::gemmPanelsScalar(w, p0, p1, xq, xScale, nTok, y, ldy);
}

} // namespace cmf::engine::kernels
