// AVX-512 VNNI decode kernel for the 4-bit family (q4_block with whole
// groups per row, q4_tiled, q4tp); compiled with -mavx512f/bw/vl/vnni and
// called only when the CPU reports them (row_dot.cpp).
//
// Why a second 4-bit kernel: with the prefetch, the AVX2 one is bound by its
// instruction count, not memory (qwen3-0.6b q4t decode read ~0.65 of the
// machine's bandwidth). Here one 512-bit register holds two 32-groups and one
// vpdpbusd does what maddubs + madd did for one; the groups' scale × the
// activation's block scale is computed for eight groups at once, and so are
// the −8 offsets.
//
// Register layout of a group pair (g, g+1), 64 codes:
//   [g low nibbles | g+1 low nibbles | g high nibbles | g+1 high nibbles]
// (one 256-bit load of the pair's nibbles, the same shifted right by 4 on
// top). The activation is put in that order once per call (pairOrder), so
// int32 lanes 0-3 and 8-11 sum group g, lanes 4-7 and 12-15 group g+1, and
// the scale vector is [f_g ×4, f_g+1 ×4, f_g ×4, f_g+1 ×4].
// The integer sums are exactly the AVX2 and scalar kernels' (codes 0..15 ×
// activations −127..127, four per lane); only the float summation order
// differs.
#if defined(__x86_64__) || defined(__i386__)
#include "kernels/avx512_intrinsics.h"
#include "kernels/exp2_avx512.h"
#include "kernels/layout.h"
#include "kernels/prefetch.h"
#include "kernels/row_dot.h"

#include <cstring>
#include <vector>

namespace cmf::engine::kernels {
namespace {

using namespace layout;

inline float f16(const uint8_t* p) { return _cvtsh_ss(u16(p)); }

// The activation's nibble-ordered blocks ([g low | g high] each) regrouped by
// pairs into the register layout above; 128-bit lanes 0, 2, 1, 3 of each 64 bytes.
void pairOrder(const int8_t* nibbleOrdered, uint64_t pairs, int8_t* out) {
    for (uint64_t p = 0; p < pairs; ++p) {
        const __m512i v = _mm512_loadu_si512(nibbleOrdered + 64 * p);
        _mm512_storeu_si512(out + 64 * p, _mm512_shuffle_i64x2(v, v, _MM_SHUFFLE(3, 1, 2, 0)));
    }
}

// Codes of a group pair from its two 16-byte nibble runs (lo = group g).
inline __m512i pairCodes(__m256i nibbles) {
    const __m512i both = _mm512_inserti64x4(_mm512_castsi256_si512(nibbles), _mm256_srli_epi16(nibbles, 4), 1);
    return _mm512_and_si512(both, _mm512_set1_epi8(0x0F));
}

// Where each 4-bit dtype keeps a row's nibbles and group scales.
struct Block { // q4_block: nibbles, then f16 scales, each contiguous per row
    const uint8_t *nib, *sc;
    __m256i pair(uint64_t g) const { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(nib + g * kNibbleBytes)); }
    const uint8_t* prefetchAt(uint64_t g) const { return nib + g * kNibbleBytes; }
    __m256 scales8(uint64_t g) const { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(sc + 2 * g))); }
    float scale(uint64_t g) const { return f16(sc + 2 * g); }
    void prefetchScales(uint64_t g) const { prefetchAhead(sc + 2 * g); } // a stream of its own
    const uint8_t* nibbles(uint64_t g) const { return nib + g * kNibbleBytes; }
};

struct Tiled { // q4_tiled: 18-byte tiles (f16 scale, 16 nibble bytes)
    static constexpr uint64_t kTile = 2 + kNibbleBytes;
    const uint8_t* tiles;
    __m256i pair(uint64_t g) const {
        return _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(tiles + (g + 1) * kTile + 2),
                                   reinterpret_cast<const __m128i*>(tiles + g * kTile + 2));
    }
    const uint8_t* prefetchAt(uint64_t g) const { return tiles + g * kTile; }
    __m256 scales8(uint64_t g) const {
        // Eight 4-byte reads at the tiles' starts (scale + two nibble bytes,
        // inside the tile); the low 16 bits of each are the scale.
        const __m256i idx = _mm256_setr_epi32(0, 18, 36, 54, 72, 90, 108, 126);
        const __m256i w = _mm256_i32gather_epi32(reinterpret_cast<const int*>(tiles + g * kTile), idx, 1);
        return _mm256_cvtph_ps(_mm256_cvtepi32_epi16(w));
    }
    float scale(uint64_t g) const { return f16(tiles + g * kTile); }
    void prefetchScales(uint64_t) const {} // inside the tiles
    const uint8_t* nibbles(uint64_t g) const { return tiles + g * kTile + 2; }
};

struct Tp { // q4tp: nibbles as q4_block, a 5-bit rung index per group into the row's ladder
    const uint8_t *nib, *codes;
    __m512 lad0, lad1; // rungs 0-15, 16-31
    const float* ladder;
    __m256i pair(uint64_t g) const { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(nib + g * kNibbleBytes)); }
    const uint8_t* prefetchAt(uint64_t g) const { return nib + g * kNibbleBytes; }
    __m256 scales8(uint64_t g) const {
        // Eight 5-bit codes from g (a multiple of 8) are exactly 5 bytes.
        // (A 5-byte memcpy into a zeroed u64 stalls on store forwarding when the u64 is reloaded.)
        const uint8_t* c = codes + g / 8 * 5;
        uint32_t low;
        std::memcpy(&low, c, 4);
        const uint64_t bits = low | uint64_t(c[4]) << 32;
        const __m512i shifts = _mm512_setr_epi64(0, 5, 10, 15, 20, 25, 30, 35);
        const __m512i idx = _mm512_and_si512(_mm512_srlv_epi64(_mm512_set1_epi64(int64_t(bits)), shifts), _mm512_set1_epi64(31));
        const __m512 rungs = _mm512_permutex2var_ps(lad0, _mm512_castsi256_si512(_mm512_cvtepi64_epi32(idx)), lad1);
        return _mm512_castps512_ps256(rungs);
    }
    float scale(uint64_t g) const { return ladder[q4tpCode(codes, g)]; }
    void prefetchScales(uint64_t) const {} // per row, with the params (q4RowsVnni)
    const uint8_t* nibbles(uint64_t g) const { return nib + g * kNibbleBytes; }
};

// One row: 8-group blocks as four pairs, then pairs, then a last odd group.
// xp: the activation in pair order (all whole pairs).
template <class Row>
float q4Row(const Row& row, uint64_t groups, const Activation& a, const int8_t* xp) {
    // Lane → group within the block's f-vector, for pair p: 2p ×4, 2p+1 ×4, twice.
    const __m512i kLanes[4] = {
        _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1),
        _mm512_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3),
        _mm512_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5, 4, 4, 4, 4, 5, 5, 5, 5),
        _mm512_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7, 6, 6, 6, 6, 7, 7, 7, 7),
    };
    __m512 acc0 = _mm512_setzero_ps(), acc1 = acc0;
    __m256 offset = _mm256_setzero_ps();
    uint64_t g = 0;
    for (; g + 8 <= groups; g += 8) {
        row.prefetchScales(g);
        const __m256 f = _mm256_mul_ps(row.scales8(g), _mm256_loadu_ps(a.qScale + g));
        offset = _mm256_fmadd_ps(f, _mm256_loadu_ps(a.qOffset + g), offset); // qOffset = 8·Σq
        const __m512 fw = _mm512_castps256_ps512(f);
        for (int p = 0; p < 4; p += 2) {
            prefetchAhead(row.prefetchAt(g + 2 * p));
            prefetchAhead(row.prefetchAt(g + 2 * p + 2));
            const __m512i x0 = _mm512_loadu_si512(xp + (g + 2 * p) * kGroup), x1 = _mm512_loadu_si512(xp + (g + 2 * p + 2) * kGroup);
            const __m512i d0 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), pairCodes(row.pair(g + 2 * p)), x0);
            const __m512i d1 = _mm512_dpbusd_epi32(_mm512_setzero_si512(), pairCodes(row.pair(g + 2 * p + 2)), x1);
            acc0 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d0), _mm512_permutexvar_ps(kLanes[p], fw), acc0);
            acc1 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d1), _mm512_permutexvar_ps(kLanes[p + 1], fw), acc1);
        }
    }
    // Pairs after the last block (e.g. 4 groups of a 896-column row): the
    // same pair step, its two scales broadcast into the lane layout.
    for (; g + 2 <= groups; g += 2) {
        const float f0 = row.scale(g) * a.qScale[g], f1 = row.scale(g + 1) * a.qScale[g + 1];
        const __m512 f = _mm512_permutexvar_ps(kLanes[0], _mm512_castps128_ps512(_mm_setr_ps(f0, f1, 0.0f, 0.0f)));
        const __m512i d = _mm512_dpbusd_epi32(_mm512_setzero_si512(), pairCodes(row.pair(g)), _mm512_loadu_si512(xp + g * kGroup));
        acc0 = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d), f, acc0);
        offset = _mm256_add_ps(offset, _mm256_setr_ps(f0 * a.qOffset[g], f1 * a.qOffset[g + 1], 0, 0, 0, 0, 0, 0));
    }
    float tail = 0;
    for (; g < groups; ++g) { // [low | high] codes against the nibble-ordered block
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row.nibbles(g)));
        const __m256i codes = _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(b, 4), b), _mm256_set1_epi8(0x0F));
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.qNibbleOrder + g * kGroup));
        const __m256i d = _mm256_dpbusd_epi32(_mm256_setzero_si256(), codes, x);
        const float f = row.scale(g) * a.qScale[g];
        tail += f * (float(_mm512_reduce_add_epi32(_mm512_zextsi256_si512(d))) - a.qOffset[g]);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(acc0, acc1)) - _mm512_reduce_add_ps(_mm512_zextps256_ps512(offset)) + tail;
}

} // namespace

void detail::q4RowsVnni(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const uint64_t groups = gpr(w), pairs = groups / 2;
    // The pair-ordered activation, per thread, reused across calls.
    thread_local std::vector<int8_t> xp;
    if (xp.size() < pairs * 2 * kGroup) xp.resize(pairs * 2 * kGroup);
    pairOrder(a.qNibbleOrder, pairs, xp.data());
    for (uint64_t r = r0; r < r1; ++r) {
        float out;
        if (w.dtype == DType::Q4Tiled) {
            out = q4Row(Tiled{q4TiledRow(w, r)}, groups, a, xp.data());
        } else if (w.dtype == DType::Q4TP) {
            const uint8_t *p = q4tpParams(w, r), *codes = q4tpCodes(w, r);
            // The params and codes are streams of their own beside the nibbles.
            prefetchAhead(p);
            prefetchAhead(codes);
            const __m512 lo = _mm512_set1_ps(f16(p)), step = _mm512_set1_ps(f16(p + 2));
            const __m512 c0 = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            const __m512 lad0 = exp2x16(_mm512_add_ps(lo, _mm512_mul_ps(c0, step)));
            const __m512 lad1 = exp2x16(_mm512_add_ps(lo, _mm512_mul_ps(_mm512_add_ps(c0, _mm512_set1_ps(16.0f)), step)));
            alignas(64) float ladder[32]; // for the groups after the last whole block
            if (groups % 8) {
                _mm512_store_ps(ladder, lad0);
                _mm512_store_ps(ladder + 16, lad1);
            }
            out = q4Row(Tp{q4tpNibbles(w, r), codes, lad0, lad1, ladder}, groups, a, xp.data());
        } else {
            out = q4Row(Block{q4BlockNibbles(w, r), q4BlockScales(w, r)}, groups, a, xp.data());
        }
        y[r - r0] = out;
    }
}

} // namespace cmf::engine::kernels

#endif // x86
