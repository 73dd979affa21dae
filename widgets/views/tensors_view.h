#pragma once
// The Tensors page: the directory table (TensorDirectoryModel) with a filter
// box (substring or regular expression), sorting on every column, grouping by
// layer, and the bytes-per-dtype / per-family charts of what the filter
// matches. Activating a row opens the tensor's detail.
#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;

namespace cmfw {

class CmfDocument;
class TensorDirectoryModel;
class TensorSummaryPanel;

class TensorsView : public QWidget {
    Q_OBJECT
public:
    explicit TensorsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);

    TensorDirectoryModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    TensorSummaryPanel* summary() const { return summary_; }
    QLineEdit* filterEdit() const { return filter_; }
    QCheckBox* regexBox() const { return regex_; }
    QCheckBox* groupBox() const { return group_; }
    QLabel* countLabel() const { return count_; }
    // Applies the filter now (the edit applies it after a short pause).
    void applyFilter();
    void selectTensor(uint64_t index);

Q_SIGNALS:
    void tensorActivated(quint64 index);

private:
    void updateCount();
    void updateSummary();
    std::shared_ptr<const CmfDocument> doc_;
    TensorDirectoryModel* model_;
    QTableView* table_;
    TensorSummaryPanel* summary_;
    QLineEdit* filter_;
    QCheckBox* regex_;
    QCheckBox* group_;
    QLabel* count_;
    QTimer* debounce_;
};

} // namespace cmfw
