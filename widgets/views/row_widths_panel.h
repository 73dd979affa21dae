#pragma once
// One vbit / vbit_ro tensor's bit allocation (spec §3.2): the width of every
// row as a heatmap (the rows wrapped into lines, so a 768-row tensor is a
// readable block rather than a one-pixel strip) with each line's mean width
// beside it, and the histogram of row widths.
#include "models/tensor_source.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace cmfw {

class HeatmapWidget;
class LevelHistogram;

class RowWidthsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RowWidthsPanel(std::shared_ptr<const TensorSource> src, QWidget* parent = nullptr);
    // False when no vbit / vbit_ro tensor has this name.
    bool selectTensor(const QString& name);
    QString currentTensor() const;
    bool isEmpty() const;
    HeatmapWidget* map() const { return map_; }
    LevelHistogram* histogram() const { return histogram_; }
    QComboBox* tensorCombo() const { return tensors_; }
    // 0 = automatic; otherwise tensor rows per heatmap line.
    void setRowsPerLine(int n);

private:
    void show(uint64_t index);

    std::shared_ptr<const TensorSource> src_;
    QComboBox* tensors_;
    QComboBox* perLine_;
    QLabel* note_;
    HeatmapWidget* map_;
    LevelHistogram* histogram_;
};

} // namespace cmfw
