#include "jobs/job.h"

#include <QThread>

namespace cmfw {

Job::Job(quint64 id, QString key, QString title, QObject* parent)
    : QObject(parent), id_(id), key_(std::move(key)), title_(std::move(title)),
      startedAt_(QDateTime::currentDateTime()), cancel_(std::make_shared<std::atomic<bool>>(false)) {
    timer_.start();
}

qint64 Job::elapsedMs() const { return isRunning() ? timer_.elapsed() : durationMs_; }

double Job::etaSeconds() const {
    if (!isRunning() || fraction_ <= 0.02 || fraction_ >= 1.0) return -1;
    const double elapsed = double(timer_.elapsed()) / 1000.0;
    return elapsed * (1.0 - fraction_) / fraction_;
}

QString Job::stateName(State s) {
    switch (s) {
    case State::Running: return tr("running");
    case State::Succeeded: return tr("done");
    case State::Failed: return tr("failed");
    case State::Cancelled: return tr("cancelled");
    case State::Superseded: return tr("superseded");
    }
    return {};
}

void Job::cancel() { cancel_->store(true); }

void Job::waitForWorker() { future_.waitForFinished(); }

void Job::supersede() {
    superseded_ = true;
    cancel();
}

void Job::setProgress(double fraction, const QString& phase) {
    Q_ASSERT(QThread::currentThread() == thread());
    if (!isRunning()) return;
    fraction_ = fraction;
    phase_ = phase;
    Q_EMIT progressChanged(fraction, phase);
}

void Job::finish(bool ok, const QVariant& result, const QString& errorKind, const QString& errorMessage) {
    Q_ASSERT(QThread::currentThread() == thread());
    durationMs_ = timer_.elapsed();
    // A result that arrives after its job was cancelled or superseded is
    // stale by definition: it is dropped, never shown.
    if (superseded_) {
        state_ = State::Superseded;
    } else if (cancelRequested() || errorKind == QLatin1String("Cancelled")) {
        state_ = State::Cancelled;
    } else if (ok) {
        state_ = State::Succeeded;
        result_ = result;
        fraction_ = 1.0;
        if (describe_) resultText_ = describe_(result_);
    } else {
        state_ = State::Failed;
        errorKind_ = errorKind;
        errorMessage_ = errorMessage;
        resultText_ = errorMessage;
    }
    if (state_ == State::Succeeded) Q_EMIT succeeded(result_);
    if (state_ == State::Failed) Q_EMIT failed(errorKind_, errorMessage_);
    Q_EMIT finished(state_);
}

} // namespace cmfw
