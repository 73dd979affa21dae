#pragma once
// One turn of a conversation as the chat window keeps it: the role, the
// text, and for a reply the figures it was produced with (time to first
// token, speeds, tokens, finish reason, task, skill and routing energies).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cmfw {

struct ChatMessage {
    std::string role; // "user" or "assistant"
    std::string text;
    nlohmann::json stats = nlohmann::json::object(); // replies: see ChatWorker; empty while streaming
    // Its place among the alternatives at this point of a branched
    // conversation (conversation_tree.h): shown as "< 2/3 >", not saved with
    // the message and not part of its equality.
    size_t alternative = 0;
    size_t alternatives = 1;

    bool operator==(const ChatMessage& o) const { return role == o.role && text == o.text && stats == o.stats; }
};

using ChatMessages = std::vector<ChatMessage>;

} // namespace cmfw
