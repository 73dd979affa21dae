#pragma once
// Help ▸ Keyboard shortcuts: every key the workbench answers to, read from
// the menus themselves (so the list cannot drift from what the keys do) plus
// the chat window's keys, in a searchable table.
#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QString>

class QLineEdit;
class QMenuBar;
class QTableWidget;

namespace cmfw {

struct ShortcutRow {
    QString where;  // "File", "View", "Chat window" …
    QString what;   // the action's text, without its & marks
    QKeySequence keys;
};

// Every action with a shortcut in the bar's menus and submenus, in menu order.
QList<ShortcutRow> menuShortcuts(const QMenuBar* bar);

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    ShortcutsDialog(const QList<ShortcutRow>& rows, QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }
    QLineEdit* filter() const { return filter_; }

private:
    void applyFilter();
    QLineEdit* filter_;
    QTableWidget* table_;
};

} // namespace cmfw
