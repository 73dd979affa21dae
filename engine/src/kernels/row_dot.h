#pragma once
// Fused "dequantize and dot" over weight rows read in place: the decode path
// of matmul. Each weight byte is streamed once and never written out as
// float. The activation (1-8 KB, in L1) is float32 for the float weights;
// for the q8 layouts (rows of whole 32-groups), the 4-bit family and vbit_ro
// it is also quantized to int8 in 32-blocks
// with one float scale each (as llama.cpp's Q8_0 activations), so a group's
// dot product is exact integer arithmetic and costs half the instructions.
//
// Two implementations with the same summation structure: scalar (any CPU, and
// the one tests hold the vector one against) and AVX2/FMA/F16C, picked at run
// time by what the CPU reports.
#include "cmf/format/codec.h"

#include <cstdint>
#include <vector>

namespace cmf::engine::kernels {

// Whether dotRows handles this weight in place (else: decode rows, then dot).
// A vbit_ro payload must have passed validatePayload: the kernel trusts its
// widths and row table. (vbit, without a table, takes the int8 prefill path.)
bool fused(const TensorBytes& w);

// One token's activation as the kernels read it.
struct Activation {
    const float* x = nullptr;      // cols floats (for q8_2f: multiplied by the column field)
    const int8_t* q = nullptr;     // cols int8, when the weight wants it (needsInt8)
    const float* qScale = nullptr; // cols / 32 block scales of q
    // q again, each 32-block as its 16 even then its 16 odd elements (the order
    // of a group's low then high nibbles), and 8·Σq per block: the 4-bit AVX2
    // kernel multiplies the raw nibbles (0..15) and subtracts the 8 after.
    const int8_t* qNibbleOrder = nullptr;
    const float* qOffset = nullptr;
    // Forms one vector kernel reads, made once per product and token
    // (prepareActivation) rather than once per task of rows: on a 4864-column
    // row the q8 kernel's setup alone took a fifth of its tasks. The q8 VNNI
    // kernel: the scales as [s_g ×8, s_g+1 ×8] per pair of groups, and
    // 128·Σ_g s_g·Σ_{i∈g} q_i. The q4 VNNI kernel: the activation in quad
    // order, 64-byte aligned. Unset, the kernel makes them itself.
    const float* qPairScales = nullptr;
    float qCorrection = 0;
    const int8_t* qQuadOrder = nullptr;
};

// Storage for those forms, kept by the caller as long as the Activation.
struct ActivationForms {
    std::vector<float> pairScales;
    std::vector<int8_t> quadOrder;
};
// Fills the forms of a (q set) that the kernel dotRows picks for w reads.
void prepareActivation(const TensorBytes& w, Activation& a, ActivationForms& forms);

// Whether dotRows reads Activation::q for this weight.
bool needsInt8(const TensorBytes& w);
// x (n % 32 == 0) to int8 blocks: scale = max|x|/127, q = x · (127/max|x|)
// rounded to nearest even. Both implementations give the same bytes.
void quantizeActivation(const float* x, uint64_t n, int8_t* q, float* scales);

// Fills Activation::qNibbleOrder and qOffset from q (n % 32 == 0).
void nibbleOrder(const int8_t* q, uint64_t n, int8_t* ordered, float* offset);

// y[r - r0] = Σ_i W[r][i] · x[i] for rows [r0, r1).
void dotRows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
// The same for nTok tokens, token t's activation a[t] and rows to y[t]:
// each token's floats are what dotRows gives it; a kernel that can reads
// each weight row once for all of them (q8 and the 4-bit family with
// AVX-512 VNNI, vbit_ro with VBMI; up to 4).
void dotRowsTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y);

// x[i] *= col[i] for a q8_2f weight: w = q·row[o]·col[i], so the column
// factor moves onto the activation once per token instead of per weight.
void scaleByColumnField(const TensorBytes& w, const float* x, float* out);

// Prefill on a float32 block (a block of weight rows decoded once for the
// whole batch): y[t·ldy + r] = Σ_i w[r·cols + i] · x[t·cols + i]. Register
// tiles of 2 rows × 4 tokens load each weight and activation vector once per
// 8 FMAs, so the loop runs at the FMA units' rate, not the load ports'.
void gemmF32(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy);

// The same product with the weight given transposed, as its columns:
// y[t·ldy + r] = Σ_i wT[i·ldw + r] · x[t·cols + i] (prefill attention's
// weighted sums, where the values are row-major per key): 16 rows of a
// column are one vector load, nothing is repacked.
void gemmF32T(const float* wT, size_t ldw, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy);

// Attention's inner loops: Σ a[i]·b[i], and y[i] += w·v[i].
float dot(const float* a, const float* b, uint64_t n);
void axpy(float w, const float* v, float* y, uint64_t n);

// Which implementation dotRows uses: "avx2" or "scalar".
const char* implementation();
// For the 4-bit family: "avx512-vnni" where the CPU has it, else implementation().
const char* q4Implementation();
// For vbit_ro: "avx512-vbmi" where the CPU has it (and VNNI), else implementation().
const char* vbitImplementation();
// Tests: force the scalar path (true) or the best one (false).
void forceScalar(bool scalar);
// Tests: keep the AVX-512 kernels out, so the AVX2 ones run on a CPU that has both.
void forceNoAvx512(bool off);

namespace detail {
using DotFn = void (*)(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
using GemmFn = void (*)(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy);
struct Table {
    DotFn f32, f16, bf16, q8, q4, vbit; // q4: q4_block, q4_tiled and q4tp; vbit: vbit_ro
    GemmFn gemm;
    float (*dot)(const float*, const float*, uint64_t);
    void (*axpy)(float, const float*, float*, uint64_t);
    void (*quantize)(const float* x, uint64_t n, int8_t* q, float* scales);
};
extern const Table kScalar;
bool avx2Available();
const Table& avx2Table(); // only when avx2Available()
bool avx512Available();   // AVX-512 F
bool avx512Forbidden();   // forceNoAvx512
void vbitRowsScalar(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
void vbitRowsAvx2(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
// A kernel's several-token form for a verify block of nTok (2-4):
// rows.template operator()<T>() with T = nTok, else false.
template <class Rows>
bool forTokens(size_t nTok, Rows&& rows) {
    switch (nTok) {
    case 2: rows.template operator()<2>(); return true;
    case 3: rows.template operator()<3>(); return true;
    case 4: rows.template operator()<4>(); return true;
    default: return false;
    }
}
// The 4-bit family with AVX-512 VNNI (only when vnniAvailable()).
void q4RowsVnni(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
// Several tokens at once (2-4, every a[t].qNibbleOrder set), else false.
bool q4RowsVnniTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y);
void q8RowsVnni(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y); // rows of whole 32-groups, a.q set
// Several tokens at once (2-4, every a[t].q set), else false.
bool q8RowsVnniTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y);
// Their activation forms (Activation::qQuadOrder; qPairScales and qCorrection).
const int8_t* q4QuadOrderVnni(const TensorBytes& w, const Activation& a, std::vector<int8_t>& store);
void q8PairScalesVnni(const Activation& a, uint64_t cols, std::vector<float>& store, float& correction);
// vbit_ro with AVX-512 VNNI and VBMI (only when vbmiAvailable()).
bool vbmiAvailable();
void vbitRowsVbmi(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y);
// Several tokens at once (2-4), else false.
bool vbitRowsVbmiTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y);
// A q4tp row's 32 rungs 2^(lo + c·step), polynomial exp2 (AVX2; both vector kernels use it).
void q4tpLadderAvx2(float lo, float step, float* ladder);
void gemmF32Avx512(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy);
void gemmF32TAvx512(const float* wT, size_t ldw, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy);
} // namespace detail

} // namespace cmf::engine::kernels
