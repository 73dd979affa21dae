#include "translations.h"

#include "install_paths.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace cmfw {

QStringList availableLanguages() { return {u"en"_s, u"ru"_s, u"zh_CN"_s}; }

QString languageName(const QString& code) {
    if (code == u"ru") return u"Русский"_s;
    if (code == u"zh_CN") return u"中文（简体）"_s;
    return u"English"_s;
}

QStringList translationDirectories(const QString& appDir) {
    QStringList dirs;
    const QString data = installedDataDir(appDir);
    if (!data.isEmpty() && QFileInfo(data + u"/translations"_s).isDir()) dirs << data + u"/translations"_s;
    dirs << u":/i18n"_s;
    return dirs;
}

QStringList translationDirectories() { return translationDirectories(QCoreApplication::applicationDirPath()); }

QString installTranslations(QCoreApplication* app, const QString& language) {
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    const QStringList dirs = translationDirectories();
    auto* ours = new QTranslator(app);
    // For the system locale QTranslator tries each of its UI languages in turn.
    bool found = false;
    for (const QString& dir : dirs)
        if ((found = ours->load(locale, u"cmf-workbench"_s, u"_"_s, dir))) break;
    if (!found) {
        // English is the source language; its .qm only carries plural forms
        // ("1 tensor", "47 tensors"). The C locale prints 7099466 without
        // grouping, so numbers are read the English way too.
        for (const QString& dir : dirs)
            if ((found = ours->load(dir + u"/cmf-workbench_en.qm"_s))) break;
        if (found) app->installTranslator(ours);
        else delete ours;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return u"en"_s;
    }
    app->installTranslator(ours);
    auto* qt = new QTranslator(app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app->installTranslator(qt);
    else
        delete qt;
    // ".../cmf-workbench_zh_CN.qm" -> "zh_CN" (the directory may hold '_' too).
    const QString code = QFileInfo(ours->filePath()).completeBaseName().mid(QStringLiteral("cmf-workbench_").size());
    QLocale::setDefault(QLocale(code));
    return code;
}

} // namespace cmfw
