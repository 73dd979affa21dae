#include "kernels/row_dot.h"

#include "kernels/gemm_int8.h"
#include "kernels/layout.h"

#include "cmf/format/half.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace cmf::engine::kernels {

bool detail::avx2Available() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    // F16C is CPUID.1:ECX bit 29 (clang's __builtin_cpu_supports does not know the name).
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    const bool f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 29)) != 0;
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && f16c;
#else
    return false;
#endif
}

bool detail::vbmiAvailable() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return detail::vnniAvailable() && __builtin_cpu_supports("avx512vbmi");
#else
    return false;
#endif
}

bool detail::avx512Available() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return avx2Available() && __builtin_cpu_supports("avx512f");
#else
    return false;
#endif
}

namespace {

std::atomic<bool> gForceScalar{false}, gNoAvx512{false};

#if defined(__x86_64__) || defined(__i386__)
// The AVX2 kernels with the AVX-512 VNNI ones (and vbit_ro's VBMI one where
// the CPU has that too).
const detail::Table& vnniTable() {
    static const detail::Table t = [] {
        detail::Table v = detail::avx2Table();
        v.q4 = detail::q4RowsVnni;
        v.q8 = detail::q8RowsVnni;
        if (detail::vbmiAvailable()) v.vbit = detail::vbitRowsVbmi;
        return v;
    }();
    return t;
}
#endif

const detail::Table& table() {
    static const bool avx2 = detail::avx2Available();
#if defined(__x86_64__) || defined(__i386__)
    static const bool vnni = avx2 && detail::vnniAvailable();
    if (avx2 && !gForceScalar.load(std::memory_order_relaxed))
        return vnni && !detail::avx512Forbidden() ? vnniTable() : detail::avx2Table();
#endif
    return detail::kScalar;
}

detail::DotFn pick(const detail::Table& t, DType d) {
    switch (d) {
    case DType::F32: return t.f32;
    case DType::F16: return t.f16;
    case DType::BF16: return t.bf16;
    case DType::Q8Row:
    case DType::Q8_2F: return t.q8;
    case DType::Q4Block:
    case DType::Q4Tiled:
    case DType::Q4TP: return t.q4;
    case DType::VBitRo: return t.vbit;
    default: return nullptr;
    }
}

} // namespace

bool fused(const TensorBytes& w) {
    if (!pick(detail::kScalar, w.dtype)) return false;
    // q4 kernels walk whole 32-groups per row; q4_block rows align with groups only then.
    const bool q4 = w.dtype == DType::Q4Block || w.dtype == DType::Q4Tiled || w.dtype == DType::Q4TP;
    return !q4 || w.shape.cols % layout::kGroup == 0;
}

void dotRows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) { pick(table(), w.dtype)(w, r0, r1, a, y); }

void dotRowsTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y) {
    const detail::DotFn kernel = pick(table(), w.dtype);
#if defined(__x86_64__) || defined(__i386__)
    if (kernel == detail::q8RowsVnni && detail::q8RowsVnniTokens(w, r0, r1, a, nTok, y)) return;
    if (kernel == detail::q4RowsVnni && detail::q4RowsVnniTokens(w, r0, r1, a, nTok, y)) return;
    if (kernel == detail::vbitRowsVbmi && detail::vbitRowsVbmiTokens(w, r0, r1, a, nTok, y)) return;
#endif
    for (size_t t = 0; t < nTok; ++t) kernel(w, r0, r1, *a[t], y[t]);
}

void prepareActivation(const TensorBytes& w, Activation& a, ActivationForms& forms) {
#if defined(__x86_64__) || defined(__i386__)
    if (!a.q || !fused(w)) return;
    const detail::DotFn kernel = pick(table(), w.dtype);
    if (kernel == detail::q8RowsVnni) {
        detail::q8PairScalesVnni(a, w.shape.cols, forms.pairScales, a.qCorrection);
        a.qPairScales = forms.pairScales.data();
    } else if (kernel == detail::q4RowsVnni && a.qNibbleOrder) {
        a.qQuadOrder = detail::q4QuadOrderVnni(w, a, forms.quadOrder);
    }
#else
    (void)w, (void)a, (void)forms;
#endif
}

void gemmF32(const float* w, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
#if defined(__x86_64__) || defined(__i386__)
    static const bool avx512 = detail::avx512Available();
    // Panels pay for their repack from four tokens on.
    if (avx512 && !detail::avx512Forbidden() && nTok >= 4 && &table() != &detail::kScalar) return detail::gemmF32Avx512(w, rows, cols, x, nTok, y, ldy);
#endif
    table().gemm(w, rows, cols, x, nTok, y, ldy);
}

void gemmF32T(const float* wT, size_t ldw, uint64_t rows, uint64_t cols, const float* x, size_t nTok, float* y, size_t ldy) {
#if defined(__x86_64__) || defined(__i386__)
    static const bool avx512 = detail::avx512Available();
    if (avx512 && !detail::avx512Forbidden() && &table() != &detail::kScalar) return detail::gemmF32TAvx512(wT, ldw, rows, cols, x, nTok, y, ldy);
#endif
    for (size_t t = 0; t < nTok; ++t) { // a column of wT at a time into the token's row (axpy: the vector one where there is one)
        float* yt = y + t * ldy;
        std::fill(yt, yt + rows, 0.0f);
        for (uint64_t i = 0; i < cols; ++i) table().axpy(x[t * cols + i], wT + i * ldw, yt, rows);
    }
}

void nibbleOrder(const int8_t* q, uint64_t n, int8_t* ordered, float* offset) {
    for (uint64_t b = 0; b < n / layout::kGroup; ++b) {
        const int8_t* in = q + b * layout::kGroup;
        int8_t* out = ordered + b * layout::kGroup;
        int32_t sum = 0;
        for (uint64_t k = 0; k < 16; ++k) {
            out[k] = in[2 * k];
            out[16 + k] = in[2 * k + 1];
            sum += in[2 * k] + in[2 * k + 1];
        }
        offset[b] = float(8 * sum);
    }
}

float dot(const float* a, const float* b, uint64_t n) { return table().dot(a, b, n); }
void axpy(float w, const float* v, float* y, uint64_t n) { table().axpy(w, v, y, n); }

bool needsInt8(const TensorBytes& w) {
    if ((w.dtype == DType::Q8Row || w.dtype == DType::Q8_2F) && w.shape.cols % layout::kGroup == 0) return true;
    return w.dtype == DType::Q4Block || w.dtype == DType::Q4Tiled || w.dtype == DType::Q4TP || w.dtype == DType::VBitRo;
}

void quantizeActivation(const float* x, uint64_t n, int8_t* q, float* scales) { table().quantize(x, n, q, scales); }

void scaleByColumnField(const TensorBytes& w, const float* x, float* out) {
    const uint8_t* col = layout::q8ColField(w);
    for (uint64_t i = 0; i < w.shape.cols; ++i) out[i] = x[i] * f16ToF32(layout::u16(col + 2 * i));
}

const char* implementation() { return &table() == &detail::kScalar ? "scalar" : "avx2"; }
const char* q4Implementation() { return table().q4 == detail::q4RowsVnni ? "avx512-vnni" : implementation(); }
const char* vbitImplementation() {
#if defined(__x86_64__) || defined(__i386__)
    if (table().vbit == detail::vbitRowsVbmi) return "avx512-vbmi";
#endif
    return implementation();
}

void forceScalar(bool scalar) { gForceScalar = scalar; }
void forceNoAvx512(bool off) { gNoAvx512 = off; }
bool detail::avx512Forbidden() { return gNoAvx512.load(std::memory_order_relaxed); }

} // namespace cmf::engine::kernels
