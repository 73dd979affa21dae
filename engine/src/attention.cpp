// Causal attention for a batch of queries (prefill), as two matrix products
// per KV head instead of one dot product per (query, key) pair: the keys and
// the transposed values are copied out of the cache once, the scores of every
// query of the group's heads come from one float32 GEMM, and so do the
// weighted sums. A decode step (one query) keeps attendHead.
#include "cmf/engine/ops.h"

#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cmf::engine {

void attendBatch(const AttentionBatch& a, uint32_t firstQuery, uint32_t queries, uint32_t kvHead, float* out) {
    const uint32_t hd = a.headDim;
    const uint32_t lastPos = a.pos0 + firstQuery + queries - 1;
    const uint32_t firstPos = a.pos0 + firstQuery;
    const uint32_t kStart = a.window && firstPos + 1 > a.window ? firstPos + 1 - a.window : 0;
    const uint32_t keys = lastPos + 1 - kStart;
    const size_t rows = size_t(queries) * a.group;

    std::vector<float> kc(size_t(keys) * hd), vt(size_t(hd) * keys), qc(rows * hd), s(rows * keys), o(rows * hd);
    for (uint32_t j = 0; j < keys; ++j) {
        const float* kj = a.K + size_t(kStart + j) * a.kvStride + size_t(kvHead) * hd;
        const float* vj = a.V + size_t(kStart + j) * a.kvStride + size_t(kvHead) * hd;
        std::copy(kj, kj + hd, kc.data() + size_t(j) * hd);
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
            for (uint32_t j = lo; j <= hi; ++j) row[j] = softcap(row[j] * a.scale, a.cap);
            softmaxInPlace(row + lo, hi + 1 - lo);
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

} // namespace cmf::engine
