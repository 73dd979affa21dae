#pragma once
// Sampling that starts from the file: header.generation_config (what the
// model's authors ship in generation_config.json) laid over a runtime's own
// defaults. `cmf run`, `cmf chat` and the chat window all start here, and the
// user's explicit choices are applied over the result.
#include "cmf/engine/sampler.h"
#include "cmf/format/generation_config.h"

#include <optional>
#include <string>

namespace cmf::engine {

// base with every key the file sets replaced: temperature, top_k, top_p,
// min_p, repetition_penalty; do_sample, when set, decides greedy (false →
// greedy, true → sampling). Keys the file does not set keep base's value.
SamplingParams withGenerationDefaults(SamplingParams base, const std::optional<cmf::GenerationConfig>& file);

// One line for people: "sampling: temperature 0.6, top-k 20, top-p 0.95" or
// "greedy (argmax)".
std::string describeSampling(const SamplingParams& p);

} // namespace cmf::engine
