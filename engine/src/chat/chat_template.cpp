// The public face of the chat template engine: parse once, render many times.
#include "cmf/engine/chat_template.h"

#include "chat/errors.h"
#include "chat/interpreter.h"
#include "chat/json.h"
#include "chat/parser.h"

#include <charconv>

namespace cmf::engine {

// transformers' default ChatML template (the classic `default_chat_template`).
const char* const kChatMLFallback =
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + "
    "'\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

std::optional<LocalTime> LocalTime::parse(std::string_view s) {
    LocalTime t;
    auto field = [&](size_t pos, size_t len, int& out) {
        if (pos + len > s.size()) return false;
        const auto r = std::from_chars(s.data() + pos, s.data() + pos + len, out);
        return r.ec == std::errc() && r.ptr == s.data() + pos + len;
    };
    if (s.size() < 19 || s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ') || s[13] != ':' || s[16] != ':')
        return std::nullopt;
    if (!field(0, 4, t.year) || !field(5, 2, t.month) || !field(8, 2, t.day) || !field(11, 2, t.hour) ||
        !field(14, 2, t.minute) || !field(17, 2, t.second))
        return std::nullopt;
    if (s.size() > 19) {
        if (s[19] != '.' || s.size() > 26 || s.size() == 20) return std::nullopt;
        std::string frac(s.substr(20));
        frac.resize(6, '0');
        const auto r = std::from_chars(frac.data(), frac.data() + 6, t.microsecond);
        if (r.ec != std::errc() || r.ptr != frac.data() + 6) return std::nullopt;
    }
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (t.year < 1 || t.month < 1 || t.month > 12 || t.day < 1 || t.day > days[t.month - 1] || t.hour > 23 ||
        t.minute > 59 || t.second > 59)
        return std::nullopt;
    const bool leap = (t.year % 4 == 0 && t.year % 100 != 0) || t.year % 400 == 0;
    if (t.month == 2 && t.day == 29 && !leap) return std::nullopt;
    return t;
}

nlohmann::ordered_json ChatRequest::context() const {
    nlohmann::ordered_json c = nlohmann::ordered_json::object();
    c["messages"] = messages;
    c["tools"] = tools;
    c["documents"] = documents;
    c["add_generation_prompt"] = addGenerationPrompt;
    if (bosToken) c["bos_token"] = *bosToken;
    if (eosToken) c["eos_token"] = *eosToken;
    if (extra.is_object())
        for (const auto& [k, v] : extra.items()) c[k] = v;
    return c;
}

namespace {

std::string located(int line, int column, const std::string& message) {
    return "template:" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

} // namespace

TemplateRuntimeError::TemplateRuntimeError(cmf::ErrorKind kind, int line, int column, std::string message)
    : TemplateRuntimeError(kind, line, column, message, located(line, column, message)) {}

TemplateRuntimeError::TemplateRuntimeError(cmf::ErrorKind kind, int line, int column, std::string message,
                                           const std::string& what)
    : cmf::Error(kind, what), line_(line), column_(column), message_(std::move(message)) {}

// what() is the template's message alone, as transformers surfaces it.
TemplateRaisedError::TemplateRaisedError(int line, int column, std::string message)
    : TemplateRuntimeError(cmf::ErrorKind::UnsupportedFeature, line, column, message, message) {}

ChatTemplate::ChatTemplate(std::shared_ptr<const chat::Program> program) : program_(std::move(program)) {}

ChatTemplate ChatTemplate::parse(std::string_view source) {
    return ChatTemplate(std::shared_ptr<const chat::Program>(chat::parseProgram(source)));
}

std::string ChatTemplate::render(const nlohmann::ordered_json& context, const RenderOptions& options) const {
    if (!context.is_object()) throw cmf::Error(cmf::ErrorKind::Parse, "template context must be a JSON object");
    chat::Settings settings;
    if (options.now)
        settings.now = chat::LocalTimeFields{options.now->year, options.now->month,  options.now->day,
                                             options.now->hour, options.now->minute, options.now->second,
                                             options.now->microsecond};
    settings.allowMutation = options.allowMutation;
    settings.maxCallDepth = options.maxCallDepth;
    settings.limits.maxBytes = options.maxOutputBytes;
    settings.limits.maxItems = options.maxItems;
    settings.limits.maxSteps = options.maxSteps;
    chat::Value vars;
    try {
        chat::ScopedLimits limits(settings.limits);
        vars = chat::fromJson(context);
    } catch (const chat::Failure& f) {
        throw cmf::Error(cmf::ErrorKind::Parse, "template context: " + f.message);
    }
    try {
        chat::Interpreter interpreter(*program_, std::move(vars), settings);
        return interpreter.render();
    } catch (const chat::Failure& f) {
        const int line = static_cast<int>(f.line), col = static_cast<int>(f.col);
        switch (f.fault) {
        case chat::Fault::Raised: throw TemplateRaisedError(line, col, f.message);
        case chat::Fault::Limit: throw TemplateRuntimeError(cmf::ErrorKind::Bounds, line, col, f.message);
        default: {
            static const char* names[] = {"TypeError",         "ValueError",    "UndefinedError",
                                          "SecurityError",     "ZeroDivisionError", "OverflowError",
                                          "TemplateRuntimeError", "TemplateError", "LimitExceeded",
                                          "Unsupported"};
            const auto i = static_cast<size_t>(f.fault);
            throw TemplateRuntimeError(cmf::ErrorKind::Parse, line, col,
                                       std::string(i < std::size(names) ? names[i] : "Error") + ": " + f.message);
        }
        }
    }
}

std::string ChatTemplate::render(const ChatRequest& request, const RenderOptions& options) const {
    return render(request.context(), options);
}

} // namespace cmf::engine
