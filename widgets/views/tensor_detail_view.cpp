#include "views/tensor_detail_view.h"

#include "charts/histogram_chart.h"
#include "charts/row_series_chart.h"
#include "document/cmf_document.h"
#include "jobs/format_jobs.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "models/preview_model.h"
#include "models/row_scales_model.h"
#include "models/tensor_name.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"
#include "views/tensor_summary_panel.h"

#include "cmf/format/dtype.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

constexpr uint64_t kPreviewRows = 64;
constexpr uint64_t kPreviewCols = 64;

QString layoutNote(cmf::DType t) {
    switch (t) {
    case cmf::DType::F32:
    case cmf::DType::F16:
    case cmf::DType::BF16:
    case cmf::DType::U8: return TensorDetailView::tr("This dtype stores values directly; it has no scales.");
    case cmf::DType::Q8Row: return TensorDetailView::tr("q8_row: int8 codes and one f16 scale per row; w = q · scale[row].");
    case cmf::DType::Q8_2F:
        return TensorDetailView::tr("q8_2f: int8 codes, an f16 scale per row and an f16 field per column; "
                                    "w = q · scale[row] · col[column].");
    case cmf::DType::Q4Block:
        return TensorDetailView::tr("q4_block: 4-bit codes in groups of 32 over the flattened tensor, one f16 scale per group; "
                                    "w = (q − 8) · scale.");
    case cmf::DType::Q4Tiled: return TensorDetailView::tr("q4_tiled: 18-byte tiles of one f16 scale and 32 nibbles.");
    case cmf::DType::Q4TP:
        return TensorDetailView::tr("q4tp: q4 tiles whose scales are 5-bit rungs of a per-row ladder 2^(lo + code · step).");
    case cmf::DType::VBit:
    case cmf::DType::VBitRo:
        return TensorDetailView::tr("vbit: each row has its own bit width (3–8) and one f16 scale per 32 weights; "
                                    "w = (u − L) · scale.");
    case cmf::DType::Q1: return TensorDetailView::tr("q1: one sign bit per weight and one f16 scale per 32; w = ±scale.");
    case cmf::DType::Q1S:
        return TensorDetailView::tr("q1s: a q1 base plus a list of outliers kept at f16 precision.");
    case cmf::DType::Q1T:
        return TensorDetailView::tr("q1t: ternary {−s, 0, +s} tiles plus per-row outliers at f16 precision.");
    default: return TensorDetailView::tr("Reserved dtype without a defined layout.");
    }
}

} // namespace

TensorDetailView::TensorDetailView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), src_(doc_->tensors()), services_(services),
      jobKey_(u"tensor:"_s + QString::number(quintptr(this), 16)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    auto* top = new QHBoxLayout();
    name_ = makeTitle(QString(), this);
    top->addWidget(name_, 1);
    export_ = new QPushButton(tr("Export .npy…"), this);
    export_->setToolTip(tr("Write the dequantized values as a float32 NumPy array"));
    top->addWidget(export_, 0, Qt::AlignTop);
    lay->addLayout(top);

    infoGrid_ = new QGridLayout();
    infoGrid_->setHorizontalSpacing(14);
    int r = 0;
    addPair(infoGrid_, r, 0, tr("DType"), u"dtype"_s);
    addPair(infoGrid_, r, 2, tr("Shape"), u"shape"_s);
    addPair(infoGrid_, r++, 4, tr("Elements"), u"elements"_s);
    addPair(infoGrid_, r, 0, tr("Bytes"), u"bytes"_s);
    addPair(infoGrid_, r, 2, tr("Bits per weight"), u"bpw"_s);
    addPair(infoGrid_, r++, 4, tr("Hash64"), u"hash"_s);
    addPair(infoGrid_, r, 0, tr("File offset"), u"offset"_s);
    addPair(infoGrid_, r, 2, tr("In weight blob"), u"blob"_s);
    addPair(infoGrid_, r++, 4, tr("Layer / family"), u"family"_s);
    values_[u"hash"_s]->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    infoGrid_->setColumnStretch(5, 1);
    lay->addLayout(infoGrid_);

    tabs_ = new QTabWidget(this);
    lay->addWidget(tabs_, 1);

    // Statistics: numbers on the left, histogram on the right.
    auto* statsPage = new QWidget(tabs_);
    auto* sl = new QHBoxLayout(statsPage);
    auto* numbers = new QVBoxLayout();
    auto* sg = new QGridLayout();
    sg->setHorizontalSpacing(14);
    int s = 0;
    addPair(sg, s++, 0, tr("Count"), u"count"_s);
    addPair(sg, s++, 0, tr("Min"), u"min"_s);
    addPair(sg, s++, 0, tr("Max"), u"max"_s);
    addPair(sg, s++, 0, tr("Mean"), u"mean"_s);
    addPair(sg, s++, 0, tr("Std"), u"std"_s);
    addPair(sg, s++, 0, tr("Zeros"), u"zeros"_s);
    addPair(sg, s++, 0, tr("Sum"), u"sum"_s);
    addPair(sg, s++, 0, tr("Abs sum"), u"abssum"_s);
    addPair(sg, s++, 0, tr("Max |x|"), u"maxabs"_s);
    addPair(sg, s++, 0, tr("Not finite"), u"nonfinite"_s);
    numbers->addLayout(sg);
    statsState_ = new QLabel(statsPage);
    statsState_->setWordWrap(true);
    numbers->addWidget(statsState_);
    auto* progressRow = new QHBoxLayout();
    statsProgress_ = new QProgressBar(statsPage);
    statsProgress_->setRange(0, 1000);
    cancelStats_ = new QPushButton(tr("Cancel"), statsPage);
    progressRow->addWidget(statsProgress_, 1);
    progressRow->addWidget(cancelStats_);
    numbers->addLayout(progressRow);
    numbers->addStretch(1);
    sl->addLayout(numbers, 0);
    auto* histBox = new QVBoxLayout();
    auto* histTop = new QHBoxLayout();
    histTop->addWidget(makeHeading(tr("Histogram of dequantized values"), statsPage), 1);
    logScale_ = new QCheckBox(tr("Log scale"), statsPage);
    histTop->addWidget(logScale_);
    histBox->addLayout(histTop);
    histogram_ = new HistogramChart(statsPage);
    histBox->addWidget(histogram_, 1);
    sl->addLayout(histBox, 1);
    tabs_->addTab(statsPage, tr("Statistics"));

    // Values.
    auto* valuesPage = new QWidget(tabs_);
    auto* vl = new QVBoxLayout(valuesPage);
    auto* vbar = new QHBoxLayout();
    vbar->addWidget(new QLabel(tr("First row:"), valuesPage));
    row0_ = new QSpinBox(valuesPage);
    row0_->setRange(0, 0);
    row0_->setKeyboardTracking(false);
    vbar->addWidget(row0_);
    previewNote_ = new QLabel(valuesPage);
    vbar->addWidget(previewNote_, 1);
    vl->addLayout(vbar);
    preview_ = new PreviewModel(this);
    previewTable_ = new QTableView(valuesPage);
    previewTable_->setModel(preview_);
    previewTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    previewTable_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    previewTable_->verticalHeader()->setDefaultSectionSize(previewTable_->fontMetrics().height() + 4);
    // Wide enough for the longest full float ("-1.2345678e-05"), so no value is elided.
    previewTable_->horizontalHeader()->setDefaultSectionSize(previewTable_->fontMetrics().horizontalAdvance(u"-1.2345678e-05"_s) + 12);
    vl->addWidget(previewTable_, 1);
    tabs_->addTab(valuesPage, tr("Values"));

    // Quantization.
    auto* quantPage = new QWidget(tabs_);
    auto* ql = new QVBoxLayout(quantPage);
    scalesNote_ = makeNote(QString(), quantPage);
    ql->addWidget(scalesNote_);
    auto* qsplit = new QSplitter(Qt::Horizontal, quantPage);
    scales_ = new RowScalesModel(this);
    scalesTable_ = new QTableView(qsplit);
    scalesTable_->setModel(scales_);
    makeReadOnlyTable(scalesTable_);
    scalesTable_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    scalesTable_->verticalHeader()->setDefaultSectionSize(scalesTable_->fontMetrics().height() + 4);
    scalesChart_ = new RowSeriesChart(qsplit);
    qsplit->addWidget(scalesTable_);
    qsplit->addWidget(scalesChart_);
    qsplit->setStretchFactor(0, 2);
    qsplit->setStretchFactor(1, 3);
    ql->addWidget(qsplit, 1);
    tabs_->addTab(quantPage, tr("Quantization"));

    connect(cancelStats_, &QPushButton::clicked, this, [this] {
        if (statsJob_) statsJob_->cancel();
    });
    connect(logScale_, &QCheckBox::toggled, histogram_, &HistogramChart::setLogScale);
    connect(row0_, &QSpinBox::valueChanged, this, [this](int v) { startDetail(uint64_t(v)); });
    connect(export_, &QPushButton::clicked, this, &TensorDetailView::askExport);
    statsProgress_->hide();
    cancelStats_->hide();
}

QLabel* TensorDetailView::addPair(QGridLayout* grid, int row, int col, const QString& name, const QString& key) {
    auto* n = new QLabel(name + u':', this);
    QPalette p = n->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    n->setPalette(p);
    auto* v = makeValue(QString(), this);
    grid->addWidget(n, row, col);
    grid->addWidget(v, row, col + 1);
    values_[key] = v;
    return v;
}

QString TensorDetailView::statText(const QString& key) const {
    const auto it = values_.find(key);
    return it == values_.end() ? QString() : (*it)->text();
}

QString TensorDetailView::tensorName() const { return tensor_ ? Text::fromUtf8(src_->record(*tensor_).name) : QString(); }

bool TensorDetailView::busy() const { return (statsJob_ && statsJob_->isRunning()) || (detailJob_ && detailJob_->isRunning()); }

void TensorDetailView::setTensor(uint64_t index) {
    if (index >= src_->count()) return;
    tensor_ = index;
    const cmf::TensorRecord r = src_->record(index);
    name_->setText(Text::fromUtf8(r.name));
    values_[u"dtype"_s]->setText(Text::fromUtf8(cmf::dtypeName(r.dtype)));
    const auto dims = r.dims();
    values_[u"shape"_s]->setText(Text::shape(dims));
    values_[u"elements"_s]->setText(Text::count(r.count()));
    values_[u"bytes"_s]->setText(Text::count(r.nbytes) + u"  (" + Text::bytes(r.nbytes) + u')');
    values_[u"bpw"_s]->setText(QString::number(r.count() ? double(r.nbytes) * 8.0 / double(r.count()) : 0.0, 'f', 3));
    values_[u"hash"_s]->setText(Text::hash(r.hash));
    QString offset = Text::offset(src_->absoluteOffset(index));
    if (src_->sharded()) offset += u"  " + tr("in shard %1").arg(src_->shardNo(index));
    values_[u"offset"_s]->setText(offset);
    values_[u"blob"_s]->setText(Text::offset(r.off));
    const int layer = layerOf(r.name);
    const QString where = layer >= 0 ? tr("layer %1").arg(layer) : layer == kMtpLayer ? tr("MTP head") : tr("not in a layer");
    values_[u"family"_s]->setText(where + u" · " + TensorSummaryPanel::familyName(familyOf(r.name)));

    stats_.reset();
    for (const char* k : {"count", "min", "max", "mean", "std", "zeros", "sum", "abssum", "maxabs", "nonfinite"})
        values_[QString::fromLatin1(k)]->clear();
    histogram_->clear();
    preview_->clear();
    scales_->setScales({});
    scalesChart_->clear();
    scalesNote_->setText(layoutNote(r.dtype));
    const auto shape = r.rowsCols();
    row0_->blockSignals(true);
    row0_->setRange(0, int(std::min<uint64_t>(shape.rows ? shape.rows - 1 : 0, uint64_t(INT32_MAX))));
    row0_->setValue(0);
    row0_->blockSignals(false);
    export_->setEnabled(cmf::dtypeDecodable(r.dtype));
    if (!cmf::dtypeDecodable(r.dtype)) {
        statsState_->setText(tr("This dtype is reserved and has no decoder, so its values cannot be shown."));
        return;
    }
    startStats();
    startDetail(0);
}

void TensorDetailView::startStats() {
    statsState_->setText(tr("Computing statistics…"));
    statsProgress_->setValue(0);
    statsProgress_->show();
    cancelStats_->show();
    const QString name = tensorName();
    Job* job = services_.jobs->start(jobKey_ + u":stats", tr("Statistics of %1").arg(name), jobs::tensorStats(src_, *tensor_),
                                     [](const QVariant& v) {
                                         const auto s = v.value<TensorStats>();
                                         return tr("%1 values, mean %2, std %3").arg(Text::count(s.count), Text::value(s.mean), Text::value(s.std));
                                     });
    statsJob_ = job;
    statsJobId_ = job->id();
    const quint64 id = job->id();
    connect(job, &Job::progressChanged, this, [this, id](double f, const QString&) {
        if (id == statsJobId_ && f >= 0) statsProgress_->setValue(int(f * 1000));
    });
    connect(job, &Job::succeeded, this, [this, id](const QVariant& v) {
        if (id != statsJobId_) return; // a newer tensor took over: stale
        showStats(v.value<TensorStats>());
    });
    connect(job, &Job::failed, this, [this, id](const QString&, const QString& message) {
        if (id != statsJobId_) return;
        statsState_->setText(tr("Could not decode this tensor: %1").arg(message));
        services_.log->error(tr("Statistics of %1 failed: %2").arg(tensorName(), message));
    });
    connect(job, &Job::finished, this, [this, id](Job::State state) {
        if (id != statsJobId_) return;
        statsProgress_->hide();
        cancelStats_->hide();
        if (state == Job::State::Cancelled) statsState_->setText(tr("Cancelled."));
        if (state != Job::State::Superseded) Q_EMIT statsReady();
    });
}

void TensorDetailView::showStats(const TensorStats& s) {
    stats_ = s;
    statsState_->clear();
    values_[u"count"_s]->setText(Text::count(s.count));
    values_[u"min"_s]->setText(Text::value(s.min));
    values_[u"max"_s]->setText(Text::value(s.max));
    values_[u"mean"_s]->setText(Text::value(s.mean));
    values_[u"std"_s]->setText(Text::value(s.std));
    values_[u"zeros"_s]->setText(Text::count(s.zeros) + u"  (" + Text::percent(s.zeroFraction()) + u')');
    values_[u"sum"_s]->setText(QString::number(s.sum, 'g', 10));
    values_[u"abssum"_s]->setText(QString::number(s.absSum, 'g', 10));
    values_[u"maxabs"_s]->setText(Text::value(s.maxAbs));
    values_[u"nonfinite"_s]->setText(Text::count(s.nonFinite));
    histogram_->setHistogram(s.histogram, s.histMin, s.histMax);
}

void TensorDetailView::showPreviewFrom(uint64_t row0) {
    if (row0_->value() != int(row0)) row0_->setValue(int(row0)); // starts the job through valueChanged
    else startDetail(row0);
}

void TensorDetailView::startDetail(uint64_t row0) {
    if (!tensor_) return;
    Job* job = services_.jobs->start(jobKey_ + u":values", tr("Values of %1").arg(tensorName()),
                                     jobs::tensorDetail(src_, *tensor_, row0, kPreviewRows, kPreviewCols));
    detailJob_ = job;
    detailJobId_ = job->id();
    const quint64 id = job->id();
    connect(job, &Job::succeeded, this, [this, id](const QVariant& v) {
        if (id != detailJobId_) return;
        auto d = v.value<TensorDetailData>();
        const auto& p = d.preview;
        previewNote_->setText(tr("rows %1–%2 of %3, columns 0–%4 of %5")
                                  .arg(p.row0)
                                  .arg(p.row0 + p.rows - (p.rows ? 1 : 0))
                                  .arg(p.totalRows)
                                  .arg(p.cols ? p.cols - 1 : 0)
                                  .arg(p.totalCols));
        preview_->setPreview(std::move(d.preview));
        const bool hasScales = d.scales.kind != RowScales::Kind::None;
        if (!d.scales.error.empty()) scalesNote_->setText(scalesNote_->text() + u"\n" + QString::fromStdString(d.scales.error));
        if (hasScales) {
            const bool group = d.scales.kind == RowScales::Kind::GroupScales;
            std::vector<float> bits(d.scales.bits.begin(), d.scales.bits.end());
            scalesChart_->setSeries(group ? tr("mean scale") : tr("scale"), d.scales.scaleMean, bits.empty() ? QString() : tr("bits"), bits);
            if (!d.scales.colField.empty()) {
                const auto [lo, hi] = std::minmax_element(d.scales.colField.begin(), d.scales.colField.end());
                scalesNote_->setText(scalesNote_->text() + u"\n" +
                                     tr("Column field: %n value(s) from %1 to %2.", nullptr, int(d.scales.colField.size()))
                                         .arg(Text::value(*lo), Text::value(*hi)));
            }
        }
        scales_->setScales(std::move(d.scales));
        Q_EMIT detailReady();
    });
    connect(job, &Job::failed, this, [this, id](const QString&, const QString& message) {
        if (id == detailJobId_) previewNote_->setText(tr("Could not decode: %1").arg(message));
    });
}

void TensorDetailView::askExport() {
    if (!tensor_) return;
    QString name = tensorName();
    name.replace(u'/', u'_');
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export tensor as .npy"), dir + u'/' + name + u".npy",
                                                      tr("NumPy arrays (*.npy)"));
    if (!path.isEmpty()) exportTo(path);
}

Job* TensorDetailView::exportTo(const QString& path) {
    if (!tensor_) return nullptr;
    const QString name = tensorName();
    Job* job = services_.jobs->start(QString(), tr("Export %1").arg(QFileInfo(path).fileName()), jobs::exportNpy(src_, *tensor_, path),
                                     [](const QVariant& v) {
                                         const auto o = v.value<ExportOutcome>();
                                         return tr("%1 float32 values written").arg(Text::count(o.values));
                                     });
    LogModel* log = services_.log;
    connect(job, &Job::succeeded, log, [log, name](const QVariant& v) {
        log->info(tr("Exported %1 to %2").arg(name, v.value<ExportOutcome>().path));
    });
    connect(job, &Job::failed, log, [log, name](const QString&, const QString& message) {
        log->error(tr("Export of %1 failed: %2").arg(name, message));
    });
    return job;
}

} // namespace cmfw
