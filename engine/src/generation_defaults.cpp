#include "cmf/engine/generation_defaults.h"

#include <cstdio>

namespace cmf::engine {

SamplingParams withGenerationDefaults(SamplingParams p, const std::optional<cmf::GenerationConfig>& file) {
    if (!file) return p;
    const auto& g = *file;
    if (g.temperature) p.temperature = float(*g.temperature);
    if (g.topK) p.topK = uint32_t(*g.topK);
    if (g.topP) p.topP = float(*g.topP);
    if (g.minP) p.minP = float(*g.minP);
    if (g.repetitionPenalty) p.repetitionPenalty = float(*g.repetitionPenalty);
    if (g.doSample) p.greedy = !*g.doSample;
    return p;
}

std::string describeSampling(const SamplingParams& p) {
    if (p.greedy || p.temperature <= 0.0f) return "greedy (argmax)"; // Sampler::greedy()
    char buf[160];
    std::string out = "sampling: temperature ";
    std::snprintf(buf, sizeof buf, "%g", double(p.temperature));
    out += buf;
    if (p.topK) out += ", top-k " + std::to_string(p.topK);
    if (p.topP < 1.0f) {
        std::snprintf(buf, sizeof buf, ", top-p %g", double(p.topP));
        out += buf;
    }
    if (p.minP > 0.0f) {
        std::snprintf(buf, sizeof buf, ", min-p %g", double(p.minP));
        out += buf;
    }
    if (p.repetitionPenalty != 1.0f) {
        std::snprintf(buf, sizeof buf, ", repeat penalty %g", double(p.repetitionPenalty));
        out += buf;
    }
    out += ", seed " + std::to_string(p.seed);
    return out;
}

} // namespace cmf::engine
