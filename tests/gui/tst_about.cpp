// Help ▸ About: the text (aboutText(), what the box shows) carries the
// version, the git revision, the build type and compiler and the CPU features
// the kernels use, the same lines as `cmf --version`; the heading follows the
// interface language, the build lines stay as they are for bug reports.
#include "about.h"
#include "build_info.h"
#include "translations.h"

#include "cmf/engine/cpu_features.h"

#include <QCoreApplication>
#include <QTest>
#include <QLabel>
#include <QMessageBox>
#include <QTextDocument>
#include <QTextOption>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// What the label shows, without the markup.
QString plain(const QString& html) {
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText();
}

} // namespace

class TstAbout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsTheBuild();
    void translatedHeadingSameBuildLines();
    void fitsTheBox();
};

void TstAbout::showsTheBuild() {
    const QString text = plain(aboutText());
    QVERIFY2(text.contains(u"CMF Workbench "_s + QString::fromLatin1(cmf::build::version())), qPrintable(text));
    QVERIFY2(text.contains(u"Qt "_s + QString::fromLatin1(qVersion())), qPrintable(text));
    QVERIFY2(text.contains(u"revision "_s + QString::fromLatin1(cmf::build::revision())), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(cmf::build::buildType())), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(cmf::build::compiler())), qPrintable(text));
    QVERIFY2(text.contains(u"cpu "_s + QString::fromStdString(cmf::engine::cpuSummary())), qPrintable(text));
    // Every line of `--version` after the first, in order.
    const auto lines = cmf::build::versionLines("cmf-workbench");
    QStringList build;
    for (size_t i = 1; i < lines.size(); ++i) build << QString::fromStdString(lines[i]);
    QVERIFY2(text.contains(build.join(u'\n')), qPrintable(text));
}

void TstAbout::translatedHeadingSameBuildLines() {
    const QString english = plain(aboutText());
    QCOMPARE(installTranslations(qApp, u"ru"_s), u"ru"_s);
    const QString russian = plain(aboutText());
    QVERIFY2(russian.contains(u"Открытие, просмотр, проверка и подпись"_s), qPrintable(russian));
    QVERIFY(!russian.contains(u"Open, inspect"_s));
    QVERIFY2(russian.contains(u"revision "_s + QString::fromLatin1(cmf::build::revision())), qPrintable(russian));
    QCOMPARE(russian.section(u"revision "_s, 1), english.section(u"revision "_s, 1));
}

// The box as Help ▸ About shows it: no line runs past the label's edge (the
// cpu line, features and kernels, is wider than the box).
void TstAbout::fitsTheBox() {
    QMessageBox box(QMessageBox::Information, u"About CMF Workbench"_s, aboutText());
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    auto* label = box.findChild<QLabel*>(u"qt_msgbox_label"_s);
    QVERIFY(label);
    QTextDocument doc;
    doc.setDefaultFont(label->font());
    doc.setDocumentMargin(0);
    QTextOption wrap; // as the label wraps: at word boundaries only
    wrap.setWrapMode(QTextOption::WordWrap);
    doc.setDefaultTextOption(wrap);
    doc.setHtml(label->text());
    doc.setTextWidth(label->contentsRect().width());
    QVERIFY2(doc.idealWidth() <= label->contentsRect().width() + 1,
             qPrintable(u"%1 wide, the label %2"_s.arg(doc.idealWidth()).arg(label->contentsRect().width())));
    QVERIFY(label->height() >= doc.size().height() - 1);
}

QTEST_MAIN(TstAbout)
#include "tst_about.moc"
