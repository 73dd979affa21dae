#include "views/quant_view.h"
#include "util/tones.h"
#include "util/table_csv.h"

#include "charts/histogram_chart.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/format_text.h"


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


using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

// Sorts numerically on the value, shows the text.
class NumberItem : public QTableWidgetItem {
public:
    NumberItem(double v, const QString& text) : QTableWidgetItem(text), v_(v) { setData(Qt::UserRole, v); }
    bool operator<(const QTableWidgetItem& o) const override { return v_ < o.data(Qt::UserRole).toDouble(); }

private:
    double v_;
};

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
    table_ = new QTableWidget(0, 6, split);
    table_->setHorizontalHeaderLabels({tr("Tensor"), tr("dtype"), tr("Values"), tr("Relative RMS error"), tr("Expected below"), tr("Max |error|")});
    addCsvExport(table_, [this] { return QFileInfo(doc_->path()).completeBaseName() + u"-quantization-error.csv"_s; });
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 6; ++c) table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
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
                                     [file, src](const cmf::Control& c) { return QVariant::fromValue(compareWithCheckpoint(file, src, c)); });
    connect(job, &Job::succeeded, this, [this](const QVariant& v) { show(v.value<QuantComparison>()); });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        summary_->setText(tr("Could not measure: %1").arg(message));
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
    return job;
}

void QuantView::show(QuantComparison result) {
    result_ = std::move(result);
    const auto& errors = result_.errors;
    table_->setSortingEnabled(false);
    table_->setRowCount(int(errors.size()));
    const QColor warn(0xb0, 0x30, 0x00);
    for (int r = 0; r < int(errors.size()); ++r) {
        const auto& e = errors[size_t(r)];
        auto* name = new QTableWidgetItem(e.name);
        name->setData(Qt::UserRole + 1, r); // index into the errors whatever the sort
        table_->setItem(r, 0, name);
        table_->setItem(r, 1, new QTableWidgetItem(e.dtype));
        table_->setItem(r, 2, new NumberItem(double(e.count), Text::count(e.count)));
        auto* rel = new NumberItem(e.relRms, QString::number(e.relRms, 'g', 4));
        if (e.aboveBound()) {
            rel->setForeground(warn);
            rel->setToolTip(tr("Far above what %1 reaches on its own source (%2): this checkpoint is probably not its source.")
                                .arg(e.dtype, QString::number(e.bound, 'g', 2)));
        }
        table_->setItem(r, 3, rel);
        table_->setItem(r, 4, new NumberItem(e.bound, QString::number(e.bound, 'g', 2)));
        table_->setItem(r, 5, new NumberItem(e.maxAbs, QString::number(e.maxAbs, 'g', 4)));
    }
    table_->setSortingEnabled(true);
    table_->sortItems(3, Qt::DescendingOrder);
    summary_->setText(result_.summary());
    // Not the source: say so in the colour of a warning, and plot nothing until a row is picked.
    if (result_.looksLikeOtherSource()) setTone(summary_, Tone::Bad, u"font-weight: bold;"_s);
    else clearTone(summary_);
    if (result_.looksLikeOtherSource()) histogram_->clear();
    else if (!errors.empty()) table_->selectRow(0), selectTensor(0);
    Q_EMIT measured();
}

QString QuantView::summaryText() const { return summary_->text(); }

void QuantView::selectTensor(int row) {
    if (row < 0 || row >= table_->rowCount() || !table_->item(row, 0)) return;
    const auto& e = result_.errors[size_t(table_->item(row, 0)->data(Qt::UserRole + 1).toInt())];
    histogram_->setHistogram(e.histogram, -e.maxAbs, e.maxAbs);
    histogram_->setLogScale(true);
}

} // namespace cmfw
