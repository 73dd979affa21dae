#include "translations.h"

#include <QCoreApplication>
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

QString installTranslations(QCoreApplication* app, const QString& language) {
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto* ours = new QTranslator(app);
    // For the system locale QTranslator tries each of its UI languages in turn.
    if (!ours->load(locale, u"cmf-workbench"_s, u"_"_s, u":/i18n"_s)) {
        // English is the source language; its .qm only carries plural forms
        // ("1 tensor", "47 tensors"). The C locale prints 7099466 without
        // grouping, so numbers are read the English way too.
        if (ours->load(u":/i18n/cmf-workbench_en.qm"_s)) app->installTranslator(ours);
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
    const QString file = ours->filePath(); // ":/i18n/cmf-workbench_ru.qm"
    const QString code = file.section(u'_', 1).section(u'.', 0, 0);
    QLocale::setDefault(QLocale(code));
    return code;
}

} // namespace cmfw
