#pragma once
// Decode attention (one query position, or a verify block's positions side
// by side): the `group` query heads that share a KV head, against one chunk
// of its cached keys. Each cached K and V row is read once for the whole
// group (and block), not once per query head, so a decode step at depth
// streams the cache once. The result is a chunk's partial softmax —
// unnormalised sums and their running maximum — that mergeChunks combines in
// chunk order, so splitting the keys into fixed chunks (for threads) gives the
// same floats whatever the thread count.
#include "cmf/engine/kv_cache.h"

#include <cstdint>

namespace cmf::engine::kernels {

struct AttendChunk {
    float* out; // group × headDim: Σ_j e^(s_gj − max_g) · v_j
    float* max; // group: max_j s_gj
    float* sum; // group: Σ_j e^(s_gj − max_g)
};

// Consecutive query positions against one chunk of a KV head's keys that
// starts at the same key for all of them (a verify block): position t's
// group × headDim query rows (consecutive) at q + t·qStride, its keys
// [first, last[t]] (last nondecreasing), its results to r[t]. kv: the
// layer's rows, offset to this KV head's first element. Scores s =
// softcap(q·k·scale, cap). Each position gets the floats it gets alone
// (positions = 1, as in one-token decode); together, each key and value row
// is read once for all of them instead of once per position.
void attendChunks(const float* q, size_t qStride, uint32_t positions, uint32_t group, uint32_t headDim, const KvRows& kv,
                  uint32_t first, const uint32_t* last, float scale, float cap, const AttendChunk* r);

// Keys per chunk: small enough that a chunk's scores stay in L1, large
// enough that a 4k-deep cache gives both threads work.
inline constexpr uint32_t kAttendChunkKeys = 256;

// out (group × headDim) = Σ_c e^(max_c − M) out_c / Σ_c e^(max_c − M) sum_c,
// M = max_c max_c, over the chunks c in order; chunk c's results at
// outs + c·group·headDim, maxes + c·group, sums + c·group.
void mergeChunks(const float* outs, const float* maxes, const float* sums, uint32_t chunks, uint32_t group, uint32_t headDim,
                 float* out);

// One block of a score row in prefill's online softmax (n ≥ 1): with
// m' = max(max, max_i x[i]), x[i] ← e^(x[i] − m'), sum ← sum · e^(max − m')
// + Σ_i x[i], max ← m'. Returns e^(max − m'), the factor for the weighted
// sums accumulated before (0 on a row's first block, 1 while the maximum
// holds). The vector exp2 (exp2_avx512.h) where the CPU has AVX-512, else std::exp.
float softmaxBlock(float* x, uint32_t n, float& max, float& sum);
// rows × n binary16 values, rows stride apart, to float32 rows one after
// another (the f16 cache's rows for prefill).
void widenHalf(const uint16_t* h, size_t stride, uint32_t rows, uint32_t n, float* out);

namespace detail {
float softmaxBlockAvx512(float* x, uint32_t n, float& max, float& sum);
void widenHalfAvx512(const uint16_t* h, size_t stride, uint32_t rows, uint32_t n, float* out);
void attendChunksAvx512(const float* q, size_t qStride, uint32_t positions, uint32_t group, uint32_t headDim, const KvRows& kv,
                        uint32_t first, const uint32_t* last, float scale, float cap, const AttendChunk* r);
} // namespace detail

} // namespace cmf::engine::kernels
