// Decode attention's chunk kernel with AVX-512 (F16C for a binary16 cache).
// Scores: each key row is loaded (and for f16 converted) once, then dotted
// with every query head of the group. Weighted sums: up to 128 columns at a
// time, each value row loaded once and added into up to 8 heads'
// accumulators held in registers, so the cache is streamed once per step and
// the loop runs at the FMA units' rate, not the stores'. The positions of a
// verify block that share a chunk's first key go through it together: their
// query rows join the group's, so each row is streamed once per block, not
// once per position.
#include "attend.h"
#include "kernels/argmax.h"

#include "cmf/engine/ops.h"
#include "kernels/exp2_avx512.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cmf::engine::kernels::detail {
namespace {

template <bool F16>
inline __m512 load16(const void* base, size_t at) {
    if constexpr (F16) return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(static_cast<const uint16_t*>(base) + at)));
    else return _mm512_loadu_ps(static_cast<const float*>(base) + at);
}

// Sixteen vectors to the vector of their sums (lane j = Σ v[j]): folding
// halves pairwise costs about three shuffles per vector, where one full
// horizontal reduction per vector costs four plus their adds.
inline __m512 sums16(__m512 v[16]) {
    __m512 a[8], b[4], c[2];
    for (int i = 0; i < 8; ++i) // 256-bit halves: [v(2i) lo+hi | v(2i+1) lo+hi]
        a[i] = _mm512_add_ps(_mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(1, 0, 1, 0)),
                             _mm512_shuffle_f32x4(v[2 * i], v[2 * i + 1], _MM_SHUFFLE(3, 2, 3, 2)));
    for (int i = 0; i < 4; ++i) // 128-bit quarters: lanes of v(4i), v(4i+1), v(4i+2), v(4i+3), 4 floats each
        b[i] = _mm512_add_ps(_mm512_shuffle_f32x4(a[2 * i], a[2 * i + 1], _MM_SHUFFLE(2, 0, 2, 0)),
                             _mm512_shuffle_f32x4(a[2 * i], a[2 * i + 1], _MM_SHUFFLE(3, 1, 3, 1)));
    for (int i = 0; i < 2; ++i) // pairs inside 128-bit lanes
        c[i] = _mm512_add_ps(_mm512_shuffle_ps(b[2 * i], b[2 * i + 1], _MM_SHUFFLE(1, 0, 1, 0)),
                             _mm512_shuffle_ps(b[2 * i], b[2 * i + 1], _MM_SHUFFLE(3, 2, 3, 2)));
    const __m512 d = _mm512_add_ps(_mm512_shuffle_ps(c[0], c[1], _MM_SHUFFLE(2, 0, 2, 0)), _mm512_shuffle_ps(c[0], c[1], _MM_SHUFFLE(3, 1, 3, 1)));
    // d's lane 4·(j % 4) + j / 4 holds v[j]'s sum (worked out from the folds); one permute puts it in lane j.
    const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    return _mm512_permutexvar_ps(order, d);
}

// One query head of one position: its query, its scores (one per key of
// its position's range), where its weighted sum goes.
struct QueryRow {
    const float* q;
    float* s;
    uint32_t keys;
    float* out;
};

template <bool F16>
void scores(const QueryRow* rows, uint32_t n, uint32_t hd, const KvRows& kv, uint32_t first, uint32_t maxKeys, float scale) {
    alignas(64) float widened[F16 ? 16 * 512 : 1];
    const __m512 sc = _mm512_set1_ps(scale);
    // Blocks of 16 keys, each row read once (an f16 row widened once) and then per query row from L1.
    if (hd <= 512)
        for (uint32_t j = 0; j + 16 <= maxKeys; j += 16) {
            const float* row[16];
            for (uint32_t r = 0; r < 16; ++r) {
                const size_t at = size_t(first + j + r) * kv.stride;
                if constexpr (F16) {
                    for (uint32_t c = 0; c < hd; c += 16) _mm512_store_ps(widened + r * hd + c, load16<true>(kv.k, at + c));
                    row[r] = widened + r * hd;
                } else {
                    row[r] = static_cast<const float*>(kv.k) + at;
                }
            }
            for (uint32_t i = 0; i < n; ++i) {
                if (rows[i].keys < j + 16) continue; // its range's last keys go one at a time below, as alone
                const float* qg = rows[i].q;
                __m512 acc[16];
                for (int r = 0; r < 16; ++r) acc[r] = _mm512_setzero_ps();
                for (uint32_t c = 0; c < hd; c += 16) {
                    const __m512 qc = _mm512_loadu_ps(qg + c);
                    for (int r = 0; r < 16; ++r) acc[r] = _mm512_fmadd_ps(qc, _mm512_loadu_ps(row[r] + c), acc[r]);
                }
                _mm512_storeu_ps(rows[i].s + j, _mm512_mul_ps(sums16(acc), sc));
            }
        }
    for (uint32_t i = 0; i < n; ++i) { // each range's last keys (or very wide heads) one at a time
        const float* qg = rows[i].q;
        for (uint32_t j = hd <= 512 ? rows[i].keys / 16 * 16 : 0; j < rows[i].keys; ++j) {
            const size_t at = size_t(first + j) * kv.stride;
            __m512 acc = _mm512_setzero_ps();
            for (uint32_t c = 0; c < hd; c += 16) acc = _mm512_fmadd_ps(_mm512_loadu_ps(qg + c), load16<F16>(kv.k, at + c), acc);
            rows[i].s[j] = _mm512_reduce_add_ps(acc) * scale;
        }
    }
}

// s ← e^(s − max) for each head's keys; the maxima and sums to r.
void exponentiate(float* s, uint32_t group, uint32_t keys, const AttendChunk& r) {
    const __m512 log2e = _mm512_set1_ps(1.44269504088896341f);
    for (uint32_t g = 0; g < group; ++g) {
        float* sg = s + size_t(g) * keys;
        float mx;
        if (!detail::maxAvx512(sg, keys, mx)) mx = *std::max_element(sg, sg + keys); // a NaN among the scores
        const __m512 m = _mm512_set1_ps(mx);
        __m512 sum = _mm512_setzero_ps();
        for (uint32_t j = 0; j < keys; j += 16) {
            const __mmask16 lanes = keys - j >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (keys - j)) - 1);
            const __m512 x = _mm512_maskz_loadu_ps(lanes, sg + j);
            const __m512 e = _mm512_maskz_mov_ps(lanes, exp2x16(_mm512_mul_ps(_mm512_sub_ps(x, m), log2e)));
            _mm512_mask_storeu_ps(sg + j, lanes, e);
            sum = _mm512_add_ps(sum, e);
        }
        r.max[g] = mx;
        r.sum[g] = _mm512_reduce_add_ps(sum);
    }
}

// out[g][c0..c0+16·NC) (+)= Σ_{j0 ≤ j < j1} p[g][j] v_j[c0..c0+16·NC) for G
// query rows: each value row's columns loaded once and added into every
// row's accumulators, held in registers. Each output element is one FMA
// chain over j in order from zero (resume: carried on from what out holds,
// stored exactly) whatever NC, G and the split of j are, so the blocking
// changes no float.
template <bool F16, int G, int NC>
void weigh(const QueryRow* rows, uint32_t j0, uint32_t j1, const KvRows& kv, uint32_t first, uint32_t c0, bool resume) {
    __m512 a[G][NC];
    for (int g = 0; g < G; ++g)
        for (int n = 0; n < NC; ++n) a[g][n] = resume ? _mm512_loadu_ps(rows[g].out + c0 + 16 * n) : _mm512_setzero_ps();
    for (uint32_t j = j0; j < j1; ++j) {
        const size_t at = size_t(first + j) * kv.stride + c0;
        __m512 v[NC];
        for (int n = 0; n < NC; ++n) v[n] = load16<F16>(kv.v, at + 16 * n);
        for (int g = 0; g < G; ++g) {
            const __m512 w = _mm512_set1_ps(rows[g].s[j]);
            for (int n = 0; n < NC; ++n) a[g][n] = _mm512_fmadd_ps(w, v[n], a[g][n]);
        }
    }
    for (int g = 0; g < G; ++g)
        for (int n = 0; n < NC; ++n) _mm512_storeu_ps(rows[g].out + c0 + 16 * n, a[g][n]);
}

// A head's width in as few passes over the values as the registers allow
// (G·NC accumulators): a pass reads 64·NC bytes of every f32 row (32·NC of
// an f16 one), so with 32 columns a pass, a 128-wide head read each row's
// lines in four strided passes where it now reads them in one.
template <bool F16, int G>
void weighHeads(const QueryRow* rows, uint32_t j0, uint32_t j1, const KvRows& kv, uint32_t first, uint32_t hd, bool resume) {
    constexpr int most = G <= 2 ? 8 : G <= 6 ? 4 : 2; // at most 24 accumulators
    uint32_t c0 = 0;
    if constexpr (most >= 8)
        for (; c0 + 128 <= hd; c0 += 128) weigh<F16, G, 8>(rows, j0, j1, kv, first, c0, resume);
    if constexpr (most >= 4)
        for (; c0 + 64 <= hd; c0 += 64) weigh<F16, G, 4>(rows, j0, j1, kv, first, c0, resume);
    for (; c0 + 32 <= hd; c0 += 32) weigh<F16, G, 2>(rows, j0, j1, kv, first, c0, resume);
    for (; c0 + 16 <= hd; c0 += 16) weigh<F16, G, 1>(rows, j0, j1, kv, first, c0, resume);
}

template <bool F16>
void weighAll(const QueryRow* rows, uint32_t n, uint32_t j0, uint32_t j1, const KvRows& kv, uint32_t first, uint32_t hd, bool resume) {
    for (uint32_t g0 = 0; g0 < n; g0 += 8) {
        const QueryRow* rg = rows + g0;
        switch (std::min<uint32_t>(8, n - g0)) {
        case 1: weighHeads<F16, 1>(rg, j0, j1, kv, first, hd, resume); break;
        case 2: weighHeads<F16, 2>(rg, j0, j1, kv, first, hd, resume); break;
        case 3: weighHeads<F16, 3>(rg, j0, j1, kv, first, hd, resume); break;
        case 4: weighHeads<F16, 4>(rg, j0, j1, kv, first, hd, resume); break;
        case 5: weighHeads<F16, 5>(rg, j0, j1, kv, first, hd, resume); break;
        case 6: weighHeads<F16, 6>(rg, j0, j1, kv, first, hd, resume); break;
        case 7: weighHeads<F16, 7>(rg, j0, j1, kv, first, hd, resume); break;
        default: weighHeads<F16, 8>(rg, j0, j1, kv, first, hd, resume); break;
        }
    }
}

template <bool F16>
void attend(const float* q, size_t qStride, uint32_t positions, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first,
            const uint32_t* last, float scale, float cap, const AttendChunk* r) {
    thread_local std::vector<float> s;
    thread_local std::vector<QueryRow> rows;
    size_t scoreFloats = 0;
    uint32_t fewest = UINT32_MAX, most = 0;
    for (uint32_t t = 0; t < positions; ++t) {
        const uint32_t keys = last[t] + 1 - first;
        scoreFloats += size_t(group) * keys;
        fewest = std::min(fewest, keys);
        most = std::max(most, keys);
    }
    s.resize(scoreFloats);
    rows.clear();
    float* st = s.data(); // position t's scores: group × its keys, as it has them alone
    for (uint32_t t = 0; t < positions; ++t) {
        const uint32_t keys = last[t] + 1 - first;
        for (uint32_t g = 0; g < group; ++g) rows.push_back({q + t * qStride + size_t(g) * hd, st + size_t(g) * keys, keys, r[t].out + size_t(g) * hd});
        st += size_t(group) * keys;
    }
    const uint32_t n = uint32_t(rows.size());
    scores<F16>(rows.data(), n, hd, kv, first, most, scale);
    if (cap > 0)
        for (const QueryRow& row : rows)
            for (uint32_t j = 0; j < row.keys; ++j) row.s[j] = softcap(row.s[j], cap);
    for (uint32_t t = 0; t < positions; ++t) exponentiate(rows[size_t(t) * group].s, group, rows[size_t(t) * group].keys, r[t]);
    // The keys every position has, for all rows at once; then each longer range's own last keys.
    weighAll<F16>(rows.data(), n, 0, fewest, kv, first, hd, false);
    for (uint32_t t = 0; t < positions; ++t) {
        const QueryRow* rt = rows.data() + size_t(t) * group;
        if (rt->keys > fewest) weighAll<F16>(rt, group, fewest, rt->keys, kv, first, hd, true);
    }
}

} // namespace

float softmaxBlockAvx512(float* x, uint32_t n, float& max, float& sum) {
    const auto lanes = [&](uint32_t j) { return n - j >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (n - j)) - 1); };
    __m512 mx = _mm512_set1_ps(max);
    for (uint32_t j = 0; j < n; j += 16) mx = _mm512_mask_max_ps(mx, lanes(j), mx, _mm512_maskz_loadu_ps(lanes(j), x + j));
    const float m = _mm512_reduce_max_ps(mx);
    const float rescale = m == max ? 1.0f : std::exp(max - m);
    const __m512 mv = _mm512_set1_ps(m), log2e = _mm512_set1_ps(1.44269504088896341f);
    __m512 s = _mm512_setzero_ps();
    for (uint32_t j = 0; j < n; j += 16) {
        const __m512 e = _mm512_maskz_mov_ps(lanes(j), exp2x16(_mm512_mul_ps(_mm512_sub_ps(_mm512_maskz_loadu_ps(lanes(j), x + j), mv), log2e)));
        _mm512_mask_storeu_ps(x + j, lanes(j), e);
        s = _mm512_add_ps(s, e);
    }
    sum = sum * rescale + _mm512_reduce_add_ps(s);
    max = m;
    return rescale;
}

void widenHalfAvx512(const uint16_t* h, size_t stride, uint32_t rows, uint32_t n, float* out) {
    for (uint32_t r = 0; r < rows; ++r, h += stride, out += n) {
        uint32_t i = 0;
        for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(h + i))));
        for (; i < n; ++i) out[i] = _cvtsh_ss(h[i]);
    }
}

void attendChunksAvx512(const float* q, size_t qStride, uint32_t positions, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first,
                        const uint32_t* last, float scale, float cap, const AttendChunk* r) {
    if (kv.type == KvType::F16) attend<true>(q, qStride, positions, group, hd, kv, first, last, scale, cap, r);
    else attend<false>(q, qStride, positions, group, hd, kv, first, last, scale, cap, r);
}

} // namespace cmf::engine::kernels::detail
