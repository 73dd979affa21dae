#pragma once
// The chat window's own folder of conversations: every conversation is kept
// as it goes, one JSON file each (conversation_file.h's format) under
// chatDataDirectory()/conversations, and the history sidebar lists those of
// the model open — matched by the envelope's directory hash, or by path
// when a file records none — newest first.
//
// Plain functions that read and write files: the sidebar runs them off the
// GUI thread, one at a time and in order (history_sidebar.h).
#include "chat/conversation_file.h"

#include <QDateTime>
#include <QString>

#include <vector>

namespace cmfw {

// Where the chat window keeps its data: QStandardPaths::AppDataLocation,
// or the folder given to setChatDataDirectory (tests and screenshots, which
// must not touch the user's own).
QString chatDataDirectory();
void setChatDataDirectory(const QString& dir); // "" = back to AppDataLocation
QString conversationsDirectory(); // chatDataDirectory() + "/conversations"

// One conversation of the history, as the sidebar shows and searches it.
struct StoredConversation {
    QString path;
    QString title;      // conversationTitle
    QDateTime updated;  // the file's, else its modification time
    size_t messages = 0; // on the active path
    QString searchText; // title and every message on every branch, case-folded
};

// A fresh file name in conversationsDirectory(), unique to the millisecond and a random suffix.
QString newConversationPath();
// Whether a saved conversation was held with this model.
bool sameModel(const Conversation& c, const QString& modelPath, const QString& dirHash);
// The conversations of this model in dir, newest first; files that do not parse are skipped.
std::vector<StoredConversation> listConversations(const QString& dir, const QString& modelPath, const QString& dirHash);
// Whether an entry matches a search: every word of the query in its title or messages, ignoring case.
bool matchesSearch(const StoredConversation& c, const QString& query);
// Sets the title of a saved conversation ("" = the first user message again). Throws std::runtime_error.
void renameConversation(const QString& path, const QString& title);

} // namespace cmfw
