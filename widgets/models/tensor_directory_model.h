#pragma once
// The tensor directory (spec §3) as a table. Records are read straight from
// the mapping on demand; the model itself holds only a permutation of tensor
// indices (the current sort), the rows that pass the filter, and, when
// grouping by layer, one header row per layer group. That keeps 100,000
// tensors cheap to open, sort and filter (tests/bench/bench_gui_table.cpp).
#include "models/tensor_source.h"

#include <QAbstractTableModel>
#include <QRegularExpression>

#include <memory>
#include <set>
#include <vector>

namespace cmfw {

class TensorDirectoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, DType, Shape, Elements, Bytes, BitsPerWeight, Offset, Hash, Shard, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers, names as text
        TensorIndexRole,             // directory index (qulonglong), -1 on a group row
        IsGroupRole,                 // bool
        LayerRole,                   // layer group (int, see tensor_name.h)
        FamilyRole,                  // TensorFamily as int
    };
    enum class FilterMode { Substring, Regex };

    explicit TensorDirectoryModel(QObject* parent = nullptr);
    ~TensorDirectoryModel() override;

    void setSource(std::shared_ptr<const TensorSource> source);
    const std::shared_ptr<const TensorSource>& source() const { return src_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // column -1 restores directory order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return sortColumn_; }

    // Filters names by case-insensitive substring or regular expression.
    // An invalid expression leaves the current filter in place and returns
    // false; filterError() says why.
    bool setFilter(const QString& text, FilterMode mode);
    QString filterError() const { return filterError_; }

    void setGroupByLayer(bool on);
    bool groupByLayer() const { return grouped_; }
    // Collapses or expands the group whose header is at row.
    void toggleGroup(int row);
    void setGroupCollapsed(int layer, bool collapsed);

    bool isGroupRow(int row) const { return row >= 0 && row < int(rows_.size()) && rows_[row] < 0; }
    int groupLayerAt(int row) const;
    // Directory index of the tensor at row, -1 for a group row or out of range.
    int64_t tensorAt(int row) const;
    // Row showing tensor t, -1 when it is filtered out or its group collapsed.
    int rowOfTensor(uint64_t t) const;

    // Tensors that pass the filter (in display order, collapsed groups included).
    const std::vector<uint32_t>& matched() const { return matched_; }
    uint64_t matchedBytes() const { return matchedBytes_; }

Q_SIGNALS:
    void matchedChanged();

private:
    struct Group {
        int layer = 0;
        uint64_t count = 0, bytes = 0, elements = 0;
    };
    void computeOrder();
    void applyFilter();
    void layoutRows();
    void ensureLayers();
    QVariant tensorData(uint64_t t, int column, int role) const;
    QVariant groupData(const Group& g, int column, int role) const;
    const Group* groupAt(int row) const;

    std::shared_ptr<const TensorSource> src_;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    QString filterText_;
    FilterMode filterMode_ = FilterMode::Substring;
    QString filterError_;
    bool grouped_ = false;
    std::set<int> collapsed_;      // groups whose members are hidden
    std::set<int> collapsedShown_; // what the header arrows show: updated after the rows moved

    std::vector<uint32_t> order_;   // all tensors in sort order
    std::vector<uint32_t> matched_; // order_ filtered (and grouped when grouping)
    uint64_t matchedBytes_ = 0;
    std::vector<int32_t> layers_;   // per tensor, filled on first grouping
    std::vector<Group> groups_;     // in display order
    std::vector<int64_t> rows_;     // tensor index, or -(group index + 1)
    std::vector<int32_t> rowOf_;    // tensor -> row, -1 when hidden
};

} // namespace cmfw
