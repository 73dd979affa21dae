#include "measure/measure_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace cmfw {

namespace {

QString& folderOverride() {
    static QString f;
    return f;
}

nlohmann::json readJson(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    // A damaged file (a hand edit, a full disk) loses its results, not the view.
    return nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
}

} // namespace

QString MeasureStore::folder() {
    if (!folderOverride().isEmpty()) return folderOverride();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/measurements");
}

void MeasureStore::setFolder(const QString& folder) { folderOverride() = folder; }

MeasureStore::MeasureStore(const QString& modelPath, uint64_t dirHash)
    : path_(QFileInfo(modelPath).absoluteFilePath()), folder_(folder()), dirHash_(dirHash) {
    const QByteArray key = path_.toUtf8() + '\n' + QByteArray::number(qulonglong(dirHash), 16);
    file_ = folder_ + QLatin1Char('/') +
            QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(32)) + QStringLiteral(".json");
    const auto j = readJson(file_);
    if (j.is_object() && j.value("records", nlohmann::json()).is_array()) records_ = j["records"];
}

bool MeasureStore::add(const nlohmann::json& record) {
    records_.push_back(record);
    return save();
}

bool MeasureStore::remove(int index) {
    if (index < 0 || size_t(index) >= records_.size()) return false;
    records_.erase(records_.begin() + index);
    return save();
}

bool MeasureStore::clear() {
    records_ = nlohmann::json::array();
    return save();
}

bool MeasureStore::save() const {
    if (!QDir().mkpath(folder_)) return false;
    const nlohmann::json j{{"path", path_.toStdString()}, {"dir_hash", dirHash_}, {"records", records_}};
    QSaveFile f(file_);
    if (!f.open(QIODevice::WriteOnly)) return false;
    const std::string text = j.dump(1);
    f.write(text.data(), qint64(text.size()));
    return f.commit();
}

nlohmann::json MeasureStore::all() {
    nlohmann::json out = nlohmann::json::array();
    const QDir dir(folder());
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const auto j = readJson(dir.filePath(name));
        if (j.is_object() && j.value("records", nlohmann::json()).is_array() && j.value("path", nlohmann::json()).is_string())
            out.push_back({{"path", j["path"]}, {"records", j["records"]}});
    }
    return out;
}

} // namespace cmfw
