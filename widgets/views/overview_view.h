#pragma once
// The first page of a file: what a person wants to know before the bytes —
// family and architecture, parameters, size, bits per weight and dtype mix,
// tokenizer and chat template, masks and skills with their quality, the
// signature's state, the memory a chat needs on this machine — and buttons
// for the next steps. The numbers come from describeModel() (the directory
// summary `cmf info --json` reports); the tokenizer's vocabulary is read by a
// job when the page opens, the signature only when asked (it hashes the file).
#include "analysis/model_overview.h"
#include "jobs/format_jobs.h"
#include "util/services.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QFormLayout;
class QGridLayout;
class QGroupBox;
class QLabel;
class QPushButton;

namespace cmfw {

class CmfDocument;
class Job;

class OverviewView : public QWidget {
    Q_OBJECT
public:
    OverviewView(std::shared_ptr<const CmfDocument> doc, Services services, bool hasTasks, QWidget* parent = nullptr);

    const ModelOverview& overview() const { return overview_; }
    // The text of a value by its key ("layers", "hidden", "heads", "attention",
    // "moe", "context", "parameters", "file_size", "tensors", "bits_per_weight",
    // "dtypes", "tokenizer", "chat_template", "generation", "masks", "skills", "signature",
    // "memory"); empty for an unknown key.
    QString value(const QString& key) const;
    QPushButton* button(const QString& key) const; // "chat", "verify", "compare", "tasks", "envelope", "check_signature"
    bool tokenizerBusy() const;
    const std::optional<TokenizerSummary>& tokenizerSummary() const { return tokenizer_; }
    void checkSignature();
    int columns() const { return columns_; } // how many columns the boxes are in now

Q_SIGNALS:
    void chatRequested(const QString& path);
    void verifyRequested(const QString& path);
    void compareRequested(const QString& path);
    void tasksRequested();
    void envelopeRequested();
    void tokenizerRead();
    void signatureChecked();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    enum Box { Architecture, Size, Tokenizer, Tasks, Memory };
    int columnsFor(int width) const;
    void arrangeBoxes(int columns);
    QLabel* addRow(QFormLayout* form, const QString& name, const QString& key, const QString& text = {});
    QPushButton* addButton(const QString& key, const QString& text);
    void fillArchitecture(QFormLayout* form);
    void fillContent(QFormLayout* form);
    void fillTokenizer(QFormLayout* form);
    void fillTasks(QFormLayout* form);
    void fillMemory(QFormLayout* form);
    void readTokenizer();
    void showTokenizer();
    void showSignature();

    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    ModelOverview overview_;
    QGridLayout* grid_ = nullptr;
    std::vector<QGroupBox*> boxes_; // in Box order
    int columns_ = 0;
    QHash<QString, QLabel*> values_;
    QHash<QString, QPushButton*> buttons_;
    QPointer<Job> tokenizerJob_, signatureJob_;
    std::optional<TokenizerSummary> tokenizer_;
    QString tokenizerError_;
    std::optional<SignatureInfo> signature_;
    QString signatureError_;
};

} // namespace cmfw
