#include "models/tensor_diff_model.h"
#include "util/tones.h"

#include "util/format_text.h"

#include <QBrush>
#include <QFont>

#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// Sort order of the status column: what differs first.
int statusRank(cmf::DiffStatus s) {
    switch (s) {
    case cmf::DiffStatus::Changed: return 0;
    case cmf::DiffStatus::OnlyA: return 1;
    case cmf::DiffStatus::OnlyB: return 2;
    case cmf::DiffStatus::Same: return 3;
    }
    return 4;
}

// A tint for the cells of a changed tensor whose two sides differ.
const QColor kDiffers(255, 226, 153);

bool isRightAligned(int column) {
    return column == TensorDiffModel::BytesA || column == TensorDiffModel::BytesB || column == TensorDiffModel::Nmse;
}

} // namespace

TensorDiffModel::TensorDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void TensorDiffModel::setReport(std::shared_ptr<const cmf::DiffReport> report) {
    beginResetModel();
    report_ = std::move(report);
    endResetModel();
}

int TensorDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !report_ ? 0 : int(report_->tensors.size());
}

int TensorDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const cmf::TensorDiff* TensorDiffModel::diffAt(int row) const {
    if (!report_ || row < 0 || row >= int(report_->tensors.size())) return nullptr;
    return &report_->tensors[size_t(row)];
}

QString TensorDiffModel::statusText(cmf::DiffStatus s) {
    switch (s) {
    case cmf::DiffStatus::Same: return tr("same");
    case cmf::DiffStatus::Changed: return tr("changed");
    case cmf::DiffStatus::OnlyA: return tr("only in A");
    case cmf::DiffStatus::OnlyB: return tr("only in B");
    }
    return {};
}

QColor TensorDiffModel::statusColor(cmf::DiffStatus s) {
    // Light backgrounds under dark text: readable in light and dark themes alike
    // because the model also sets the text colour of these cells.
    switch (s) {
    case cmf::DiffStatus::Same: return QColor(226, 232, 226);
    case cmf::DiffStatus::Changed: return QColor(255, 200, 110);
    case cmf::DiffStatus::OnlyA: return QColor(245, 170, 170);
    case cmf::DiffStatus::OnlyB: return QColor(160, 215, 245);
    }
    return {};
}

QString TensorDiffModel::nmseText(const cmf::TensorDiff& t) {
    if (!t.nmse) return u"—"_s;
    if (std::isinf(*t.nmse)) return u"∞"_s;
    if (*t.nmse == 0) return u"0"_s;
    return QString::number(*t.nmse, 'e', 3);
}

QVariant TensorDiffModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    return cell(report_->tensors[size_t(index.row())], index.column(), role);
}

QVariant TensorDiffModel::cell(const cmf::TensorDiff& t, int column, int role) const {
    const bool differs = t.status == cmf::DiffStatus::Changed &&
                         ((column == DTypeA || column == DTypeB) ? t.dtypeChanged()
                          : (column == ShapeA || column == ShapeB) ? t.shapeChanged()
                          : (column == BytesA || column == BytesB) ? t.a->nbytes != t.b->nbytes
                                                                   : false);
    switch (role) {
    case StatusRole: return int(t.status);
    case Qt::TextAlignmentRole: return isRightAligned(column) ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::BackgroundRole:
        if (column == Status) return QBrush(statusColor(t.status));
        if (differs) return QBrush(kDiffers);
        return {};
    case Qt::ForegroundRole:
        if (column == Status || differs) return QBrush(QColor(20, 20, 20));
        // Same tensors recede; the rows that differ carry the eye.
        if (t.status == cmf::DiffStatus::Same) return QBrush(toneColor(Tone::Muted));
        return {};
    case Qt::FontRole:
        if (column == Status && t.status != cmf::DiffStatus::Same) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
    case SortRole: break;
    default: return {};
    }
    const bool sort = role == SortRole;
    const bool tip = role == Qt::ToolTipRole;
    const auto& side = (column == DTypeA || column == ShapeA || column == BytesA) ? t.a : t.b;
    switch (column) {
    case Status:
        if (sort) return statusRank(t.status);
        if (tip && t.a && t.b)
            return tr("hash64 A %1\nhash64 B %2").arg(Text::hash(t.a->hash), Text::hash(t.b->hash));
        return statusText(t.status);
    case Name: return Text::fromUtf8(t.name);
    case DTypeA:
    case DTypeB: return side ? Text::fromUtf8(cmf::dtypeName(side->dtype)) : (sort ? QVariant(QString()) : QVariant());
    case ShapeA:
    case ShapeB:
        if (!side) return sort ? QVariant(QString()) : QVariant();
        return Text::shape(side->shape);
    case BytesA:
    case BytesB:
        if (!side) return sort ? QVariant(qlonglong(-1)) : QVariant();
        if (sort) return qlonglong(side->nbytes);
        return tip ? tr("%1 bytes").arg(Text::count(side->nbytes)) : Text::bytes(side->nbytes);
    case Nmse:
        // Unknown NMSE sorts below every number.
        if (sort) return t.nmse ? *t.nmse : -1.0;
        if (tip) {
            if (!t.note.empty()) return Text::fromUtf8(t.note);
            if (t.nmse) return tr("Σ(a−b)² / Σa² over the dequantized values: %1").arg(Text::value(*t.nmse));
            return {};
        }
        return nmseText(t);
    }
    return {};
}

QVariant TensorDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Status: return tr("Status");
        case Name: return tr("Name");
        case DTypeA: return tr("DType A");
        case DTypeB: return tr("DType B");
        case ShapeA: return tr("Shape A");
        case ShapeB: return tr("Shape B");
        case BytesA: return tr("Bytes A");
        case BytesB: return tr("Bytes B");
        case Nmse: return tr("NMSE");
        }
    }
    if (role == Qt::ToolTipRole && section == Nmse)
        return tr("Normalised mean squared error of B against A over the dequantized values, Σ(a−b)² / Σa². "
                  "0 for identical tensors; — where it cannot be computed (shapes differ, a side is missing).");
    if (role == Qt::TextAlignmentRole && isRightAligned(section)) return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

} // namespace cmfw
