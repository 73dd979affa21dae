#pragma once
// The masks section (spec §5) and the sparse index (§7): the mask registry;
// for a chosen task the bitmap of active FFN neurons per layer with each
// layer's sparsity, its heads, layer gates and expert area; a second task
// beside it and their difference; and each task's quality contract (§5.1),
// with an unmeasured one marked as such. A per-layer table gives the counts.
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableWidget;

namespace cmfw {

class CmfDocument;
class MaskBitmapPanel;
class QualityContractView;

class MasksView : public QWidget {
    Q_OBJECT
public:
    explicit MasksView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QTableWidget* masksTable() const { return masks_; }
    QTableWidget* layersTable() const { return layers_; }
    MaskBitmapPanel* bitmaps() const { return bitmaps_; }
    QualityContractView* contract() const { return contract_; }
    QComboBox* taskCombo() const { return taskA_; }
    QComboBox* compareCombo() const { return taskB_; }
    // Task A: the mask in row `row` of the registry.
    void selectMask(int row);
    // Task B: another mask to compare with; -1 shows task A alone.
    void selectCompare(int row);

private:
    void refresh();

    std::shared_ptr<const CmfDocument> doc_;
    QLabel* summary_ = nullptr;
    QTableWidget* masks_ = nullptr;
    QTableWidget* layers_ = nullptr;
    QComboBox* taskA_ = nullptr;
    QComboBox* taskB_ = nullptr;
    MaskBitmapPanel* bitmaps_ = nullptr;
    QualityContractView* contract_ = nullptr;
    int a_ = -1, b_ = -1;
};

} // namespace cmfw
