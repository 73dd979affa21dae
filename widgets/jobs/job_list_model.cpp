#include "jobs/job_list_model.h"
#include "util/tones.h"

#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "util/format_text.h"

#include <QBrush>
#include <QColor>

namespace cmfw {

JobListModel::JobListModel(JobRunner* runner, QObject* parent) : QAbstractTableModel(parent), runner_(runner) {
    connect(runner, &JobRunner::jobAboutToBeAdded, this, [this](int row) { beginInsertRows({}, row, row); });
    connect(runner, &JobRunner::jobAdded, this, [this] { endInsertRows(); });
    connect(runner, &JobRunner::jobChanged, this, &JobListModel::jobChanged);
    connect(runner, &JobRunner::jobsAboutToBeRemoved, this, [this](int first, int last) { beginRemoveRows({}, first, last); });
    connect(runner, &JobRunner::jobsRemoved, this, [this] { endRemoveRows(); });
    tick_.setInterval(500);
    connect(&tick_, &QTimer::timeout, this, [this] {
        for (int r = 0; r < rowCount(); ++r)
            if (jobAt(r)->isRunning()) Q_EMIT dataChanged(index(r, Duration), index(r, Duration));
    });
    connect(runner, &JobRunner::runningCountChanged, this, [this](int running) {
        if (running > 0 && !tick_.isActive()) tick_.start();
        if (running == 0) tick_.stop();
    });
}

int JobListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(runner_->jobs().size()); }

int JobListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

Job* JobListModel::jobAt(int row) const {
    const auto& jobs = runner_->jobs();
    return row >= 0 && row < jobs.size() ? jobs[row] : nullptr;
}

void JobListModel::jobChanged(Job* job) {
    const int row = int(runner_->jobs().indexOf(job));
    if (row >= 0) Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

QVariant JobListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Job* job = jobAt(index.row());
    if (role == FractionRole) return job->fraction();
    if (role == JobIdRole) return job->id();
    if (role == RunningRole) return job->isRunning();
    if (role == Qt::ForegroundRole && index.column() == State) {
        switch (job->state()) {
        case Job::State::Succeeded: return QBrush(toneColor(Tone::Good));
        case Job::State::Failed: return QBrush(toneColor(Tone::Bad));
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Result) return job->resultText();
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Title: return job->title();
    case Progress: {
        if (!job->isRunning()) return job->state() == Job::State::Succeeded ? Text::percent(1.0) : QString();
        QString s = job->fraction() >= 0 ? Text::percent(job->fraction()) : tr("starting");
        if (!job->phase().isEmpty()) s += u" — " + JobRunner::phaseText(job->phase());
        return s;
    }
    case State: return Job::stateName(job->state());
    case Duration: return Text::duration(job->elapsedMs());
    case Result: return job->resultText();
    }
    return {};
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Title: return tr("Job");
    case Progress: return tr("Progress");
    case State: return tr("State");
    case Duration: return tr("Duration");
    case Result: return tr("Result");
    }
    return {};
}

} // namespace cmfw
