// Where the workbench finds its data: an executable in <prefix>/bin of an
// installed tree uses <prefix>/share/cmf-workbench (its demo model, its
// translations) and nothing of the build tree; one without that directory
// (the build tree, the tests) uses the build's demo model and the embedded
// translations. Checked on fake prefixes, without installing.
#include "demo_model.h"
#include "install_paths.h"
#include "translations.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstInstallPaths : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void buildTreeUsesTheBuildsFiles();
    void installedTreeUsesItsOwnFiles();
    void installedTreeWithoutDemoHasNone();
};

void TstInstallPaths::buildTreeUsesTheBuildsFiles() {
    // This test runs from the build tree: no ../share/cmf-workbench beside it.
    QCOMPARE(installedDataDir(), QString());
    QCOMPARE(demoModelPath(), QStringLiteral(CMF_DEMO_MODEL));
    QCOMPARE(translationDirectories(), QStringList{u":/i18n"_s});
    QTemporaryDir prefix;
    QVERIFY(QDir(prefix.path()).mkpath(u"bin"_s));
    QCOMPARE(installedDataDir(prefix.filePath(u"bin"_s)), QString());
}

void TstInstallPaths::installedTreeUsesItsOwnFiles() {
    QTemporaryDir prefix;
    const QDir root(prefix.path());
    QVERIFY(root.mkpath(u"bin"_s) && root.mkpath(u"share/cmf-workbench/demo"_s) && root.mkpath(u"share/cmf-workbench/translations"_s));
    QFile demo(root.filePath(u"share/cmf-workbench/demo/tiny-chat.cmf"_s));
    QVERIFY(demo.open(QIODevice::WriteOnly));
    demo.write("CMF\x01", 4);
    demo.close();
    const QString bin = root.filePath(u"bin"_s);
    const QString data = QFileInfo(root.filePath(u"share/cmf-workbench"_s)).canonicalFilePath();
    QCOMPARE(installedDataDir(bin), data);
    QCOMPARE(demoModelPath(bin), data + u"/demo/tiny-chat.cmf"_s);
    // Installed translations first, the embedded ones after.
    QCOMPARE(translationDirectories(bin), (QStringList{data + u"/translations"_s, u":/i18n"_s}));
}

void TstInstallPaths::installedTreeWithoutDemoHasNone() {
    // An installed workbench never reaches back into the build tree for a
    // demo model, although this build's (CMF_DEMO_MODEL) exists.
    QVERIFY(QFileInfo::exists(QStringLiteral(CMF_DEMO_MODEL)));
    QTemporaryDir prefix;
    const QDir root(prefix.path());
    QVERIFY(root.mkpath(u"bin"_s) && root.mkpath(u"share/cmf-workbench"_s));
    QCOMPARE(demoModelPath(root.filePath(u"bin"_s)), QString());
    // No translations directory installed: only the embedded ones.
    QCOMPARE(translationDirectories(root.filePath(u"bin"_s)), QStringList{u":/i18n"_s});
}

QTEST_MAIN(TstInstallPaths)
#include "tst_install_paths.moc"
