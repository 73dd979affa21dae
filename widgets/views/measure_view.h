#pragma once
// Measure: the file's speed (`cmf bench`) and quality (`cmf ppl`, optionally
// against a reference model: KL divergence and top-1 agreement) as
// background jobs with progress and Cancel; every result kept per file across
// restarts (MeasureStore); a chart of perplexity per window of the selected
// result and of tok/s across runs; two stored results — of this file or any
// other measured one — side by side with their ratios.
#include "jobs/measure_jobs.h"
#include "util/services.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <nlohmann/json.hpp>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace cmfw {

class CmfDocument;
class Job;
class MeasureStore;

class MeasureView : public QWidget {
    Q_OBJECT
public:
    MeasureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);
    ~MeasureView() override;

    // The requests the form describes.
    BenchRequest benchRequest() const;
    PplRequest pplRequest() const;
    Job* runBench(const BenchRequest& request);
    Job* runPerplexity(const PplRequest& request);
    Job* runningJob() const { return job_; }
    void cancel();

    // This file's stored results, oldest first.
    const nlohmann::json& records() const;
    // Every stored result the compare pickers offer (this file's and other files').
    const nlohmann::json& candidates() const { return candidates_; }
    void setCompare(int a, int b); // indexes into candidates()

    QTableWidget* resultsTable() const { return results_; }
    QTableWidget* compareTable() const { return compare_; }
    QChartView* windowChart() const { return windowChart_; }
    QChartView* speedChart() const { return speedChart_; }
    QPlainTextEdit* pastedText() const { return pasted_; }
    QLineEdit* textFileEdit() const { return textFile_; }
    QLineEdit* referenceEdit() const { return reference_; }
    QLabel* statusLabel() const { return status_; }

Q_SIGNALS:
    void recordAdded(int index); // into records()

protected:
    void changeEvent(QEvent* e) override;

private:
    Job* track(Job* job, const QString& what);
    void addRecord(const nlohmann::json& record);
    void fillResults();
    void showWindows(int record);
    void refreshSpeedChart();
    void refreshCandidates();
    void refreshCompare();
    void setBusy(bool busy);

    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    std::unique_ptr<MeasureStore> store_;
    nlohmann::json candidates_ = nlohmann::json::array();
    QPointer<Job> job_;
    int shownWindows_ = -1;

    QSpinBox *pp_ = nullptr, *tg_ = nullptr, *reps_ = nullptr, *threads_ = nullptr, *depth_ = nullptr;
    QSpinBox *ctx_ = nullptr, *stride_ = nullptr;
    QComboBox *task_ = nullptr, *skill_ = nullptr;
    QLineEdit *textFile_ = nullptr, *reference_ = nullptr;
    QPlainTextEdit* pasted_ = nullptr;
    QPushButton *runBench_ = nullptr, *runPpl_ = nullptr, *cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableWidget* results_ = nullptr;
    QTableWidget* compare_ = nullptr;
    QComboBox *compareA_ = nullptr, *compareB_ = nullptr;
    QChartView *windowChart_ = nullptr, *speedChart_ = nullptr;
};

} // namespace cmfw
