#include "chat/chat_settings.h"

namespace cmfw {

cmf::engine::SamplingParams ChatSettings::defaultSampling() {
    cmf::engine::SamplingParams p;
    p.greedy = false;
    return p;
}

nlohmann::json ChatSettings::toJson() const {
    const auto& s = sampling;
    return {{"system", system},
            {"sampling",
             {{"greedy", s.greedy},
              {"temperature", s.temperature},
              {"top_k", s.topK},
              {"top_p", s.topP},
              {"min_p", s.minP},
              {"repetition_penalty", s.repetitionPenalty},
              {"seed", s.seed}}},
            {"max_tokens", maxTokens},
            {"ctx", ctx},
            {"enable_thinking", enableThinking},
            {"task", task},
            {"skill", skill},
            {"blend", blend},
            {"draft", draft}};
}

ChatSettings ChatSettings::fromJson(const nlohmann::json& j) {
    ChatSettings c;
    if (!j.is_object()) return c;
    c.system = j.value("system", c.system);
    if (j.contains("sampling") && j["sampling"].is_object()) {
        const auto& s = j["sampling"];
        auto& p = c.sampling;
        p.greedy = s.value("greedy", p.greedy);
        p.temperature = s.value("temperature", p.temperature);
        p.topK = s.value("top_k", p.topK);
        p.topP = s.value("top_p", p.topP);
        p.minP = s.value("min_p", p.minP);
        p.repetitionPenalty = s.value("repetition_penalty", p.repetitionPenalty);
        p.seed = s.value("seed", p.seed);
    }
    c.maxTokens = j.value("max_tokens", c.maxTokens);
    c.ctx = j.value("ctx", c.ctx);
    c.enableThinking = j.value("enable_thinking", c.enableThinking);
    c.task = j.value("task", c.task);
    c.skill = j.value("skill", c.skill);
    c.blend = j.value("blend", c.blend);
    c.draft = j.value("draft", c.draft);
    return c;
}

} // namespace cmfw
