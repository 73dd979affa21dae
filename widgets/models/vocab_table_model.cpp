#include "models/vocab_table_model.h"

#include "analysis/token_playground.h"

#include <QFontDatabase>

namespace cmfw {

VocabTableModel::VocabTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void VocabTableModel::setRows(std::shared_ptr<const PlaygroundTokenizer> tok, std::vector<int32_t> ids) {
    beginResetModel();
    tok_ = std::move(tok);
    ids_ = std::move(ids);
    endResetModel();
}

int VocabTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(ids_.size()); }

int VocabTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant VocabTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !tok_ || size_t(index.row()) >= ids_.size()) return {};
    const int32_t id = ids_[size_t(index.row())];
    const VocabEntry& v = tok_->vocab[size_t(id)];
    if (role == Qt::FontRole && (index.column() == Token || index.column() == Text))
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole && (index.column() == Id || index.column() == MergeRank))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::UserRole) return {};
    switch (index.column()) {
    case Id: return role == Qt::UserRole ? QVariant(id) : QVariant(QString::number(id));
    case Token: return visibleToken(v.spelling);
    case Text: return visibleToken(v.text);
    case Kind:
        switch (v.kind) {
        case TokenKind::Normal: return tr("normal");
        case TokenKind::Special: return tr("special");
        case TokenKind::Added: return tr("added");
        case TokenKind::Byte: return tr("byte");
        }
        return {};
    case MergeRank:
        if (role == Qt::UserRole) return QVariant(qlonglong(v.mergeRank));
        return v.mergeRank < 0 ? QString() : QString::number(v.mergeRank);
    }
    return {};
}

QVariant VocabTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id: return tr("Id");
    case Token: return tr("Token");
    case Text: return tr("Decodes to");
    case Kind: return tr("Kind");
    case MergeRank: return tr("Merge rank");
    }
    return {};
}

} // namespace cmfw
