// Causal attention over the KV cache. A batch of queries (prefill) as two
// matrix products per KV head and block of keys instead of one dot product
// per (query, key) pair: a block's keys and values are copied out of the
// cache once (the values stay row-major: gemmF32T reads them as columns),
// the scores of every query of the group's heads come from one float32
// GEMM, and so do the weighted sums; an online softmax (running maximum and
// sum per row) joins the blocks, so memory does not grow with the depth. A
// few queries (decode, verify blocks) one position at a time with the chunk
// kernel (kernels/attend.h), which streams each cached row once for all the
// query heads that share it.
#include "cmf/engine/ops.h"

#include "kernels/attend.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <tbb/parallel_for.h>
#include <vector>

namespace cmf::engine {
namespace {
constexpr uint32_t kKeyBlock = 128; // keys per block of prefill attention
} // namespace

void attendBatch(const AttentionBatch& a, uint32_t firstQuery, uint32_t queries, uint32_t kvHead, float* out) {
    const uint32_t hd = a.headDim;
    const uint32_t firstPos = a.pos0 + firstQuery, lastPos = firstPos + queries - 1;
    const auto startOf = [&](uint32_t p) { return a.window && p + 1 > a.window ? p + 1 - a.window : 0u; };
    const size_t rows = size_t(queries) * a.group;

    // Per thread, reused (fresh pages each call were a tenth of prefill). A
    // block's scores are rows × kKeyBlock floats (229 KB at 64 queries × 7
    // heads): they stay in L2 between the two GEMMs and the exponentials,
    // where one matrix of every key's scores was megabytes at depth 4k.
    thread_local std::vector<float> kb, vb, qc, s, o, acc, rowMax, rowSum;
    kb.resize(size_t(kKeyBlock) * hd);
    vb.resize(size_t(kKeyBlock) * hd);
    qc.resize(rows * hd);
    s.resize(rows * kKeyBlock);
    o.resize(rows * hd);
    acc.assign(rows * hd, 0.0f);
    rowMax.assign(rows, -INFINITY);
    rowSum.assign(rows, 0.0f);
    const KvRows head = a.kv.head(kvHead);
    // The scale goes onto the queries once instead of onto every score.
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t h = 0; h < a.group; ++h) {
            const float* src = a.q + size_t(firstQuery + t) * a.qStride + size_t(kvHead * a.group + h) * hd;
            float* dst = qc.data() + (size_t(t) * a.group + h) * hd;
            for (uint32_t i = 0; i < hd; ++i) dst[i] = src[i] * a.scale;
        }
    for (uint32_t k0 = startOf(firstPos); k0 <= lastPos; k0 += kKeyBlock) {
        const uint32_t keys = std::min(kKeyBlock, lastPos + 1 - k0);
        kvRowsToFloat(head, true, k0, keys, hd, kb.data());
        kvRowsToFloat(head, false, k0, keys, hd, vb.data());
        kernels::gemmF32(kb.data(), keys, hd, qc.data(), rows, s.data(), keys);
        // Online softmax: each row's running maximum and sum; what it holds so
        // far is rescaled when a block raises the maximum.
        for (uint32_t t = 0; t < queries; ++t) {
            const uint32_t p = firstPos + t;
            const uint32_t lo = std::max(startOf(p), k0), hi = std::min(p, k0 + keys - 1); // valid keys [lo, hi]
            for (uint32_t h = 0; h < a.group; ++h) {
                const size_t r = size_t(t) * a.group + h;
                float* row = s.data() + r * keys;
                if (lo > hi) { // every key of the block is masked for this query
                    std::fill(row, row + keys, 0.0f);
                    continue;
                }
                float* v = row + (lo - k0);
                const uint32_t n = hi + 1 - lo;
                if (a.cap > 0)
                    for (uint32_t j = 0; j < n; ++j) v[j] = softcap(v[j], a.cap);
                const float rescale = kernels::softmaxBlock(v, n, rowMax[r], rowSum[r]);
                if (rescale != 1.0f)
                    for (uint32_t i = 0; i < hd; ++i) acc[r * hd + i] *= rescale;
                std::fill(row, v, 0.0f);
                std::fill(v + n, row + keys, 0.0f);
            }
        }
        kernels::gemmF32T(vb.data(), hd, hd, keys, s.data(), rows, o.data(), hd);
        for (size_t i = 0; i < rows * hd; ++i) acc[i] += o[i];
    }
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t h = 0; h < a.group; ++h) {
            const size_t r = size_t(t) * a.group + h;
            const float inv = 1.0f / rowSum[r];
            float* dst = out + size_t(firstQuery + t) * a.qStride + size_t(kvHead * a.group + h) * hd;
            for (uint32_t i = 0; i < hd; ++i) dst[i] = acc[r * hd + i] * inv;
        }
}

void attendEach(const AttentionBatch& a, uint32_t kvHeads, uint32_t queries, float* out) {
    // Per position, per KV head, the keys in fixed chunks from the window's
    // start: threads share the chunks and the merge adds them in order, so
    // the floats do not depend on the thread count, and a position verified
    // in a block gets exactly what its one-token decode gets. Positions whose
    // windows start at the same key (all of them without a sliding window)
    // run each chunk together (kernels::attendChunks): the chunk's keys and
    // values are read once for all of them, each position's floats its own.
    constexpr uint32_t chunk = kernels::kAttendChunkKeys;
    constexpr uint32_t kTogether = 8; // positions per piece of work at most: their scores stay in L1/L2
    const auto posOf = [&](uint32_t t) { return a.pos0 + t; };
    const auto startOf = [&](uint32_t t) { return a.window && posOf(t) + 1 > a.window ? posOf(t) + 1 - a.window : 0u; };
    const auto chunksOf = [&](uint32_t t) { return (posOf(t) - startOf(t)) / chunk + 1; };
    // Each (position, KV head)'s chunk results side by side from slot[t · kvHeads + kvh].
    std::vector<size_t> slot(size_t(queries) * kvHeads + 1, 0);
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh) slot[size_t(t) * kvHeads + kvh + 1] = slot[size_t(t) * kvHeads + kvh] + chunksOf(t);
    struct Work {
        uint32_t kvh, k, t0, t1; // chunk k of KV head kvh, for positions [t0, t1)
    };
    std::vector<Work> work;
    for (uint32_t ta = 0; ta < queries;) {
        uint32_t tb = ta + 1;
        while (tb < queries && tb - ta < kTogether && startOf(tb) == startOf(ta)) ++tb;
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh)
            for (uint32_t k = 0, t0 = ta; k < chunksOf(tb - 1); ++k) {
                while (chunksOf(t0) <= k) ++t0; // positions are in order: those that reach chunk k are a suffix
                work.push_back({kvh, k, t0, tb});
            }
        ta = tb;
    }
    const uint32_t hd = a.headDim, group = a.group;
    const size_t headFloats = size_t(group) * hd, slots = slot.back();
    std::vector<float> outs(slots * headFloats), maxes(slots * group), sums(slots * group);
    tbb::parallel_for(size_t(0), work.size(), [&](size_t i) {
        const Work& w = work[i];
        const uint32_t first = startOf(w.t0) + w.k * chunk;
        uint32_t last[kTogether];
        kernels::AttendChunk r[kTogether];
        for (uint32_t t = w.t0; t < w.t1; ++t) {
            const size_t at = slot[size_t(t) * kvHeads + w.kvh] + w.k;
            last[t - w.t0] = std::min(posOf(t), first + chunk - 1);
            r[t - w.t0] = {outs.data() + at * headFloats, maxes.data() + at * group, sums.data() + at * group};
        }
        kernels::attendChunks(a.q + w.t0 * a.qStride + w.kvh * headFloats, a.qStride, w.t1 - w.t0, group, hd, a.kv.head(w.kvh), first,
                              last, a.scale, a.cap, r);
    });
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh) {
            const size_t at = slot[size_t(t) * kvHeads + kvh];
            kernels::mergeChunks(outs.data() + at * headFloats, maxes.data() + at * group, sums.data() + at * group, chunksOf(t), group, hd,
                                 out + t * a.qStride + kvh * headFloats);
        }
}

} // namespace cmf::engine
