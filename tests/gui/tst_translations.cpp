// Translations: every string of the workbench has a finished Russian and
// Chinese translation (plural forms included), the .qm files are built and
// embedded, and loading one translates the interface.
#include "app_settings.h"
#include "main_window.h"

#include <QDockWidget>
#include "translations.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

struct TsStats {
    int messages = 0, unfinished = 0, empty = 0, numerus = 0, badNumerus = 0;
    QStringList problems;
};

// Reads a .ts file: counts messages and those without a finished translation.
TsStats readTs(const QString& path, int pluralForms) {
    TsStats s;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot open %s", qPrintable(path));
    QXmlStreamReader xml(&f);
    QString source;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == u"message") {
            ++s.messages;
            numerus = xml.attributes().value(u"numerus"_s) == u"yes";
            s.numerus += numerus ? 1 : 0;
        } else if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            const auto type = xml.attributes().value(u"type"_s).toString();
            if (type == u"obsolete" || type == u"vanished") continue;
            if (type == u"unfinished") {
                ++s.unfinished;
                s.problems << u"unfinished: "_s + source;
            }
            if (numerus) {
                int forms = 0;
                bool emptyForm = false;
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"numerusform") {
                        ++forms;
                        emptyForm = emptyForm || xml.readElementText().isEmpty();
                    } else {
                        xml.skipCurrentElement();
                    }
                }
                if (forms != pluralForms || emptyForm) {
                    ++s.badNumerus;
                    s.problems << u"plural forms: "_s + source;
                }
            } else if (xml.readElementText().isEmpty()) {
                ++s.empty;
                s.problems << u"empty: "_s + source;
            }
        }
    }
    if (xml.hasError()) qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return s;
}

} // namespace

class TstTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyStringIsTranslated_data();
    void everyStringIsTranslated();
    void englishPluralForms();
    void everyContextIsAClass();
    void qmFilesAreEmbedded();
    void loadingTranslatesTheWindow();
};

void TstTranslations::everyStringIsTranslated_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("forms");
    QTest::newRow("ru") << QStringLiteral(CMF_TRANSLATIONS_DIR "/cmf-workbench_ru.ts") << 3;
    QTest::newRow("zh_CN") << QStringLiteral(CMF_TRANSLATIONS_DIR "/cmf-workbench_zh_CN.ts") << 1;
}

void TstTranslations::everyStringIsTranslated() {
    QFETCH(QString, file);
    QFETCH(int, forms);
    const TsStats s = readTs(file, forms);
    QVERIFY2(s.messages > 300, qPrintable(QString::number(s.messages)));
    QVERIFY(s.numerus > 10);
    QVERIFY2(s.problems.isEmpty(), qPrintable(s.problems.mid(0, 20).join(u'\n')));
}

void TstTranslations::englishPluralForms() {
    // English needs only the plural forms ("1 tensor", "47 tensors").
    const TsStats s = readTs(QStringLiteral(CMF_TRANSLATIONS_DIR "/cmf-workbench_en.ts"), 2);
    QCOMPARE(s.badNumerus, 0);
    QVERIFY(s.numerus > 10);
}

void TstTranslations::everyContextIsAClass() {
    // A tr() outside a class with Q_OBJECT or Q_DECLARE_TR_FUNCTIONS is filed by
    // lupdate under its namespace ("cmfw"), while the running code asks its own
    // context: the translation exists and never shows.
    QFile f(QStringLiteral(CMF_TRANSLATIONS_DIR "/cmf-workbench_ru.ts"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QStringList contexts;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == u"name") contexts << xml.readElementText(); // only contexts have one
    }
    QVERIFY(contexts.size() > 20);
    QVERIFY2(!contexts.contains(u"cmfw"_s), "strings filed under the bare namespace cmfw");
}

void TstTranslations::qmFilesAreEmbedded() {
    for (const char* lang : {"ru", "zh_CN", "en"}) {
        QTranslator t;
        QVERIFY2(t.load(u":/i18n/cmf-workbench_"_s + QLatin1String(lang) + u".qm"_s), lang);
        QVERIFY(!t.isEmpty());
    }
    QTranslator ru;
    QVERIFY(ru.load(u":/i18n/cmf-workbench_ru.qm"_s));
    QCOMPARE(ru.translate("cmfw::MainWindow", "&File"), u"&Файл"_s);
    QCOMPARE(ru.translate("Explain", "Not a CMF file"), u"Это не файл CMF"_s);
    QTranslator zh;
    QVERIFY(zh.load(u":/i18n/cmf-workbench_zh_CN.qm"_s));
    QCOMPARE(zh.translate("cmfw::MainWindow", "&File"), u"文件(&F)"_s);
    QTranslator en;
    QVERIFY(en.load(u":/i18n/cmf-workbench_en.qm"_s));
    QCOMPARE(en.translate("cmfw::FilePage", "Tensors (%1)"), QString()); // only plurals in English
    QCOMPARE(availableLanguages(), (QStringList{u"en"_s, u"ru"_s, u"zh_CN"_s}));
}

void TstTranslations::loadingTranslatesTheWindow() {
    QCOMPARE(installTranslations(qApp, u"ru"_s), u"ru"_s);
    QTemporaryDir dir;
    AppSettings settings(dir.filePath(u"s.ini"_s));
    MainWindow w(&settings);
    QVERIFY(w.verifyDock()->windowTitle() != u"Verify / Sign"_s); // translated
    QCOMPARE(QCoreApplication::translate("cmfw::TensorDirectoryModel", "(%n tensor(s))", nullptr, 1), u"(1 тензор)"_s);
    QCOMPARE(QCoreApplication::translate("cmfw::TensorDirectoryModel", "(%n tensor(s))", nullptr, 3), u"(3 тензора)"_s);
    QCOMPARE(QCoreApplication::translate("cmfw::TensorDirectoryModel", "(%n tensor(s))", nullptr, 47), u"(47 тензоров)"_s);
}

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
