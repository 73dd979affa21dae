#pragma once
// The request side of the OpenAI wire format: a JSON body checked field by
// field (type, range, what this server supports) into what a generation
// needs. Every refusal is an ApiError with the field named in "param".
// Fields the server does not know are ignored, as OpenAI's clients send
// their own extras (user, metadata, ...).
#include "cmf/engine/sampler.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmf::server {

// What /v1/chat/completions and /v1/completions share.
struct GenerationRequest {
    std::string model;                  // as sent ("" when absent)
    bool stream = false;
    bool includeUsage = false;          // stream_options.include_usage
    std::optional<uint32_t> maxTokens;  // max_tokens / max_completion_tokens
    engine::SamplingParams sampling;    // temperature 0 = greedy; OpenAI's defaults otherwise (T 1, top_p 1, no top_k)
    bool seeded = false;                // a seed was given (else the server draws one)
    std::vector<std::string> stop;      // up to 4 stop strings
    bool ignoreEos = false;             // ignore_eos (llama.cpp's extension): run to max_tokens past end-of-sequence tokens
    // CMF extensions (§5, §9): absent = the server's defaults.
    std::optional<std::string> task, skill;
    std::optional<double> blend;
};

struct ChatRequest : GenerationRequest {
    nlohmann::ordered_json messages = nlohmann::ordered_json::array(); // as the chat template takes them
    nlohmann::ordered_json tools;          // null, or the OpenAI tool list passed to the template as `tools`
    nlohmann::ordered_json templateKwargs = nlohmann::ordered_json::object(); // chat_template_kwargs (enable_thinking, ...)
};

struct CompletionRequest : GenerationRequest {
    std::string prompt;             // raw text, tokenized with the tokenizer's special tokens
    std::vector<int32_t> promptIds; // or token ids (prompt: [1, 2, 3])
};

// The body as JSON; malformed JSON or a non-object is a 400.
nlohmann::ordered_json parseBody(const std::string& body);

ChatRequest parseChatRequest(const nlohmann::ordered_json& body);
CompletionRequest parseCompletionRequest(const nlohmann::ordered_json& body);

// POST /v1/cmf/switch: the fields it may change (absent = unchanged).
struct SwitchRequest {
    std::optional<std::string> task, skill;
    std::optional<double> blend;
};
SwitchRequest parseSwitchRequest(const nlohmann::ordered_json& body);

} // namespace cmf::server
