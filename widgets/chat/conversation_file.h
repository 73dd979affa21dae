#pragma once
// A conversation on disk: JSON with the messages (and each reply's figures),
// the settings they ran under, and which model answered — its path and the
// envelope's directory hash (§8.1), so a reload can tell a different file
// from the same one moved. Also a Markdown export for reading and sharing.
//
// Version 2 adds, compatibly, the conversation's branches (conversation_tree.h)
// under "branches", and a title and the times for the history sidebar;
// "messages" is still the active path, so a version-1 reader reads what was
// shown, and a version-1 file loads as one branch.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"
#include "chat/conversation_tree.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace cmfw {

struct Conversation {
    QString modelPath;
    QString modelDirHash; // hex hash64 of the directory bytes; "" when the file records none
    ChatMessages messages;
    ChatSettings settings;
    ConversationTree tree; // every branch; empty: messages is the whole conversation
    QString title;         // "" = the first user message (conversationTitle)
    QDateTime created, updated; // invalid when the file records none
};

// The title the history shows: the given one, else the first line of the first user message.
QString conversationTitle(const Conversation& c);

// The directory hash of the model file, as hex; "" when unreadable or absent.
QString modelDirHash(const QString& path);

// Throws std::runtime_error (with the reason) when the file cannot be written or read.
void saveConversation(const Conversation& c, const QString& path);
Conversation loadConversation(const QString& path);
QString conversationMarkdown(const Conversation& c);
void exportMarkdown(const Conversation& c, const QString& path);

} // namespace cmfw
