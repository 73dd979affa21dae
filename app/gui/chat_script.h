#pragma once
// Plays a scripted conversation in a chat window (--screenshot --view chat
// --chat-script S.json): greedy sampling, each user turn waited for.
#include <QString>

namespace cmfw {

class ChatView;

// Returns "" on success, else what went wrong (bad script, a reply that
// failed or did not finish within timeoutMs).
QString playChatScript(ChatView* chat, const QString& scriptPath, int timeoutMs);

} // namespace cmfw
