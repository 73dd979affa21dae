#pragma once
// What the workbench remembers between runs (QSettings): recent files,
// window layout, trusted signer keys, the signing key last used, the number
// of worker threads, the interface language, the theme and the font size.
#include "util/trusted_keys.h"

#include <QByteArray>
#include <QSettings>
#include <QStringList>

#include <memory>

namespace cmfw {

class AppSettings {
public:
    // The user's settings (organisation and application name of the QApplication).
    AppSettings();
    // Settings kept in one INI file (tests and --screenshot use a throwaway one).
    explicit AppSettings(const QString& iniPath);

    static constexpr int kMaxRecent = 10;
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

    QList<TrustedKey> trustedKeys() const;
    void setTrustedKeys(const QList<TrustedKey>& keys);

    QString keyPath() const;
    void setKeyPath(const QString& path);

    QString lastDirectory() const;
    void setLastDirectory(const QString& dir);

    // 0 = one per core.
    int threadCount() const;
    void setThreadCount(int n);

    // "" = the system locale; otherwise "en", "ru", "zh_CN".
    QString language() const;
    void setLanguage(const QString& lang);

    // "system", "light" or "dark" (util/theme.h); "system" when unset or unknown.
    QString theme() const;
    void setTheme(const QString& name);

    // The interface font's size in points; 0 = the system's.
    int fontSize() const;
    void setFontSize(int points);

    void sync();
    QSettings& raw() { return *s_; }

private:
    std::unique_ptr<QSettings> s_;
};

} // namespace cmfw
