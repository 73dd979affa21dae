#include "kernels/gemm_int8.h"

#include "kernels/layout.h"
#include "kernels/row_dot.h"
#include "kernels/vbit_rows.h"

#include "cmf/format/half.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace cmf::engine::kernels {

using namespace layout;

bool packsToInt8(const TensorBytes& w) {
    if (w.shape.cols % kGroup != 0) return false;
    switch (w.dtype) {
    case DType::Q8Row:
    case DType::Q8_2F:
    case DType::Q4Block:
    case DType::Q4Tiled:
    case DType::Q4TP:
    case DType::VBit:
    case DType::VBitRo: return true;
    default: return false;
    }
}

namespace {

float half(const uint8_t* p) { return f16ToF32(u16(p)); }

void unpackNibbles(const uint8_t* nib, int8_t* out) {
    for (uint64_t k = 0; k < kNibbleBytes; ++k) {
        out[2 * k] = int8_t((nib[k] & 0x0F) - 8);
        out[2 * k + 1] = int8_t((nib[k] >> 4) - 8);
    }
}

} // namespace

void packInt8(const TensorBytes& w, uint64_t r0, uint64_t r1, int8_t* codes, float* scales, const uint64_t* vbitRowStarts) {
    if (w.dtype == DType::VBit || w.dtype == DType::VBitRo) return packVbitRows(w, r0, r1, vbitRowStarts, codes, scales);
    const uint64_t cols = w.shape.cols, groups = cols / kGroup;
    // q4tp rows' ladders: the vector exp2 where the kernels are vector (32
    // std::exp2 per row were a tenth of a q4tp prefill), the format's own otherwise.
    const bool vectorLadder = std::string_view(implementation()) != "scalar";
    for (uint64_t r = r0; r < r1; ++r, codes += cols, scales += groups) {
        switch (w.dtype) {
        case DType::Q8Row:
        case DType::Q8_2F: {
            std::copy_n(q8Codes(w, r), cols, codes);
            std::fill_n(scales, groups, half(q8RowScales(w) + 2 * r));
            break;
        }
        case DType::Q4Block: {
            const uint8_t *nib = q4BlockNibbles(w, r), *sc = q4BlockScales(w, r);
            for (uint64_t g = 0; g < groups; ++g) {
                unpackNibbles(nib + g * kNibbleBytes, codes + g * kGroup);
                scales[g] = half(sc + 2 * g);
            }
            break;
        }
        case DType::Q4Tiled: {
            const uint8_t* tiles = q4TiledRow(w, r);
            for (uint64_t g = 0; g < groups; ++g) {
                const uint8_t* t = tiles + g * (2 + kNibbleBytes);
                unpackNibbles(t + 2, codes + g * kGroup);
                scales[g] = half(t);
            }
            break;
        }
        default: { // q4tp
            const uint8_t* p = q4tpParams(w, r);
            std::array<float, 32> ladder;
#if defined(__x86_64__) || defined(__i386__)
            if (vectorLadder) detail::q4tpLadderAvx2(half(p), half(p + 2), ladder.data());
            else
#endif
                ladder = q4tpLadder(half(p), half(p + 2));
            const uint8_t *nib = q4tpNibbles(w, r), *codesIn = q4tpCodes(w, r);
            for (uint64_t g = 0; g < groups; ++g) {
                unpackNibbles(nib + g * kNibbleBytes, codes + g * kGroup);
                scales[g] = ladder[q4tpCode(codesIn, g)];
            }
            break;
        }
        }
    }
}

void detail::gemmInt8Scalar(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                            size_t nTok, float* y, size_t ldy) {
    const uint64_t groups = cols / kGroup;
    for (size_t t = 0; t < nTok; ++t)
        for (uint64_t r = 0; r < rows; ++r) {
            float acc[8] = {};
            for (uint64_t g = 0; g < groups; ++g) {
                int32_t s = 0;
                for (uint64_t i = 0; i < kGroup; ++i) s += int32_t(wq[r * cols + g * kGroup + i]) * int32_t(xq[t * cols + g * kGroup + i]);
                acc[g % 8] += wScale[r * groups + g] * xScale[t * groups + g] * float(s);
            }
            y[t * ldy + r] = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
        }
}

bool detail::vnniAvailable() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vnni");
#else
    return false;
#endif
}

const char* gemmInt8Implementation() {
    static const bool vnni = detail::vnniAvailable();
    const std::string_view rows = implementation(); // "scalar" when forced, or on a CPU without AVX2
    if (rows == "scalar") return "scalar";
    return vnni && !detail::avx512Forbidden() ? "avx512-vnni" : "avx2";
}

void groupSums(const int8_t* xq, uint64_t cols, size_t nTok, int32_t* sums) {
    const uint64_t groups = cols / 32;
    for (size_t t = 0; t < nTok; ++t)
        for (uint64_t g = 0; g < groups; ++g) {
            int32_t s = 0;
            for (uint64_t i = 0; i < 32; ++i) s += xq[t * cols + g * 32 + i];
            sums[t * groups + g] = s;
        }
}

void gemmInt8(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale, size_t nTok,
              float* y, size_t ldy, const int32_t* xSums) {
#if defined(__x86_64__) || defined(__i386__)
    const std::string_view impl = gemmInt8Implementation();
    if (impl == "avx512-vnni") {
        if (xSums) return detail::gemmInt8Vnni(wq, wScale, rows, cols, xq, xScale, nTok, y, ldy, xSums);
        std::vector<int32_t> sums(nTok * (cols / 32));
        groupSums(xq, cols, nTok, sums.data());
        return detail::gemmInt8Vnni(wq, wScale, rows, cols, xq, xScale, nTok, y, ldy, sums.data());
    }
    if (impl == "avx2") return detail::gemmInt8Avx2(wq, wScale, rows, cols, xq, xScale, nTok, y, ldy);
#endif
    detail::gemmInt8Scalar(wq, wScale, rows, cols, xq, xScale, nTok, y, ldy);
}

} // namespace cmf::engine::kernels
