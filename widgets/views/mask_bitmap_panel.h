#pragma once
// The bit fields of one task mask, or of two and their difference (spec §5):
// a layers × neurons bitmap of active FFN neurons per task with each layer's
// sparsity beside it, the cell-by-cell difference (active in A only, B only,
// both) with its counts in the legend, and small maps of the attention
// heads with each layer's gate and, when present, the expert area.
#include "analysis/mask_grids.h"

#include <QWidget>

class QHBoxLayout;

namespace cmfw {

class HeatmapToolbar;
class HeatmapWidget;

class MaskBitmapPanel : public QWidget {
    Q_OBJECT
public:
    explicit MaskBitmapPanel(QWidget* parent = nullptr);
    // b == nullptr shows task A alone. rowTitle: "layer", or "visit" under LOOP_MASKS.
    void setMasks(const cmf::MaskLayout& layout, const cmf::Mask* a, const cmf::Mask* b, const QString& rowTitle);

    // Puts a caller's control (a task picker) in the row of zoom and export buttons.
    void insertControl(QWidget* w);

    HeatmapWidget* ffnA() const { return ffnA_; }
    HeatmapWidget* ffnB() const { return ffnB_; }
    HeatmapWidget* ffnDiff() const { return ffnDiff_; }
    // Columns: the heads, then the layer gate.
    HeatmapWidget* heads() const { return heads_; }
    HeatmapWidget* experts() const { return experts_; }
    bool comparing() const { return comparing_; }
    // FFN difference counts (zeros when not comparing).
    DiffCounts ffnCounts() const { return counts_; }

private:
    void showSingle(HeatmapWidget* h, const MaskGrid& g, const QString& title, const QString& task, const QString& colTitle);
    void showDiff(HeatmapWidget* h, const MaskGrid& d, const QString& title, const QString& colTitle);

    HeatmapToolbar* toolbar_;
    QHBoxLayout* controls_;
    HeatmapWidget *ffnA_, *ffnB_, *ffnDiff_, *heads_, *experts_;
    QString nameA_, nameB_, rowTitle_;
    bool comparing_ = false;
    DiffCounts counts_;
};

} // namespace cmfw
