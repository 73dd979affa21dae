#pragma once
// Splits a reply's text, as it streams, into what the OpenAI wire carries
// apart: the content, a reasoning block (<think>…</think> → reasoning_content)
// and tool calls in Qwen/Hermes markup (<tool_call>{"name", "arguments"}</tool_call>
// → tool_calls). A tag split across deltas is held back until it is known;
// a tool call whose JSON does not parse (or lacks a name) stays content,
// markup and all. Text without any of the tags comes out unchanged.
#include <string>
#include <string_view>
#include <vector>

namespace cmf::server {

struct ToolCall {
    std::string name;
    std::string arguments; // JSON text of the arguments object
};

struct ReplyDelta {
    std::string content, reasoning;
    std::vector<ToolCall> toolCalls; // complete calls only
    bool empty() const { return content.empty() && reasoning.empty() && toolCalls.empty(); }
};

class ReplyParser {
public:
    // inReasoning: the prompt already opened the think block (templates
    // whose generation prompt ends with "<think>"). tools: parse tool-call
    // markup (only when the request offered tools).
    ReplyParser(bool inReasoning, bool tools) : mode_(inReasoning ? Mode::Reasoning : Mode::Content), tools_(tools) {}

    ReplyDelta push(std::string_view text);
    ReplyDelta finish(); // end of the reply: whatever is held back
    size_t toolCallCount() const { return calls_; }

private:
    enum class Mode { Content, Reasoning, ToolCall };
    Mode mode_;
    bool tools_;
    bool stripLeading_ = false;   // after </think>: the answer starts at its first non-space
    std::string pending_;         // text not yet given out (a possible tag start, a tool call's body)
    std::string space_;           // trailing whitespace of the content, dropped when a tool call follows
    size_t calls_ = 0;

    void emitContent(ReplyDelta& d, std::string_view text);
    void closeToolCall(ReplyDelta& d, std::string_view body);
};

} // namespace cmf::server
