#pragma once
// The conversation as the chat window shows it: Markdown (QTextDocument
// renders code blocks, lists and emphasis), each reply followed by its
// stats line and, when routed, the skill chosen and the energies.
#include "chat/chat_message.h"

#include <QString>

namespace cmfw {

// "first token 12 ms · prefill 4,200 tok/s · decode 1,800 tok/s · 48 tokens · finish: length"
QString replyStatsLine(const nlohmann::json& stats);
// "skill code" / "auto → code (E: backbone 0.41, code 0.22)" / "" for the backbone without a task.
QString replyRouteLine(const nlohmann::json& stats);
QString transcriptMarkdown(const ChatMessages& messages, bool streaming);

} // namespace cmfw
