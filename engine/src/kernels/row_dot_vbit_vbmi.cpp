// AVX-512 VBMI + VNNI decode kernel for vbit_ro (compiled with
// -mavx512f/bw/vl/vnni/vbmi; called only when the CPU reports them,
// row_dot.cpp). The AVX2 kernel cuts codes out with shuffles, multiplies
// and shifts, about twenty instructions per group, and read vbit_ro decode
// at ~0.43 of the bandwidth. Here a pair of groups (64 codes, 8·b bytes)
// costs four:
//  - vpermb gathers each 8-code chunk (b bytes at k·b) into its own qword,
//    bytes reversed, so the chunk reads as one integer whose code j sits at
//    bits [(7 − j)·b, (8 − j)·b) (the format packs MSB-first);
//  - vpmultishiftqb takes each code's 8-bit window at that offset into its
//    own byte, and an and with 2^b − 1 leaves the unsigned code u;
//  - vpdpbusd multiplies u with the int8 activation, four codes per int32
//    lane: lanes 0-7 sum group g, lanes 8-15 group g+1 (the q8 kernel's layout);
//  - 8-bit rows are bytes already (u ≤ 255 is vpdpbusd's unsigned operand).
// The weight is (u − L)·scale, so L·Σq per group comes off once per row, from
// the activation's block sums. The integer sums are the other kernels'
// exactly; only the float summation order differs.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/layout.h"
#include "kernels/prefetch.h"
#include "kernels/row_dot.h"

namespace cmf::engine::kernels {
namespace {

using namespace layout;

// The byte permute and the bit offsets for B-bit codes.
template <unsigned B>
struct Cutter {
    __m512i gather, shifts;
    Cutter() {
        alignas(64) uint8_t g[64], s[64];
        // Chunk k → qword k, its bytes reversed into the qword's low B bytes
        // (the rest is don't-care: the and after the shift drops it). As an
        // integer of 8·B bits, code j of the chunk is then bits [(7 − j)·B, (8 − j)·B).
        for (unsigned k = 0; k < 8; ++k)
            for (unsigned j = 0; j < 8; ++j) {
                g[8 * k + j] = uint8_t(j < B ? k * B + (B - 1 - j) : 0);
                s[8 * k + j] = uint8_t((7 - j) * B);
            }
        gather = _mm512_load_si512(g);
        shifts = _mm512_load_si512(s);
    }
};

// Masks of the bytes of one and of two groups of B-bit codes.
template <unsigned B>
inline constexpr __mmask64 kOneGroup = (__mmask64(1) << (4 * B)) - 1;
template <unsigned B>
inline constexpr __mmask64 kTwoGroups = B == 8 ? ~__mmask64(0) : (__mmask64(1) << (8 * B)) - 1;

// 64 codes u (two groups, 8·B bytes at p) as bytes in order. The load is
// masked to the bytes asked for (bytes: kTwoGroups, or kOneGroup for a last
// odd group, whose partner's codes come out 0): nothing past a row is read,
// so the payload's last row needs no care.
template <unsigned B>
inline __m512i codes64(const Cutter<B>& c, const uint8_t* p, __mmask64 bytes = kTwoGroups<B>) {
    const __m512i raw = _mm512_maskz_loadu_epi8(bytes, p);
    if constexpr (B == 8) return raw;
    const __m512i windows = _mm512_multishift_epi64_epi8(c.shifts, _mm512_permutexvar_epi8(c.gather, raw));
    return _mm512_and_si512(windows, _mm512_set1_epi8(char((1u << B) - 1)));
}

// One row against T tokens: each pair's codes are cut once for all of them
// (a verify block: the later tokens cost their multiply-adds, not the
// loads and cuts again); every token's operations are the one-token
// kernel's, in its order, so each gets the floats it gets alone.
template <unsigned B, int T>
void row(const uint8_t* packed, const uint8_t* scales, uint64_t groups, const Activation* const* a, float* const* y, uint64_t at) {
    static const Cutter<B> shared;
    // Locals, so the loop keeps them in registers: the cutter's vectors and
    // each token's arrays (read through `a`, they were loaded again every
    // block: one-token decode 2 % slower than the one-token kernel before).
    const Cutter<B> cutter = shared;
    const int8_t* q[T];
    const float *qScale[T], *qOffset[T];
    for (int t = 0; t < T; ++t) q[t] = a[t]->q, qScale[t] = a[t]->qScale, qOffset[t] = a[t]->qOffset;
    constexpr uint64_t kGroupBytes = 4 * B;
    constexpr float kL = float((1u << (B - 1)) - 1); // the weight is (u − L)·scale
    // Lane → group within the block's f-vector, for pair p: 2p ×8, 2p+1 ×8.
    const __m512i pairLanes[4] = {
        _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1),
        _mm512_setr_epi32(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3),
        _mm512_setr_epi32(4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5),
        _mm512_setr_epi32(6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7),
    };
    __m512 acc0[T], acc1[T];
    __m256 offset[T];
    for (int t = 0; t < T; ++t) acc0[t] = acc1[t] = _mm512_setzero_ps(), offset[t] = _mm256_setzero_ps();
    // Groups g .. g+n−1 (n ≤ 8): their scales times each token's activation
    // scales, as the f-vectors of the pairs below.
    auto scalesOf = [&](uint64_t g, unsigned n, __m512* fw) {
        const __mmask8 m = __mmask8((1u << n) - 1);
        const __m256 w = _mm256_cvtph_ps(_mm_maskz_loadu_epi16(m, scales + 2 * g));
        for (int t = 0; t < T; ++t) {
            const __m256 f = _mm256_mul_ps(w, _mm256_maskz_loadu_ps(m, qScale[t] + g));
            offset[t] = _mm256_fmadd_ps(f, _mm256_maskz_loadu_ps(m, qOffset[t] + g), offset[t]); // qOffset = 8·Σq
            fw[t] = _mm512_castps256_ps512(f);
        }
    };
    // Pair k of the groups from g into acc. A last odd group gets a zero
    // partner (zero activations, codes cut from zeros).
    auto pair = [&](uint64_t g, unsigned k, const __m512* fw, bool odd, __m512* acc) {
        const __m512i u = codes64(cutter, packed + (g + 2 * k) * kGroupBytes, odd ? kOneGroup<B> : kTwoGroups<B>);
        for (int t = 0; t < T; ++t) {
            const __m512i x = _mm512_maskz_loadu_epi8(odd ? __mmask64(0xFFFFFFFF) : ~__mmask64(0), q[t] + (g + 2 * k) * kGroup);
            const __m512i d = _mm512_dpbusd_epi32(_mm512_setzero_si512(), u, x);
            acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d), _mm512_permutexvar_ps(pairLanes[k], fw[t]), acc[t]);
        }
    };
    __m512 fw[T];
    uint64_t g = 0;
    for (; g + 8 <= groups; g += 8) {
        for (uint64_t o = 0; o < 8 * kGroupBytes; o += 64) prefetchAhead(packed + g * kGroupBytes + o);
        prefetchAhead(scales + 2 * g);
        scalesOf(g, 8, fw);
        pair(g, 0, fw, false, acc0);
        pair(g, 1, fw, false, acc1);
        pair(g, 2, fw, false, acc0);
        pair(g, 3, fw, false, acc1);
    }
    if (g < groups) { // the row's last 1-7 groups, through masks
        const unsigned n = unsigned(groups - g);
        scalesOf(g, n, fw);
        for (unsigned k = 0; 2 * k < n; ++k) pair(g, k, fw, 2 * k + 1 == n, acc0);
    }
    // Σ f·(Σ u·q − L·Σq): L·Σq comes off lane by lane.
    for (int t = 0; t < T; ++t) {
        const __m512 offsets = _mm512_maskz_mov_ps(0x00FF, _mm512_castps256_ps512(offset[t]));
        y[t][at] = _mm512_reduce_add_ps(_mm512_fnmadd_ps(offsets, _mm512_set1_ps(kL / 8.0f), _mm512_add_ps(acc0[t], acc1[t])));
    }
}

// Rows [r0, r1) against T tokens, each row at its own width.
template <int T>
void rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, float* const* y) {
    const uint64_t groups = gpr(w);
    for (uint64_t r = r0; r < r1; ++r) {
        const uint8_t* packed = vbitPacked(w, r);
        const uint8_t* scales = vbitScales(w, r);
        switch (w.data[r]) { // validated at load: one of 3, 4, 5, 6, 8
        case 3: row<3, T>(packed, scales, groups, a, y, r - r0); break;
        case 4: row<4, T>(packed, scales, groups, a, y, r - r0); break;
        case 5: row<5, T>(packed, scales, groups, a, y, r - r0); break;
        case 6: row<6, T>(packed, scales, groups, a, y, r - r0); break;
        default: row<8, T>(packed, scales, groups, a, y, r - r0); break;
        }
    }
}

} // namespace

void detail::vbitRowsVbmi(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const Activation* one[1] = {&a};
    rows<1>(w, r0, r1, one, &y);
}

bool detail::vbitRowsVbmiTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y) {
    return forTokens(nTok, [&]<int T>() { rows<T>(w, r0, r1, a, y); });
}

} // namespace cmf::engine::kernels

#endif // x86
