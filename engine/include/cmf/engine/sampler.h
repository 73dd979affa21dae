#pragma once
// Picks the next token from logits: greedy, or temperature with top-k,
// top-p and min-p filtering, with repetition and presence penalties.
// Seeded, so a run can be repeated exactly.
#include <cstdint>
#include <random>
#include <span>
#include <utility>
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
    float frequencyPenalty = 0.0f;  // subtracted from a seen token's logit once per time it was seen (OpenAI's)
    uint32_t penaltyWindow = 64;
    uint64_t seed = 0;
};

// The tokens a sampler may pick and their probabilities (summing to 1),
// best first; greedy: the one best token with probability 1.
using TokenDistribution = std::vector<std::pair<int32_t, double>>;

class Sampler {
public:
    explicit Sampler(SamplingParams p);
    // history: the tokens so far (prompt and generated), for the penalties.
    int32_t sample(std::span<const float> logits, std::span<const int32_t> history);
    // What sample() draws from, without drawing.
    TokenDistribution distribution(std::span<const float> logits, std::span<const int32_t> history) const;
    int32_t draw(const TokenDistribution& d);
    // Speculative sampling (Leviathan et al., Chen et al.): a draft token
    // drawn from q is kept with probability min(1, p(d)/q(d)); otherwise the
    // token is drawn from the normalised residual max(0, p − q). Either way
    // the result is distributed exactly as p.
    int32_t acceptOrResample(const TokenDistribution& p, const TokenDistribution& q, int32_t draft);
    const SamplingParams& params() const { return p_; }
    bool greedy() const { return p_.greedy || p_.temperature <= 0.0f; }

private:
    SamplingParams p_;
    std::mt19937_64 rng_;
};

} // namespace cmf::engine
