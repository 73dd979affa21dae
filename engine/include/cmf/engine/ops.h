#pragma once
// The operators of a decoder forward pass, in float32, each a plain function
// that tests hold against hand-computed cases.
#include "cmf/engine/kv_cache.h"
#include "cmf/engine/model.h"

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace cmf::engine {

// RMSNorm: x / sqrt(mean(x²) + eps) · w  ("qwen"), or · (1 + w) ("gemma").
void rmsNorm(const float* x, const float* w, size_t n, double eps, bool gemma, float* out);
// The same for `rows` rows of n (x row r at x + r·xStride, its result at
// out + r·outStride; out may be x), each exactly what rmsNorm gives it.
void rmsNormRows(const float* x, size_t xStride, size_t rows, const float* w, size_t n, double eps, bool gemma, float* out,
                 size_t outStride);

// Y[t][r] = Σ_i W[r][i] · X[t][i] for nTok rows of X, W in its stored dtype
// (engine/src/matmul.cpp: in-place kernels for decode, blocked int8 or
// float32 kernels for prefill), rows spread over threads.
void matmul(const Weight& w, const float* x, size_t nTok, float* y);

// Several weights applied to the same input (q/k/v, gate/up): one pass over
// the threads instead of one per weight, which matters for one-token decode.
// A run of weight rows [first, first + count) written to output rows
// [out, out + count): a task mask's kept FFN neurons are read and computed,
// the others are not touched.
struct RowRun {
    uint64_t first, count, out;
};
// Sorted row indices as runs, output rows 0, 1, 2, ... in the same order.
std::vector<RowRun> rowRuns(std::span<const uint32_t> rows);

struct MatmulOut {
    const Weight* w;
    float* y;                   // nTok × outRows()
    std::span<const RowRun> runs = {}; // empty: every row, in order
    uint64_t outRows() const;
};
void matmulMany(std::span<const MatmulOut> outs, const float* x, size_t nTok);

inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
inline float silu(float x) { return x / (1.0f + std::exp(-x)); }
inline float softplus(float x) { return x > 20.f ? x : std::log1p(std::exp(x)); }
// GELU, tanh approximation (gelu_pytorch_tanh).
inline float gelu(float x) { return 0.5f * x * (1.0f + std::tanh(0.7978845608f * (x + 0.044715f * x * x * x))); }
// GELU, exact (hidden_act "gelu").
inline float geluErf(float x) { return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f)); }
inline float activate(Activation a, float x) { return a == Activation::Silu ? silu(x) : a == Activation::GeluTanh ? gelu(x) : geluErf(x); }
// Soft-capping (Gemma 2): c·tanh(x/c); cap 0 = none.
inline float softcap(float x, float cap) { return cap > 0 ? cap * std::tanh(x / cap) : x; }

// One attention head over cached positions [first, last]: scores q·k·scale,
// softmax, weighted sum of v. K and V rows are kvStride floats apart.
// cap: attention soft-capping of the scaled scores (0 = none).
void attendHead(const float* q, const float* K, const float* V, size_t kvStride, uint32_t first, uint32_t last, uint32_t headDim,
                float scale, float* out, float cap = 0);
void softmaxInPlace(float* x, size_t n);

// A batch of queries at positions pos0, pos0+1, ... against the cache (the
// batch's own keys already in it), for one layer. Query and output rows hold
// every head (qStride floats); the heads of KV head k are k·group .. +group.
struct AttentionBatch {
    const float* q;
    size_t qStride;
    KvRows kv; // the layer's cache
    uint32_t pos0, headDim, group;
    uint32_t window; // sliding window, 0 = none
    float scale;
    float cap = 0; // attention soft-capping of the scaled scores, 0 = none
};
// Queries [firstQuery, firstQuery + queries) of KV head kvHead, as two GEMMs
// per block of keys joined by an online softmax (engine/src/attention.cpp);
// writes their rows of out.
void attendBatch(const AttentionBatch& a, uint32_t firstQuery, uint32_t queries, uint32_t kvHead, float* out);
// Queries [0, queries), every KV head, one position at a time (decode and
// verify blocks): each cached row is read once for the group's query heads,
// the keys split into fixed chunks over threads; the result does not depend
// on the thread count. Writes every row of out.
void attendEach(const AttentionBatch& a, uint32_t kvHeads, uint32_t queries, float* out);

// MoE routing (§2.2) for one token: the selected experts and their weights.
struct Route {
    std::vector<uint32_t> experts;
    std::vector<float> weights;
};
Route route(const float* logits, size_t n, const std::vector<float>& expertBias, uint32_t topK, bool sigmoid, bool renormalise,
            double scaling, const std::vector<bool>* routable = nullptr);

} // namespace cmf::engine
