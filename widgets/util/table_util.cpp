#include "util/table_util.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTableWidget>

#include <algorithm>

namespace cmfw {

namespace {

// The height that shows the header and the first `rows` rows. isHidden, not
// isVisible: before the first show every widget is invisible, and a table
// sized then lost the header's height, so its last row was cut.
int heightForRows(QTableView* t, int rows) {
    int h = t->horizontalHeader()->isHidden() ? 0 : t->horizontalHeader()->sizeHint().height();
    const int all = t->model() ? t->model()->rowCount() : 0;
    for (int r = 0; r < std::min(rows, all); ++r) h += t->rowHeight(r);
    h += 2 * t->frameWidth();
    // Leave room for a horizontal scroll bar when columns are wider than the view.
    h += t->horizontalScrollBar()->sizeHint().height();
    return h;
}

} // namespace

void fitTableHeight(QTableView* t) {
    t->setFixedHeight(heightForRows(t, t->model() ? t->model()->rowCount() : 0));
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

void fitTableHeightShrinkable(QTableView* t, int minRows) {
    const int all = t->model() ? t->model()->rowCount() : 0;
    const int full = heightForRows(t, all);
    t->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    t->setMaximumHeight(full);
    t->setMinimumHeight(std::min(full, heightForRows(t, minRows)));
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

void makeReadOnlyTable(QTableView* t) {
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->setVisible(false);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->horizontalHeader()->setHighlightSections(false);
    t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
}

void setCell(QTableWidget* t, int row, int col, const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(text);
    t->setItem(row, col, item);
}

} // namespace cmfw
