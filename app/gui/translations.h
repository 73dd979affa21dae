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
// Languages with a translation, plus "en".
QStringList availableLanguages();
// "Русский", "中文", "English" — each in its own language.
QString languageName(const QString& code);

} // namespace cmfw
