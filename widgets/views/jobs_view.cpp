#include "views/jobs_view.h"

#include "jobs/job.h"
#include "jobs/job_list_model.h"
#include "jobs/job_runner.h"
#include "util/table_util.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace cmfw {

namespace {

// Draws the Progress column of a running job as a progress bar.
class ProgressDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        const double f = index.data(JobListModel::FractionRole).toDouble();
        if (!index.data(JobListModel::RunningRole).toBool()) return QStyledItemDelegate::paint(p, option, index);
        QStyleOptionViewItem bg = option;
        initStyleOption(&bg, index);
        bg.text.clear();
        QApplication::style()->drawControl(QStyle::CE_ItemViewItem, &bg, p);
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(2, 2, -2, -2);
        bar.minimum = 0;
        bar.maximum = f < 0 ? 0 : 1000; // busy indicator until the first report
        bar.progress = f < 0 ? 0 : int(f * 1000);
        bar.text = index.data().toString();
        bar.textVisible = true;
        bar.state = option.state | QStyle::State_Horizontal;
        QApplication::style()->drawControl(QStyle::CE_ProgressBar, &bar, p);
    }
};

} // namespace

JobsView::JobsView(JobRunner* runner, QWidget* parent) : QWidget(parent), runner_(runner) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout();
    auto* cancel = new QPushButton(tr("Cancel selected"), this);
    auto* cancelAll = new QPushButton(tr("Cancel all"), this);
    auto* clear = new QPushButton(tr("Clear finished"), this);
    bar->addWidget(cancel);
    bar->addWidget(cancelAll);
    bar->addWidget(clear);
    bar->addStretch(1);
    lay->addLayout(bar);
    model_ = new JobListModel(runner, this);
    table_ = new QTableView(this);
    table_->setModel(model_);
    makeReadOnlyTable(table_);
    table_->setItemDelegateForColumn(JobListModel::Progress, new ProgressDelegate(table_));
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setColumnWidth(JobListModel::Title, 300);
    table_->setColumnWidth(JobListModel::Progress, 220);
    table_->setColumnWidth(JobListModel::State, 90);
    table_->setColumnWidth(JobListModel::Duration, 80);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    lay->addWidget(table_, 1);
    connect(cancel, &QPushButton::clicked, this, [this] {
        for (const QModelIndex& i : table_->selectionModel()->selectedRows())
            if (Job* j = model_->jobAt(i.row()); j && j->isRunning()) j->cancel();
    });
    connect(cancelAll, &QPushButton::clicked, runner_, &JobRunner::cancelAll);
    connect(clear, &QPushButton::clicked, runner_, &JobRunner::clearFinished);
    // Follow new jobs.
    connect(model_, &QAbstractItemModel::rowsInserted, table_, [this](const QModelIndex&, int, int last) {
        table_->scrollTo(model_->index(last, 0));
    });
}

} // namespace cmfw
