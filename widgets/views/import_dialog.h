#pragma once
// File ▸ Import Hugging Face model…: the options of `cmf convert` for one
// folder — quantization (each with its explanation and this model's size),
// vbit mean bits, per-tensor overrides, sharding, the output path resolved in
// full — beside a preview of what will be written (tensor count, skipped
// source tensors, the size, which tensors get another dtype and why), kept
// current off the GUI thread as the options change (cmf::planConvert). Start
// runs the conversion as a job with progress and cancel; the dialog stays
// with its fields as they were after a cancel or a failure, and on success
// opens the result and closes.
#include "jobs/import_jobs.h"
#include "jobs/job.h"
#include "util/services.h"

#include <QDialog>
#include <QPointer>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;
class QWidget;

namespace cmfw {

class KeepRulesEditor;
class QuantPicker;
class ShardPicker;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    ImportDialog(const QString& folder, Services services, QWidget* parent = nullptr);
    ~ImportDialog() override;

    const QString& folder() const { return folder_; }
    // The fields as `cmf convert` options, the output resolved.
    ImportSettings settings() const;
    // The output as it will be written: absolute, with .cmf.
    QString resolvedOutput() const;
    // What is missing or wrong, or empty when Start can run.
    QString problem() const;

    // Starts the conversion (as Start does); null, with the reason shown, when problem() is not empty.
    Job* start();
    // The running or last conversion job.
    Job* job() const { return job_; }
    bool isRunning() const;

    // The last preview computed for the current fields; empty while one is pending or when it failed.
    const std::optional<ImportPreview>& preview() const { return preview_; }
    bool previewPending() const;
    // Recomputes the preview now (the fields do it on their own after a short pause).
    void refreshPreview();

    QuantPicker* quantPicker() const { return quant_; }
    KeepRulesEditor* keepRules() const { return keep_; }
    ShardPicker* shardPicker() const { return shard_; }
    QLineEdit* outputEdit() const { return output_; }
    QLabel* resolvedLabel() const { return resolved_; }
    QLabel* previewSummary() const { return summary_; }
    QLabel* skippedLabel() const { return skipped_; }
    QTableWidget* fallbackTable() const { return fallbacks_; }
    QLabel* noteLabel() const { return note_; }
    QPushButton* startButton() const { return startButton_; }
    QProgressBar* progressBar() const { return progress_; }

public Q_SLOTS:
    void reject() override; // while running: cancels the job and stays

Q_SIGNALS:
    void previewUpdated();
    void importFinished(cmfw::Job::State state);

private:
    void optionsChanged();
    void startPreview();
    void showPreview(const ImportPreview& p);
    void showPreviewError(const QString& message);
    void showResolved();
    void setRunning(bool running);
    QWidget* buildOptions();
    QWidget* buildPreview();

    QString folder_;
    Services services_;
    QuantPicker* quant_ = nullptr;
    KeepRulesEditor* keep_ = nullptr;
    ShardPicker* shard_ = nullptr;
    QLineEdit* output_ = nullptr;
    QLabel* resolved_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* skipped_ = nullptr;
    QTableWidget* fallbacks_ = nullptr;
    QLabel* note_ = nullptr;
    QLabel* phase_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* startButton_ = nullptr;
    QPushButton* closeButton_ = nullptr;
    QWidget* options_ = nullptr;
    QTimer* debounce_ = nullptr;
    QPointer<Job> job_, previewJob_;
    std::optional<ImportPreview> preview_;
    QString defaultOutput_; // what the output field held by default: follows the quant until edited
};

} // namespace cmfw
