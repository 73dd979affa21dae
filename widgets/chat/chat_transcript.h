#pragma once
// The conversation as the chat window shows it: Markdown (QTextDocument
// renders code blocks, lists and emphasis), each reply followed by its
// stats line and, when routed, the skill chosen and the energies. One
// message at a time, so the transcript view can render only what changed.
#include "chat/chat_message.h"

#include <QString>

#include <vector>

namespace cmfw {

// Longer messages are shown in part, with a link to the whole text: a
// 1 MB paste laid out at once would hold the GUI for seconds. The user's
// own text is cut sooner than a reply, which is read in full (32,000
// characters still lay out in some tens of milliseconds).
constexpr qsizetype kShownUserChars = 8000;
constexpr qsizetype kShownReplyChars = 32000;
constexpr qsizetype shownChars(const std::string& role) { return role == "user" ? kShownUserChars : kShownReplyChars; }

// "first token 12 ms · prefill 4,200 tok/s · decode 1,800 tok/s · 48 tokens · finish: length"
QString replyStatsLine(const nlohmann::json& stats);
// "skill code" / "auto → code (E: backbone 0.41, code 0.22)" / "" for the backbone without a task.
QString replyRouteLine(const nlohmann::json& stats);
// Whether an unfenced text reads as code (most of its lines indented, ending
// as statements and blocks do, or starting with a common keyword): such a
// message is shown as a code block, in a fixed-width font.
bool looksLikeCode(const QString& text);
// A code block of a reply: its fence's info string ("cpp"; "" when none)
// and its text exactly, the lines between the fences joined by '\n'.
struct CodeBlock {
    QString language;
    QString code;
};
// The code blocks the transcript shows for a reply, in order, each with a
// Copy link (anchor "cmf-copy:<index>/<k>"): its fenced blocks (one left
// open while streaming runs to the end), or the whole text when it is
// unfenced and reads as code.
std::vector<CodeBlock> replyCodeBlocks(const QString& text);
// One turn, with its actions (links "cmf-edit:<index>", "cmf-delete:<index>",
// "cmf-regen:<index>") and, when it has alternatives, the "‹ 2/3 ›" switcher
// ("cmf-branch:<index>/<k>"). index: its place in the conversation, for the "show all" link
// of a message longer than shownChars (anchor "cmf-message:<index>").
// live: the reply being streamed.
QString messageMarkdown(const ChatMessage& message, size_t index, bool live);

} // namespace cmfw
