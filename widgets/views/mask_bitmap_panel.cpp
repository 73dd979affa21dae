#include "views/mask_bitmap_panel.h"

#include "charts/heatmap_toolbar.h"
#include "charts/heatmap_widget.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// Inactive cells recede; active ones and the three kinds of difference stand out
// (blue / orange / green stay distinct for the common colour-vision deficiencies).
const QColor kOff = HeatmapWidget::blankCategory(); // the theme's blank shade
const QColor kOn(0x1f, 0x4e, 0x8c);
const QColor kOnlyA(0x2f, 0x7f, 0xe0);
const QColor kOnlyB(0xe8, 0x7d, 0x1e);
const QColor kBoth(0x3b, 0x8f, 0x5a);

QString percent(float f) { return QString::number(double(f) * 100.0, 'f', 1) + u" %"; }

// Per row: the share of cells where the two tasks disagree.
std::vector<float> differShare(const MaskGrid& d) {
    std::vector<float> out(size_t(std::max(0, d.rows)), 0.f);
    for (int r = 0; r < d.rows; ++r) {
        int n = 0;
        for (int c = 0; c < d.cols; ++c) n += d.at(r, c) == float(OnlyA) || d.at(r, c) == float(OnlyB);
        out[size_t(r)] = d.cols ? float(n) / float(d.cols) : 0.f;
    }
    return out;
}

} // namespace

MaskBitmapPanel::MaskBitmapPanel(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(4);
    auto make = [this] {
        auto* h = new HeatmapWidget(this);
        h->setMinimumHeight(64);
        return h;
    };
    ffnA_ = make();
    ffnB_ = make();
    ffnDiff_ = make();
    heads_ = make();
    heads_->setMinimumHeight(84);
    experts_ = make();
    experts_->setMinimumHeight(84);
    // The FFN maps have one shape: zooming or scrolling one moves the others.
    ffnA_->linkView(ffnB_);
    ffnA_->linkView(ffnDiff_);
    ffnB_->linkView(ffnDiff_);
    // B and the difference sit under A with the same columns: A's labels serve all three.
    ffnB_->setColumnLabelsVisible(false);
    ffnDiff_->setColumnLabelsVisible(false);
    toolbar_ = new HeatmapToolbar({ffnA_, ffnB_, ffnDiff_, heads_, experts_}, this);
    controls_ = new QHBoxLayout();
    controls_->addWidget(toolbar_);
    controls_->addStretch(1);
    lay->addLayout(controls_);
    // A carries the column labels for all three, so it gets their height on top.
    lay->addWidget(ffnA_, 5);
    lay->addWidget(ffnB_, 4);
    lay->addWidget(ffnDiff_, 4);
    auto* small = new QHBoxLayout();
    small->addWidget(heads_, 2);
    small->addWidget(experts_, 3);
    lay->addLayout(small, 3);
}

void MaskBitmapPanel::insertControl(QWidget* w) { controls_->insertWidget(controls_->count() - 2, w); }

void MaskBitmapPanel::showSingle(HeatmapWidget* h, const MaskGrid& g, const QString& title, const QString& task,
                                 const QString& colTitle) {
    h->setTitle(title);
    h->setAxisTitles(rowTitle_, colTitle);
    h->setCategories({{0.f, kOff, tr("inactive")}, {1.f, kOn, tr("active")}});
    h->setData(g.rows, g.cols, g.values);
    std::vector<float> sparsity = activeFraction(g);
    for (float& f : sparsity) f = 1.f - f;
    h->setRowBars(sparsity, tr("sparsity"), 1.f, percent);
    const int cols = g.cols;
    h->setTooltipProvider([task, cols, sparsity, this](int row, int, float v) {
        const float s = size_t(row) < sparsity.size() ? sparsity[size_t(row)] : 0.f;
        return tr("%1 in %2; %3 has %4 of %5 active (sparsity %6)")
            .arg(v != 0 ? tr("active") : tr("inactive"), task, rowTitle_ + u' ' + QString::number(row))
            .arg(qRound64(double(1.f - s) * cols))
            .arg(cols)
            .arg(percent(s));
    });
}

void MaskBitmapPanel::showDiff(HeatmapWidget* h, const MaskGrid& d, const QString& title, const QString& colTitle) {
    h->setTitle(title);
    h->setAxisTitles(rowTitle_, colTitle);
    // Short names: the legend should fit beside the title, where it costs the grid no height.
    h->setCategories({{float(Neither), kOff, tr("neither")},
                      {float(OnlyA), kOnlyA, tr("only %1").arg(nameA_)},
                      {float(OnlyB), kOnlyB, tr("only %1").arg(nameB_)},
                      {float(Both), kBoth, tr("both")}});
    h->setData(d.rows, d.cols, d.values);
    h->setRowBars(differShare(d), tr("differ"), 1.f, percent);
    h->setTooltipProvider({});
}

void MaskBitmapPanel::setMasks(const cmf::MaskLayout& L, const cmf::Mask* a, const cmf::Mask* b, const QString& rowTitle) {
    rowTitle_ = rowTitle;
    comparing_ = a && b;
    counts_ = {};
    for (HeatmapWidget* h : {ffnA_, ffnB_, ffnDiff_, heads_, experts_}) h->clear();
    if (!a) return;
    nameA_ = QString::fromStdString(a->name);
    nameB_ = b ? QString::fromStdString(b->name) : QString();
    const QString neuron = tr("FFN neuron"), head = tr("head"), expert = tr("expert");

    const MaskGrid fa = maskGrid(L, *a, MaskArea::Ffn);
    showSingle(ffnA_, fa, tr("FFN neurons of “%1”: %2 of %3 active").arg(nameA_).arg(activeCount(fa)).arg(fa.values.size()), nameA_,
               neuron);
    ffnB_->setVisible(comparing_);
    ffnDiff_->setVisible(comparing_);
    if (comparing_) {
        const MaskGrid fb = maskGrid(L, *b, MaskArea::Ffn);
        showSingle(ffnB_, fb, tr("FFN neurons of “%1”: %2 of %3 active").arg(nameB_).arg(activeCount(fb)).arg(fb.values.size()),
                   nameB_, neuron);
        const MaskGrid d = maskDifference(fa, fb);
        counts_ = countDifference(d);
        // The counts are in the legend.
        showDiff(ffnDiff_, d, tr("Difference"), neuron);
    }

    // Heads with the layer's gate as a last column, and experts: task A, or the difference when comparing.
    auto gridOf = [&](const cmf::Mask& m, MaskArea area) {
        return area == MaskArea::Heads ? joinColumns(maskGrid(L, m, MaskArea::Heads), maskGrid(L, m, MaskArea::Gates))
                                       : maskGrid(L, m, area);
    };
    auto small = [&](HeatmapWidget* h, MaskArea area, const QString& title, const QString& colTitle) {
        MaskGrid ga = gridOf(*a, area);
        if (!comparing_) {
            if (!ga.empty()) showSingle(h, ga, title + u" — " + nameA_, nameA_, colTitle);
            return !ga.empty();
        }
        MaskGrid gb = gridOf(*b, area);
        // §5: a mask without an expert area restricts nothing — every expert routable.
        auto unrestricted = [&] { return MaskGrid{int(L.rows), int(L.expertBits), std::vector<float>(size_t(L.rows) * L.expertBits, 1.f)}; };
        if (area == MaskArea::Experts && L.expertBits && (ga.empty() != gb.empty())) {
            if (ga.empty()) ga = unrestricted();
            if (gb.empty()) gb = unrestricted();
        }
        if (ga.empty() || gb.empty()) return false;
        showDiff(h, maskDifference(ga, gb), title, colTitle);
        return true;
    };
    small(heads_, MaskArea::Heads, tr("Heads and gate"), head);
    QStringList headLabels;
    for (uint32_t h = 0; h < L.headBits; ++h) headLabels << QString::number(h);
    if (L.gateBits) headLabels << tr("gate");
    heads_->setColumnLabels(headLabels);
    // The bars count heads only: the gate says whether the whole layer runs.
    if (!comparing_) {
        const int heads = int(L.headBits);
        const QString task = nameA_;
        heads_->setTooltipProvider([heads, task, this](int row, int col, float v) -> QString {
            if (col < heads) return tr("head %1 of %2 %3 is %4 in %5").arg(col).arg(rowTitle_).arg(row).arg(v != 0 ? tr("active") : tr("masked"), task);
            return v != 0 ? tr("%1 %2 runs in %3").arg(rowTitle_).arg(row).arg(task)
                          : tr("%1 %2 is skipped in %3 (its gate is off)").arg(rowTitle_).arg(row).arg(task);
        });
        std::vector<float> sparsity = activeFraction(maskGrid(L, *a, MaskArea::Heads));
        for (float& f : sparsity) f = 1.f - f;
        heads_->setRowBars(sparsity, tr("sparsity"), 1.f, percent);
    } else {
        const MaskGrid d = maskDifference(maskGrid(L, *a, MaskArea::Heads), maskGrid(L, *b, MaskArea::Heads));
        heads_->setRowBars(differShare(d), tr("differ"), 1.f, percent);
    }
    experts_->setVisible(L.expertBits > 0);
    if (L.expertBits > 0 && !small(experts_, MaskArea::Experts, tr("Routable experts"), expert))
        experts_->setEmptyText(tr("“%1” has no expert area: every expert stays routable (§5).").arg(nameA_));
}

} // namespace cmfw
