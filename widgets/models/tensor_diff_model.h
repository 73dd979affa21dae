#pragma once
// The tensor rows of a cmf::DiffReport as a table: status (colour-coded),
// name, dtype/shape/bytes of A and of B, and the NMSE of the values. Cells
// of a changed tensor that differ between the sides are tinted, so what
// changed reads at a glance. Plain data in, a thin model on top: the report
// is shared with the view, never copied.
#include "cmf/format/diff.h"

#include <QAbstractTableModel>
#include <QColor>

#include <memory>

namespace cmfw {

class TensorDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Status, Name, DTypeA, DTypeB, ShapeA, ShapeB, BytesA, BytesB, Nmse, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers; status as changed < only A < only B < same
        StatusRole,                  // cmf::DiffStatus as int
    };

    explicit TensorDiffModel(QObject* parent = nullptr);

    void setReport(std::shared_ptr<const cmf::DiffReport> report);
    const std::shared_ptr<const cmf::DiffReport>& report() const { return report_; }
    void clear() { setReport(nullptr); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The row's tensor (row in this model, not a proxy).
    const cmf::TensorDiff* diffAt(int row) const;

    // Display words and colours, shared with the view's summary.
    static QString statusText(cmf::DiffStatus s);
    static QColor statusColor(cmf::DiffStatus s); // background of the status cell
    static QString nmseText(const cmf::TensorDiff& t);

private:
    QVariant cell(const cmf::TensorDiff& t, int column, int role) const;
    std::shared_ptr<const cmf::DiffReport> report_;
};

} // namespace cmfw
