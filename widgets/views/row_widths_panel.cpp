#include "views/row_widths_panel.h"

#include "analysis/bit_allocation.h"
#include "analysis/quant_scales.h"
#include "charts/heatmap_toolbar.h"
#include "charts/heatmap_widget.h"
#include "charts/level_histogram.h"
#include "util/bits_text.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "views/tensor_picker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// The widths 3..8 spread over the whole viridis ramp (neighbouring levels must
// differ at a glance); wider rows are brighter, the rare 1–2 bits darkest.
QColor levelColor(int bits) {
    static const QColor c[] = {QColor(0x1a, 0x00, 0x2e), QColor(0x2d, 0x00, 0x45), QColor(0x30, 0x00, 0x48), QColor(0x44, 0x01, 0x54),
                               QColor(0x41, 0x44, 0x87), QColor(0x2a, 0x78, 0x8e), QColor(0x22, 0xa8, 0x84), QColor(0x7a, 0xd1, 0x51),
                               QColor(0xfd, 0xe7, 0x25)};
    return c[std::clamp(bits, 0, 8)];
}

// Tensor rows per heatmap line: a power of two near sqrt(2·rows), so the map is about twice as wide as tall.
int autoPerLine(uint64_t rows) {
    const double target = std::sqrt(2.0 * double(std::max<uint64_t>(rows, 1)));
    int n = 8;
    while (n < 1024 && n * 1.5 < target) n *= 2;
    return n;
}

} // namespace

RowWidthsPanel::RowWidthsPanel(std::shared_ptr<const TensorSource> src, QWidget* parent) : QWidget(parent), src_(std::move(src)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(6, 6, 6, 6);
    // Every vbit / vbit_ro tensor, base model and skills, in natural order.
    const auto picker = makeTensorPicker(
        *src_, [](const cmf::TensorRecord& r) { return r.dtype == cmf::DType::VBit || r.dtype == cmf::DType::VBitRo; },
        tr("Tensor:"), 18, false, this);
    auto* top = picker.row;
    tensors_ = picker.combo;
    const auto& list = picker.indices;
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Rows per line:"), this));
    perLine_ = new QComboBox(this);
    perLine_->addItem(tr("auto"), 0);
    for (int n : {16, 32, 64, 128, 256, 512, 1024}) perLine_->addItem(QString::number(n), n);
    top->addWidget(perLine_);
    map_ = new HeatmapWidget(this);
    top->addWidget(new HeatmapToolbar({map_}, this));
    lay->addLayout(top);
    note_ = makeNote(QString(), this);
    lay->addWidget(note_);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    map_->setParent(split);
    histogram_ = new LevelHistogram(split);
    split->addWidget(map_);
    split->addWidget(histogram_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({700, 260});
    lay->addWidget(split, 1);

    if (list.empty()) {
        tensors_->setEnabled(false);
        perLine_->setEnabled(false);
        map_->setEmptyText(tr("No vbit or vbit_ro tensors in this file: every row of its quantized tensors has the same width."));
        note_->setText(tr("vbit gives each row its own width (3–8 bits) by water-filling toward the tensor's mean budget (§3.2)."));
        return;
    }
    connect(tensors_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) show(tensors_->itemData(i).toULongLong());
    });
    connect(perLine_, &QComboBox::currentIndexChanged, this, [this] {
        if (tensors_->currentIndex() >= 0) show(tensors_->currentData().toULongLong());
    });
    // Open on the tensor whose rows use the most different widths: it shows what vbit does.
    int best = 0;
    size_t bestLevels = 0;
    for (int k = 0; k < int(list.size()); ++k) {
        const auto w = rowWidths(src_->tensorBytes(list[size_t(k)]));
        bool seen[256] = {};
        size_t levels = 0;
        for (uint8_t x : w) levels += !seen[x], seen[x] = true;
        if (levels > bestLevels) best = k, bestLevels = levels;
    }
    if (best == 0) show(list.front());
    else tensors_->setCurrentIndex(best);
}

bool RowWidthsPanel::isEmpty() const { return tensors_->count() == 0; }

QString RowWidthsPanel::currentTensor() const { return tensors_->currentText(); }

bool RowWidthsPanel::selectTensor(const QString& name) {
    const int i = tensors_->findText(name);
    if (i < 0) return false;
    if (i == tensors_->currentIndex()) show(tensors_->itemData(i).toULongLong());
    else tensors_->setCurrentIndex(i);
    return true;
}

void RowWidthsPanel::setRowsPerLine(int n) {
    const int i = perLine_->findData(n);
    if (i >= 0) perLine_->setCurrentIndex(i);
}

void RowWidthsPanel::show(uint64_t index) {
    const cmf::TensorRecord rec = src_->record(index);
    const cmf::TensorBytes t = src_->tensorBytes(index);
    const std::vector<uint8_t> widths = rowWidths(t);
    const QString name = Text::fromUtf8(rec.name);
    if (widths.empty()) {
        map_->clear();
        map_->setEmptyText(tr("The payload of %1 is shorter than its width table.").arg(name));
        histogram_->clear();
        return;
    }
    const uint64_t rows = widths.size();
    const int perLine = perLine_->currentData().toInt() > 0 ? perLine_->currentData().toInt() : autoPerLine(rows);
    const int lines = int((rows + uint64_t(perLine) - 1) / uint64_t(perLine));
    std::vector<float> values(size_t(lines) * size_t(perLine), NAN);
    for (uint64_t r = 0; r < rows; ++r) values[r] = float(widths[r]);
    // Each line's mean width.
    std::vector<float> mean(size_t(lines), 0.f);
    for (int l = 0; l < lines; ++l) {
        const uint64_t a = uint64_t(l) * uint64_t(perLine), b = std::min<uint64_t>(rows, a + uint64_t(perLine));
        double s = 0;
        for (uint64_t r = a; r < b; ++r) s += widths[r];
        mean[size_t(l)] = float(s / double(b - a));
    }
    const auto [lo, hi] = std::minmax_element(widths.begin(), widths.end());
    std::vector<uint64_t> counts(size_t(*hi - *lo + 1), 0);
    for (uint8_t w : widths) ++counts[size_t(w - *lo)];

    std::vector<HeatmapWidget::Category> cats;
    for (int b = *lo; b <= *hi; ++b)
        if (counts[size_t(b - *lo)]) cats.push_back({float(b), levelColor(b), tr("%n bit(s)", nullptr, b)});
    map_->setTitle(tr("Bits per row of %1").arg(name));
    map_->setAxisTitles(tr("first row"), tr("+ row"));
    map_->setMissingLabel(tr("past the last row"));
    map_->setCategories(cats);
    map_->setData(lines, perLine, std::move(values));
    QStringList rowLabels, colLabels;
    for (int l = 0; l < lines; ++l) rowLabels << QString::number(uint64_t(l) * uint64_t(perLine));
    for (int c = 0; c < perLine; ++c) colLabels << u'+' + QString::number(c);
    map_->setRowLabels(rowLabels);
    map_->setColumnLabels(colLabels);
    map_->setRowBars(mean, tr("mean bits"), 8.f, [](float v) { return QString::number(double(v), 'f', 2); });
    const RowScales scales = readRowScales(t);
    const uint64_t cols = t.shape.cols;
    map_->setTooltipProvider([perLine, scales, cols, this](int line, int col, float) {
        const uint64_t r = uint64_t(line) * uint64_t(perLine) + uint64_t(col);
        if (r >= scales.rows || r >= scales.scaleMean.size()) return QString();
        return tr("tensor row %1: %2 codes of this width, %3 bytes packed\ngroup scales: min %4, mean %5, max %6")
            .arg(r)
            .arg(cols)
            .arg((cols * scales.bits[r] + 7) / 8)
            .arg(Text::value(scales.scaleMin[r]), Text::value(scales.scaleMean[r]), Text::value(scales.scaleMax[r]));
    });
    histogram_->setCounts(*lo, counts, tr("bits per row"), tr("rows"));

    const BitsPerWeight b = bitsPerWeight(t);
    note_->setText(tr("%1 rows × %2; widths %3–%4 bits, mean %5 (the codes). With scales, widths%6 and padding the tensor "
                      "costs %7 bits per weight. %8")
                       .arg(rows)
                       .arg(cols)
                       .arg(int(*lo))
                       .arg(int(*hi))
                       .arg(BitsText::bits(b.codes))
                       .arg(t.dtype == cmf::DType::VBitRo ? tr(", row offsets") : QString())
                       .arg(BitsText::bits(b.total))
                       .arg(BitsText::howComputed(t.dtype)));
}

} // namespace cmfw
