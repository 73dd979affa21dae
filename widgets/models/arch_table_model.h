#pragma once
// The header's `arch` block (spec §2) as a readable table: a label and a
// meaning for every field the spec defines, the value (nested blocks such as
// moe and yarn flattened to "moe.top_k"), and every other field as well,
// marked as not defined by the spec.
#include <QAbstractTableModel>

#include <nlohmann/json.hpp>

#include <vector>

namespace cmfw {

class ArchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Field, Value, Meaning, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1, KnownRole };

    explicit ArchTableModel(QObject* parent = nullptr);
    void setArch(const nlohmann::json& arch);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "FullAttention ×3, LinearAttention ×1": runs of equal array items.
    static QString compactArray(const nlohmann::json& array);

private:
    struct Row {
        QString key, label, value, meaning;
        bool known = true;
    };
    void addRow(const std::string& key, const nlohmann::json& v);
    void addSchedule(const nlohmann::json& arch, const nlohmann::json& types);
    std::vector<Row> rows_;
};

} // namespace cmfw
