#pragma once
// Runs `format` operations as background jobs (DESIGN.md "Long work off the
// GUI thread"). The work is a plain function taking a cmf::Control — a
// progress callback and a cancel flag — and returning a QVariant holding a
// plain result struct. It runs on a QtConcurrent pool; progress (throttled to
// 20 reports a second) and the result reach the Job on the GUI thread by
// queued call. Starting a job whose key matches a running job supersedes the
// older one: it is asked to stop and its result is dropped.
#include "jobs/job.h"

#include "cmf/format/progress.h"

#include <QList>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>

namespace cmfw {

class JobRunner : public QObject {
    Q_OBJECT
public:
    using Work = std::function<QVariant(const cmf::Control&)>;
    using Describe = std::function<QString(const QVariant&)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; // cancels every job and waits for the workers

    // key may be empty (never superseded). describe turns a result into the
    // one-line summary the Jobs dock shows.
    Job* start(const QString& key, const QString& title, Work work, Describe describe = {});

    const QList<Job*>& jobs() const { return jobs_; }
    int runningCount() const;
    Job* runningJob(const QString& key) const;
    void cancelAll();
    // Processes events until every job has finished or ms passed; true when all finished.
    bool waitForAll(int ms);
    // Drops finished jobs from the list.
    void clearFinished();

    // Worker threads for oneTBB inside jobs (hashing, decoding); 0 = one per core.
    void setThreadCount(int threads);
    int threadCount() const { return threads_; }

    // Display text for a library phase ("hashing tensors", "sha256", ...).
    static QString phaseText(const QString& phase);

Q_SIGNALS:
    void jobAboutToBeAdded(int row);
    void jobAdded(cmfw::Job* job);
    void jobChanged(cmfw::Job* job);
    void jobFinished(cmfw::Job* job);
    void jobsAboutToBeRemoved(int first, int last);
    void jobsRemoved();
    void runningCountChanged(int running);

private:
    QThreadPool pool_;
    QList<Job*> jobs_;
    quint64 nextId_ = 1;
    int threads_ = 0;
    std::shared_ptr<void> tbbLimit_; // a tbb::global_control while a limit is set
};

} // namespace cmfw
