#include "views/tensors_view.h"
#include "util/tones.h"
#include "util/table_csv.h"

#include "document/cmf_document.h"
#include "models/tensor_directory_model.h"
#include "models/tensor_summary.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"
#include "views/tensor_summary_panel.h"

#include <QFileInfo>
#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

TensorsView::TensorsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    auto* top = new QHBoxLayout();
    top->addWidget(makeTitle(tr("Tensors"), this));
    top->addStretch(1);
    count_ = new QLabel(this);
    top->addWidget(count_);
    lay->addLayout(top);

    auto* bar = new QHBoxLayout();
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter by name (e.g. layers.3. or mlp)…"));
    filter_->setClearButtonEnabled(true);
    regex_ = new QCheckBox(tr("Regular expression"), this);
    group_ = new QCheckBox(tr("Group by layer"), this);
    bar->addWidget(filter_, 1);
    bar->addWidget(regex_);
    bar->addWidget(group_);
    lay->addLayout(bar);

    model_ = new TensorDirectoryModel(this);
    model_->setSource(doc_->tensors());

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    table_ = new QTableView(split);
    table_->setModel(model_);
    makeReadOnlyTable(table_);
    addCsvExport(table_, [this] { return QFileInfo(doc_->path()).completeBaseName() + QStringLiteral("-tensors.csv"); }, TensorDirectoryModel::SortRole);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setSortingEnabled(false);
    // 100,000 rows: fixed row heights, no per-row sizing.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    auto* header = table_->horizontalHeader();
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    table_->setSortingEnabled(true); // sorts by the indicator: -1 keeps directory order
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    // Columns sized to their content; the name takes the rest and elides in
    // the middle, where layer numbers and projections stay visible.
    const QFontMetrics fm(font());
    auto width = [&](const QString& sample) { return fm.horizontalAdvance(sample) + 18; };
    const QFontMetrics mono(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->setColumnWidth(TensorDirectoryModel::DType, width(QStringLiteral("vbit_ro")));
    table_->setColumnWidth(TensorDirectoryModel::Shape, width(QStringLiteral("[151936, 1024]")));
    table_->setColumnWidth(TensorDirectoryModel::Elements, width(QStringLiteral("2,097,152")));
    table_->setColumnWidth(TensorDirectoryModel::Bytes, width(QStringLiteral("133.3 KiB")));
    table_->setColumnWidth(TensorDirectoryModel::BitsPerWeight, width(tr("Bits/w")));
    table_->setColumnWidth(TensorDirectoryModel::Offset, mono.horizontalAdvance(QStringLiteral("0x1234567")) + 14);
    table_->setColumnWidth(TensorDirectoryModel::Hash, mono.horizontalAdvance(QStringLiteral("0123456789abcdef")) + 14);
    table_->setColumnWidth(TensorDirectoryModel::Shard, width(tr("Shard")));
    header->setSectionResizeMode(TensorDirectoryModel::Name, QHeaderView::Stretch);
    summary_ = new TensorSummaryPanel(split);
    split->addWidget(table_);
    split->addWidget(summary_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({520, 190});
    lay->addWidget(split, 1);

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    // Small directories filter as you type; huge ones wait for a pause.
    debounce_->setInterval(model_->source() && model_->source()->count() > 20000 ? 200 : 60);
    connect(debounce_, &QTimer::timeout, this, &TensorsView::applyFilter);
    connect(filter_, &QLineEdit::textChanged, debounce_, qOverload<>(&QTimer::start));
    connect(regex_, &QCheckBox::toggled, this, &TensorsView::applyFilter);
    connect(group_, &QCheckBox::toggled, this, [this](bool on) {
        const int64_t current = model_->tensorAt(table_->currentIndex().row());
        model_->setGroupByLayer(on);
        if (current >= 0) selectTensor(uint64_t(current));
    });
    connect(model_, &TensorDirectoryModel::matchedChanged, this, [this] {
        updateCount();
        updateSummary();
    });
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& i) {
        const int64_t t = model_->tensorAt(i.row());
        if (t >= 0) Q_EMIT tensorActivated(quint64(t));
    });
    connect(table_, &QTableView::clicked, this, [this](const QModelIndex& i) {
        if (model_->isGroupRow(i.row())) model_->toggleGroup(i.row());
    });
    updateCount();
    updateSummary();
}

void TensorsView::applyFilter() {
    debounce_->stop();
    const int64_t current = model_->tensorAt(table_->currentIndex().row());
    const bool ok = model_->setFilter(filter_->text(), regex_->isChecked() ? TensorDirectoryModel::FilterMode::Regex
                                                                          : TensorDirectoryModel::FilterMode::Substring);
    // An invalid expression keeps the last good filter and says why.
    if (ok) clearTone(filter_);
    else setToneBox(filter_, Tone::Bad, u"QLineEdit"_s);
    filter_->setToolTip(ok ? QString() : model_->filterError());
    if (ok && current >= 0 && model_->rowOfTensor(uint64_t(current)) >= 0) selectTensor(uint64_t(current));
}

void TensorsView::selectTensor(uint64_t index) {
    const int row = model_->rowOfTensor(index);
    if (row < 0) return;
    const QModelIndex i = model_->index(row, TensorDirectoryModel::Name);
    table_->setCurrentIndex(i);
    table_->scrollTo(i, QAbstractItemView::PositionAtCenter);
}

void TensorsView::updateCount() {
    const uint64_t total = model_->source() ? model_->source()->count() : 0;
    const uint64_t shown = model_->matched().size();
    count_->setText(tr("%1 of %2 tensors · %3").arg(Text::count(shown), Text::count(total), Text::bytes(model_->matchedBytes())));
}

void TensorsView::updateSummary() {
    if (!model_->source()) return;
    const auto& m = model_->matched();
    summary_->setSummary(TensorSummary::of(*model_->source(), std::span<const uint32_t>(m.data(), m.size())));
}

} // namespace cmfw
