#pragma once
// Bit allocation (spec §3.1/§3.2): mean bits per weight of the whole model
// as a layer × family grid (every dtype, from the directory and payloads),
// each vbit / vbit_ro tensor's row widths as a heatmap and a histogram, and
// the scales of the quantized layouts (q4tp ladders, q8_2f fields ...) as row
// profiles.
#include "analysis/bit_allocation.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTabWidget;

namespace cmfw {

class CmfDocument;
class HeatmapWidget;
class RowWidthsPanel;
class ScaleProfilesPanel;

class BitsView : public QWidget {
    Q_OBJECT
public:
    explicit BitsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    // Families × layers (the transpose of bitGrid(), so family names read as row labels).
    HeatmapWidget* modelGrid() const { return grid_; }
    const BitGrid& bitGrid() const { return bitGrid_; }
    RowWidthsPanel* rowWidths() const { return widths_; }
    ScaleProfilesPanel* scaleProfiles() const { return profiles_; }
    QTabWidget* tabs() const { return tabs_; }
    QComboBox* sourceCombo() const { return source_; }
    // "" = the base model; "skill.<id>." = that skill's replacement tensors.
    void showSource(const QString& prefix);

private:
    // Heatmap row = family, column = layer.
    void openCell(int family, int layer);
    QString cellTooltip(int family, int layer) const;

    std::shared_ptr<const CmfDocument> doc_;
    QComboBox* source_;
    QLabel* summary_;
    HeatmapWidget* grid_;
    BitGrid bitGrid_;
    std::string prefix_;
    QTabWidget* tabs_;
    RowWidthsPanel* widths_;
    ScaleProfilesPanel* profiles_;
};

} // namespace cmfw
