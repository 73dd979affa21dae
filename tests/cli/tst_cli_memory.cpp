// The memory check of `cmf run|chat|ppl|bench` on the demo model, with the
// machine's budget replaced by CMF_MEMORY_LIMIT: a budget below the
// estimate is refused before any generation with a message naming the
// estimate and the budget; the estimate `cmf info --json` reports is the
// exact boundary (one byte less refuses, the estimate itself runs);
// --ignore-memory-check and CMF_MEMORY_LIMIT=off run anyway.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>

using nlohmann::json;

namespace {

struct Run {
    int code = -1;
    std::string out, err;
};

// `cmf args` with CMF_MEMORY_LIMIT=limit ("" = unset).
Run cmf(const QStringList& args, const QString& limit, const QByteArray& input = {}) {
    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CMF_MEMORY_LIMIT"));
    if (!limit.isEmpty()) env.insert(QStringLiteral("CMF_MEMORY_LIMIT"), limit);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CMF_BIN), args);
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

const QString kModel = QStringLiteral(CMF_DEMO_MODEL);
constexpr int kPromptIds = 3, kN = 4; // `run --prompt-ids 1,2,3 --n 4` fills 7 positions

QStringList runArgs() { return {"run", kModel, "--prompt-ids", "1,2,3", "--n", QString::number(kN), "--json"}; }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestCliMemory : public QObject {
    Q_OBJECT
    json estimate_; // `cmf info --json --ctx 7`'s "memory"
    QTemporaryDir dir_;
    QString text_; // a short text for ppl
private Q_SLOTS:
    void initTestCase() {
        text_ = dir_.filePath("t.txt");
        QFile f(text_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("The anchor holds the ship. ").repeated(20));
        f.close();
        const Run r = cmf({"info", kModel, "--json", "--ctx", QString::number(kPromptIds + kN)}, {});
        QVERIFY2(r.code == 0, r.err.c_str());
        estimate_ = json::parse(r.out)["memory"];
        QVERIFY(estimate_["total"].get<uint64_t>() > 1024 * 1024); // the 1 MiB budget below is really too small
    }

    void smallLimitRefusesRunWithTheNumbers() {
        const Run r = cmf(runArgs(), "1M");
        QVERIFY2(r.code != 0, r.out.c_str());
        QVERIFY2(r.out.empty(), r.out.c_str()); // refused before generating anything
        QVERIFY2(has(r.err, "needs ~") && has(r.err, "(weights ") && has(r.err, " + KV cache ") && has(r.err, " at ctx 7)"), r.err.c_str());
        QVERIFY2(has(r.err, "but only 1.0 MiB is available (CMF_MEMORY_LIMIT)"), r.err.c_str());
        QVERIFY2(has(r.err, "--ctx") && has(r.err, "--ignore-memory-check"), r.err.c_str());
        QVERIFY2(has(r.err, ": Bounds: "), r.err.c_str()); // the error kind printError names
    }

    void largeLimitRuns() {
        const Run r = cmf(runArgs(), "64G");
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(json::parse(r.out)["gen_ids"].size(), size_t(kN));
    }

    void theEstimateIsTheBoundary() {
        // An explicit limit has no tolerance: the estimate fits, one byte less does not.
        const uint64_t total = estimate_["total"].get<uint64_t>();
        const Run fits = cmf(runArgs(), QString::number(total));
        QVERIFY2(fits.code == 0, fits.err.c_str());
        const Run tight = cmf(runArgs(), QString::number(total - 1));
        QVERIFY2(tight.code != 0 && has(tight.err, "needs ~"), tight.err.c_str());
    }

    void overrides() {
        Run r = cmf(runArgs() << "--ignore-memory-check", "1M");
        QVERIFY2(r.code == 0, r.err.c_str());
        r = cmf(runArgs(), "off");
        QVERIFY2(r.code == 0, r.err.c_str());
        // A limit that is not a size is an error, not silently no limit.
        r = cmf(runArgs(), "lots");
        QVERIFY(r.code != 0);
        QVERIFY2(has(r.err, "CMF_MEMORY_LIMIT"), r.err.c_str());
    }

    void everyRunningVerbChecks_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("chat") << QStringList{"chat", kModel, "--ctx", "512"};
        QTest::newRow("ppl") << QStringList{"ppl", kModel, "--file", text_, "--ctx", "64", "--stride", "32"};
        QTest::newRow("bench") << QStringList{"bench", kModel, "--pp", "8", "--tg", "4", "--reps", "1"};
    }
    void everyRunningVerbChecks() {
        QFETCH(QStringList, args);
        // chat reads stdin: "/quit" would end it at once if the check let it start.
        const Run r = cmf(args, "1M", "/quit\n");
        QVERIFY2(r.code != 0, r.out.c_str());
        QVERIFY2(has(r.err, "needs ~") && has(r.err, "but only 1.0 MiB is available"), r.err.c_str());
        const Run ok = cmf(QStringList(args) << "--ignore-memory-check", "1M", "/quit\n");
        QVERIFY2(ok.code == 0, ok.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliMemory)
#include "tst_cli_memory.moc"
