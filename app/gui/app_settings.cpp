#include "app_settings.h"

#include "util/theme.h"

#include <algorithm>

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace cmfw {

AppSettings::AppSettings() : s_(std::make_unique<QSettings>()) {}

AppSettings::AppSettings(const QString& iniPath) : s_(std::make_unique<QSettings>(iniPath, QSettings::IniFormat)) {}

QStringList AppSettings::recentFiles() const { return s_->value(u"recentFiles"_s).toStringList(); }

void AppSettings::addRecentFile(const QString& path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = recentFiles();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent) list.removeLast();
    s_->setValue(u"recentFiles"_s, list);
}

void AppSettings::removeRecentFile(const QString& path) {
    QStringList list = recentFiles();
    list.removeAll(path);
    s_->setValue(u"recentFiles"_s, list);
}

QByteArray AppSettings::windowGeometry() const { return s_->value(u"window/geometry"_s).toByteArray(); }

QByteArray AppSettings::windowState() const { return s_->value(u"window/state"_s).toByteArray(); }

void AppSettings::setWindowLayout(const QByteArray& geometry, const QByteArray& state) {
    s_->setValue(u"window/geometry"_s, geometry);
    s_->setValue(u"window/state"_s, state);
}

QList<TrustedKey> AppSettings::trustedKeys() const {
    QList<TrustedKey> keys;
    const int n = s_->beginReadArray(u"trustedKeys"_s);
    for (int i = 0; i < n; ++i) {
        s_->setArrayIndex(i);
        keys << TrustedKey{s_->value(u"name"_s).toString(), s_->value(u"pubkey"_s).toString()};
    }
    s_->endArray();
    return keys;
}

void AppSettings::setTrustedKeys(const QList<TrustedKey>& keys) {
    s_->remove(u"trustedKeys"_s);
    s_->beginWriteArray(u"trustedKeys"_s, int(keys.size()));
    for (int i = 0; i < keys.size(); ++i) {
        s_->setArrayIndex(i);
        s_->setValue(u"name"_s, keys[i].name);
        s_->setValue(u"pubkey"_s, keys[i].pubkey);
    }
    s_->endArray();
}

QString AppSettings::keyPath() const { return s_->value(u"signing/keyPath"_s).toString(); }

void AppSettings::setKeyPath(const QString& path) { s_->setValue(u"signing/keyPath"_s, path); }

QString AppSettings::lastDirectory() const { return s_->value(u"lastDirectory"_s, QDir::homePath()).toString(); }

void AppSettings::setLastDirectory(const QString& dir) { s_->setValue(u"lastDirectory"_s, dir); }

int AppSettings::threadCount() const { return std::max(0, s_->value(u"threads"_s, 0).toInt()); }

void AppSettings::setThreadCount(int n) { s_->setValue(u"threads"_s, std::max(0, n)); }

QString AppSettings::language() const { return s_->value(u"language"_s).toString(); }

void AppSettings::setLanguage(const QString& lang) { s_->setValue(u"language"_s, lang); }

QString AppSettings::theme() const {
    const QString t = s_->value(u"theme"_s).toString();
    return themeFromName(t) ? t.toLower() : themeName(Theme::System);
}

void AppSettings::setTheme(const QString& name) { s_->setValue(u"theme"_s, name); }

int AppSettings::fontSize() const { return std::clamp(s_->value(u"fontSize"_s, 0).toInt(), 0, 48); }

void AppSettings::setFontSize(int points) { s_->setValue(u"fontSize"_s, points); }

void AppSettings::sync() { s_->sync(); }

} // namespace cmfw
