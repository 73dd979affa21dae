#include "cmf/server/reply_parser.h"

#include <nlohmann/json.hpp>

namespace cmf::server {
namespace {

constexpr std::string_view kThinkOpen = "<think>", kThinkClose = "</think>";
constexpr std::string_view kToolOpen = "<tool_call>", kToolClose = "</tool_call>";

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The longest tail of text that is a proper prefix of tag: it may still
// become the tag with the next delta.
size_t heldTail(std::string_view text, std::string_view tag) {
    for (size_t n = std::min(text.size(), tag.size() - 1); n > 0; --n)
        if (text.substr(text.size() - n) == tag.substr(0, n)) return n;
    return 0;
}

} // namespace

void ReplyParser::emitContent(ReplyDelta& d, std::string_view text) {
    if (stripLeading_) {
        while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
        if (text.empty()) return;
        stripLeading_ = false;
    }
    if (!tools_) {
        d.content += text;
        return;
    }
    // With tools, whitespace between or around tool calls is not content:
    // hold trailing whitespace until something other than a call follows.
    size_t end = text.size();
    while (end > 0 && isSpace(text[end - 1])) --end;
    if (end == 0) {
        space_ += text;
        return;
    }
    d.content += space_;
    d.content += text.substr(0, end);
    space_.assign(text.substr(end));
}

void ReplyParser::closeToolCall(ReplyDelta& d, std::string_view body) {
    const auto j = nlohmann::ordered_json::parse(body, nullptr, false);
    const bool named = !j.is_discarded() && j.is_object() && j.contains("name") && j["name"].is_string();
    const auto args = named && j.contains("arguments") ? j["arguments"] : nlohmann::ordered_json::object();
    if (named && (args.is_object() || args.is_string())) {
        // The wire carries arguments as a JSON string; a model that wrote them as a string already keeps its text.
        d.toolCalls.push_back({j["name"].get<std::string>(), args.is_string() ? args.get<std::string>() : args.dump()});
        ++calls_;
        return;
    }
    emitContent(d, std::string(kToolOpen) + std::string(body) + std::string(kToolClose)); // malformed: the text as written
}

ReplyDelta ReplyParser::push(std::string_view text) {
    ReplyDelta d;
    pending_.append(text);
    for (;;) {
        if (mode_ == Mode::Content) {
            size_t at = pending_.find(kThinkOpen);
            std::string_view tag = kThinkOpen;
            if (tools_) {
                const size_t t = pending_.find(kToolOpen);
                if (t < at) at = t, tag = kToolOpen;
            }
            if (at != std::string::npos) {
                emitContent(d, std::string_view(pending_).substr(0, at));
                pending_.erase(0, at + tag.size());
                if (tag == kToolOpen) {
                    space_.clear();
                    mode_ = Mode::ToolCall;
                } else {
                    mode_ = Mode::Reasoning;
                }
                continue;
            }
            size_t hold = heldTail(pending_, kThinkOpen);
            if (tools_) hold = std::max(hold, heldTail(pending_, kToolOpen));
            emitContent(d, std::string_view(pending_).substr(0, pending_.size() - hold));
            pending_.erase(0, pending_.size() - hold);
            return d;
        }
        if (mode_ == Mode::Reasoning) {
            const size_t at = pending_.find(kThinkClose);
            if (at != std::string::npos) {
                d.reasoning += pending_.substr(0, at);
                pending_.erase(0, at + kThinkClose.size());
                mode_ = Mode::Content;
                stripLeading_ = true; // "</think>\n\n" before the answer
                continue;
            }
            const size_t hold = heldTail(pending_, kThinkClose);
            d.reasoning += pending_.substr(0, pending_.size() - hold);
            pending_.erase(0, pending_.size() - hold);
            return d;
        }
        // A tool call is given out whole, once its closing tag arrived.
        const size_t at = pending_.find(kToolClose);
        if (at == std::string::npos) return d;
        const std::string body = pending_.substr(0, at);
        pending_.erase(0, at + kToolClose.size());
        mode_ = Mode::Content;
        closeToolCall(d, body);
    }
}

ReplyDelta ReplyParser::finish() {
    ReplyDelta d;
    if (mode_ == Mode::Reasoning) {
        d.reasoning += pending_; // a think block the reply never closed
    } else {
        // Content held back as a possible tag, or a tool call never closed (kept as text).
        emitContent(d, mode_ == Mode::ToolCall ? std::string(kToolOpen) + pending_ : pending_);
        if (calls_ == 0) d.content += space_;
    }
    pending_.clear();
    space_.clear();
    mode_ = Mode::Content;
    return d;
}

} // namespace cmf::server
