#pragma once
// A window of dequantized values as a grid; headers are the tensor's row and
// column indices.
#include "analysis/tensor_preview.h"

#include <QAbstractTableModel>

namespace cmfw {

class PreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit PreviewModel(QObject* parent = nullptr);
    void setPreview(TensorPreview preview);
    void clear();
    const TensorPreview& preview() const { return p_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    TensorPreview p_;
    float absMax_ = 0;
};

} // namespace cmfw
