#pragma once
// Rotary position embedding: the variants a header's `rope_scaling` can
// carry (README "arch fields the engine honours"), read once at load into a
// RopeConfig and turned into per-pair inverse frequencies. A variant or key
// this file does not implement is an Error naming it, never plain RoPE.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cmf::engine {

enum class RopeScaling { None, Linear, Dynamic, Llama3, Yarn, LongRope };
const char* ropeScalingName(RopeScaling s);

struct RopeConfig {
    double theta = 10000.0;
    double partialRotaryFactor = 1.0;
    RopeScaling scaling = RopeScaling::None;
    double factor = 1.0;
    // llama3, yarn, longrope: original_max_position_embeddings; dynamic: max_position_embeddings.
    double originalMax = 0;
    double lowFreqFactor = 1.0, highFreqFactor = 4.0; // llama3
    double betaFast = 32.0, betaSlow = 1.0;           // yarn
    bool truncate = true;                              // yarn: floor/ceil the correction range
    double attentionFactor = 1.0;                      // yarn, longrope: multiplies cos and sin
    std::vector<double> shortFactor, longFactor;       // longrope: one divisor per pair
};

// The scaling of `rope` (an HF-style rope_scaling object: `rope_type` or
// `type`, plus that variant's keys; or the spec's `yarn` block when isYarnBlock)
// applied to cfg. maxPositions is arch.max_position_embeddings (0 = absent).
// `where` names the field in errors ("arch.rope_scaling").
void applyScaling(RopeConfig& cfg, const nlohmann::json& rope, bool isYarnBlock, double maxPositions, const std::string& where);

// Inverse frequencies over the first rotDim dims of a head (NeoX rotate-half layout).
struct Rope {
    uint32_t rotDim = 0;
    std::vector<double> invFreq; // rotDim / 2
    float attentionFactor = 1.0f; // YaRN's / LongRoPE's factor on cos and sin
};
// seqLen: the length (prompt + generated) the frequencies are for; only
// dynamic and longrope depend on it.
Rope makeRope(const RopeConfig& c, uint32_t headDim, uint64_t seqLen = 1);
// The longest sequence whose frequencies are those of a length-1 sequence
// (dynamic: max_position_embeddings, longrope: the original context); UINT64_MAX
// when they never change. Past it a forward uses makeRope(c, d, its end), as
// transformers does (runner.cpp).
uint64_t ropeFixedUpTo(const RopeConfig& c);
void applyRope(const Rope& r, float* head, uint32_t pos);
// One position's rotation, rotDim floats: cos then sin of each pair (times
// the attention factor). Made once per position and applied to every head
// of it (ropeRotate), it gives applyRope's floats exactly: the sines and
// cosines were a few percent of a prefill when each head made its own.
void ropeAngles(const Rope& r, uint32_t pos, float* cs);
void ropeRotate(const Rope& r, const float* cs, float* head);

} // namespace cmf::engine
