#include "util/table_util.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTableWidget>

namespace cmfw {

void fitTableHeight(QTableView* t) {
    int h = t->horizontalHeader()->isVisible() ? t->horizontalHeader()->sizeHint().height() : 0;
    const int rows = t->model() ? t->model()->rowCount() : 0;
    for (int r = 0; r < rows; ++r) h += t->rowHeight(r);
    h += 2 * t->frameWidth();
    // Leave room for a horizontal scroll bar when columns are wider than the view.
    h += t->horizontalScrollBar()->sizeHint().height();
    t->setFixedHeight(h);
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
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
