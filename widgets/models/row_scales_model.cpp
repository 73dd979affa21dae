#include "models/row_scales_model.h"

#include "util/format_text.h"

namespace cmfw {

RowScalesModel::RowScalesModel(QObject* parent) : QAbstractTableModel(parent) {}

void RowScalesModel::setScales(RowScales scales) {
    beginResetModel();
    s_ = std::move(scales);
    // Only the columns this dtype has.
    columns_.clear();
    if (s_.kind != RowScales::Kind::None) {
        columns_.push_back(Row);
        if (s_.hasBits()) columns_.push_back(Bits);
        columns_.push_back(Scale);
        if (s_.kind == RowScales::Kind::GroupScales) {
            columns_.push_back(ScaleMin);
            columns_.push_back(ScaleMax);
        }
        if (s_.hasOutliers()) columns_.push_back(Outliers);
    }
    endResetModel();
}

int RowScalesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || s_.kind == RowScales::Kind::None ? 0 : int(s_.scaleMean.size());
}

int RowScalesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(columns_.size()); }

QVariant RowScalesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const size_t r = size_t(index.row());
    const bool edit = role == Qt::EditRole;
    auto num = [&](double v) { return edit ? QVariant(v) : QVariant(Text::value(v)); };
    switch (columns_[size_t(index.column())]) {
    case Row: return edit ? QVariant(qulonglong(r)) : QVariant(QString::number(r));
    case Bits: return int(s_.bits[r]);
    case Scale: return num(s_.scaleMean[r]);
    case ScaleMin: return num(s_.scaleMin[r]);
    case ScaleMax: return num(s_.scaleMax[r]);
    case Outliers: return qulonglong(s_.outliers[r]);
    }
    return {};
}

QVariant RowScalesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= int(columns_.size())) return {};
    const bool group = s_.kind == RowScales::Kind::GroupScales;
    if (role == Qt::ToolTipRole && group && columns_[size_t(section)] == Scale)
        return tr("Mean of the row's 32-weight group scales");
    if (role != Qt::DisplayRole) return {};
    switch (columns_[size_t(section)]) {
    case Row: return tr("Row");
    case Bits: return tr("Bits");
    case Scale: return group ? tr("Mean scale") : tr("Scale");
    case ScaleMin: return tr("Min scale");
    case ScaleMax: return tr("Max scale");
    case Outliers: return tr("Outliers");
    }
    return {};
}

} // namespace cmfw
