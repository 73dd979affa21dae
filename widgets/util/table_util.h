#pragma once
// Small helpers for read-only tables that sit in a scrolling page and should
// show all their rows without a scroll bar of their own.
class QTableView;
class QTableWidget;
class QString;

namespace cmfw {

// Fixes the table's height to its rows (plus header and frame).
void fitTableHeight(QTableView* table);
// All rows while there is room, as few as `minRows` (then it scrolls) when the
// window is made small: for a table above a view that takes the rest.
void fitTableHeightShrinkable(QTableView* table, int minRows);
// Read-only, row selection, no vertical header, alternating rows.
void makeReadOnlyTable(QTableView* table);
// Sets cell (row, col) to a non-editable item with text.
void setCell(QTableWidget* table, int row, int col, const QString& text);

} // namespace cmfw
