// The Measure view (issue 25), offscreen, on the bundled demo: its
// perplexity job gives the same doubles `cmf ppl --json` prints (with and
// without --kl-reference, per window too); its speed job has the CLI's
// structure and token counts and speed of the same order; KL of the file
// against itself is 0 with top-1 agreement 1; Cancel ends a long test within
// a second; results survive re-creating the view; the compare table's ratios
// are the records' own figures divided; the file page knows it as "measure".
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "document/cmf_document.h"
#include "measure/measure_store.h"
#include "test_support.h"
#include "views/file_page.h"
#include "views/measure_view.h"

#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QLabel>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace cmfw;
using namespace Qt::StringLiterals;
using nlohmann::json;

namespace {

json runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), args);
    if (!p.waitForFinished(300000) || p.exitCode() != 0) {
        qWarning("%s", p.readAllStandardError().constData());
        return {};
    }
    return json::parse(p.readAllStandardOutput().toStdString());
}

// Waits for the job to end; its final state.
Job::State finish(Job* job, int ms = 300000) {
    if (job->isRunning()) {
        QSignalSpy done(job, &Job::finished);
        done.wait(ms);
    }
    return job->state();
}

QString heldoutFile() { return QString::fromStdString(cmftest::dataPath("models/heldout_prose.txt")); }

// The held-out prose's first 3000 bytes (~900 tokens), written beside the test's files: a few
// windows, quick on a machine that builds at the same time.
QString heldout() {
    static const QString path = [] {
        const QString p = QString::fromStdString(cmftest::tempDir()) + u"/measure_heldout_head.txt"_s;
        QFile in(heldoutFile()), out(p);
        if (in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly)) out.write(in.read(3000));
        return p;
    }();
    return path;
}

} // namespace

class TstMeasureView : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString model_ = QStringLiteral(CMF_DEMO_MODEL), q4_;
    std::unique_ptr<JobRunner> jobs_;

    std::unique_ptr<MeasureView> makeView(const QString& path) {
        Services s;
        s.jobs = jobs_.get();
        return std::make_unique<MeasureView>(CmfDocument::open(path), s);
    }

    // The record's figures equal the CLI's JSON exactly (the doubles as printed and read back).
    static void sameFigures(const json& job, const json& cli, std::initializer_list<const char*> keys) {
        for (const char* k : keys) {
            QVERIFY2(cli.contains(k), k);
            QVERIFY2(job[k] == cli[k], (std::string(k) + ": " + job[k].dump() + " vs " + cli[k].dump()).c_str());
        }
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        MeasureStore::setFolder(dir_.path() + u"/store"_s);
        jobs_ = std::make_unique<JobRunner>();
        // A differently quantized copy of the demo: q4 blocks throughout.
        q4_ = dir_.path() + u"/demo-q4.cmf"_s;
        QProcess p;
        p.start(QStringLiteral(CMF_BIN), {u"convert"_s, u"--model"_s,
                                          QString::fromStdString(cmftest::dataPath("../../resources/demo-model")), u"--quant"_s,
                                          u"q4"_s, u"--output"_s, q4_});
        QVERIFY(p.waitForFinished(300000) && p.exitCode() == 0);
    }
    void cleanupTestCase() {
        jobs_->cancelAll();
        jobs_->waitForAll(30000);
        jobs_.reset();
    }

    void pageKnowsTheView() {
        QCOMPARE(FilePage::viewFromName(u"measure"_s), std::optional<FilePage::View>(FilePage::View::Measure));
        QCOMPARE(FilePage::viewName(FilePage::View::Measure), u"measure"_s);
        Services s;
        s.jobs = jobs_.get();
        FilePage page(CmfDocument::open(model_), s);
        QVERIFY(page.showView(FilePage::View::Measure));
        QVERIFY(page.view<MeasureView>(FilePage::View::Measure));
    }

    void perplexityJobIsTheCli() {
        auto view = makeView(model_);
        PplRequest q = view->pplRequest();
        q.textFile = heldout();
        q.ctx = 128;
        q.stride = 64;
        Job* job = view->runPerplexity(q);
        QCOMPARE(finish(job), Job::State::Succeeded);
        const json rec = view->records().back();
        const json cli = runCli({u"ppl"_s, model_, u"--file"_s, heldout(), u"--ctx"_s, u"128"_s, u"--stride"_s, u"64"_s, u"--json"_s});
        sameFigures(rec, cli, {"tokens", "tokens_predicted", "nll_per_token", "perplexity", "ctx", "stride", "windows"});
        QVERIFY(rec["windows"].size() > 2);
        QVERIFY(!rec.contains("kl_divergence"));
    }

    void klJobIsTheCli() {
        auto view = makeView(q4_);
        PplRequest q = view->pplRequest();
        q.textFile = heldout();
        q.ctx = 128;
        q.stride = 128;
        q.reference = model_;
        QCOMPARE(finish(view->runPerplexity(q)), Job::State::Succeeded);
        const json rec = view->records().back();
        const json cli = runCli({u"ppl"_s, q4_, u"--file"_s, heldout(), u"--ctx"_s, u"128"_s, u"--stride"_s, u"128"_s, u"--kl-reference"_s,
                                 model_, u"--json"_s});
        sameFigures(rec, cli, {"perplexity", "nll_per_token", "kl_divergence", "kl_median", "kl_p90", "kl_p99", "kl_max", "top1_agreement",
                               "reference_perplexity", "window_kl", "windows"});
        QVERIFY(rec["kl_divergence"].get<double>() > 0);
        QVERIFY(rec["top1_agreement"].get<double>() < 1);
        // The reference's perplexity is the demo's own, as `cmf ppl` gives it alone.
        const json alone = runCli({u"ppl"_s, model_, u"--file"_s, heldout(), u"--ctx"_s, u"128"_s, u"--stride"_s, u"128"_s, u"--json"_s});
        QVERIFY(rec["reference_perplexity"] == alone["perplexity"]);
    }

    void klOfItselfIsZero() {
        auto view = makeView(model_);
        PplRequest q = view->pplRequest();
        q.textFile = heldout();
        q.ctx = 128;
        q.stride = 64;
        q.reference = model_;
        QCOMPARE(finish(view->runPerplexity(q)), Job::State::Succeeded);
        const json rec = view->records().back();
        QCOMPARE(rec["kl_divergence"].get<double>(), 0.0);
        QCOMPARE(rec["kl_max"].get<double>(), 0.0);
        QCOMPARE(rec["top1_agreement"].get<double>(), 1.0);
        QVERIFY(rec["perplexity"] == rec["reference_perplexity"]);
    }

    void benchJobIsShapedLikeTheCli() {
        auto view = makeView(model_);
        BenchRequest q = view->benchRequest();
        q.pp = 32;
        q.tg = 8;
        q.reps = 2;
        q.threads = 1;
        QCOMPARE(finish(view->runBench(q)), Job::State::Succeeded);
        const json rec = view->records().back();
        const json cli = runCli({u"bench"_s, model_, u"--pp"_s, u"32"_s, u"--tg"_s, u"8"_s, u"--reps"_s, u"2"_s, u"--threads"_s, u"1"_s,
                                 u"--json"_s});
        sameFigures(rec, cli, {"pp", "tg", "depth", "kv", "threads", "decode_bytes_per_token"});
        QCOMPARE(rec["pp_runs"].size(), cli["pp_runs"].size());
        QCOMPARE(rec["tg_runs"].size(), size_t(2));
        QCOMPARE(cli["tg_runs"].size(), size_t(2));
        // Speed: the same order of magnitude (timing on a shared machine is noise, not a figure to assert).
        for (const char* k : {"pp_tok_s", "tg_tok_s"}) {
            const double ratio = rec[k].get<double>() / cli[k].get<double>();
            QVERIFY2(ratio > 0.1 && ratio < 10, (std::string(k) + " " + std::to_string(ratio)).c_str());
        }
        // The speed chart has a point per bench run so far.
        QVERIFY(view->speedChart()->chart()->series().size() == 2);
    }

    void cancelIsPrompt() {
        // A long text: the held-out prose twenty times over, in small strides.
        QFile f(heldoutFile());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString prose = QString::fromUtf8(f.readAll());
        QString text;
        for (int i = 0; i < 4; ++i) text += prose;
        auto view = makeView(model_);
        const size_t before = view->records().size();
        PplRequest q = view->pplRequest();
        q.text = text;
        q.ctx = 256;
        q.stride = 16;
        Job* job = view->runPerplexity(q);
        QSignalSpy progress(job, &Job::progressChanged);
        QTRY_VERIFY_WITH_TIMEOUT(job->fraction() > 0, 60000); // scoring has begun
        QVERIFY(job->isRunning());
        QElapsedTimer t;
        t.start();
        view->cancel();
        QCOMPARE(finish(job, 5000), Job::State::Cancelled);
        job->waitForWorker();
        QVERIFY2(t.elapsed() < 1000, std::to_string(t.elapsed()).c_str());
        QCOMPARE(view->records().size(), before); // nothing kept
        QVERIFY(view->statusLabel()->text().contains(u"ancel"_s));

        // A long decode likewise (2000 tokens a run, within the demo's 2048 positions, a hundred runs).
        BenchRequest b = view->benchRequest();
        b.pp = 0;
        b.tg = 2000;
        b.reps = 100;
        job = view->runBench(b);
        QTest::qWait(300);
        QVERIFY(job->isRunning());
        t.restart();
        view->cancel();
        QCOMPARE(finish(job, 5000), Job::State::Cancelled);
        job->waitForWorker();
        QVERIFY2(t.elapsed() < 1000, std::to_string(t.elapsed()).c_str());
    }

    void resultsSurviveTheView() {
        json kept;
        int rows = 0;
        {
            auto view = makeView(model_);
            PplRequest q = view->pplRequest();
            q.text = u"The word harbor means a sheltered body of water where ships can anchor."_s;
            q.ctx = 64;
            q.stride = 32;
            QCOMPARE(finish(view->runPerplexity(q)), Job::State::Succeeded);
            kept = view->records();
            rows = view->resultsTable()->rowCount();
            QCOMPARE(rows, int(kept.size()));
            QVERIFY(rows >= 2); // this and the earlier tests' runs of the demo
        }
        auto again = makeView(model_);
        QVERIFY(again->records() == kept);
        QCOMPARE(again->resultsTable()->rowCount(), rows);
        // Another file's results are its own, but offered for comparing.
        auto other = makeView(q4_);
        QVERIFY(other->records() != kept);
        QVERIFY(other->candidates().size() == other->records().size() + kept.size());
    }

    void compareDividesTheFigures() {
        auto view = makeView(model_);
        const auto& c = view->candidates();
        // The first two perplexity results of the demo.
        int a = -1, b = -1;
        for (int i = 0; i < int(c.size()); ++i)
            if (c[size_t(i)]["kind"] == "ppl" && c[size_t(i)]["file"] == model_.toStdString()) {
                if (a < 0) a = i;
                else if (b < 0) b = i;
            }
        QVERIFY(a >= 0 && b >= 0);
        view->setCompare(a, b);
        const auto* t = view->compareTable();
        int row = -1;
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, 0)->text() == u"Perplexity"_s) row = r;
        QVERIFY(row >= 0);
        const double pa = c[size_t(a)]["perplexity"].get<double>(), pb = c[size_t(b)]["perplexity"].get<double>();
        QCOMPARE(t->item(row, 1)->text(), QString::number(pa, 'f', 4));
        QCOMPARE(t->item(row, 2)->text(), QString::number(pb, 'f', 4));
        QCOMPARE(t->item(row, 3)->text(), QString::number(pb / pa, 'f', 3));
    }
};

QTEST_MAIN(TstMeasureView)
#include "tst_measure_view.moc"
