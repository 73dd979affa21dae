// `cmf --version`, `cmf-workbench --version` and the build information behind
// them: four lines (version, git revision, build, CPU features), the same in
// both programs, a revision that names a real commit when built from git, and
// write_revision.cmake's "unknown" outside a repository and its
// rewrite-only-on-change rule (what keeps a build from recompiling for an
// unchanged revision).
#include "build_info.h"

#include "cmf/engine/cpu_features.h"

#include <QDateTime>
#include <QFileInfo>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run run(const QString& program, const QStringList& args, const QString& dir = {}, bool noDisplay = false) {
    QProcess p;
    if (!dir.isEmpty()) p.setWorkingDirectory(dir);
    if (noDisplay) { // as on a server or in CI: no X, no Wayland, no platform chosen
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* k : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(QString::fromLatin1(k));
        p.setProcessEnvironment(env);
    }
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(60000)) return r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Runs write_revision.cmake for sourceDir into output.
Run writeRevision(const QString& sourceDir, const QString& output, const QString& override = {}) {
    return run(QStringLiteral(CMF_CMAKE), {u"-DSOURCE_DIR="_s + sourceDir, u"-DOUTPUT="_s + output, u"-DGIT_EXECUTABLE=git"_s,
                                           u"-DOVERRIDE="_s + override, u"-P"_s, QStringLiteral(CMF_WRITE_REVISION)});
}

} // namespace

class TstBuildInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cliVersionHasFourLines();
    void workbenchVersionAgrees();
    void revisionNamesACommit();
    void workbenchHelpNeedsNoDisplay();
    void cpuLineIsWhatTheKernelsUse();
    void revisionOutsideGitIsUnknown();
    void revisionFileIsRewrittenOnlyOnChange();
};

void TstBuildInfo::cliVersionHasFourLines() {
    const Run r = run(QStringLiteral(CMF_BIN), {u"--version"_s});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.trimmed().split(u'\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0], QStringLiteral("cmf " CMF_PROJECT_VERSION));
    QCOMPARE(lines[1], u"revision "_s + QString::fromLatin1(cmf::build::revision()));
    QVERIFY2(lines[2].startsWith(u"build "_s + QString::fromLatin1(cmf::build::buildType()) + u", "_s), qPrintable(lines[2]));
    QVERIFY2(lines[2].contains(QString::fromLatin1(cmf::build::compiler())), qPrintable(lines[2]));
    QVERIFY2(lines[3].startsWith(u"cpu "_s), qPrintable(lines[3]));
    QCOMPARE(cmf::build::version(), CMF_PROJECT_VERSION);
}

void TstBuildInfo::workbenchVersionAgrees() {
    // Without a display: --version must not need one.
    const Run gui = run(QStringLiteral(CMF_WORKBENCH_BIN), {u"--version"_s}, {}, true);
    QCOMPARE(gui.code, 0);
    const Run cli = run(QStringLiteral(CMF_BIN), {u"--version"_s});
    QStringList g = gui.out.trimmed().split(u'\n'), c = cli.out.trimmed().split(u'\n');
    QCOMPARE(g.size(), 4);
    QCOMPARE(g.takeFirst(), QStringLiteral("cmf-workbench " CMF_PROJECT_VERSION));
    c.takeFirst();
    QCOMPARE(g, c);
}

void TstBuildInfo::workbenchHelpNeedsNoDisplay() {
    const Run r = run(QStringLiteral(CMF_WORKBENCH_BIN), {u"--help"_s}, {}, true);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(u"--screenshot"_s));
    // The list of views names every page a file has and the windows.
    for (const char* v : {"overview", "envelope", "header", "tensors", "bits", "masks", "skills", "tasks", "routing", "quant", "tokenizer",
                          "signature", "shards", "compare", "chat", "serve"})
        QVERIFY2(r.out.contains(QString::fromLatin1(v)), v);
}

void TstBuildInfo::revisionNamesACommit() {
    const QString source = QStringLiteral(CMF_SOURCE_DIR);
    if (run(u"git"_s, {u"-C"_s, source, u"rev-parse"_s, u"--show-toplevel"_s}).code != 0)
        QSKIP("not built from a git checkout (or no git): the revision is rightly \"unknown\"");
    const QString rev = QString::fromLatin1(cmf::build::revision());
    QVERIFY2(rev != u"unknown", "built from a git checkout, yet the revision is unknown");
    // `git describe --always --dirty`: [TAG-N-g]HASH[-dirty].
    const auto m = QRegularExpression(u"^(?:.+-g)?([0-9a-f]{7,40})(-dirty)?$"_s).match(rev);
    QVERIFY2(m.hasMatch(), qPrintable(rev));
    // The hash is a commit of this repository (HEAD may have moved since the build).
    QCOMPARE(run(u"git"_s, {u"-C"_s, source, u"cat-file"_s, u"-e"_s, m.captured(1) + u"^{commit}"_s}).code, 0);
}

void TstBuildInfo::cpuLineIsWhatTheKernelsUse() {
    const std::string summary = cmf::engine::cpuSummary();
    QCOMPARE(QString::fromStdString(cmf::build::versionLines("x").at(3)), u"cpu "_s + QString::fromStdString(summary));
    const auto features = cmf::engine::cpuFeatures();
    const std::string kernels = cmf::engine::kernelImplementations();
    // The kernels pick AVX2 exactly when the CPU has AVX2, FMA and F16C (kernels/row_dot.cpp).
    const auto has = [&](const char* f) { return std::find(features.begin(), features.end(), f) != features.end(); };
    const bool avx2 = has("avx2") && has("fma") && has("f16c");
    QVERIFY2(kernels.rfind(avx2 ? "row-dot avx2, " : "row-dot scalar, ", 0) == 0, kernels.c_str());
    if (has("avx512vnni") && has("avx512bw") && has("avx512vl") && avx2)
        QVERIFY2(kernels.find("gemm-int8 avx512-vnni") != std::string::npos, kernels.c_str());
    if (features.empty()) QVERIFY(summary.rfind("none (kernels: ", 0) == 0);
}

void TstBuildInfo::revisionOutsideGitIsUnknown() {
    QTemporaryDir dir; // not inside any repository (under $TMPDIR)
    const QString out = dir.filePath(u"rev.h"_s);
    if (run(u"git"_s, {u"-C"_s, dir.path(), u"rev-parse"_s}).code == 0) QSKIP("the temporary directory is inside a git repository");
    QCOMPARE(writeRevision(dir.path(), out).code, 0);
    QVERIFY2(readAll(out).contains(u"#define CMF_BUILD_REVISION \"unknown\""_s), qPrintable(readAll(out)));
    // A directory inside a repository but not its top is not that repository's build.
    const QString source = QStringLiteral(CMF_SOURCE_DIR);
    if (run(u"git"_s, {u"-C"_s, source, u"rev-parse"_s}).code == 0) {
        QCOMPARE(writeRevision(source + u"/app/build_info"_s, out).code, 0);
        QVERIFY2(readAll(out).contains(u"\"unknown\""_s), qPrintable(readAll(out)));
    }
}

void TstBuildInfo::revisionFileIsRewrittenOnlyOnChange() {
    QTemporaryDir dir;
    const QString out = dir.filePath(u"rev.h"_s);
    QCOMPARE(writeRevision(dir.path(), out, u"v1.2-3-gabcdef0"_s).code, 0);
    QVERIFY(readAll(out).contains(u"\"v1.2-3-gabcdef0\""_s));
    // Backdate it: an unchanged revision must leave the file (and its time) alone.
    const QDateTime old = QDateTime::currentDateTime().addDays(-1);
    {
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
    }
    QCOMPARE(writeRevision(dir.path(), out, u"v1.2-3-gabcdef0"_s).code, 0);
    QCOMPARE(QFileInfo(out).lastModified().toSecsSinceEpoch(), old.toSecsSinceEpoch());
    // A new revision is written. Characters a C string cannot hold are dropped.
    QCOMPARE(writeRevision(dir.path(), out, u"abc1234\"-dirty"_s).code, 0);
    QVERIFY(QFileInfo(out).lastModified() > old);
    QVERIFY2(readAll(out).contains(u"#define CMF_BUILD_REVISION \"abc1234-dirty\""_s), qPrintable(readAll(out)));
}

QTEST_GUILESS_MAIN(TstBuildInfo)
#include "tst_build_info.moc"
