#pragma once
// The mixer of a LinearAttention layer: Qwen3.5's Gated DeltaNet, as the
// model README in tests/data/models/gdn describes it (transformers'
// recurrent form). Private to engine/.
//
// Per token: the qkv projection runs through a causal depthwise conv (its
// last kernel-1 inputs are state) and SiLU; q and k are l2-normalised per
// key head (q also by 1/√key_dim); per value head j (key head j / (nv/nk)),
// with β = sigmoid(b) and g = −exp(A_log)·softplus(a + dt_bias):
//   S = exp(g)·S;  δ = β·(v − Sᵀk);  S = S + k δᵀ;  o = Sᵀq
// then a gated RMSNorm, o/rms(o)·w·SiLU(z), and out_proj.
//
// A batch of tokens runs each projection once for all of them (matrix
// products); the recurrence itself is sequential in time and parallel over
// value heads, a small part of the work (key_dim·value_dim per head-token
// against hidden·conv_dim for the projections).
#include "cmf/engine/model.h"

#include <span>
#include <vector>

namespace cmf::engine {

// What one LinearAttention layer remembers of a sequence instead of a KV
// cache: fixed size, whatever the length.
struct GdnState {
    std::vector<float> conv; // the last kernel-1 qkv projections, oldest first: (kernel-1) × conv_dim
    std::vector<float> s;    // per value head [key_dim][value_dim]
    void reset(const ModelConfig::Linear& d);
    size_t bytes() const { return (conv.size() + s.size()) * sizeof(float); }
};

// Runs the n tokens of h (n × hidden, already normalised by input_layernorm)
// through the layer, advancing st, and writes the mixer's output (n × hidden,
// before the residual add). For each index t of snapshotAfter (ascending, <
// n), snapshots[k] receives the state as it stands after token t: the
// per-position states a rollback needs.
void gatedDeltaNet(const LinearAttention& w, const ModelConfig& c, GdnState& st, const float* h, size_t n, float* out,
                   std::span<const uint32_t> snapshotAfter = {}, GdnState* snapshots = nullptr);

} // namespace cmf::engine
