#pragma once
// Tables as CSV (RFC 4180 quoting): what a view shows — its model's rows in
// the view's order, children after their parent — with numbers written as
// numbers where the model keeps them under a role of their own (a size as
// 13801239, not "13.2 MiB"). Every table a person may want in a spreadsheet
// (tensors, quantization error, compare, routing) gets "Export table as CSV…"
// in its context menu.
#include <QString>

#include <functional>

class QAbstractItemModel;
class QAbstractItemView;

namespace cmfw {

// One field, quoted when it holds a comma, a quote or a line break (RFC 4180).
QString csvField(const QString& s);
// numberRole: a role whose numeric values replace the display text (-1: display text only).
QString tableCsv(const QAbstractItemModel& model, int numberRole = -1);
// Adds the context-menu action; suggested: the file name the save dialog proposes.
void addCsvExport(QAbstractItemView* view, std::function<QString()> suggested, int numberRole = -1);

} // namespace cmfw
