#pragma once
// Loads the interface translation (Russian, Chinese; English is the source
// language) and Qt's own strings for standard dialogs.
#include <QString>
#include <QStringList>

class QCoreApplication;

namespace cmfw {

// language: "" = the system locale, "en", "ru", "zh_CN". Returns the language
// actually in use ("en" when no translation matched).
QString installTranslations(QCoreApplication* app, const QString& language);
// Where the workbench's .qm files are looked for, in order: an installed
// workbench's <prefix>/share/cmf-workbench/translations (when present, so a
// package's translations can be updated without a rebuild), then the copies
// embedded at build time (":/i18n").
QStringList translationDirectories(const QString& appDir);
QStringList translationDirectories();
// Languages with a translation, plus "en".
QStringList availableLanguages();
// "Русский", "中文", "English" — each in its own language.
QString languageName(const QString& code);

} // namespace cmfw
