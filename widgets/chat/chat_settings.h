#pragma once
// What a chat reply runs under — system prompt, sampling, reply length,
// context, template variables and the task/skill choice — as one value the
// GUI edits and hands to the worker with every request, and that a saved
// conversation carries (so reloading it reproduces the replies).
#include "cmf/engine/sampler.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cmfw {

struct ChatSettings {
    std::string system;
    cmf::engine::SamplingParams sampling = defaultSampling();
    uint32_t maxTokens = 256;
    uint32_t ctx = 2048;          // as `cmf chat`; cut to the model's max_position_embeddings
    bool enableThinking = false;  // the template variable; Session's default
    std::string task;             // "" = dense
    std::string skill;            // "" = backbone, an id, or "auto"
    double blend = 0;             // with "auto": 0 = argmin, T > 0 = softmax(−E/T) blend
    std::string draft = "none";   // speculative decoding: "none", "lookup" or "mtp" (draft.h draftModeName)

    // A chat samples by default (temperature 0.7, top-k 40, top-p 0.95); the
    // engine's own default is greedy, which is what `cmf run` wants.
    static cmf::engine::SamplingParams defaultSampling();

    nlohmann::json toJson() const;
    // Missing keys keep their defaults, so older files still load.
    static ChatSettings fromJson(const nlohmann::json& j);
    bool operator==(const ChatSettings& o) const { return toJson() == o.toJson(); }
};

} // namespace cmfw
