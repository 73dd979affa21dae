#pragma once
// The form that asks for one model operation's parameters (corpus files,
// held-out text, keep fraction, output path …), pre-filled with sensible
// defaults: the output beside the input, named after the operation. The
// output is resolved as util/output_path.h says (a bare name lands beside the
// input, with .cmf or .json added) and the full path is shown under the field.
#include "jobs/model_jobs.h"
#include "jobs/operation_availability.h"
#include "jobs/quant_sizes.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QMap>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace cmfw {

class QuantPicker;
class ShardPicker;

class OperationDialog : public QDialog {
    Q_OBJECT
public:
    // `choices`: the file's tasks and skills; where the operation picks one
    // (Defrag's task) it is a drop-down of them, and new names are checked against them.
    OperationDialog(ModelOperation::Kind kind, const QString& input, QWidget* parent = nullptr, OperationChoices choices = {});

    // The text fields by key ("output", "name", "files", "other", "heldout", "extra", "number").
    QLineEdit* field(const QString& key) const { return fields_.value(key, nullptr); }
    // The drop-downs by key ("name" for Defrag's task when the file has tasks).
    QComboBox* choice(const QString& key) const { return combos_.value(key, nullptr); }
    // Requantize: the quantization drop-down (with vbit's mean bits); null for other kinds.
    QuantPicker* quantPicker() const { return quant_; }
    // Shard: the largest shard; null for other kinds.
    ShardPicker* shardPicker() const { return shard_; }
    // Every field's value by key, and back: the Tasks page keeps them between
    // openings of the dialog, so a cancel loses nothing.
    QMap<QString, QString> values() const;
    void setValues(const QMap<QString, QString>& values);
    // The operation as filled in, its output resolved; "files" holds paths separated by ';'.
    ModelOperation operation() const;
    // The output as it will be written: absolute, with its extension.
    QString resolvedOutput() const;
    // The line under the Output field that shows resolvedOutput().
    QLabel* resolvedLabel() const { return resolved_; }
    // What is missing or wrong, or empty when the form can run.
    QString problem() const;

private:
    void add(const QString& key, const QString& label, const QString& value, const QString& browse = {});
    void addChoice(const QString& key, const QString& label, const QStringList& items);
    QString text(const QString& key) const; // a field's or a drop-down's text, trimmed
    void showResolved();
    QString newNameProblem(const QString& name, const QStringList& taken, const QString& what) const;
    ModelOperation::Kind kind_;
    QString input_;
    QString extension_; // of the output: ".cmf", ".json" for route statistics
    QLabel* resolved_ = nullptr;
    QFormLayout* form_ = nullptr;
    QMap<QString, QLineEdit*> fields_;
    QMap<QString, QComboBox*> combos_;
    OperationChoices choices_;
    ShardPicker* shard_ = nullptr; // shard: the largest shard
    uint32_t shardCount_ = 0;      // shard: the plan for the current size; 0 with shardError_ when none
    QString shardError_;
    QuantPicker* quant_ = nullptr; // requantize: the quantization drop-down
    QFutureWatcher<QuantSizes>* sizes_ = nullptr; // its sizes, being computed
};

} // namespace cmfw
