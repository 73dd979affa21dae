// Causal attention over the KV cache. A batch of queries (prefill) as two
// matrix products per KV head instead of one dot product per (query, key)
// pair: the keys and the transposed values are copied out of the cache once,
// the scores of every query of the group's heads come from one float32 GEMM,
// and so do the weighted sums. A few queries (decode, verify blocks) one
// position at a time with the chunk kernel (kernels/attend.h), which streams
// each cached row once for all the query heads that share it.
#include "cmf/engine/ops.h"

#include "kernels/attend.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <tbb/parallel_for.h>
#include <vector>

namespace cmf::engine {

void attendBatch(const AttentionBatch& a, uint32_t firstQuery, uint32_t queries, uint32_t kvHead, float* out) {
    const uint32_t hd = a.headDim;
    const uint32_t lastPos = a.pos0 + firstQuery + queries - 1;
    const uint32_t firstPos = a.pos0 + firstQuery;
    const uint32_t kStart = a.window && firstPos + 1 > a.window ? firstPos + 1 - a.window : 0;
    const uint32_t keys = lastPos + 1 - kStart;
    const size_t rows = size_t(queries) * a.group;

    // Per thread, reused: a 4k-deep batch needs megabytes, and fresh pages each call were a tenth of prefill.
    thread_local std::vector<float> kc, vt, qc, s, o, vj;
    kc.resize(size_t(keys) * hd);
    vt.resize(size_t(hd) * keys);
    qc.resize(rows * hd);
    s.resize(rows * keys);
    o.resize(rows * hd);
    vj.resize(hd);
    const KvRows head = a.kv.offset(size_t(kvHead) * hd);
    for (uint32_t j = 0; j < keys; ++j) {
        kvRowToFloat(head, true, kStart + j, hd, kc.data() + size_t(j) * hd);
        kvRowToFloat(head, false, kStart + j, hd, vj.data());
        for (uint32_t i = 0; i < hd; ++i) vt[size_t(i) * keys + j] = vj[i];
    }
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t h = 0; h < a.group; ++h) {
            const float* src = a.q + size_t(firstQuery + t) * a.qStride + size_t(kvHead * a.group + h) * hd;
            std::copy(src, src + hd, qc.data() + (size_t(t) * a.group + h) * hd);
        }
    kernels::gemmF32(kc.data(), keys, hd, qc.data(), rows, s.data(), keys);
    for (uint32_t t = 0; t < queries; ++t) {
        const uint32_t p = firstPos + t;
        const uint32_t start = a.window && p + 1 > a.window ? p + 1 - a.window : 0;
        for (uint32_t h = 0; h < a.group; ++h) {
            float* row = s.data() + (size_t(t) * a.group + h) * keys;
            const uint32_t lo = start - kStart, hi = p - kStart; // valid keys [lo, hi]
            if (a.cap > 0)
                for (uint32_t j = lo; j <= hi; ++j) row[j] = softcap(row[j] * a.scale, a.cap);
            else
                for (uint32_t j = lo; j <= hi; ++j) row[j] *= a.scale;
            kernels::softmax(row + lo, hi + 1 - lo);
            std::fill(row, row + lo, 0.0f);
            std::fill(row + hi + 1, row + keys, 0.0f);
        }
    }
    kernels::gemmF32(vt.data(), hd, keys, s.data(), rows, o.data(), hd);
    for (uint32_t t = 0; t < queries; ++t)
        for (uint32_t h = 0; h < a.group; ++h) {
            const float* src = o.data() + (size_t(t) * a.group + h) * hd;
            std::copy(src, src + hd, out + size_t(firstQuery + t) * a.qStride + size_t(kvHead * a.group + h) * hd);
        }
}

void attendEach(const AttentionBatch& a, uint32_t kvHeads, uint32_t queries, float* out) {
    // Per position, per KV head, the keys in fixed chunks from the window's
    // start: threads share the chunks and the merge adds them in order, so
    // the floats do not depend on the thread count, and a position verified
    // in a block gets exactly what its one-token decode gets.
    struct Job {
        uint32_t t, kvh, first, last;
    };
    constexpr uint32_t chunk = kernels::kAttendChunkKeys;
    std::vector<Job> jobs;
    std::vector<std::pair<size_t, uint32_t>> merges; // per (query, KV head): its first job, its chunks
    for (uint32_t t = 0; t < queries; ++t) {
        const uint32_t p = a.pos0 + t;
        const uint32_t start = a.window && p + 1 > a.window ? p + 1 - a.window : 0;
        const uint32_t chunks = (p - start) / chunk + 1;
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh) {
            merges.emplace_back(jobs.size(), chunks);
            for (uint32_t k = 0; k < chunks; ++k) jobs.push_back({t, kvh, start + k * chunk, std::min(p, start + k * chunk + chunk - 1)});
        }
    }
    const uint32_t hd = a.headDim, group = a.group;
    const size_t headFloats = size_t(group) * hd;
    std::vector<float> outs(jobs.size() * headFloats), maxes(jobs.size() * group), sums(jobs.size() * group);
    tbb::parallel_for(size_t(0), jobs.size(), [&](size_t i) {
        const Job& j = jobs[i];
        kernels::attendChunk(a.q + j.t * a.qStride + j.kvh * headFloats, group, hd, a.kv.offset(size_t(j.kvh) * hd), j.first, j.last,
                             a.scale, a.cap, {outs.data() + i * headFloats, maxes.data() + i * group, sums.data() + i * group});
    });
    for (const auto& [job, chunks] : merges) {
        const Job& j = jobs[job];
        kernels::mergeChunks(outs.data() + job * headFloats, maxes.data() + job * group, sums.data() + job * group, chunks, group, hd,
                             out + j.t * a.qStride + j.kvh * headFloats);
    }
}

} // namespace cmf::engine
