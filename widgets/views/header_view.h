#pragma once
// The header JSON (spec §2): the arch block as a readable table, and the
// whole JSON as a collapsible tree with a search box that keeps the matching
// nodes and their ancestors.
#include <QWidget>

#include <memory>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QTreeView;

namespace cmfw {

class ArchTableModel;
class CmfDocument;
class HeaderJsonModel;

class HeaderView : public QWidget {
    Q_OBJECT
public:
    explicit HeaderView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    void setSearch(const QString& text);
    QTreeView* tree() const { return tree_; }
    QSortFilterProxyModel* treeProxy() const { return proxy_; }
    HeaderJsonModel* jsonModel() const { return json_; }
    ArchTableModel* archModel() const { return arch_; }

private:
    std::shared_ptr<const CmfDocument> doc_;
    HeaderJsonModel* json_;
    QSortFilterProxyModel* proxy_;
    ArchTableModel* arch_;
    QTreeView* tree_;
    QTableView* archTable_;
    QLineEdit* search_;
};

} // namespace cmfw
