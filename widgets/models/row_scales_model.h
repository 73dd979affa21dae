#pragma once
// Per-row quantization parameters (analysis/quant_scales.h) as a table.
#include "analysis/quant_scales.h"

#include <QAbstractTableModel>

namespace cmfw {

class RowScalesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Row, Bits, Scale, ScaleMin, ScaleMax, Outliers };
    explicit RowScalesModel(QObject* parent = nullptr);
    void setScales(RowScales scales);
    const RowScales& scales() const { return s_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Column> columns_;
    RowScales s_;
};

} // namespace cmfw
