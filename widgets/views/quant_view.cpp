#include "views/quant_view.h"
#include "util/table_csv.h"

#include "charts/histogram_chart.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/format_text.h"

#include "cmf/format/codec.h"
#include "cmf/format/safetensors.h"

#include <QFileInfo>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

constexpr int kBins = 64;

// Sorts numerically on the value, shows the text.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double v, const QString& text) : QTableWidgetItem(text), v_(v) { setData(Qt::UserRole, v); }
    bool operator<(const QTableWidgetItem& o) const override { return v_ < o.data(Qt::UserRole).toDouble(); }

private:
    double v_;
};

std::vector<TensorError> measureAll(std::shared_ptr<const cmf::CmfFile> file, const std::string& source, const cmf::Control& control) {
    const auto ckpt = cmf::Checkpoint::open(source);
    const auto& dir = file->directory();
    std::vector<TensorError> out;
    for (uint64_t i = 0; i < dir.count(); ++i) {
        control.checkCancel();
        control.report(i, dir.count(), "comparing tensors");
        const auto rec = dir.record(i);
        const auto* st = ckpt.find(std::string(rec.name));
        if (!st || !st->isFloat() || st->count() != rec.count()) continue; // skills, or not in this checkpoint
        const auto t = file->tensorBytes(rec);
        std::vector<float> q(rec.count()), ref(rec.count());
        cmf::decodeRows(t, 0, t.shape.rows, q.data());
        st->toFloat(0, st->rows(), ref.data());
        ckpt.release(*st);
        TensorError e;
        e.name = QString::fromUtf8(rec.name.data(), qsizetype(rec.name.size()));
        e.dtype = QString::fromUtf8(cmf::dtypeName(rec.dtype).data());
        e.count = rec.count();
        double err2 = 0, ref2 = 0;
        for (size_t k = 0; k < q.size(); ++k) {
            const double d = double(q[k]) - ref[k];
            err2 += d * d, ref2 += double(ref[k]) * ref[k];
            e.maxAbs = std::max(e.maxAbs, std::fabs(d));
        }
        e.relRms = ref2 > 0 ? std::sqrt(err2 / ref2) : std::sqrt(err2);
        e.histogram.assign(kBins, 0);
        if (e.maxAbs > 0)
            for (size_t k = 0; k < q.size(); ++k) {
                const double d = double(q[k]) - ref[k];
                ++e.histogram[std::min<size_t>(kBins - 1, size_t((d + e.maxAbs) / (2 * e.maxAbs) * kBins))];
            }
        else e.histogram[kBins / 2] = q.size();
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace

QuantView::QuantView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    source_ = new QLineEdit(this);
    source_->setPlaceholderText(tr("The Hugging Face folder this file was converted from"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* run = new QPushButton(tr("Measure"), this);
    row->addWidget(new QLabel(tr("Source checkpoint:"), this));
    row->addWidget(source_, 1);
    row->addWidget(browse);
    row->addWidget(run);
    layout->addLayout(row);
    summary_ = new QLabel(tr("Dequantized values against the source: relative RMS error ‖q − w‖/‖w‖ and the largest |q − w| per tensor."), this);
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    auto* split = new QSplitter(Qt::Vertical, this);
    table_ = new QTableWidget(0, 5, split);
    table_->setHorizontalHeaderLabels({tr("Tensor"), tr("dtype"), tr("Values"), tr("Relative RMS error"), tr("Max |error|")});
    addCsvExport(table_, [this] { return QFileInfo(doc_->path()).completeBaseName() + u"-quantization-error.csv"_s; });
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 5; ++c) table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    histogram_ = new HistogramChart(split);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Source checkpoint folder"));
        if (!d.isEmpty()) source_->setText(d);
    });
    connect(run, &QPushButton::clicked, this, [this] { measure(source_->text()); });
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int r) { selectTensor(r); });
}

Job* QuantView::measure(const QString& sourceDir) {
    source_->setText(sourceDir);
    auto file = doc_->file();
    const std::string src = sourceDir.toStdString();
    Job* job = services_.jobs->start(u"quant-"_s + doc_->path(), tr("Quantization error of %1").arg(doc_->fileName()),
                                     [file, src](const cmf::Control& c) { return QVariant::fromValue(measureAll(file, src, c)); });
    connect(job, &Job::succeeded, this, [this](const QVariant& v) { show(v.value<std::vector<TensorError>>()); });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        summary_->setText(tr("Could not measure: %1").arg(message));
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
    return job;
}

void QuantView::show(std::vector<TensorError> errors) {
    errors_ = std::move(errors);
    table_->setSortingEnabled(false);
    table_->setRowCount(int(errors_.size()));
    double worst = 0;
    QString worstName;
    for (int r = 0; r < int(errors_.size()); ++r) {
        const auto& e = errors_[size_t(r)];
        auto* name = new QTableWidgetItem(e.name);
        name->setData(Qt::UserRole + 1, r); // index into errors_ whatever the sort
        table_->setItem(r, 0, name);
        table_->setItem(r, 1, new QTableWidgetItem(e.dtype));
        table_->setItem(r, 2, new NumberItem(double(e.count), Text::count(e.count)));
        table_->setItem(r, 3, new NumberItem(e.relRms, QString::number(e.relRms, 'g', 4)));
        table_->setItem(r, 4, new NumberItem(e.maxAbs, QString::number(e.maxAbs, 'g', 4)));
        if (e.relRms > worst) worst = e.relRms, worstName = e.name;
    }
    table_->setSortingEnabled(true);
    table_->sortItems(3, Qt::DescendingOrder);
    summary_->setText(tr("%1 tensors compared with the source; the largest relative RMS error is %2 (%3). Click a row for its error histogram.")
                          .arg(errors_.size())
                          .arg(worst, 0, 'g', 4)
                          .arg(worstName));
    if (!errors_.empty()) table_->selectRow(0), selectTensor(0);
    Q_EMIT measured();
}

void QuantView::selectTensor(int row) {
    if (row < 0 || row >= table_->rowCount() || !table_->item(row, 0)) return;
    const auto& e = errors_[size_t(table_->item(row, 0)->data(Qt::UserRole + 1).toInt())];
    histogram_->setHistogram(e.histogram, -e.maxAbs, e.maxAbs);
    histogram_->setLogScale(true);
}

} // namespace cmfw
