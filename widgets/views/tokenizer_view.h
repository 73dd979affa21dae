#pragma once
// The tokenizer section (spec §6) and the chat bundle (§6.1): what kind of
// tokenizer, how large its vocabulary, its special tokens, the eos/bos/pad
// ids with their text, and the chat template. tokenizer.json is parsed in a
// background job.
#include "util/services.h"

#include <QMap>
#include <QPointer>
#include <QWidget>

#include <memory>

class QGridLayout;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace cmfw {

class CmfDocument;
class Job;
struct TokenizerSummary;

class TokenizerView : public QWidget {
    Q_OBJECT
public:
    TokenizerView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);
    bool busy() const;
    QTableWidget* specialTokens() const { return special_; }
    QPlainTextEdit* templateText() const { return template_; }
    QString summaryText() const;
    QString value(const QString& key) const;

Q_SIGNALS:
    void summaryReady();

private:
    void showSummary(const TokenizerSummary& s);
    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QPointer<Job> job_;
    QLabel* addPair(QGridLayout* grid, int row, int col, const QString& name, const QString& key, int span = 1);
    QLabel* state_;
    QMap<QString, QLabel*> values_;
    QTableWidget* special_;
    QPlainTextEdit* template_;
};

} // namespace cmfw
