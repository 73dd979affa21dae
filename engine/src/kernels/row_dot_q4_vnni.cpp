// AVX-512 VNNI decode kernel for the 4-bit family (q4_block with whole
// groups per row, q4_tiled, q4tp); compiled with -mavx512f/bw/vl/vnni and
// called only when the CPU reports them (row_dot.cpp).
//
// Why a second 4-bit kernel: with the prefetch, the AVX2 one is bound by its
// instruction count, not memory (qwen3-0.6b q4t decode read ~0.65 of the
// machine's bandwidth). Decode is a stream of weight bytes, so what counts is
// the vector instructions spent per 64 bytes of nibbles: here a quad of
// groups (g..g+3, 128 codes) costs one load, one shift, two ands, two
// vpdpbusd, one convert, one permute and one FMA. (The first version took a
// pair of groups per register, unpacking both nibble halves into one: twice
// the instructions per byte, and on a CPU that runs 512-bit operations as two
// 256-bit halves it read q4 decode at ~0.6 of the bandwidth.)
//
// Register layout of a quad: the 64 nibble bytes as they lie,
//   [g | g+1 | g+2 | g+3], 16 bytes each,
// masked to the low nibbles in one register and shifted to the high ones in
// another. The activation is put in the matching order once per product
// (quadOrder): the elements under the low nibbles of g..g+3, then those under
// the high nibbles. int32 lane l then sums group g + l/4, both halves, and
// the scale vector is [f_g ×4, f_g+1 ×4, f_g+2 ×4, f_g+3 ×4].
// The integer sums are exactly the AVX2 and scalar kernels' (codes 0..15 ×
// activations −127..127, eight per lane); only the float summation order
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

// The activation's nibble-ordered blocks ([g low | g high], 16 bytes each)
// regrouped per quad: [g, g+1, g+2, g+3 low] then [g, g+1, g+2, g+3 high].
void quadOrder(const int8_t* nibbleOrdered, uint64_t quads, int8_t* out) {
    for (uint64_t q = 0; q < quads; ++q) {
        const __m512i v0 = _mm512_loadu_si512(nibbleOrdered + 128 * q), v1 = _mm512_loadu_si512(nibbleOrdered + 128 * q + 64);
        _mm512_storeu_si512(out + 128 * q, _mm512_shuffle_i64x2(v0, v1, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(out + 128 * q + 64, _mm512_shuffle_i64x2(v0, v1, _MM_SHUFFLE(3, 1, 3, 1)));
    }
}

// A quad's 128 codes: the low nibbles, then the high ones.
struct Codes {
    __m512i lo, hi;
    explicit Codes(__m512i nibbles) {
        const __m512i mask = _mm512_set1_epi8(0x0F);
        lo = _mm512_and_si512(nibbles, mask), hi = _mm512_and_si512(_mm512_srli_epi16(nibbles, 4), mask);
    }
};

// Σ over a quad's codes against the quad-ordered activation x, per group lane.
inline __m512i quadDot(const Codes& c, const int8_t* x) {
    const __m512i d = _mm512_dpbusd_epi32(_mm512_setzero_si512(), c.lo, _mm512_loadu_si512(x));
    return _mm512_dpbusd_epi32(d, c.hi, _mm512_loadu_si512(x + 64));
}

// Where each 4-bit dtype keeps a row's nibbles and group scales: quad(g) is
// groups g..g+3's 64 nibble bytes in order, scales8(g) eight groups' scales,
// prefetch8(g) asks for the lines of groups g..g+7 a stride ahead.
struct Block { // q4_block: nibbles, then f16 scales, each contiguous per row
    const uint8_t *nib, *sc;
    __m512i quad(uint64_t g) const { return _mm512_loadu_si512(nib + g * kNibbleBytes); }
    void prefetch8(uint64_t g) const {
        prefetchAhead(nib + g * kNibbleBytes);
        prefetchAhead(nib + g * kNibbleBytes + 64);
        prefetchAhead(sc + 2 * g); // a stream of its own
    }
    __m256 scales8(uint64_t g) const { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(sc + 2 * g))); }
    float scale(uint64_t g) const { return f16(sc + 2 * g); }
    const uint8_t* nibbles(uint64_t g) const { return nib + g * kNibbleBytes; }
};

struct Tiled { // q4_tiled: 18-byte tiles (f16 scale, 16 nibble bytes)
    static constexpr uint64_t kTile = 2 + kNibbleBytes;
    const uint8_t* tiles;
    __m512i quad(uint64_t g) const {
        // The four runs start 18 bytes apart, on 16-bit words 1, 10, 19, 28
        // of the 72 bytes from tile g: one word permute over a load and the
        // 8 bytes after it (masked, so the row's last quad reads nothing past its end).
        const uint8_t* t = tiles + g * kTile;
        alignas(64) static constexpr uint16_t kRuns[32] = {1,  2,  3,  4,  5,  6,  7,  8,  10, 11, 12, 13, 14, 15, 16, 17,
                                                           19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 32, 33, 34, 35};
        const __m512i idx = _mm512_load_si512(kRuns);
        return _mm512_permutex2var_epi16(_mm512_loadu_si512(t), idx, _mm512_maskz_loadu_epi16(0xF, t + 64));
    }
    void prefetch8(uint64_t g) const { // 144 bytes
        prefetchAhead(tiles + g * kTile);
        prefetchAhead(tiles + g * kTile + 64);
        prefetchAhead(tiles + g * kTile + 128);
    }
    __m256 scales8(uint64_t g) const {
        // The scales are words 0, 9, 18, ... 63 of the block's 144 bytes.
        const uint8_t* t = tiles + g * kTile;
        alignas(64) static constexpr uint16_t kScales[32] = {0, 9, 18, 27, 36, 45, 54, 63};
        const __m512i idx = _mm512_load_si512(kScales);
        const __m512i w = _mm512_permutex2var_epi16(_mm512_loadu_si512(t), idx, _mm512_loadu_si512(t + 64));
        return _mm256_cvtph_ps(_mm512_castsi512_si128(w));
    }
    float scale(uint64_t g) const { return f16(tiles + g * kTile); }
    const uint8_t* nibbles(uint64_t g) const { return tiles + g * kTile + 2; }
};

struct Tp { // q4tp: nibbles as q4_block, a 5-bit rung index per group into the row's ladder
    const uint8_t *nib, *codes;
    __m512 lad0, lad1; // rungs 0-15, 16-31
    const float* ladder;
    __m512i quad(uint64_t g) const { return _mm512_loadu_si512(nib + g * kNibbleBytes); }
    void prefetch8(uint64_t g) const { // the params and codes: per row, with the ladder (tpRow)
        prefetchAhead(nib + g * kNibbleBytes);
        prefetchAhead(nib + g * kNibbleBytes + 64);
    }
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
    const uint8_t* nibbles(uint64_t g) const { return nib + g * kNibbleBytes; }
};

// One row's lane sums against T tokens (the float total of each is their
// sum, plus its tail): 8-group blocks as two quads, then a quad, then single
// groups. Each quad is loaded and split into codes once for all the tokens
// (a verify block: the later tokens cost their multiply-adds, not the
// loads again); every token's operations are the one-token kernel's, in its
// order, so each gets the floats it gets alone.
// xq: each token's activation in quad order (all whole quads).
template <int T, class Row>
void q4RowLanes(const Row& row, uint64_t groups, const Activation* const* a, const int8_t* const* xq, __m512* lanes, float* tail) {
    // Lane → group within the block's f-vector, for its first and its second quad.
    const __m512i first = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const __m512i second = _mm512_add_epi32(first, _mm512_set1_epi32(4));
    __m512 acc0[T], acc1[T];
    __m256 offset[T];
    for (int t = 0; t < T; ++t) acc0[t] = acc1[t] = _mm512_setzero_ps(), offset[t] = _mm256_setzero_ps();
    // Each token's arrays as locals: read through `a` they are loaded again every block.
    const float *qScale[T], *qOffset[T];
    for (int t = 0; t < T; ++t) qScale[t] = a[t]->qScale, qOffset[t] = a[t]->qOffset;
    uint64_t g = 0;
    for (; g + 8 <= groups; g += 8) {
        row.prefetch8(g);
        const __m256 scales = row.scales8(g);
        const Codes c0(row.quad(g)), c1(row.quad(g + 4));
        for (int t = 0; t < T; ++t) {
            const __m256 f = _mm256_mul_ps(scales, _mm256_loadu_ps(qScale[t] + g));
            offset[t] = _mm256_fmadd_ps(f, _mm256_loadu_ps(qOffset[t] + g), offset[t]); // qOffset = 8·Σq
            const __m512 fw = _mm512_castps256_ps512(f);
            const __m512i d0 = quadDot(c0, xq[t] + g * kGroup), d1 = quadDot(c1, xq[t] + (g + 4) * kGroup);
            acc0[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d0), _mm512_permutexvar_ps(first, fw), acc0[t]);
            acc1[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(d1), _mm512_permutexvar_ps(second, fw), acc1[t]);
        }
    }
    for (int t = 0; t < T; ++t) tail[t] = 0;
    if (g + 4 <= groups) { // a quad after the last block (e.g. 896 columns: 3 blocks and 4 groups)
        const __m128 scales = _mm_setr_ps(row.scale(g), row.scale(g + 1), row.scale(g + 2), row.scale(g + 3));
        const Codes c(row.quad(g));
        for (int t = 0; t < T; ++t) {
            const __m128 f = _mm_mul_ps(scales, _mm_loadu_ps(qScale[t] + g));
            offset[t] = _mm256_fmadd_ps(_mm256_zextps128_ps256(f), _mm256_zextps128_ps256(_mm_loadu_ps(qOffset[t] + g)), offset[t]);
            const __m512 fv = _mm512_permutexvar_ps(first, _mm512_castps128_ps512(f));
            acc0[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(quadDot(c, xq[t] + g * kGroup)), fv, acc0[t]);
        }
        g += 4;
    }
    for (; g < groups; ++g) { // [low | high] codes against the nibble-ordered block
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row.nibbles(g)));
        const __m256i codes = _mm256_and_si256(_mm256_set_m128i(_mm_srli_epi16(b, 4), b), _mm256_set1_epi8(0x0F));
        const float scale = row.scale(g);
        for (int t = 0; t < T; ++t) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a[t]->qNibbleOrder + g * kGroup));
            const __m256i d = _mm256_dpbusd_epi32(_mm256_setzero_si256(), codes, x);
            const float f = scale * qScale[t][g];
            tail[t] += f * (float(_mm512_reduce_add_epi32(_mm512_zextsi256_si512(d))) - qOffset[t][g]);
        }
    }
    // The offsets come off lane by lane. (GCC 12's zero-extending casts insert
    // into an undefined vector and warn; a zero-masked move is the same.)
    for (int t = 0; t < T; ++t) {
        const __m512 offsets = _mm512_maskz_mov_ps(0x00FF, _mm512_castps256_ps512(offset[t]));
        lanes[t] = _mm512_sub_ps(_mm512_add_ps(acc0[t], acc1[t]), offsets);
    }
}

// A q4tp row's view, its 32 rungs 2^(lo + c·step) made in one exp2 of 12
// lanes: 2^(lo + b·step) for b = 0..3 and 2^(4a·step) for a = 0..7, rung
// c = 4a + b their product. (Two exp2 of 16 lanes were, by instruction
// count, about a fifth of a 896-column row.) ladder: storage for the groups
// after the last block.
inline Tp tpRow(const TensorBytes& w, uint64_t r, uint64_t groups, float* ladder) {
    const uint8_t *p = q4tpParams(w, r), *codes = q4tpCodes(w, r);
    // The params and codes are streams of their own beside the nibbles.
    prefetchAhead(p);
    prefetchAhead(codes);
    const __m512 lo = _mm512_set1_ps(f16(p)), step = _mm512_set1_ps(f16(p + 2));
    const __m512 k = _mm512_setr_ps(0, 1, 2, 3, 0, 4, 8, 12, 16, 20, 24, 28, 0, 0, 0, 0);
    const __m512 base = _mm512_mask_blend_ps(0x000F, _mm512_setzero_ps(), lo); // lo in lanes 0-3
    const __m512 e = exp2x16(_mm512_fmadd_ps(k, step, base));
    const __m512i b = _mm512_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    const __m512i a0 = _mm512_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    const __m512i a1 = _mm512_add_epi32(a0, _mm512_set1_epi32(4));
    const __m512 low = _mm512_permutexvar_ps(b, e);
    Tp t{q4tpNibbles(w, r), codes, _mm512_mul_ps(low, _mm512_permutexvar_ps(a0, e)), _mm512_mul_ps(low, _mm512_permutexvar_ps(a1, e)), ladder};
    if (groups % 8) {
        _mm512_storeu_ps(ladder, t.lad0);
        _mm512_storeu_ps(ladder + 16, t.lad1);
    }
    return t;
}

// Rows [r0, r1) of one dtype's view, each read start to end. (Four rows
// side by side, to share one reduction, measured ~25 % slower: the weight
// stream stops being sequential. Four rows read one after the other with
// one reduction for the four measured the same as this.)
template <int T, class MakeRow>
void q4RowRange(uint64_t r0, uint64_t r1, uint64_t groups, const Activation* const* a, const int8_t* const* xq, float* const* y, MakeRow make) {
    alignas(64) float ladder[32];
    for (uint64_t r = r0; r < r1; ++r) {
        float tail[T];
        __m512 lanes[T];
        q4RowLanes<T>(make(r, ladder), groups, a, xq, lanes, tail);
        for (int t = 0; t < T; ++t) y[t][r - r0] = _mm512_reduce_add_ps(lanes[t]) + tail[t];
    }
}

// Rows [r0, r1) against T tokens, by dtype.
template <int T>
void q4Rows(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, float* const* y) {
    const uint64_t groups = gpr(w);
    // The quad-ordered activations on a cache line boundary: their 64-byte
    // loads then never straddle two lines (the hot product over 4864-column
    // rows: +5-9 %). Prepared once per product, or made here per thread.
    thread_local std::vector<int8_t> own[T];
    const int8_t* xq[T];
    for (int t = 0; t < T; ++t) xq[t] = a[t]->qQuadOrder ? a[t]->qQuadOrder : detail::q4QuadOrderVnni(w, *a[t], own[t]);
    if (w.dtype == DType::Q4Tiled) {
        q4RowRange<T>(r0, r1, groups, a, xq, y, [&](uint64_t r, float*) { return Tiled{q4TiledRow(w, r)}; });
    } else if (w.dtype == DType::Q4TP) {
        q4RowRange<T>(r0, r1, groups, a, xq, y, [&](uint64_t r, float* ladder) { return tpRow(w, r, groups, ladder); });
    } else {
        q4RowRange<T>(r0, r1, groups, a, xq, y, [&](uint64_t r, float*) { return Block{q4BlockNibbles(w, r), q4BlockScales(w, r)}; });
    }
}

} // namespace

const int8_t* detail::q4QuadOrderVnni(const TensorBytes& w, const Activation& a, std::vector<int8_t>& store) {
    const uint64_t quads = gpr(w) / 4;
    if (store.size() < quads * 4 * kGroup + 64) store.resize(quads * 4 * kGroup + 64);
    int8_t* xq = store.data() + ((64 - reinterpret_cast<uintptr_t>(store.data()) % 64) % 64);
    quadOrder(a.qNibbleOrder, quads, xq);
    return xq;
}

void detail::q4RowsVnni(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation& a, float* y) {
    const Activation* one[1] = {&a};
    q4Rows<1>(w, r0, r1, one, &y);
}

bool detail::q4RowsVnniTokens(const TensorBytes& w, uint64_t r0, uint64_t r1, const Activation* const* a, size_t nTok, float* const* y) {
    for (size_t t = 0; t < nTok; ++t)
        if (!a[t]->qNibbleOrder) return false;
    return forTokens(nTok, [&]<int T>() { q4Rows<T>(w, r0, r1, a, y); });
}

} // namespace cmf::engine::kernels

#endif // x86
