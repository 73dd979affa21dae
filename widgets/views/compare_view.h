#pragma once
// The Compare view: file A (the page's file) against file B, tensor by
// tensor, header by header, section by section (cmf::diff). The comparison
// runs as a background job with progress and Cancel; the result is a count
// per status, a sortable and filterable table of every tensor (status
// colour-coded, dtype/shape/bytes of each side, NMSE of the values) and the
// header difference as a tree of JSON pointers.
#include "models/tensor_diff_filter.h"
#include "util/services.h"

#include "cmf/format/diff.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTreeWidget;

namespace cmfw {

class Job;
class TensorDiffModel;
struct DiffOutcome;

class CompareView : public QWidget {
    Q_OBJECT
public:
    enum class State { Idle, Running, Done, Failed, Cancelled };
    Q_ENUM(State)

    explicit CompareView(Services services, QWidget* parent = nullptr);

    // Compares a with b in a background job; a comparison still running in
    // this view is superseded (asked to stop, its result dropped).
    Job* compare(const QString& pathA, const QString& pathB);
    void cancel();

    const QString& pathA() const { return pathA_; }
    const QString& pathB() const { return pathB_; }
    State state() const { return state_; }
    Job* currentJob() const { return job_; }
    // The last finished comparison; null while none has finished.
    std::shared_ptr<const cmf::DiffReport> report() const;

    void setShow(TensorDiffFilter::Show show);
    TensorDiffModel* model() const { return model_; }
    TensorDiffFilter* filter() const { return filter_; }
    QTableView* table() const { return table_; }
    QComboBox* showBox() const { return show_; }
    QLineEdit* filterEdit() const { return nameFilter_; }
    QTreeWidget* headerTree() const { return headerTree_; }
    // The counts line and the state line as plain text (tests, screen readers).
    QString summaryText() const;

Q_SIGNALS:
    void finished(bool ok);

private:
    void setState(State s);
    void showOutcome(const DiffOutcome& o);
    void showHeader(const cmf::DiffReport& r);
    void updateCount();

    Services services_;
    QString pathA_, pathB_;
    State state_ = State::Idle;
    QPointer<Job> job_;
    QString countsText_; // counts_ without the markup

    QLabel* files_;
    QLabel* stateLine_;
    QWidget* progressRow_;
    QProgressBar* progress_;
    QLabel* phase_;
    QPushButton* cancel_;
    QLabel* counts_;
    QLabel* sections_;
    QComboBox* show_;
    QLineEdit* nameFilter_;
    QLabel* shown_;
    TensorDiffModel* model_;
    TensorDiffFilter* filter_;
    QTableView* table_;
    QLabel* headerNote_;
    QTreeWidget* headerTree_;
};

} // namespace cmfw
