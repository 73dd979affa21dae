#pragma once
// Quantization quality: every tensor of the file against the checkpoint it
// was converted from — relative RMS error, largest absolute error, the bound
// its dtype stays below — as a sortable table, and for the selected tensor a
// histogram of its errors. A checkpoint that is not the source (names missing,
// shapes differ, errors far above the bounds) is said to be so.
// The measurement (a decode of every tensor) runs as a background job.
#include "analysis/quant_error.h"
#include "util/services.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLineEdit;
class QLabel;
class QTableWidget;

namespace cmfw {

class CmfDocument;
class HistogramChart;
class Job;

class QuantView : public QWidget {
    Q_OBJECT
public:
    QuantView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    // Measures every tensor against the Hugging Face folder (or .safetensors file).
    Job* measure(const QString& sourceDir);
    const std::vector<TensorError>& errors() const { return result_.errors; }
    const QuantComparison& comparison() const { return result_; }
    QString summaryText() const;
    QTableWidget* table() const { return table_; }
    HistogramChart* histogram() const { return histogram_; }
    void selectTensor(int row);

Q_SIGNALS:
    void measured();

private:
    void show(QuantComparison result);
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QLineEdit* source_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    HistogramChart* histogram_ = nullptr;
    QuantComparison result_;
};

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::QuantComparison)
