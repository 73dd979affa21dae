#pragma once
// Prefill for the int8-coded weights (q8_row, q8_2f, the 4-bit family, and
// vbit/vbit_ro, whose decode runs here too: their rows are unpacked once per
// token either way, so one unpack-then-multiply path serves both):
// a block of weight rows is unpacked once to int8 codes with one float scale
// per 32-group, the batch's activations are quantized to int8 in 32-blocks,
// and register tiles of 2 rows × 4 tokens multiply them with exact int32
// group sums. A quarter of the bytes of the float32 path move through the
// caches, which is what bounds that path.
#include "cmf/format/codec.h"

#include <cstddef>
#include <cstdint>

namespace cmf::engine::kernels {

// Whether packInt8 handles this weight (cols % 32 == 0 and an int8-coded dtype).
bool packsToInt8(const TensorBytes& w);

// Rows [r0, r1) as int8 codes (row-major, cols each) and scales[(r − r0)·cols/32 + g]
// such that W[r][32g + i] = codes · scale. For q8_2f the column field is left
// out: the caller multiplies the activations by it (scaleByColumnField).
// vbitRowStarts: for a vbit weight, vbitRowStarts(w) (nullptr: scanned).
void packInt8(const TensorBytes& w, uint64_t r0, uint64_t r1, int8_t* codes, float* scales, const uint64_t* vbitRowStarts = nullptr);

// y[t·ldy + r] = Σ_g wScale[r][g] · xScale[t][g] · Σ_i wq[r][32g+i] · xq[t][32g+i].
// xSums: groupSums of xq (nullptr: computed here), for a caller that
// multiplies the same activations by many blocks of rows.
void gemmInt8(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale, size_t nTok,
              float* y, size_t ldy, const int32_t* xSums = nullptr);

// sums[t·cols/32 + g] = Σ_i xq[t][32g+i].
void groupSums(const int8_t* xq, uint64_t cols, size_t nTok, int32_t* sums);

namespace detail {
using GemmInt8Fn = void (*)(const int8_t*, const float*, uint64_t, uint64_t, const int8_t*, const float*, size_t, float*, size_t);
void gemmInt8Scalar(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                    size_t nTok, float* y, size_t ldy);
void gemmInt8Avx2(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                  size_t nTok, float* y, size_t ldy);
void gemmInt8Vnni(const int8_t* wq, const float* wScale, uint64_t rows, uint64_t cols, const int8_t* xq, const float* xScale,
                  size_t nTok, float* y, size_t ldy, const int32_t* xSums);
bool vnniAvailable(); // AVX-512 F/BW/VL/VNNI
} // namespace detail

// Which implementation gemmInt8 uses: "avx512-vnni", "avx2" or "scalar".
const char* gemmInt8Implementation();

} // namespace cmf::engine::kernels
