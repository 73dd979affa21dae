#include "chat/conversation_file.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/hash64.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <stdexcept>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

constexpr const char* kFormat = "cmf-workbench-chat";

void writeFile(const QString& path, const QByteArray& bytes) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        throw std::runtime_error("cannot write " + path.toStdString() + ": " + f.errorString().toStdString());
}

} // namespace

QString modelDirHash(const QString& path) {
    try {
        const auto f = cmf::CmfFile::open(path.toStdString());
        const uint64_t h = f->envelope().dirHash;
        return h ? QString::fromStdString(cmf::hex64(h)) : QString();
    } catch (const std::exception&) {
        return {};
    }
}

void saveConversation(const Conversation& c, const QString& path) {
    nlohmann::json msgs = nlohmann::json::array();
    const ChatMessages shown = c.tree.empty() ? c.messages : c.tree.activePath();
    for (const auto& m : shown) {
        nlohmann::json j{{"role", m.role}, {"content", m.text}};
        if (!m.stats.empty()) j["stats"] = m.stats;
        msgs.push_back(std::move(j));
    }
    nlohmann::json j{{"format", kFormat},
                     {"version", 2},
                     {"model", {{"path", c.modelPath.toStdString()}, {"dir_hash", c.modelDirHash.toStdString()}}},
                     {"settings", c.settings.toJson()},
                     {"messages", msgs}};
    if (!c.tree.empty() && c.tree.hasBranches()) j["branches"] = c.tree.toJson();
    if (!c.title.isEmpty()) j["title"] = c.title.toStdString();
    if (c.created.isValid()) j["created"] = c.created.toUTC().toString(Qt::ISODateWithMs).toStdString();
    if (c.updated.isValid()) j["updated"] = c.updated.toUTC().toString(Qt::ISODateWithMs).toStdString();
    writeFile(path, QByteArray::fromStdString(j.dump(2) + "\n"));
}

Conversation loadConversation(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.toStdString() + ": " + f.errorString().toStdString());
    const auto j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (!j.is_object() || j.value("format", "") != kFormat || !j.contains("messages") || !j["messages"].is_array())
        throw std::runtime_error(path.toStdString() + ": not a saved workbench conversation");
    Conversation c;
    if (j.contains("model") && j["model"].is_object()) {
        c.modelPath = QString::fromStdString(j["model"].value("path", ""));
        c.modelDirHash = QString::fromStdString(j["model"].value("dir_hash", ""));
    }
    c.settings = ChatSettings::fromJson(j.value("settings", nlohmann::json::object()));
    for (const auto& m : j["messages"]) {
        if (!m.is_object() || !m.contains("role") || !m.contains("content") || !m["content"].is_string())
            throw std::runtime_error(path.toStdString() + ": a message without role or content");
        c.messages.push_back({m["role"].get<std::string>(), m["content"].get<std::string>(), m.value("stats", nlohmann::json::object())});
    }
    try {
        c.tree = j.contains("branches") ? ConversationTree::fromJson(j["branches"]) : ConversationTree(c.messages);
    } catch (const std::exception& e) {
        throw std::runtime_error(path.toStdString() + ": " + e.what());
    }
    c.messages = c.tree.activePath();
    c.title = QString::fromStdString(j.value("title", std::string()));
    c.created = QDateTime::fromString(QString::fromStdString(j.value("created", std::string())), Qt::ISODateWithMs);
    c.updated = QDateTime::fromString(QString::fromStdString(j.value("updated", std::string())), Qt::ISODateWithMs);
    return c;
}

QString conversationTitle(const Conversation& c) {
    if (!c.title.isEmpty()) return c.title;
    for (const auto& m : c.messages)
        if (m.role == "user") {
            const QString first = QString::fromStdString(m.text).trimmed().section(u'\n', 0, 0).trimmed();
            return first.size() > 80 ? first.left(79) + QChar(0x2026) : first;
        }
    return {};
}

QString conversationMarkdown(const Conversation& c) {
    QString md = u"# Chat with %1\n\n"_s.arg(QFileInfo(c.modelPath).fileName());
    if (!c.settings.system.empty()) md += u"*System:* "_s + QString::fromStdString(c.settings.system) + u"\n\n"_s;
    for (const auto& m : c.messages) {
        md += m.role == "user" ? u"## You\n\n"_s : u"## Assistant\n\n"_s;
        // Replies are shown as written: a fenced block keeps code and odd characters intact.
        if (m.role == "user") md += QString::fromStdString(m.text) + u"\n\n"_s;
        else md += u"```\n"_s + QString::fromStdString(m.text) + u"\n```\n\n"_s;
        if (m.stats.contains("finish")) md += u"*finish: "_s + QString::fromStdString(m.stats["finish"].get<std::string>()) + u"*\n\n"_s;
    }
    return md;
}

void exportMarkdown(const Conversation& c, const QString& path) { writeFile(path, conversationMarkdown(c).toUtf8()); }

} // namespace cmfw
