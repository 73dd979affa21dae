#pragma once
// Tasks and skills of one file in one place: its masks (sparsity, quality
// contract) and skills (layers, size, quality, routing subspace), and every
// operation that makes or transforms them — calibrate, bake, add, export and
// apply a skill, defrag, the MoE mask and defrag, route statistics, compact,
// requantize, shard — each as a background job with progress and cancel that opens
// the file it wrote when it succeeds.
#include "jobs/model_jobs.h"
#include "util/services.h"

#include <QHash>
#include <QMap>
#include <QWidget>

#include <functional>
#include <memory>

class QPushButton;
class QTableWidget;
class QLabel;

namespace cmfw {

class CmfDocument;
class Job;

class TasksView : public QWidget {
    Q_OBJECT
public:
    TasksView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);

    QTableWidget* masksTable() const { return masks_; }
    QTableWidget* skillsTable() const { return skills_; }
    QLabel* memoryLabel() const { return memory_; }

    // Starts the operation as a job; on success the output is logged and,
    // for a model, opened through Services::openFile.
    Job* start(const ModelOperation& op);
    // The dialog each action button shows (tests fill it and accept).
    void setDialogHook(std::function<void(class OperationDialog&)> hook) { dialogHook_ = std::move(hook); }
    void runAction(ModelOperation::Kind kind);
    // The operation's button (disabled, with the reason as its tooltip, when it cannot run on this file).
    QPushButton* actionButton(ModelOperation::Kind kind) const;

Q_SIGNALS:
    void operationFinished(const cmfw::ModelOutcome& outcome);

private:
    void fill();
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QTableWidget* masks_ = nullptr;
    QTableWidget* skills_ = nullptr;
    QLabel* memory_ = nullptr;
    std::function<void(OperationDialog&)> dialogHook_;
    QHash<int, QMap<QString, QString>> remembered_; // per operation kind, the dialog's last values
};

} // namespace cmfw
