#pragma once
// A conversation on disk: JSON with the messages (and each reply's figures),
// the settings they ran under, and which model answered — its path and the
// envelope's directory hash (§8.1), so a reload can tell a different file
// from the same one moved. Also a Markdown export for reading and sharing.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"

#include <QString>

#include <optional>

namespace cmfw {

struct Conversation {
    QString modelPath;
    QString modelDirHash; // hex hash64 of the directory bytes; "" when the file records none
    ChatMessages messages;
    ChatSettings settings;
};

// The directory hash of the model file, as hex; "" when unreadable or absent.
QString modelDirHash(const QString& path);

// Throws std::runtime_error (with the reason) when the file cannot be written or read.
void saveConversation(const Conversation& c, const QString& path);
Conversation loadConversation(const QString& path);
QString conversationMarkdown(const Conversation& c);
void exportMarkdown(const Conversation& c, const QString& path);

} // namespace cmfw
