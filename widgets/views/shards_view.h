#pragma once
// A shard set (spec §10): every sibling file with its size and tensors, or
// why the set could not be assembled (a missing sibling, a count mismatch).
#include <QWidget>

#include <memory>

class QTableWidget;

namespace cmfw {

class CmfDocument;

class ShardsView : public QWidget {
    Q_OBJECT
public:
    explicit ShardsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }

Q_SIGNALS:
    // A row was activated (double-click, Enter): open that shard in its own tab.
    void openRequested(const QString& path);

private:
    std::shared_ptr<const CmfDocument> doc_;
    QTableWidget* table_ = nullptr;
};

} // namespace cmfw
