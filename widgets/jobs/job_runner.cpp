#include "jobs/job_runner.h"

#include "jobs/progress_throttle.h"

#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <tbb/global_control.h>

#include <thread>

namespace cmfw {

namespace {

// Finished jobs kept for the Jobs dock.
constexpr int kKeepFinished = 200;

} // namespace

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
    // Jobs mostly wait on oneTBB (which has its own workers); a few pool
    // threads let a verify, a stats job and a signature check overlap.
    pool_.setMaxThreadCount(4);
}

JobRunner::~JobRunner() {
    cancelAll();
    pool_.waitForDone();
}

Job* JobRunner::start(const QString& key, const QString& title, Work work, Describe describe) {
    Q_ASSERT(QThread::currentThread() == thread());
    if (!key.isEmpty())
        for (Job* j : std::as_const(jobs_))
            if (j->isRunning() && j->key() == key) j->supersede();

    auto* job = new Job(nextId_++, key, title, this);
    job->describe_ = std::move(describe);
    Q_EMIT jobAboutToBeAdded(int(jobs_.size()));
    jobs_.append(job);
    connect(job, &Job::progressChanged, this, [this, job] { Q_EMIT jobChanged(job); });
    connect(job, &Job::finished, this, [this, job] {
        Q_EMIT jobChanged(job);
        Q_EMIT jobFinished(job);
        Q_EMIT runningCountChanged(runningCount());
    });
    Q_EMIT jobAdded(job);
    Q_EMIT runningCountChanged(runningCount());

    // The worker holds the flag and the throttle by value; it reaches the job
    // only by queued calls, and the job outlives the worker (clearFinished()
    // and the destructor never delete a running job).
    auto cancel = job->cancel_;
    auto throttle = std::make_shared<ProgressThrottle>();
    job->future_ = QtConcurrent::run(&pool_, [job, cancel, throttle, work = std::move(work)] {
        cmf::Control control;
        control.cancel = cancel.get();
        control.progress = [job, throttle](uint64_t done, uint64_t total, std::string_view phase) {
            if (!throttle->admit(done, total)) return;
            const double f = total ? double(done) / double(total) : -1.0;
            const QString text = QString::fromUtf8(phase.data(), qsizetype(phase.size()));
            QMetaObject::invokeMethod(job, [job, f, text] { job->setProgress(f, text); }, Qt::QueuedConnection);
        };
        bool ok = false;
        QVariant result;
        QString kind, message;
        try {
            result = work(control);
            ok = true;
        } catch (const cmf::Error& e) {
            kind = QString::fromLatin1(cmf::errorKindName(e.kind()));
            message = QString::fromUtf8(e.what());
        } catch (const std::exception& e) {
            kind = QStringLiteral("Error");
            message = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            job, [job, ok, result, kind, message] { job->finish(ok, result, kind, message); }, Qt::QueuedConnection);
    });

    // Keep the list bounded: drop the oldest finished jobs.
    int finished = 0;
    for (Job* j : std::as_const(jobs_)) finished += j->isRunning() ? 0 : 1;
    if (finished > kKeepFinished) clearFinished();
    return job;
}

int JobRunner::runningCount() const {
    int n = 0;
    for (Job* j : jobs_) n += j->isRunning() ? 1 : 0;
    return n;
}

Job* JobRunner::runningJob(const QString& key) const {
    for (Job* j : jobs_)
        if (j->isRunning() && j->key() == key) return j;
    return nullptr;
}

void JobRunner::cancelAll() {
    for (Job* j : std::as_const(jobs_))
        if (j->isRunning()) j->cancel();
}

bool JobRunner::waitForAll(int ms) {
    QDeadlineTimer deadline(ms);
    while (runningCount() > 0 && !deadline.hasExpired()) {
        // Workers post their outcome as queued calls: keep delivering them.
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (runningCount() > 0) QThread::msleep(2);
    }
    return runningCount() == 0;
}

void JobRunner::clearFinished() {
    // Rows are removed one contiguous run at a time so the Jobs dock model can follow.
    for (int i = int(jobs_.size()) - 1; i >= 0; --i) {
        if (jobs_[i]->isRunning()) continue;
        int first = i;
        while (first > 0 && !jobs_[first - 1]->isRunning()) --first;
        Q_EMIT jobsAboutToBeRemoved(first, i);
        for (int k = i; k >= first; --k) {
            jobs_[k]->waitForWorker(); // already returned: its outcome was delivered
            jobs_[k]->deleteLater();
            jobs_.removeAt(k);
        }
        Q_EMIT jobsRemoved();
        i = first;
    }
}

void JobRunner::setThreadCount(int threads) {
    threads_ = std::max(0, threads);
    tbbLimit_.reset();
    if (threads_ > 0)
        tbbLimit_ = std::make_shared<tbb::global_control>(tbb::global_control::max_allowed_parallelism, size_t(threads_));
}

QString JobRunner::phaseText(const QString& phase) {
    // The library's phase names, translated for display.
    static const char* const known[] = {
        QT_TR_NOOP("hashing tensors"), QT_TR_NOOP("sha256"),       QT_TR_NOOP("done"),
        QT_TR_NOOP("decoding"),        QT_TR_NOOP("statistics"),   QT_TR_NOOP("histogram"),
        QT_TR_NOOP("opening"),         QT_TR_NOOP("writing"),      QT_TR_NOOP("checking signature"),
        QT_TR_NOOP("reading tokenizer"),
    };
    const QByteArray utf8 = phase.toUtf8();
    for (const char* k : known)
        if (utf8 == k) return tr(k);
    return phase;
}

} // namespace cmfw
