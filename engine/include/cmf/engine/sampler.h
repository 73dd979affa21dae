#pragma once
// Picks the next token from logits: greedy, or temperature with top-k,
// top-p and min-p filtering, with repetition and presence penalties.
// Seeded, so a run can be repeated exactly.
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace cmf::engine {

struct SamplingParams {
    bool greedy = true;
    float temperature = 0.7f;
    uint32_t topK = 40;         // 0 = off
    float topP = 0.95f;         // 1 = off
    float minP = 0.0f;          // 0 = off; relative to the best token's probability
    float repetitionPenalty = 1.0f; // >1 discourages tokens already in the window
    float presencePenalty = 0.0f;   // subtracted once from every seen token's logit
    uint32_t penaltyWindow = 64;
    uint64_t seed = 0;
};

class Sampler {
public:
    explicit Sampler(SamplingParams p);
    // history: the tokens so far (prompt and generated), for the penalties.
    int32_t sample(std::span<const float> logits, std::span<const int32_t> history);
    const SamplingParams& params() const { return p_; }

private:
    SamplingParams p_;
    std::mt19937_64 rng_;
};

} // namespace cmf::engine
