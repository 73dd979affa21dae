// `cmf-workbench --screenshot`: every view of the demo model renders into a
// 1280×800 PNG (through the library function and through the real binary),
// views that do not exist are refused with exit code 2.
#include "screenshot.h"
#include "test_support.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyViewOfTheDemoModel_data();
    void everyViewOfTheDemoModel();
    void refusesWhatDoesNotExist();
    void theBinaryWritesAPng();
    void sizes();

private:
    QTemporaryDir dir_;
};

void TstScreenshot::everyViewOfTheDemoModel_data() {
    QTest::addColumn<QString>("view");
    for (const char* v : {"overview", "envelope", "header", "tensors", "tensor:model.layers.1.mlp.gate_proj.weight", "verify", "masks", "bits",
                          "skills", "tokenizer", "signature"})
        QTest::newRow(v) << QString::fromLatin1(v);
}

void TstScreenshot::everyViewOfTheDemoModel() {
    QFETCH(QString, view);
    ScreenshotOptions o;
    o.output = dir_.filePath(QString(view).replace(u':', u'_') + u".png"_s);
    o.view = view;
    o.file = QStringLiteral(CMF_DEMO_MODEL);
    QCOMPARE(runScreenshot(o), 0);
    const QImage img(o.output);
    QCOMPARE(img.size(), QSize(1280, 800));
    // Not a blank picture: many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
}

void TstScreenshot::refusesWhatDoesNotExist() {
    ScreenshotOptions o;
    o.output = dir_.filePath(u"x.png"_s);
    o.file = QStringLiteral(CMF_DEMO_MODEL);
    o.view = u"no-such-view"_s;
    QCOMPARE(runScreenshot(o), 2);
    o.view = u"tensor:no.such.tensor"_s;
    QCOMPARE(runScreenshot(o), 2);
    o.view = u"shards"_s; // the demo model is a single file
    QCOMPARE(runScreenshot(o), 2);
    o.view = u"envelope"_s;
    o.file = dir_.filePath(u"missing.cmf"_s);
    QCOMPARE(runScreenshot(o), 2);
    QVERIFY(!QFileInfo::exists(o.output));
    // A file that is not CMF has an error view to show.
    o.file = QString::fromStdString(cmftest::dataPath("conformance/invalid/07-truncated_envelope.cmf"));
    o.view = u"error"_s;
    QCOMPARE(runScreenshot(o), 0);
}

void TstScreenshot::theBinaryWritesAPng() {
    QProcess p;
    const QString out = dir_.filePath(u"bin.png"_s);
    p.start(QStringLiteral(CMF_WORKBENCH_BIN), {u"--screenshot"_s, out, u"--view"_s, u"tensors"_s, u"--size"_s, u"1024x700"_s});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(QImage(out).size(), QSize(1024, 700)); // default FILE: the demo model
    QVERIFY(p.readAllStandardOutput().contains("tiny-chat.cmf"));
    p.start(QStringLiteral(CMF_WORKBENCH_BIN), {u"--screenshot"_s, out, u"--size"_s, u"huge"_s});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
}

void TstScreenshot::sizes() {
    QCOMPARE(parseSize(u"1280x800"_s), QSize(1280, 800));
    QCOMPARE(parseSize(u"1920X1080"_s), QSize(1920, 1080));
    QVERIFY(!parseSize(u"1280"_s).isValid());
    QVERIFY(!parseSize(u"10x10"_s).isValid());
    QVERIFY(!parseSize(u"axb"_s).isValid());
}

QTEST_MAIN(TstScreenshot)
#include "tst_screenshot.moc"
