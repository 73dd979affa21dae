#include "models/tensor_directory_model.h"

#include "models/tensor_name.h"
#include "util/format_text.h"

#include "cmf/format/dtype.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QFontDatabase>

#include <algorithm>
#include <array>
#include <numeric>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

double bitsPerWeight(const cmf::TensorRecord& r) {
    const uint64_t n = r.count();
    return n ? double(r.nbytes) * 8.0 / double(n) : 0.0;
}

// Alphabetical rank of each dtype name, so sorting by dtype sorts by name.
const std::array<uint8_t, 256>& dtypeRank() {
    static const std::array<uint8_t, 256> rank = [] {
        std::vector<std::pair<std::string_view, int>> names;
        for (int i = 0; i <= cmf::kMaxDTypeId; ++i) names.push_back({cmf::dtypeName(cmf::DType(i)), i});
        std::sort(names.begin(), names.end());
        std::array<uint8_t, 256> r{};
        r.fill(255);
        for (size_t k = 0; k < names.size(); ++k) r[names[k].second] = uint8_t(k);
        return r;
    }();
    return rank;
}

// Group display order: tensors outside any layer first, layers ascending, the MTP head last.
int groupRank(int layer) { return layer >= 0 ? layer + 1 : layer == kNoLayer ? 0 : std::numeric_limits<int>::max(); }

} // namespace

TensorDirectoryModel::TensorDirectoryModel(QObject* parent) : QAbstractTableModel(parent) {}
TensorDirectoryModel::~TensorDirectoryModel() = default;

void TensorDirectoryModel::setSource(std::shared_ptr<const TensorSource> source) {
    beginResetModel();
    src_ = std::move(source);
    layers_.clear();
    collapsed_.clear();
    collapsedShown_.clear();
    computeOrder();
    applyFilter();
    layoutRows();
    endResetModel();
    Q_EMIT matchedChanged();
}

int TensorDirectoryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int TensorDirectoryModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    // The shard column only exists for a merged shard set.
    return (src_ && src_->sharded()) ? ColumnCount : ColumnCount - 1;
}

int64_t TensorDirectoryModel::tensorAt(int row) const {
    if (row < 0 || row >= int(rows_.size()) || rows_[row] < 0) return -1;
    return rows_[row];
}

int TensorDirectoryModel::rowOfTensor(uint64_t t) const { return t < rowOf_.size() ? rowOf_[t] : -1; }

const TensorDirectoryModel::Group* TensorDirectoryModel::groupAt(int row) const {
    if (!isGroupRow(row)) return nullptr;
    return &groups_[size_t(-rows_[row] - 1)];
}

int TensorDirectoryModel::groupLayerAt(int row) const {
    const Group* g = groupAt(row);
    return g ? g->layer : kNoLayer;
}

QVariant TensorDirectoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int64_t v = rows_[index.row()];
    if (v < 0) return groupData(groups_[size_t(-v - 1)], index.column(), role);
    return tensorData(uint64_t(v), index.column(), role);
}

QVariant TensorDirectoryModel::tensorData(uint64_t t, int column, int role) const {
    switch (role) {
    case TensorIndexRole: return qlonglong(t);
    case IsGroupRole: return false;
    case LayerRole: return layerOf(src_->record(t).name);
    case FamilyRole: return int(familyOf(src_->record(t).name));
    case Qt::TextAlignmentRole:
        if (column == Name || column == DType || column == Shape || column == Hash) return {};
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (column == Hash || column == Offset) return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
    case SortRole: break;
    default: return {};
    }
    const cmf::TensorRecord r = src_->record(t);
    const bool sortRole = role == SortRole;
    const bool tip = role == Qt::ToolTipRole;
    switch (column) {
    case Name: {
        const QString name = Text::fromUtf8(r.name);
        if (!tip) return name;
        const int layer = layerOf(r.name);
        QString where = layer >= 0 ? tr("layer %1").arg(layer) : layer == kMtpLayer ? tr("MTP head") : tr("not in a layer");
        return QString(name + u"\n" + where + u"\n" + tr("directory record %1").arg(t));
    }
    case DType: return Text::fromUtf8(cmf::dtypeName(r.dtype));
    case Shape: {
        const auto dims = r.dims();
        return Text::shape(dims);
    }
    case Elements: return sortRole ? QVariant(qulonglong(r.count())) : QVariant(Text::count(r.count()));
    case Bytes:
        if (sortRole) return qulonglong(r.nbytes);
        return tip ? tr("%1 bytes").arg(Text::count(r.nbytes)) : Text::bytes(r.nbytes);
    case BitsPerWeight:
        return sortRole ? QVariant(bitsPerWeight(r)) : QVariant(QString::number(bitsPerWeight(r), 'f', 2));
    case Offset: {
        const uint64_t abs = src_->absoluteOffset(t);
        if (sortRole) return qulonglong(abs);
        if (tip) return tr("file offset %1, %2 into the weight blob").arg(Text::offset(abs), Text::offset(r.off));
        return Text::hex(abs);
    }
    case Hash: return sortRole ? QVariant(qulonglong(r.hash)) : QVariant(Text::hash(r.hash));
    case Shard: return sortRole ? QVariant(src_->shardNo(t)) : QVariant(QString::number(src_->shardNo(t)));
    }
    return {};
}

QVariant TensorDirectoryModel::groupData(const Group& g, int column, int role) const {
    switch (role) {
    case TensorIndexRole: return qlonglong(-1);
    case IsGroupRole: return true;
    case LayerRole: return g.layer;
    case Qt::FontRole: {
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::BackgroundRole: return QBrush(QColor(128, 128, 128, 48));
    case Qt::TextAlignmentRole:
        if (column == Elements || column == Bytes || column == BitsPerWeight) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
    case SortRole:
    case Qt::ToolTipRole: break;
    default: return {};
    }
    const bool sortRole = role == SortRole;
    switch (column) {
    case Name: {
        const QString title = g.layer >= 0          ? tr("Layer %1").arg(g.layer)
                              : g.layer == kMtpLayer ? tr("MTP head")
                                                     : tr("Outside the layers");
        if (sortRole) return title;
        const QString arrow = collapsedShown_.count(g.layer) ? u"▸ "_s : u"▾ "_s;
        return QString(arrow + title + u"  " + tr("(%n tensor(s))", nullptr, int(g.count)));
    }
    case Elements: return sortRole ? QVariant(qulonglong(g.elements)) : QVariant(Text::count(g.elements));
    case Bytes: return sortRole ? QVariant(qulonglong(g.bytes)) : QVariant(Text::bytes(g.bytes));
    case BitsPerWeight: {
        const double bpw = g.elements ? double(g.bytes) * 8.0 / double(g.elements) : 0.0;
        return sortRole ? QVariant(bpw) : QVariant(QString::number(bpw, 'f', 2));
    }
    default: return sortRole ? QVariant(QString()) : QVariant();
    }
}

QVariant TensorDirectoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name: return tr("Name");
        case DType: return tr("DType");
        case Shape: return tr("Shape");
        case Elements: return tr("Elements");
        case Bytes: return tr("Bytes");
        case BitsPerWeight: return tr("Bits/w");
        case Offset: return tr("Offset");
        case Hash: return tr("Hash64");
        case Shard: return tr("Shard");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Name: return tr("Tensor name, as in the source model");
        case DType: return tr("Encoding of the weights (spec §3.1)");
        case Shape: return tr("Logical shape of the tensor");
        case Elements: return tr("Number of weights");
        case Bytes: return tr("Bytes the tensor occupies in the file");
        case BitsPerWeight: return tr("Bytes × 8 / elements, scales and tables included");
        case Offset: return tr("Position of the first byte in the file");
        case Hash: return tr("hash64 of the tensor bytes recorded in the directory (spec §8)");
        case Shard: return tr("Shard file that holds the tensor (spec §10)");
        }
    }
    return {};
}

void TensorDirectoryModel::computeOrder() {
    const uint64_t n = src_ ? src_->count() : 0;
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0u);
    if (!src_ || sortColumn_ < 0) return; // directory order
    const bool desc = sortOrder_ == Qt::DescendingOrder;
    // Keys are extracted once (records come from the mapping), then a stable
    // sort from directory order keeps ties in directory order.
    auto sortBy = [&](const auto& keys, auto less) {
        if (desc)
            std::stable_sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) { return less(keys[b], keys[a]); });
        else
            std::stable_sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) { return less(keys[a], keys[b]); });
    };
    auto numeric = [&](auto key) {
        using K = decltype(key(cmf::TensorRecord{}, 0));
        std::vector<K> keys(n);
        for (uint64_t i = 0; i < n; ++i) keys[i] = key(src_->record(i), i);
        sortBy(keys, std::less<K>());
    };
    switch (sortColumn_) {
    case Name: {
        std::vector<std::string_view> names(n);
        for (uint64_t i = 0; i < n; ++i) names[i] = src_->record(i).name;
        sortBy(names, [](std::string_view a, std::string_view b) { return naturalCompare(a, b) < 0; });
        break;
    }
    case DType: {
        const auto& rank = dtypeRank();
        numeric([&](const cmf::TensorRecord& r, uint64_t) { return rank[uint8_t(r.dtype)]; });
        break;
    }
    case Shape: {
        // By number of dimensions, then dimension by dimension.
        std::vector<std::array<uint32_t, 7>> keys(n);
        for (uint64_t i = 0; i < n; ++i) {
            const auto r = src_->record(i);
            keys[i][0] = r.ndim;
            std::copy(r.shape.begin(), r.shape.end(), keys[i].begin() + 1);
        }
        sortBy(keys, std::less<std::array<uint32_t, 7>>());
        break;
    }
    case Elements: numeric([](const cmf::TensorRecord& r, uint64_t) { return r.count(); }); break;
    case Bytes: numeric([](const cmf::TensorRecord& r, uint64_t) { return r.nbytes; }); break;
    case BitsPerWeight: numeric([](const cmf::TensorRecord& r, uint64_t) { return bitsPerWeight(r); }); break;
    case Offset:
    case Shard:
        numeric([&](const cmf::TensorRecord& r, uint64_t i) { return (uint64_t(src_->shardNo(i)) << 48) | r.off; });
        break;
    case Hash: numeric([](const cmf::TensorRecord& r, uint64_t) { return r.hash; }); break;
    default: break;
    }
}

void TensorDirectoryModel::applyFilter() {
    matched_.clear();
    matchedBytes_ = 0;
    if (!src_) return;
    matched_.reserve(order_.size());
    if (filterText_.isEmpty()) {
        matched_ = order_;
    } else if (filterMode_ == FilterMode::Substring) {
        const QByteArray needle = filterText_.toLower().toUtf8();
        const std::string_view nv(needle.constData(), size_t(needle.size()));
        for (uint32_t t : order_)
            if (containsFolded(src_->record(t).name, nv)) matched_.push_back(t);
    } else {
        const QRegularExpression re(filterText_, QRegularExpression::CaseInsensitiveOption);
        QString name;
        for (uint32_t t : order_) {
            const std::string_view nm = src_->record(t).name;
            name = QString::fromUtf8(nm.data(), qsizetype(nm.size()));
            if (re.match(name).hasMatch()) matched_.push_back(t);
        }
    }
    if (grouped_) {
        ensureLayers();
        // Stable bucket by group rank: order inside a group stays the sort order.
        std::stable_sort(matched_.begin(), matched_.end(),
                         [&](uint32_t a, uint32_t b) { return groupRank(layers_[a]) < groupRank(layers_[b]); });
    }
    for (uint32_t t : matched_) matchedBytes_ += src_->record(t).nbytes;
}

void TensorDirectoryModel::ensureLayers() {
    if (!src_ || layers_.size() == src_->count()) return;
    layers_.resize(src_->count());
    for (uint64_t i = 0; i < layers_.size(); ++i) layers_[i] = layerOf(src_->record(i).name);
}

void TensorDirectoryModel::layoutRows() {
    rows_.clear();
    groups_.clear();
    rowOf_.assign(src_ ? src_->count() : 0, -1);
    if (!grouped_) {
        rows_.assign(matched_.begin(), matched_.end());
    } else {
        rows_.reserve(matched_.size() + 64);
        size_t i = 0;
        while (i < matched_.size()) {
            Group g;
            g.layer = layers_[matched_[i]];
            size_t j = i;
            for (; j < matched_.size() && layers_[matched_[j]] == g.layer; ++j) {
                const auto r = src_->record(matched_[j]);
                ++g.count;
                g.bytes += r.nbytes;
                g.elements += r.count();
            }
            groups_.push_back(g);
            rows_.push_back(-int64_t(groups_.size()));
            if (!collapsed_.count(g.layer)) rows_.insert(rows_.end(), matched_.begin() + i, matched_.begin() + j);
            i = j;
        }
    }
    for (size_t r = 0; r < rows_.size(); ++r)
        if (rows_[r] >= 0) rowOf_[size_t(rows_[r])] = int32_t(r);
}

void TensorDirectoryModel::sort(int column, Qt::SortOrder order) {
    if (column >= columnCount()) return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Persistent indexes (the view's selection and current row) follow their
    // tensor or group to its new row.
    const QModelIndexList before = persistentIndexList();
    std::vector<int64_t> ids;
    ids.reserve(size_t(before.size()));
    for (const QModelIndex& i : before) ids.push_back(rows_[size_t(i.row())]);
    sortColumn_ = column;
    sortOrder_ = order;
    computeOrder();
    applyFilter();
    layoutRows();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype k = 0; k < before.size(); ++k) {
        const int64_t id = ids[size_t(k)];
        int row = -1;
        if (id >= 0) {
            row = rowOf_[size_t(id)];
        } else {
            // Group rows keep their identity: sorting does not change the set of groups.
            const auto it = std::find(rows_.begin(), rows_.end(), id);
            if (it != rows_.end()) row = int(it - rows_.begin());
        }
        after << (row >= 0 ? index(row, before[k].column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

bool TensorDirectoryModel::setFilter(const QString& text, FilterMode mode) {
    if (mode == FilterMode::Regex && !text.isEmpty()) {
        const QRegularExpression re(text);
        if (!re.isValid()) {
            filterError_ = tr("Invalid regular expression at position %1: %2")
                               .arg(re.patternErrorOffset())
                               .arg(re.errorString());
            return false;
        }
    }
    filterError_.clear();
    if (text == filterText_ && mode == filterMode_) return true;
    beginResetModel();
    filterText_ = text;
    filterMode_ = mode;
    applyFilter();
    layoutRows();
    endResetModel();
    Q_EMIT matchedChanged();
    return true;
}

void TensorDirectoryModel::setGroupByLayer(bool on) {
    if (on == grouped_) return;
    beginResetModel();
    grouped_ = on;
    applyFilter();
    layoutRows();
    endResetModel();
    Q_EMIT matchedChanged();
}

void TensorDirectoryModel::toggleGroup(int row) {
    const Group* g = groupAt(row);
    if (!g) return;
    setGroupCollapsed(g->layer, !collapsed_.count(g->layer));
}

void TensorDirectoryModel::setGroupCollapsed(int layer, bool collapsed) {
    if (bool(collapsed_.count(layer)) == collapsed) return;
    int headerRow = -1;
    for (size_t r = 0; r < rows_.size(); ++r)
        if (rows_[r] < 0 && groups_[size_t(-rows_[r] - 1)].layer == layer) headerRow = int(r);
    if (headerRow < 0) { // the group has no visible rows: only remember the state
        if (collapsed) collapsed_.insert(layer);
        else collapsed_.erase(layer);
        collapsedShown_ = collapsed_;
        return;
    }
    const int members = int(groups_[size_t(-rows_[size_t(headerRow)] - 1)].count);
    // Only the member rows change: remove or insert them so the view keeps its scroll position.
    if (collapsed) {
        beginRemoveRows({}, headerRow + 1, headerRow + members);
        collapsed_.insert(layer);
        layoutRows();
        endRemoveRows();
    } else {
        beginInsertRows({}, headerRow + 1, headerRow + members);
        collapsed_.erase(layer);
        layoutRows();
        endInsertRows();
    }
    // The header's arrow changes once the rows have moved, as its own change.
    collapsedShown_ = collapsed_;
    const QModelIndex h = index(headerRow, Name);
    Q_EMIT dataChanged(h, h, {Qt::DisplayRole});
}

} // namespace cmfw
