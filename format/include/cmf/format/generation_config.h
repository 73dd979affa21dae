#pragma once
// header.generation_config: the sampling defaults the model's authors ship in
// Hugging Face's generation_config.json, carried into the file so that the
// file, not the runtime binary, says how it is meant to be sampled (the same
// reasoning as §6.1's chat bundle). An additive block, no feature bit:
//
//   "generation_config": { "do_sample": true, "temperature": 0.6, "top_k": 20,
//                          "top_p": 0.95, "min_p": 0.0, "repetition_penalty": 1.0,
//                          "eos_token_ids": [151645, 151643] }
//
// Every key is optional; a reader that does not know the block ignores it.
// Keys keep generation_config.json's names, except eos_token_id (an integer
// or a list there) which is always a list here, named as in §6.1.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace cmf {

struct GenerationConfig {
    std::optional<bool> doSample;
    std::optional<double> temperature;        // ≥ 0
    std::optional<int64_t> topK;              // ≥ 0; 0 = off
    std::optional<double> topP;               // (0, 1]
    std::optional<double> minP;               // [0, 1]
    std::optional<double> repetitionPenalty;  // > 0; 1 = off
    std::vector<int64_t> eosTokenIds;

    bool empty() const;
    nlohmann::json toJson() const; // only the keys that are set
    bool operator==(const GenerationConfig&) const = default;
};

// Reads the keys above from a generation_config.json object (`where` names
// it in errors). Unknown keys are ignored (transformers writes many that do
// not concern sampling); a known key of the wrong type or out of its range
// throws Error(Parse) naming it and the valid range.
GenerationConfig generationConfigFromJson(const nlohmann::json& j, const std::string& where);

// header.generation_config, or nullopt when absent or null. Throws
// Error(Parse) for a block that is not an object or a malformed key.
std::optional<GenerationConfig> parseGenerationConfig(const nlohmann::json& header);

} // namespace cmf
