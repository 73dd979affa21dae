#pragma once
// The scale side of a quantized tensor as row profiles (spec §3.2): the
// per-row scale of q8_row / q8_2f (and the q8_2f column field θ beside it),
// the per-row minimum, mean and maximum of the group scales of q4tp's rung
// ladders, q4 tiles, vbit and q1 — read by analysis/quant_scales.
#include "analysis/quant_scales.h"
#include "models/tensor_source.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace cmfw {

class RowSeriesChart;

class ScaleProfilesPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScaleProfilesPanel(std::shared_ptr<const TensorSource> src, QWidget* parent = nullptr);
    bool selectTensor(const QString& name);
    QString currentTensor() const;
    QComboBox* tensorCombo() const { return tensors_; }
    RowSeriesChart* rowChart() const { return rows_; }
    RowSeriesChart* columnChart() const { return cols_; }
    const RowScales& scales() const { return scales_; }

private:
    void show(uint64_t index);

    std::shared_ptr<const TensorSource> src_;
    QComboBox* tensors_;
    QLabel* note_;
    RowSeriesChart* rows_;
    RowSeriesChart* cols_;
    RowScales scales_;
};

} // namespace cmfw
