#include "shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QString plain(QString text) {
    text.replace(u"&&"_s, u"\x01"_s); // an escaped ampersand stays
    text.remove(u'&');
    text.replace(u'\x01', u'&');
    return text;
}

void collect(const QMenu* menu, const QString& where, QList<ShortcutRow>& rows) {
    for (const QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        if (a->menu()) {
            collect(a->menu(), where + u" ▸ "_s + plain(a->text()), rows);
            continue;
        }
        for (const QKeySequence& k : a->shortcuts())
            if (!k.isEmpty()) rows.push_back({where, plain(a->text()), k});
    }
}

} // namespace

QList<ShortcutRow> menuShortcuts(const QMenuBar* bar) {
    QList<ShortcutRow> rows;
    for (const QAction* a : bar->actions())
        if (a->menu()) collect(a->menu(), plain(a->text()), rows);
    return rows;
}

ShortcutsDialog::ShortcutsDialog(const QList<ShortcutRow>& rows, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Keyboard shortcuts"));
    resize(560, 520);
    auto* lay = new QVBoxLayout(this);
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter by action or key…"));
    filter_->setClearButtonEnabled(true);
    lay->addWidget(filter_);
    table_ = new QTableWidget(int(rows.size()), 3, this);
    table_->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Where")});
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    for (int r = 0; r < rows.size(); ++r) {
        table_->setItem(r, 0, new QTableWidgetItem(rows[r].keys.toString(QKeySequence::NativeText)));
        table_->setItem(r, 1, new QTableWidgetItem(rows[r].what));
        table_->setItem(r, 2, new QTableWidgetItem(rows[r].where));
    }
    table_->resizeColumnsToContents();
    lay->addWidget(table_, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    lay->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(filter_, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);
}

void ShortcutsDialog::applyFilter() {
    const QString f = filter_->text().trimmed();
    for (int r = 0; r < table_->rowCount(); ++r) {
        bool match = f.isEmpty();
        for (int c = 0; c < 3 && !match; ++c) match = table_->item(r, c)->text().contains(f, Qt::CaseInsensitive);
        table_->setRowHidden(r, !match);
    }
}

} // namespace cmfw
