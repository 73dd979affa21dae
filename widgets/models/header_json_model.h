#pragma once
// The header JSON (spec §2) as a collapsible tree: key, value, type. Every
// field is shown, including fields the spec does not define (readers ignore
// them, §1.1 — a person should still see them); those are marked.
#include <QAbstractItemModel>

#include <nlohmann/json.hpp>

#include <vector>

namespace cmfw {

class HeaderJsonModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Key, Value, Type, ColumnCount };
    enum Role { KnownRole = Qt::UserRole + 1, PathRole };

    explicit HeaderJsonModel(QObject* parent = nullptr);
    // The model keeps its own copy of the JSON.
    void setJson(const nlohmann::json& json);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Spec-defined keys of the header and of its arch block.
    static bool isKnownTopLevel(const std::string& key);
    static bool isKnownArch(const std::string& key);

private:
    struct Node {
        QString key;               // object key or "[i]"
        const nlohmann::json* value = nullptr;
        int parent = -1;           // node index, -1 for top-level nodes
        int row = 0;               // among its siblings
        std::vector<int> children; // node indices
        bool known = true;
        QString path;              // "arch.moe.top_k"
    };
    void build(const nlohmann::json& j, int parent, QString path, int depth); // path by value: nodes_ grows
    QString valueText(const nlohmann::json& j) const;

    nlohmann::json json_;
    std::vector<Node> nodes_;
    std::vector<int> roots_;
};

} // namespace cmfw
