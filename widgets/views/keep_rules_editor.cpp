#include "views/keep_rules_editor.h"

#include "cmf/format/convert.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <regex>

using namespace Qt::StringLiterals;

namespace cmfw {

KeepRulesEditor::KeepRulesEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    table_ = new QTableWidget(0, 2, this);
    table_->setObjectName(u"keepRules"_s);
    table_->setHorizontalHeaderLabels({tr("Tensor names matching (regex)"), tr("Dtype")});
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setMaximumHeight(120);
    table_->setToolTip(tr("Tensors whose name matches a row's expression get that row's dtype instead of the quantization; "
                          "the first matching row wins (cmf convert --keep NAME_REGEX=DTYPE)."));
    layout->addWidget(table_);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add override"), this);
    add->setObjectName(u"addKeepRule"_s);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setObjectName(u"removeKeepRule"_s);
    remove_->setEnabled(false);
    buttons->addWidget(add);
    buttons->addWidget(remove_);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(add, &QPushButton::clicked, this, [this] { addRule(); });
    connect(remove_, &QPushButton::clicked, this, [this] { removeRule(table_->currentRow()); });
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int row) { remove_->setEnabled(row >= 0); });
}

void KeepRulesEditor::addRule(const QString& pattern, const QString& dtype) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    auto* edit = new QLineEdit(pattern, table_);
    edit->setPlaceholderText(tr("e.g. mlp\\.down_proj"));
    auto* combo = new QComboBox(table_);
    for (const auto& n : cmf::quantNames()) combo->addItem(QString::fromStdString(n));
    combo->setCurrentText(dtype);
    table_->setCellWidget(row, 0, edit);
    table_->setCellWidget(row, 1, combo);
    // The header sizes the column by its title; the drop-down needs its own width.
    table_->setColumnWidth(1, std::max(table_->columnWidth(1), combo->sizeHint().width()));
    connect(edit, &QLineEdit::textChanged, this, &KeepRulesEditor::changed);
    connect(combo, &QComboBox::currentIndexChanged, this, &KeepRulesEditor::changed);
    table_->setCurrentCell(row, 0);
    Q_EMIT changed();
}

void KeepRulesEditor::removeRule(int row) {
    if (row < 0 || row >= table_->rowCount()) return;
    table_->removeRow(row);
    Q_EMIT changed();
}

int KeepRulesEditor::count() const { return table_->rowCount(); }

QList<QPair<QString, QString>> KeepRulesEditor::rules() const {
    QList<QPair<QString, QString>> out;
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString pattern = static_cast<QLineEdit*>(table_->cellWidget(r, 0))->text();
        if (pattern.isEmpty()) continue;
        out.append({pattern, static_cast<QComboBox*>(table_->cellWidget(r, 1))->currentText()});
    }
    return out;
}

QString KeepRulesEditor::problem() const {
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString pattern = static_cast<QLineEdit*>(table_->cellWidget(r, 0))->text();
        if (pattern.isEmpty()) continue;
        try {
            // The converter's own dialect (std::regex ECMAScript), so what passes here compiles there.
            std::regex check(pattern.toStdString());
        } catch (const std::regex_error& e) {
            return tr("Override %1: “%2” is not a valid regular expression (%3).").arg(r + 1).arg(pattern, QString::fromUtf8(e.what()));
        }
    }
    return {};
}

} // namespace cmfw
