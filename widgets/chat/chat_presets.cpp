#include "chat/chat_presets.h"

#include "chat/conversation_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <stdexcept>

using namespace Qt::StringLiterals;

namespace cmfw {

ChatSettings withPreset(const ChatSettings& current, const ChatSettings& preset) {
    ChatSettings s = current;
    s.system = preset.system;
    s.sampling = preset.sampling;
    s.maxTokens = preset.maxTokens;
    return s;
}

QString presetsPath(const QString& modelPath, const QString& dirHash) {
    // The hash names the file wherever it is moved; a file without one is known by its absolute path.
    const QString key = !dirHash.isEmpty()
                            ? dirHash
                            : QString::fromLatin1(QCryptographicHash::hash(QFileInfo(modelPath).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1)
                                                      .toHex()
                                                      .left(16));
    return chatDataDirectory() + u"/presets/"_s + key + u".json"_s;
}

std::vector<ChatPreset> loadPresets(const QString& path) {
    QFile f(path);
    if (!f.exists()) return {};
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.toStdString() + ": " + f.errorString().toStdString());
    const auto j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (!j.is_object() || !j.contains("presets") || !j["presets"].is_array()) throw std::runtime_error(path.toStdString() + ": not a presets file");
    std::vector<ChatPreset> out;
    for (const auto& p : j["presets"]) {
        if (!p.is_object() || !p.contains("name") || !p["name"].is_string()) continue;
        out.push_back({QString::fromStdString(p["name"].get<std::string>()), ChatSettings::fromJson(p.value("settings", nlohmann::json::object()))});
    }
    return out;
}

void savePresets(const QString& path, const std::vector<ChatPreset>& presets) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : presets) {
        const nlohmann::json all = p.settings.toJson();
        list.push_back({{"name", p.name.toStdString()},
                        {"settings", {{"system", all["system"]}, {"sampling", all["sampling"]}, {"max_tokens", all["max_tokens"]}}}});
    }
    const nlohmann::json j{{"format", "cmf-workbench-chat-presets"}, {"version", 1}, {"presets", list}};
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    const QByteArray bytes = QByteArray::fromStdString(j.dump(2) + "\n");
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        throw std::runtime_error("cannot write " + path.toStdString() + ": " + f.errorString().toStdString());
}

} // namespace cmfw
