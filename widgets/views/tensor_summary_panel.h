#pragma once
// Bytes per dtype and per tensor family (attention, FFN, experts,
// embeddings, norms, skills) of the tensors a view lists, as two bar charts.
#include "models/tensor_summary.h"

#include <QWidget>

namespace cmfw {

class BytesChart;

class TensorSummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit TensorSummaryPanel(QWidget* parent = nullptr);
    void setSummary(const TensorSummary& summary);
    BytesChart* dtypeChart() const { return dtype_; }
    BytesChart* familyChart() const { return family_; }
    static QString familyName(TensorFamily f);

private:
    BytesChart* dtype_;
    BytesChart* family_;
};

} // namespace cmfw
