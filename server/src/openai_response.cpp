#include "openai_response.h"

#include <random>

namespace cmf::server {

using Json = nlohmann::ordered_json;

std::string newId(const std::string& prefix) {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    static constexpr char hex[] = "0123456789abcdef";
    std::string id = prefix;
    for (int i = 0; i < 24; ++i) id += hex[rng() & 15];
    return id;
}

Json usageJson(const engine::GenerationResult& r) {
    return {{"prompt_tokens", r.promptIds.size()},
            {"completion_tokens", r.generated.size()},
            {"total_tokens", r.promptIds.size() + r.generated.size()},
            // What the slot's KV cache already held (a conversation extended, the same system prompt).
            {"prompt_tokens_details", {{"cached_tokens", r.promptIds.size() - std::min(r.promptIds.size(), r.promptTokensEvaluated)}}}};
}

Json cmfJson(const engine::GenerationResult& r) {
    Json out = {{"task", r.task.empty() ? Json() : Json(r.task)}, {"skill", r.skill.empty() ? Json() : Json(r.skill)}};
    if (r.routing) {
        Json energies = Json::array();
        for (const auto& e : r.routing->energies) energies.push_back({{"id", e.id}, {"backbone", e.backbone}, {"energy", e.energy}});
        out["routing"] = {{"id", r.routing->id}, {"backbone", r.routing->backbone}, {"energies", energies}};
    }
    return out;
}

Json toolCallJson(const ToolCall& c, const std::string& id, std::optional<size_t> index) {
    Json j = Json::object();
    if (index) j["index"] = *index;
    j["id"] = id;
    j["type"] = "function";
    j["function"] = {{"name", c.name}, {"arguments", c.arguments}};
    return j;
}

Json StreamFrame::chunk(Json choices) const {
    Json j = {{"id", id}, {"object", object}, {"created", created}, {"model", model}, {"choices", std::move(choices)}};
    if (includeUsage) j["usage"] = nullptr;
    return j;
}

std::string sseEvent(const Json& j) {
    return "data: " + j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n\n";
}

} // namespace cmf::server
