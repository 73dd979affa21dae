#include "views/log_view.h"

#include "models/log_model.h"

namespace cmfw {

LogView::LogView(LogModel* model, QWidget* parent) : QListView(parent) {
    setModel(model);
    setUniformItemSizes(true);
    setWordWrap(false);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] { scrollToBottom(); });
}

} // namespace cmfw
