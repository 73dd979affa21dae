#include "views/bits_view.h"

#include "charts/heatmap_toolbar.h"
#include "charts/heatmap_widget.h"
#include "document/cmf_document.h"
#include "models/tensor_name.h"
#include "util/bits_text.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "views/row_widths_panel.h"
#include "views/scale_profiles_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>
#include <map>

namespace cmfw {

BitsView::BitsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const auto src = doc_->tensors();
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Bit allocation"), this));
    summary_ = makeNote(QString(), this);
    lay->addWidget(summary_);

    auto* bar = new QHBoxLayout();
    bar->addWidget(makeHeading(tr("Mean bits per weight by layer and family"), this));
    bar->addSpacing(16);
    bar->addWidget(new QLabel(tr("Tensors of:"), this));
    source_ = new QComboBox(this);
    source_->addItem(tr("the model"), QString());
    for (const std::string& p : skillPrefixes(*src))
        source_->addItem(tr("skill %1").arg(QString::fromStdString(p.substr(6, p.size() - 7))), QString::fromStdString(p));
    bar->addWidget(source_);
    grid_ = new HeatmapWidget(this);
    bar->addWidget(new HeatmapToolbar({grid_}, this));
    bar->addStretch(1);
    lay->addLayout(bar);

    // Side by side: families read as row labels on the left, the selected tensor's detail on the right.
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    grid_->setParent(split);
    grid_->setMinimumWidth(260);
    grid_->setShowCellValues(true);
    // Three digits: 8.06 tells q8's scale overhead from 8, and 16 fits a narrow cell.
    grid_->setValueFormatter([](float v) { return QString::number(double(v), 'g', 3); });
    grid_->setMissingLabel(tr("no tensor"));
    grid_->setTooltipProvider([this](int r, int c, float) { return cellTooltip(r, c); });
    tabs_ = new QTabWidget(split);
    widths_ = new RowWidthsPanel(src, tabs_);
    profiles_ = new ScaleProfilesPanel(src, tabs_);
    tabs_->addTab(widths_, widths_->isEmpty() ? tr("Row widths") : tr("Row widths (vbit)"));
    tabs_->addTab(profiles_, tr("Scale profiles"));
    split->addWidget(grid_);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({420, 640});
    lay->addWidget(split, 1);

    connect(source_, &QComboBox::currentIndexChanged, this, [this](int i) { showSource(source_->itemData(i).toString()); });
    connect(grid_, &HeatmapWidget::cellClicked, this, [this](int r, int c) { openCell(r, c); });
    showSource(QString());
}

void BitsView::showSource(const QString& prefix) {
    const auto src = doc_->tensors();
    prefix_ = prefix.toStdString();
    {
        const QSignalBlocker block(source_);
        source_->setCurrentIndex(std::max(0, source_->findData(prefix)));
    }
    bitGrid_ = modelBitGrid(*src, prefix_);
    const BitGrid& g = bitGrid_;
    // Shown transposed: a family per row (long names fit as row labels), a layer per column.
    std::vector<float> values(g.meanBits.size());
    for (int f = 0; f < g.cols(); ++f)
        for (int l = 0; l < g.rows(); ++l) values[size_t(f) * size_t(g.rows()) + size_t(l)] = float(g.meanBits[g.cell(l, f)]);
    QStringList rows, cols;
    for (const auto& f : g.families) rows << QString::fromStdString(f);
    for (int layer : g.layers) cols << (layer >= 0 ? QString::number(layer) : layer == kMtpLayer ? tr("MTP") : tr("outside"));
    grid_->setTitle(prefix.isEmpty() ? tr("Bits per weight") : tr("Bits per weight of %1").arg(source_->currentText()));
    grid_->setAxisTitles(tr("family"), tr("layer"));
    grid_->setSequential();
    grid_->setData(g.cols(), g.rows(), std::move(values));
    grid_->setRowLabels(rows);
    grid_->setColumnLabels(cols);

    // The whole selection, and per dtype.
    struct Sum {
        uint64_t tensors = 0, elements = 0, bytes = 0;
    };
    Sum all;
    std::map<int, Sum> byType;
    for (uint64_t i = 0; i < src->count(); ++i) {
        const auto r = src->record(i);
        const bool skill = r.name.starts_with("skill.");
        if (prefix_.empty() ? skill : !r.name.starts_with(prefix_)) continue;
        for (Sum* s : {&all, &byType[int(r.dtype)]}) ++s->tensors, s->elements += r.count(), s->bytes += r.nbytes;
    }
    QStringList parts;
    for (const auto& [t, s] : byType)
        parts << tr("%1 %2 (%n tensor(s))", nullptr, int(s.tensors))
                     .arg(Text::fromUtf8(cmf::dtypeName(cmf::DType(t))),
                          BitsText::bits(s.elements ? double(s.bytes) * 8.0 / double(s.elements) : 0.0));
    summary_->setText(tr("%1 weights in %2: %3 bits per weight on average (bytes × 8 / weights, every overhead included). "
                         "By dtype: %4. Hover a cell for how its number is made up; click it to open its tensor below.")
                          .arg(Text::count(all.elements), Text::bytes(all.bytes),
                               BitsText::bits(all.elements ? double(all.bytes) * 8.0 / double(all.elements) : 0.0),
                               parts.join(QStringLiteral(", "))));
}

QString BitsView::cellTooltip(int family, int layer) const {
    const BitGrid& g = bitGrid_;
    if (layer < 0 || family < 0 || layer >= g.rows() || family >= g.cols()) return {};
    const size_t cell = g.cell(layer, family);
    const auto& ids = g.tensors[cell];
    if (ids.empty()) return tr("no tensor of this family in this layer");
    const auto src = doc_->tensors();
    double codes = 0;
    std::map<int, int> types;
    for (uint64_t i : ids) {
        const auto b = bitsPerWeight(src->tensorBytes(i));
        codes += b.codes * double(src->record(i).count());
        ++types[int(src->record(i).dtype)];
    }
    codes /= double(std::max<uint64_t>(1, g.elements[cell]));
    const double total = g.meanBits[cell];
    QStringList lines;
    lines << tr("%n tensor(s), %1 weights in %2", nullptr, int(ids.size())).arg(Text::count(g.elements[cell]), Text::bytes(g.nbytes[cell]));
    for (size_t k = 0; k < std::min<size_t>(ids.size(), 3); ++k) lines << u"  " + Text::fromUtf8(src->record(ids[k]).name);
    if (ids.size() > 3) lines << tr("  … and %1 more").arg(ids.size() - 3);
    lines << tr("%1 bits per weight = %2 codes + %3 overhead").arg(BitsText::bits(total), BitsText::bits(codes), BitsText::bits(total - codes));
    for (const auto& [t, n] : types) lines << BitsText::howComputed(cmf::DType(t));
    return lines.join(u'\n');
}

void BitsView::openCell(int family, int layer) {
    const BitGrid& g = bitGrid_;
    if (layer < 0 || family < 0 || layer >= g.rows() || family >= g.cols()) return;
    const auto src = doc_->tensors();
    for (uint64_t i : g.tensors[g.cell(layer, family)]) {
        const QString name = Text::fromUtf8(src->record(i).name);
        if (widths_->selectTensor(name)) {
            tabs_->setCurrentWidget(widths_);
            return;
        }
        if (profiles_->selectTensor(name)) {
            tabs_->setCurrentWidget(profiles_);
            return;
        }
    }
}

} // namespace cmfw
