#include "models/preview_model.h"

#include "util/format_text.h"

#include <QBrush>
#include <QColor>

#include <cmath>

namespace cmfw {

PreviewModel::PreviewModel(QObject* parent) : QAbstractTableModel(parent) {}

void PreviewModel::setPreview(TensorPreview preview) {
    beginResetModel();
    p_ = std::move(preview);
    absMax_ = 0;
    for (float v : p_.values)
        if (std::isfinite(v)) absMax_ = std::max(absMax_, std::fabs(v));
    endResetModel();
}

void PreviewModel::clear() { setPreview({}); }

int PreviewModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(p_.rows); }

int PreviewModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(p_.cols); }

QVariant PreviewModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const float v = p_.at(uint64_t(index.row()), uint64_t(index.column()));
    switch (role) {
    case Qt::DisplayRole: return Text::fullValue(v); // every digit the float holds: the Values tab is for raw values
    case Qt::EditRole: return double(v);
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole: {
        // A faint diverging tint: blue negative, red positive, by magnitude.
        if (!std::isfinite(v) || absMax_ <= 0) return {};
        const double a = std::min(1.0, double(std::fabs(v)) / double(absMax_));
        const int alpha = int(a * 110);
        return QBrush(v < 0 ? QColor(40, 90, 200, alpha) : QColor(210, 60, 40, alpha));
    }
    case Qt::ToolTipRole:
        return tr("[%1, %2] = %3").arg(p_.row0 + uint64_t(index.row())).arg(index.column()).arg(double(v), 0, 'g', 9);
    }
    return {};
}

QVariant PreviewModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Horizontal) return QString::number(section);
    return QString::number(p_.row0 + uint64_t(section));
}

} // namespace cmfw
