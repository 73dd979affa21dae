#pragma once
// Chat templates (spec §6.1): renders the Jinja chat template a model file carries, byte for
// byte as Python jinja2 renders it the way transformers sets it up:
// ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, loopcontrols and the
// {% generation %} tag), transformers' tojson (json.dumps, ensure_ascii=False, key order kept),
// and the globals raise_exception and strftime_now. Values follow Python: lists print as
// ['a', 1], None prints "None", 1.0 stays "1.0", an undefined variable prints "".
//
//   auto t = cmf::engine::ChatTemplate::parse(bundle.chatTemplate);   // or kChatMLFallback
//   cmf::engine::ChatRequest req;
//   req.messages = nlohmann::ordered_json::parse(R"([{"role":"user","content":"Hi"}])");
//   req.addGenerationPrompt = true;
//   std::string prompt = t.render(req);
//
// Contexts are nlohmann::ordered_json because key order is observable (tojson, dict
// iteration); a plain nlohmann::json converts implicitly but arrives with sorted keys.
#include "cmf/format/error.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cmf::engine {

namespace chat {
struct Program;
}

// The template for files without a chat bundle: transformers' classic ChatML default.
extern const char* const kChatMLFallback;

// A naive local date and time, what Python's datetime.now() returns.
struct LocalTime {
    int year = 1970;
    int month = 1; // 1-12
    int day = 1;   // 1-31
    int hour = 0;
    int minute = 0;
    int second = 0;
    int microsecond = 0;
    // "2025-01-15T12:00:00" (optionally ".ffffff"); nullopt when malformed.
    static std::optional<LocalTime> parse(std::string_view iso);
};

struct RenderOptions {
    // What strftime_now() formats; nullopt: the system clock (local time).
    std::optional<LocalTime> now;
    // Allow list.append, dict.update and the other mutating methods. transformers' sandbox
    // forbids them (SecurityError), so the default matches it.
    bool allowMutation = false;
    // Bounds that keep hostile templates from exhausting the machine; exceeding one is a
    // cmf::Error of kind Bounds. Real chat templates stay orders of magnitude below them.
    size_t maxOutputBytes = size_t(64) << 20; // the output, and any single string value
    size_t maxItems = size_t(1) << 22;        // any single list or dict
    uint64_t maxSteps = 50'000'000;           // evaluation steps (statements, expressions, iterations)
    int maxCallDepth = 100;                   // nested macro / caller / recursive-loop calls
};

// How transformers' apply_chat_template builds the template context.
struct ChatRequest {
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    nlohmann::ordered_json tools = nullptr;     // always passed; null means None
    nlohmann::ordered_json documents = nullptr; // always passed; null means None
    bool addGenerationPrompt = false;
    std::optional<std::string> bosToken; // passed only when set; otherwise undefined
    std::optional<std::string> eosToken;
    nlohmann::ordered_json extra = nlohmann::ordered_json::object(); // enable_thinking, date_string, ...
    nlohmann::ordered_json context() const;
};

// A failure while rendering (a type error, an undefined variable used where jinja2 fails, a
// sandbox refusal, an exceeded bound). what() is "template:LINE:COL: message"; kind() is Parse,
// or Bounds for exceeded limits.
class TemplateRuntimeError : public cmf::Error {
public:
    TemplateRuntimeError(cmf::ErrorKind kind, int line, int column, std::string message);
    int line() const { return line_; }
    int column() const { return column_; }
    // The message without the position prefix.
    const std::string& message() const { return message_; }

protected:
    TemplateRuntimeError(cmf::ErrorKind kind, int line, int column, std::string message, const std::string& what);

private:
    int line_, column_;
    std::string message_;
};

// The template called raise_exception(message): what() is the template's own message,
// verbatim, as transformers reports it. kind() is UnsupportedFeature: the template refuses this
// conversation (roles that do not alternate, a tool call it cannot express, ...).
class TemplateRaisedError : public TemplateRuntimeError {
public:
    TemplateRaisedError(int line, int column, std::string message);
};

class ChatTemplate {
public:
    // Throws cmf::Error(ErrorKind::Parse, "template:LINE:COL: message") for syntax errors,
    // including what jinja2 rejects when compiling (an unknown filter outside a conditional,
    // break outside a loop, ...).
    static ChatTemplate parse(std::string_view source);

    // Renders with `context` (a JSON object) as the template's variables. Throws
    // TemplateRaisedError, TemplateRuntimeError, or cmf::Error(Parse) when the context is not
    // an object or holds what templates cannot see (invalid UTF-8, integers beyond 64 bits).
    std::string render(const nlohmann::ordered_json& context, const RenderOptions& options = {}) const;
    std::string render(const ChatRequest& request, const RenderOptions& options = {}) const;

private:
    explicit ChatTemplate(std::shared_ptr<const chat::Program> program);
    std::shared_ptr<const chat::Program> program_;
};

} // namespace cmf::engine
