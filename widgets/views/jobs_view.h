#pragma once
// The Jobs dock: running and finished jobs with a progress bar, state,
// duration and result; cancel the selected or all running jobs.
#include <QWidget>

class QTableView;

namespace cmfw {

class JobListModel;
class JobRunner;

class JobsView : public QWidget {
    Q_OBJECT
public:
    explicit JobsView(JobRunner* runner, QWidget* parent = nullptr);
    QTableView* table() const { return table_; }
    JobListModel* model() const { return model_; }

private:
    JobRunner* runner_;
    JobListModel* model_;
    QTableView* table_;
};

} // namespace cmfw
