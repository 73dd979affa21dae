// Decode attention's chunk kernel with AVX-512 (F16C for a binary16 cache).
// Scores: each key row is loaded (and for f16 converted) once, then dotted
// with every query head of the group. Weighted sums: up to 128 columns at a
// time, each value row loaded once and added into up to 8 heads'
// accumulators held in registers, so the cache is streamed once per step and
// the loop runs at the FMA units' rate, not the stores'.
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

template <bool F16>
void scores(const float* q, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first, uint32_t keys, float scale, float cap,
            float* s) {
    alignas(64) float widened[F16 ? 16 * 512 : 1];
    const __m512 sc = _mm512_set1_ps(scale);
    uint32_t j = 0;
    // Blocks of 16 keys, each row read once (an f16 row widened once) and then per head from L1.
    if (hd <= 512)
        for (; j + 16 <= keys; j += 16) {
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
            for (uint32_t g = 0; g < group; ++g) {
                const float* qg = q + size_t(g) * hd;
                __m512 acc[16];
                for (int r = 0; r < 16; ++r) acc[r] = _mm512_setzero_ps();
                for (uint32_t c = 0; c < hd; c += 16) {
                    const __m512 qc = _mm512_loadu_ps(qg + c);
                    for (int r = 0; r < 16; ++r) acc[r] = _mm512_fmadd_ps(qc, _mm512_loadu_ps(row[r] + c), acc[r]);
                }
                _mm512_storeu_ps(s + size_t(g) * keys + j, _mm512_mul_ps(sums16(acc), sc));
            }
        }
    for (; j < keys; ++j) { // the last keys (or very wide heads) one at a time
        const size_t at = size_t(first + j) * kv.stride;
        for (uint32_t g = 0; g < group; ++g) {
            const float* qg = q + size_t(g) * hd;
            __m512 acc = _mm512_setzero_ps();
            for (uint32_t c = 0; c < hd; c += 16) acc = _mm512_fmadd_ps(_mm512_loadu_ps(qg + c), load16<F16>(kv.k, at + c), acc);
            s[size_t(g) * keys + j] = _mm512_reduce_add_ps(acc) * scale;
        }
    }
    if (cap > 0)
        for (size_t i = 0; i < size_t(group) * keys; ++i) s[i] = softcap(s[i], cap);
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

// out[g][c0..c0+16·NC) = Σ_j p[g][j] v_j[c0..c0+16·NC) for G heads: each
// value row's columns loaded once and added into every head's accumulators,
// held in registers. Each output element is the same FMA chain over j in
// order whatever NC is, so the blocking changes no float.
template <bool F16, int G, int NC>
void weigh(const float* p, uint32_t keys, const KvRows& kv, uint32_t first, uint32_t c0, uint32_t hd, float* out) {
    __m512 a[G][NC];
    for (int g = 0; g < G; ++g)
        for (int n = 0; n < NC; ++n) a[g][n] = _mm512_setzero_ps();
    for (uint32_t j = 0; j < keys; ++j) {
        const size_t at = size_t(first + j) * kv.stride + c0;
        __m512 v[NC];
        for (int n = 0; n < NC; ++n) v[n] = load16<F16>(kv.v, at + 16 * n);
        for (int g = 0; g < G; ++g) {
            const __m512 w = _mm512_set1_ps(p[size_t(g) * keys + j]);
            for (int n = 0; n < NC; ++n) a[g][n] = _mm512_fmadd_ps(w, v[n], a[g][n]);
        }
    }
    for (int g = 0; g < G; ++g)
        for (int n = 0; n < NC; ++n) _mm512_storeu_ps(out + size_t(g) * hd + c0 + 16 * n, a[g][n]);
}

// A head's width in as few passes over the values as the registers allow
// (G·NC accumulators): a pass reads 64·NC bytes of every f32 row (32·NC of
// an f16 one), so with 32 columns a pass, a 128-wide head read each row's
// lines in four strided passes where it now reads them in one.
template <bool F16, int G>
void weighHeads(const float* p, uint32_t keys, const KvRows& kv, uint32_t first, uint32_t hd, float* out) {
    constexpr int most = G <= 2 ? 8 : G <= 6 ? 4 : 2; // at most 24 accumulators
    uint32_t c0 = 0;
    if constexpr (most >= 8)
        for (; c0 + 128 <= hd; c0 += 128) weigh<F16, G, 8>(p, keys, kv, first, c0, hd, out);
    if constexpr (most >= 4)
        for (; c0 + 64 <= hd; c0 += 64) weigh<F16, G, 4>(p, keys, kv, first, c0, hd, out);
    for (; c0 + 32 <= hd; c0 += 32) weigh<F16, G, 2>(p, keys, kv, first, c0, hd, out);
    for (; c0 + 16 <= hd; c0 += 16) weigh<F16, G, 1>(p, keys, kv, first, c0, hd, out);
}

template <bool F16>
void weighAll(const float* p, uint32_t group, uint32_t keys, const KvRows& kv, uint32_t first, uint32_t hd, float* out) {
    for (uint32_t g0 = 0; g0 < group; g0 += 8) {
        const float* pg = p + size_t(g0) * keys;
        float* og = out + size_t(g0) * hd;
        switch (std::min<uint32_t>(8, group - g0)) {
        case 1: weighHeads<F16, 1>(pg, keys, kv, first, hd, og); break;
        case 2: weighHeads<F16, 2>(pg, keys, kv, first, hd, og); break;
        case 3: weighHeads<F16, 3>(pg, keys, kv, first, hd, og); break;
        case 4: weighHeads<F16, 4>(pg, keys, kv, first, hd, og); break;
        case 5: weighHeads<F16, 5>(pg, keys, kv, first, hd, og); break;
        case 6: weighHeads<F16, 6>(pg, keys, kv, first, hd, og); break;
        case 7: weighHeads<F16, 7>(pg, keys, kv, first, hd, og); break;
        default: weighHeads<F16, 8>(pg, keys, kv, first, hd, og); break;
        }
    }
}

template <bool F16>
void attend(const float* q, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first, uint32_t last, float scale, float cap,
            const AttendChunk& r) {
    const uint32_t keys = last + 1 - first;
    thread_local std::vector<float> s;
    s.resize(size_t(group) * keys);
    scores<F16>(q, group, hd, kv, first, keys, scale, cap, s.data());
    exponentiate(s.data(), group, keys, r);
    weighAll<F16>(s.data(), group, keys, kv, first, hd, r.out);
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

void attendChunkAvx512(const float* q, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first, uint32_t last, float scale,
                       float cap, const AttendChunk& r) {
    if (kv.type == KvType::F16) attend<true>(q, group, hd, kv, first, last, scale, cap, r);
    else attend<false>(q, group, hd, kv, first, last, scale, cap, r);
}

} // namespace cmf::engine::kernels::detail
