#pragma once
// Sorting and filtering over a TensorDiffModel: by status (all, or one of
// same / changed / only in A / only in B, or every difference) and by a
// case-insensitive substring of the tensor name. Sorts by the model's
// SortRole, so numbers sort as numbers.
#include "cmf/format/diff.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace cmfw {

class TensorDiffFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Show { All, Differences, Changed, OnlyA, OnlyB, Same };
    Q_ENUM(Show)

    explicit TensorDiffFilter(QObject* parent = nullptr);

    void setShow(Show show);
    Show show() const { return show_; }
    void setNameFilter(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    Show show_ = Show::All;
};

} // namespace cmfw
