// Where a job dialog's output lands (util/output_path.h): a bare or relative
// name beside the input file, never in the process's working directory; the
// model extension added when the name has none; absolute paths, "~" and
// names that already carry an extension kept as typed.
#include "util/output_path.h"

#include <QDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstOutputPath : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void resolves_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("extension");
        QTest::addColumn<QString>("expected");
        const QString in = u"/models/qwen"_s; // the input's folder
        const QString home = QDir::homePath();
        QTest::newRow("bare name") << u"code"_s << u".cmf"_s << in + u"/code.cmf"_s;
        QTest::newRow("spaces trimmed") << u"  code  "_s << u".cmf"_s << in + u"/code.cmf"_s;
        QTest::newRow("with .cmf") << u"code.cmf"_s << u".cmf"_s << in + u"/code.cmf"_s;
        QTest::newRow("upper-case extension kept") << u"code.CMF"_s << u".cmf"_s << in + u"/code.CMF"_s;
        QTest::newRow("other extension kept") << u"weights.bin"_s << u".cmf"_s << in + u"/weights.bin"_s;
        QTest::newRow("version dot is not an extension") << u"qwen2.5"_s << u".cmf"_s << in + u"/qwen2.5.cmf"_s;
        QTest::newRow("hidden file") << u".scratch"_s << u".cmf"_s << in + u"/.scratch.cmf"_s;
        QTest::newRow("relative subpath") << u"out/code"_s << u".cmf"_s << in + u"/out/code.cmf"_s;
        QTest::newRow("dot-dot") << u"../other/code"_s << u".cmf"_s << u"/models/other/code.cmf"_s;
        QTest::newRow("dot-slash") << u"./code"_s << u".cmf"_s << in + u"/code.cmf"_s;
        QTest::newRow("absolute") << u"/tmp/x/code"_s << u".cmf"_s << u"/tmp/x/code.cmf"_s;
        QTest::newRow("absolute with extension") << u"/tmp/x/code.cmf"_s << u".cmf"_s << u"/tmp/x/code.cmf"_s;
        QTest::newRow("absolute, unclean") << u"/tmp//x/./code.cmf"_s << u".cmf"_s << u"/tmp/x/code.cmf"_s;
        QTest::newRow("home") << u"~/specialists/code"_s << u".cmf"_s << home + u"/specialists/code.cmf"_s;
        QTest::newRow("home alone is a folder") << u"~"_s << u".cmf"_s << home + u'/';
        QTest::newRow("folder keeps its slash") << u"out/"_s << u".cmf"_s << in + u"/out/"_s;
        QTest::newRow("tilde inside a name is a name") << u"a~b"_s << u".cmf"_s << in + u"/a~b.cmf"_s;
        QTest::newRow("statistics get .json") << u"stats"_s << u".json"_s << in + u"/stats.json"_s;
        QTest::newRow("statistics with .json") << u"stats.json"_s << u".json"_s << in + u"/stats.json"_s;
        QTest::newRow("empty") << u"   "_s << u".cmf"_s << QString();
    }
    void resolves() {
        QFETCH(QString, typed);
        QFETCH(QString, extension);
        QFETCH(QString, expected);
        // The working directory is somewhere else entirely: it must not matter.
        QVERIFY(QDir::setCurrent(QDir::tempPath()));
        QCOMPARE(resolveOutputPath(typed, u"/models/qwen/model.cmf"_s, extension), expected);
    }

    void relativeInputIsMadeAbsolute() {
        // A relative input path is anchored where the reader would find it.
        QVERIFY(QDir::setCurrent(QDir::tempPath()));
        QCOMPARE(resolveOutputPath(u"code"_s, u"sub/model.cmf"_s, u".cmf"_s),
                 QDir::cleanPath(QDir::tempPath() + u"/sub/code.cmf"_s));
    }

    void extensions() {
        QVERIFY(hasExtension(u"a.cmf"_s));
        QVERIFY(hasExtension(u"a.skill.cmf"_s));
        QVERIFY(hasExtension(u"a.json"_s));
        QVERIFY(hasExtension(u"a.q4"_s));
        QVERIFY(!hasExtension(u"code"_s));
        QVERIFY(!hasExtension(u"qwen2.5"_s));
        QVERIFY(!hasExtension(u"a."_s));
        QVERIFY(!hasExtension(u".cmf"_s)); // a hidden file named "cmf"
        QVERIFY(!hasExtension(u"v1.2-mask"_s));
        QVERIFY(!hasExtension(u"a.verylongsuffix"_s));
    }
};

QTEST_MAIN(TstOutputPath)
#include "tst_output_path.moc"
