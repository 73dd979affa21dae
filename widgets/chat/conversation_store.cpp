#include "chat/conversation_store.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QString& overrideDir() {
    static QString dir;
    return dir;
}

} // namespace

QString chatDataDirectory() {
    if (!overrideDir().isEmpty()) return overrideDir();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

void setChatDataDirectory(const QString& dir) { overrideDir() = dir; }

QString conversationsDirectory() { return chatDataDirectory() + u"/conversations"_s; }

QString newConversationPath() {
    const QString stamp = QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-HHmmss-zzz"_s);
    return conversationsDirectory() + u"/"_s + stamp + u"-"_s + QString::number(QRandomGenerator::global()->generate() % 0xFFFFFF, 16) + u".json"_s;
}

bool sameModel(const Conversation& c, const QString& modelPath, const QString& dirHash) {
    // The directory hash names the file's content wherever it lies; the path is for files without one.
    if (!dirHash.isEmpty() && !c.modelDirHash.isEmpty()) return dirHash == c.modelDirHash;
    return QFileInfo(c.modelPath).absoluteFilePath() == QFileInfo(modelPath).absoluteFilePath();
}

std::vector<StoredConversation> listConversations(const QString& dir, const QString& modelPath, const QString& dirHash) {
    std::vector<StoredConversation> out;
    const QFileInfoList files = QDir(dir).entryInfoList({u"*.json"_s}, QDir::Files);
    for (const QFileInfo& fi : files) {
        Conversation c;
        try {
            c = loadConversation(fi.absoluteFilePath());
        } catch (const std::exception&) {
            continue; // not ours, or broken: the history shows what it can read
        }
        if (!sameModel(c, modelPath, dirHash)) continue;
        StoredConversation s;
        s.path = fi.absoluteFilePath();
        s.title = conversationTitle(c);
        s.updated = c.updated.isValid() ? c.updated : fi.lastModified();
        s.messages = c.messages.size();
        QString text = s.title;
        for (size_t n = 0; n < c.tree.nodeCount(); ++n) text += u'\n' + QString::fromStdString(c.tree.nodeMessage(n).text);
        s.searchText = text.toCaseFolded();
        out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(), [](const StoredConversation& a, const StoredConversation& b) {
        return a.updated != b.updated ? a.updated > b.updated : a.path > b.path;
    });
    return out;
}

bool matchesSearch(const StoredConversation& c, const QString& query) {
    for (const QString& word : query.toCaseFolded().split(u' ', Qt::SkipEmptyParts))
        if (!c.searchText.contains(word)) return false;
    return true;
}

void renameConversation(const QString& path, const QString& title) {
    Conversation c = loadConversation(path);
    c.title = title.trimmed();
    saveConversation(c, path);
}

} // namespace cmfw
