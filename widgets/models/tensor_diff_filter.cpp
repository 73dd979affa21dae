#include "models/tensor_diff_filter.h"

#include "models/tensor_diff_model.h"

namespace cmfw {

TensorDiffFilter::TensorDiffFilter(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(TensorDiffModel::SortRole);
    setFilterKeyColumn(TensorDiffModel::Name);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void TensorDiffFilter::setShow(Show show) {
    if (show == show_) return;
    show_ = show;
    invalidateRowsFilter();
}

void TensorDiffFilter::setNameFilter(const QString& text) { setFilterFixedString(text); }

bool TensorDiffFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const auto status = cmf::DiffStatus(sourceModel()->index(sourceRow, 0, sourceParent).data(TensorDiffModel::StatusRole).toInt());
    bool pass = true;
    switch (show_) {
    case Show::All: break;
    case Show::Differences: pass = status != cmf::DiffStatus::Same; break;
    case Show::Changed: pass = status == cmf::DiffStatus::Changed; break;
    case Show::OnlyA: pass = status == cmf::DiffStatus::OnlyA; break;
    case Show::OnlyB: pass = status == cmf::DiffStatus::OnlyB; break;
    case Show::Same: pass = status == cmf::DiffStatus::Same; break;
    }
    return pass && QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace cmfw
