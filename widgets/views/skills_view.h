#pragma once
// The skills registry (spec §9, §9.1): each skill with its layers, its
// replacement tensors (`skill.{id}.*`) and their bytes, its quality contract
// and, for a standalone skill file, the base it binds to.
#include <QWidget>

#include <memory>

class QPlainTextEdit;
class QTableWidget;

namespace cmfw {

class CmfDocument;

class SkillsView : public QWidget {
    Q_OBJECT
public:
    explicit SkillsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QTableWidget* skillsTable() const { return skills_; }
    QTableWidget* tensorsTable() const { return tensors_; }
    void selectSkill(int row);

private:
    std::shared_ptr<const CmfDocument> doc_;
    QTableWidget* skills_ = nullptr;
    QTableWidget* tensors_ = nullptr;
    QPlainTextEdit* raw_ = nullptr;
};

} // namespace cmfw
