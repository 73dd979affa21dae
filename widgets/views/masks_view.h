#pragma once
// The masks section (spec §5) and the sparse index (§7), as readable
// summaries: the mask registry with each mask's quality contract, and the
// active neurons, heads, gates and experts per layer of the selected mask.
// (The heatmaps arrive in a later issue.)
#include <QWidget>

#include <memory>

class QTableWidget;

namespace cmfw {

class CmfDocument;

class MasksView : public QWidget {
    Q_OBJECT
public:
    explicit MasksView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QTableWidget* masksTable() const { return masks_; }
    QTableWidget* layersTable() const { return layers_; }
    void selectMask(int row);

private:
    std::shared_ptr<const CmfDocument> doc_;
    QTableWidget* masks_ = nullptr;
    QTableWidget* layers_ = nullptr;
};

} // namespace cmfw
