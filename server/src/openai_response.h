#pragma once
// The response side of the OpenAI wire format: chat.completion and
// text_completion objects, their streamed chunks, usage, and the CMF
// extension block ("cmf": task, skill, routing energies).
#include "generation.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cmf::server {

// "chatcmpl-…" / "cmpl-…" / "call_…" with 24 random hex digits.
std::string newId(const std::string& prefix);

nlohmann::ordered_json usageJson(const engine::GenerationResult& r);
// {"task", "skill", "routing"}: what the reply ran under; routing with skill auto.
nlohmann::ordered_json cmfJson(const engine::GenerationResult& r);
// OpenAI tool_calls entries, each with its id (streamed: with its index too).
nlohmann::ordered_json toolCallJson(const ToolCall& c, const std::string& id, std::optional<size_t> index = std::nullopt);

// A chunk's frame: {"id", "object", "created", "model", "choices"}.
struct StreamFrame {
    std::string id, object, model;
    int64_t created = 0;
    bool includeUsage = false; // every chunk then carries "usage": null, the last one the figures
    nlohmann::ordered_json chunk(nlohmann::ordered_json choices) const;
};

// "data: {json}\n\n" and the final "data: [DONE]\n\n".
std::string sseEvent(const nlohmann::ordered_json& j);
inline constexpr const char* kSseDone = "data: [DONE]\n\n";

} // namespace cmf::server
