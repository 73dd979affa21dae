// Decode attention's chunk kernel, scalar (any CPU, and what the AVX-512 one
// is held against), the dispatch, and the merge of the chunks' partial softmaxes.
#include "attend.h"

#include "cmf/engine/ops.h"
#include "cmf/format/half.h"
#include "row_dot.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace cmf::engine::kernels {
namespace {

void attendChunkScalar(const float* q, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first, uint32_t last, float scale,
                       float cap, const AttendChunk& r) {
    const uint32_t keys = last + 1 - first;
    std::vector<float> s(size_t(group) * keys), row(hd);
    for (uint32_t j = 0; j < keys; ++j) {
        kvRowToFloat(kv, true, first + j, hd, row.data());
        for (uint32_t g = 0; g < group; ++g) {
            float acc = 0;
            for (uint32_t i = 0; i < hd; ++i) acc += q[size_t(g) * hd + i] * row[i];
            s[size_t(g) * keys + j] = softcap(acc * scale, cap);
        }
    }
    for (uint32_t g = 0; g < group; ++g) {
        float* sg = s.data() + size_t(g) * keys;
        const float mx = *std::max_element(sg, sg + keys);
        float sum = 0;
        for (uint32_t j = 0; j < keys; ++j) sum += (sg[j] = std::exp(sg[j] - mx));
        r.max[g] = mx;
        r.sum[g] = sum;
    }
    std::fill_n(r.out, size_t(group) * hd, 0.0f);
    for (uint32_t j = 0; j < keys; ++j) {
        kvRowToFloat(kv, false, first + j, hd, row.data());
        for (uint32_t g = 0; g < group; ++g) {
            const float w = s[size_t(g) * keys + j];
            float* o = r.out + size_t(g) * hd;
            for (uint32_t i = 0; i < hd; ++i) o[i] += w * row[i];
        }
    }
}

} // namespace

namespace {
bool vectorAttention() {
#if defined(__x86_64__) || defined(__i386__)
    static const bool avx512 = detail::avx512Available();
    return avx512 && !detail::avx512Forbidden() && std::strcmp(implementation(), "scalar") != 0;
#else
    return false;
#endif
}
} // namespace

float softmaxBlock(float* x, uint32_t n, float& max, float& sum) {
    if (vectorAttention()) return detail::softmaxBlockAvx512(x, n, max, sum);
    const float m = std::max(max, *std::max_element(x, x + n));
    const float rescale = m == max ? 1.0f : std::exp(max - m);
    float s = 0;
    for (uint32_t i = 0; i < n; ++i) s += (x[i] = std::exp(x[i] - m));
    sum = sum * rescale + s;
    max = m;
    return rescale;
}

void widenHalf(const uint16_t* h, size_t stride, uint32_t rows, uint32_t n, float* out) {
    if (vectorAttention()) return detail::widenHalfAvx512(h, stride, rows, n, out);
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t i = 0; i < n; ++i) out[size_t(r) * n + i] = f16ToF32(h[size_t(r) * stride + i]);
}

void attendChunks(const float* q, size_t qStride, uint32_t positions, uint32_t group, uint32_t hd, const KvRows& kv, uint32_t first,
                  const uint32_t* last, float scale, float cap, const AttendChunk* r) {
    if (vectorAttention() && hd % 16 == 0) return detail::attendChunksAvx512(q, qStride, positions, group, hd, kv, first, last, scale, cap, r);
    for (uint32_t t = 0; t < positions; ++t) attendChunkScalar(q + t * qStride, group, hd, kv, first, last[t], scale, cap, r[t]);
}

void mergeChunks(const float* outs, const float* maxes, const float* sums, uint32_t chunks, uint32_t group, uint32_t hd, float* out) {
    for (uint32_t g = 0; g < group; ++g) {
        float m = -INFINITY;
        for (uint32_t c = 0; c < chunks; ++c) m = std::max(m, maxes[size_t(c) * group + g]);
        float* o = out + size_t(g) * hd;
        std::fill_n(o, hd, 0.0f);
        float total = 0;
        for (uint32_t c = 0; c < chunks; ++c) {
            const float w = std::exp(maxes[size_t(c) * group + g] - m);
            total += w * sums[size_t(c) * group + g];
            const float* oc = outs + (size_t(c) * group + g) * hd;
            for (uint32_t i = 0; i < hd; ++i) o[i] += w * oc[i];
        }
        const float inv = 1.0f / total;
        for (uint32_t i = 0; i < hd; ++i) o[i] *= inv;
    }
}

} // namespace cmf::engine::kernels
