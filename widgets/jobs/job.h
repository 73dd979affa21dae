#pragma once
// One background operation as the GUI sees it: identity (id, key, title),
// progress (fraction + phase text), state, timing and its outcome. Lives on
// the GUI thread; its worker only ever reaches it through queued calls, and
// it is not deleted before its worker has finished (see JobRunner).
#include <QDateTime>
#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QString>
#include <QVariant>

#include <atomic>
#include <functional>
#include <memory>

namespace cmfw {

class Job : public QObject {
    Q_OBJECT
public:
    enum class State { Running, Succeeded, Failed, Cancelled, Superseded };
    Q_ENUM(State)

    quint64 id() const { return id_; }
    // Jobs with the same key serve the same view: a newer one supersedes an older one.
    const QString& key() const { return key_; }
    const QString& title() const { return title_; }
    State state() const { return state_; }
    bool isRunning() const { return state_ == State::Running; }
    // 0..1, or -1 while the work has not reported yet.
    double fraction() const { return fraction_; }
    const QString& phase() const { return phase_; }
    // Milliseconds since start while running; the duration once finished.
    qint64 elapsedMs() const;
    // Seconds left, extrapolated from progress so far; -1 when unknown.
    double etaSeconds() const;
    const QDateTime& startedAt() const { return startedAt_; }
    const QVariant& result() const { return result_; }
    const QString& resultText() const { return resultText_; }
    const QString& errorKind() const { return errorKind_; }
    const QString& errorMessage() const { return errorMessage_; }
    static QString stateName(State s);

    // Asks the work to stop at its next check; the job ends as Cancelled and
    // delivers no result.
    void cancel();
    bool cancelRequested() const { return cancel_->load(); }
    // Blocks until the worker returned (tests, shutdown).
    void waitForWorker();

Q_SIGNALS:
    void progressChanged(double fraction, const QString& phase);
    void succeeded(const QVariant& result);
    void failed(const QString& kind, const QString& message);
    void finished(cmfw::Job::State state);

private:
    friend class JobRunner;
    Job(quint64 id, QString key, QString title, QObject* parent);
    void supersede();
    void setProgress(double fraction, const QString& phase);
    void finish(bool ok, const QVariant& result, const QString& errorKind, const QString& errorMessage);

    quint64 id_;
    QString key_, title_;
    State state_ = State::Running;
    double fraction_ = -1;
    QString phase_;
    QDateTime startedAt_;
    QElapsedTimer timer_;
    qint64 durationMs_ = 0;
    QVariant result_;
    QString resultText_, errorKind_, errorMessage_;
    bool superseded_ = false;
    std::function<QString(const QVariant&)> describe_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    QFuture<void> future_;
};

} // namespace cmfw
