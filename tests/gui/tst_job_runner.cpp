// JobRunner, Job, ProgressThrottle and JobListModel (widgets/jobs): results
// arrive by queued signal on the GUI thread, a newer job for the same key
// drops the older one's result and stops it, cancellation ends a job without
// a result, failures carry the error kind, progress is throttled.
#include "jobs/job.h"
#include "jobs/job_list_model.h"
#include "jobs/job_runner.h"
#include "jobs/progress_throttle.h"

#include "cmf/format/error.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// Work that reports progress and checks the cancel flag until told to finish.
JobRunner::Work loop(std::atomic<bool>* release, int value, std::atomic<int>* iterations = nullptr) {
    return [release, value, iterations](const cmf::Control& c) {
        for (uint64_t i = 0; !release->load(); ++i) {
            c.checkCancel();
            c.report(i % 100, 100, "working");
            if (iterations) ++*iterations;
            QThread::usleep(200);
        }
        return QVariant(value);
    };
}

bool waitFinished(Job* job, int ms = 5000) { return QTest::qWaitFor([job] { return !job->isRunning(); }, ms); }

} // namespace

class TstJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deliversTheResultOnTheGuiThread();
    void newerJobSupersedesOlder();
    void cancelStopsWithoutAResult();
    void failureCarriesTheErrorKind();
    void progressIsThrottled();
    void throttleAdmitsOnePerInterval();
    void jobListModel();
    void waitForAllAndClearFinished();
};

void TstJobRunner::deliversTheResultOnTheGuiThread() {
    JobRunner runner;
    QThread* worker = nullptr;
    Job* job = runner.start(u"k"_s, u"answer"_s, [&worker](const cmf::Control&) {
        worker = QThread::currentThread();
        return QVariant(42);
    }, [](const QVariant& v) { return QString::number(v.toInt()); });
    QThread* receivedOn = nullptr;
    QVariant got;
    connect(job, &Job::succeeded, this, [&](const QVariant& v) {
        receivedOn = QThread::currentThread();
        got = v;
    });
    QSignalSpy finished(job, &Job::finished);
    QVERIFY(finished.wait(120000));
    QCOMPARE(got.toInt(), 42);
    QCOMPARE(receivedOn, QThread::currentThread()); // queued to the GUI thread
    QVERIFY(worker != QThread::currentThread());    // computed elsewhere
    QCOMPARE(job->state(), Job::State::Succeeded);
    QCOMPARE(job->resultText(), u"42"_s);
    QCOMPARE(job->fraction(), 1.0);
}

void TstJobRunner::newerJobSupersedesOlder() {
    JobRunner runner;
    std::atomic<bool> releaseOld{false}, releaseNew{false};
    Job* old = runner.start(u"view"_s, u"old"_s, loop(&releaseOld, 1));
    QSignalSpy oldSucceeded(old, &Job::succeeded);
    Job* newer = runner.start(u"view"_s, u"new"_s, loop(&releaseNew, 2));
    QSignalSpy newSucceeded(newer, &Job::succeeded);
    // The old one is asked to stop at once and ends without a result.
    QVERIFY(old->cancelRequested());
    QVERIFY(waitFinished(old));
    QCOMPARE(old->state(), Job::State::Superseded);
    QCOMPARE(oldSucceeded.count(), 0);
    QVERIFY(newer->isRunning());
    releaseNew = true;
    QVERIFY(waitFinished(newer));
    QCOMPARE(newSucceeded.count(), 1);
    QCOMPARE(newSucceeded.first().first().toInt(), 2);

    // A result that arrives after its job was superseded is dropped even when
    // the work ignores the flag and completes.
    std::atomic<bool> go{false};
    Job* stubborn = runner.start(u"v2"_s, u"stubborn"_s, [&go](const cmf::Control&) {
        while (!go) QThread::usleep(100);
        return QVariant(7);
    });
    QSignalSpy stubbornSucceeded(stubborn, &Job::succeeded);
    std::atomic<bool> done{true};
    Job* replacement = runner.start(u"v2"_s, u"replacement"_s, loop(&done, 8));
    go = true;
    QVERIFY(waitFinished(stubborn));
    QVERIFY(waitFinished(replacement));
    QCOMPARE(stubborn->state(), Job::State::Superseded);
    QCOMPARE(stubbornSucceeded.count(), 0);
    QCOMPARE(replacement->state(), Job::State::Succeeded);
}

void TstJobRunner::cancelStopsWithoutAResult() {
    JobRunner runner;
    std::atomic<bool> never{false};
    std::atomic<int> iterations{0};
    Job* job = runner.start(u"c"_s, u"cancel me"_s, loop(&never, 1, &iterations));
    QSignalSpy succeeded(job, &Job::succeeded), failed(job, &Job::failed);
    QVERIFY(QTest::qWaitFor([&] { return iterations > 5; }, 60000));
    const auto t0 = std::chrono::steady_clock::now();
    job->cancel();
    QVERIFY(waitFinished(job));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY2(ms < 500, qPrintable(QString::number(ms)));
    QCOMPARE(job->state(), Job::State::Cancelled);
    QCOMPARE(succeeded.count(), 0);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!job->result().isValid());
    QCOMPARE(runner.runningCount(), 0);
}

void TstJobRunner::failureCarriesTheErrorKind() {
    JobRunner runner;
    Job* job = runner.start(QString(), u"fails"_s, [](const cmf::Control&) -> QVariant {
        throw cmf::Error(cmf::ErrorKind::Bounds, "data section past EOF");
    });
    QSignalSpy failed(job, &Job::failed);
    QVERIFY(failed.wait(120000));
    QCOMPARE(failed.first().at(0).toString(), u"Bounds"_s);
    QCOMPARE(failed.first().at(1).toString(), u"data section past EOF"_s);
    QCOMPARE(job->state(), Job::State::Failed);
    QCOMPARE(job->resultText(), u"data section past EOF"_s);

    Job* other = runner.start(QString(), u"std"_s, [](const cmf::Control&) -> QVariant { throw std::runtime_error("boom"); });
    QVERIFY(waitFinished(other));
    QCOMPARE(other->state(), Job::State::Failed);
    QCOMPARE(other->errorMessage(), u"boom"_s);
}

void TstJobRunner::progressIsThrottled() {
    JobRunner runner;
    // 200,000 reports in a tight loop from the worker.
    Job* job = runner.start(QString(), u"chatty"_s, [](const cmf::Control& c) {
        const auto t0 = std::chrono::steady_clock::now();
        uint64_t i = 0;
        while (std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(400)) c.report(++i % 1000, 1000, "chatty");
        c.report(1000, 1000, "done");
        return QVariant(true);
    });
    QSignalSpy progress(job, &Job::progressChanged);
    QVERIFY(waitFinished(job));
    // 400 ms at no more than 20 per second, plus the final report.
    QVERIFY2(progress.count() >= 2 && progress.count() <= 12, qPrintable(QString::number(progress.count())));
    QCOMPARE(JobRunner::phaseText(u"hashing tensors"_s), u"hashing tensors"_s);
}

void TstJobRunner::throttleAdmitsOnePerInterval() {
    ProgressThrottle t(std::chrono::milliseconds(50));
    const int64_t ms = 1'000'000;
    QVERIFY(t.admitAt(1, 100, 1000 * ms));
    QVERIFY(!t.admitAt(2, 100, 1010 * ms));
    QVERIFY(!t.admitAt(3, 100, 1049 * ms));
    QVERIFY(t.admitAt(4, 100, 1050 * ms));
    QVERIFY(t.admitAt(100, 100, 1051 * ms)); // the end always passes
    QVERIFY(!t.admitAt(5, 100, 1060 * ms));
}

void TstJobRunner::jobListModel() {
    JobRunner runner;
    JobListModel model(&runner);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    std::atomic<bool> release{false};
    Job* a = runner.start(u"a"_s, u"first"_s, loop(&release, 1), [](const QVariant&) { return u"fine"_s; });
    Job* b = runner.start(QString(), u"second"_s, [](const cmf::Control&) -> QVariant {
        throw cmf::Error(cmf::ErrorKind::Io, "cannot read");
    });
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, JobListModel::Title).data().toString(), u"first"_s);
    QVERIFY(waitFinished(b));
    QCOMPARE(model.index(1, JobListModel::State).data().toString(), Job::stateName(Job::State::Failed));
    QCOMPARE(model.index(1, JobListModel::Result).data().toString(), u"cannot read"_s);
    QCOMPARE(model.index(0, JobListModel::Title).data(JobListModel::RunningRole).toBool(), true);
    release = true;
    QVERIFY(waitFinished(a));
    QCOMPARE(model.index(0, JobListModel::Result).data().toString(), u"fine"_s);
    runner.clearFinished();
    QCOMPARE(model.rowCount(), 0);
}

void TstJobRunner::waitForAllAndClearFinished() {
    JobRunner runner;
    std::atomic<bool> never{false};
    Job* running = runner.start(u"r"_s, u"running"_s, loop(&never, 1));
    Job* quick = runner.start(QString(), u"quick"_s, [](const cmf::Control&) { return QVariant(1); });
    QVERIFY(waitFinished(quick));
    runner.clearFinished(); // never deletes a running job
    QCOMPARE(runner.jobs().size(), 1);
    QCOMPARE(runner.jobs().first(), running);
    QVERIFY(!runner.waitForAll(100));
    runner.cancelAll();
    QVERIFY(runner.waitForAll(5000));
    QCOMPARE(running->state(), Job::State::Cancelled);
}

QTEST_MAIN(TstJobRunner)
#include "tst_job_runner.moc"
