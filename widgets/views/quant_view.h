#pragma once
// Quantization quality: every tensor of the file against the checkpoint it
// was converted from — relative RMS error, largest absolute error — as a
// sortable table, and for the selected tensor a histogram of its errors.
// The measurement (a decode of every tensor) runs as a background job.
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

struct TensorError {
    QString name, dtype;
    uint64_t count = 0;
    double relRms = 0, maxAbs = 0;
    std::vector<uint64_t> histogram; // errors (dequantized − source) in bins over [−maxAbs, maxAbs]
};

class QuantView : public QWidget {
    Q_OBJECT
public:
    QuantView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    // Measures every tensor against the Hugging Face folder (or .safetensors file).
    Job* measure(const QString& sourceDir);
    const std::vector<TensorError>& errors() const { return errors_; }
    QTableWidget* table() const { return table_; }
    HistogramChart* histogram() const { return histogram_; }
    void selectTensor(int row);

Q_SIGNALS:
    void measured();

private:
    void show(std::vector<TensorError> errors);
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QLineEdit* source_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    HistogramChart* histogram_ = nullptr;
    std::vector<TensorError> errors_;
};

} // namespace cmfw

Q_DECLARE_METATYPE(std::vector<cmfw::TensorError>)
