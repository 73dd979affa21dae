#pragma once
// One tensor in depth: shape, dtype, bytes, hash and location; value
// statistics and a histogram of the dequantized values (a background job);
// a grid of values; for quantized dtypes the per-row scales; export to .npy.
#include "analysis/tensor_stats.h"
#include "util/services.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QGridLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;

namespace cmfw {

class CmfDocument;
class HistogramChart;
class Job;
class PreviewModel;
class RowScalesModel;
class RowSeriesChart;
class TensorSource;

class TensorDetailView : public QWidget {
    Q_OBJECT
public:
    TensorDetailView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    void setTensor(uint64_t index);
    std::optional<uint64_t> tensor() const { return tensor_; }
    QString tensorName() const;
    // The statistics of the current tensor once its job delivered them.
    const std::optional<TensorStats>& stats() const { return stats_; }
    bool busy() const;
    // Starts the .npy export job (the button asks for the path first).
    Job* exportTo(const QString& path);
    void showPreviewFrom(uint64_t row0);

    QTabWidget* tabs() const { return tabs_; }
    PreviewModel* previewModel() const { return preview_; }
    RowScalesModel* scalesModel() const { return scales_; }
    HistogramChart* histogram() const { return histogram_; }
    QString statText(const QString& key) const;

Q_SIGNALS:
    void statsReady();
    void detailReady();

private:
    void startStats();
    void startDetail(uint64_t row0);
    void showStats(const TensorStats& s);
    void askExport();
    QLabel* addPair(QGridLayout* grid, int row, int col, const QString& name, const QString& key);

    std::shared_ptr<const CmfDocument> doc_;
    std::shared_ptr<const TensorSource> src_;
    Services services_;
    std::optional<uint64_t> tensor_;
    std::optional<TensorStats> stats_;
    QPointer<Job> statsJob_, detailJob_;
    quint64 statsJobId_ = 0, detailJobId_ = 0;
    QString jobKey_;

    QLabel* name_;
    QGridLayout* infoGrid_;
    QMap<QString, QLabel*> values_; // info and statistics values by key
    QTabWidget* tabs_;
    QProgressBar* statsProgress_;
    QPushButton* cancelStats_;
    QLabel* statsState_;
    HistogramChart* histogram_;
    QCheckBox* logScale_;
    QSpinBox* row0_;
    QLabel* previewNote_;
    PreviewModel* preview_;
    QTableView* previewTable_;
    QLabel* scalesNote_;
    RowScalesModel* scales_;
    QTableView* scalesTable_;
    RowSeriesChart* scalesChart_;
    QPushButton* export_;
};

} // namespace cmfw
