#pragma once
// The Jobs dock's table: every job of a JobRunner, running and finished, with
// progress, state, duration and result.
#include <QAbstractTableModel>
#include <QTimer>

namespace cmfw {

class Job;
class JobRunner;

class JobListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Title, Progress, State, Duration, Result, ColumnCount };
    enum Role { FractionRole = Qt::UserRole + 1, JobIdRole, RunningRole };

    explicit JobListModel(JobRunner* runner, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Job* jobAt(int row) const;

private:
    void jobChanged(Job* job);
    JobRunner* runner_;
    QTimer tick_; // refreshes the durations of running jobs
};

} // namespace cmfw
