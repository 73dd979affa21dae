#pragma once
// The form that asks for one model operation's parameters (corpus files,
// held-out text, keep fraction, output path …), pre-filled with sensible
// defaults: the output beside the input, named after the operation.
#include "jobs/model_jobs.h"

#include <QDialog>
#include <QMap>

class QFormLayout;
class QLineEdit;

namespace cmfw {

class OperationDialog : public QDialog {
    Q_OBJECT
public:
    OperationDialog(ModelOperation::Kind kind, const QString& input, QWidget* parent = nullptr);

    // The fields by key ("output", "name", "files", "other", "heldout", "extra", "number").
    QLineEdit* field(const QString& key) const { return fields_.value(key, nullptr); }
    // The operation as filled in; "files" holds paths separated by ';'.
    ModelOperation operation() const;
    // What is missing or wrong, or empty when the form can run.
    QString problem() const;

private:
    void add(const QString& key, const QString& label, const QString& value, const QString& browse = {});
    ModelOperation::Kind kind_;
    QString input_;
    QFormLayout* form_ = nullptr;
    QMap<QString, QLineEdit*> fields_;
};

} // namespace cmfw
