#include "models/log_model.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

namespace cmfw {

namespace {
constexpr size_t kMaxEntries = 5000;
}

LogModel::LogModel(QObject* parent) : QAbstractListModel(parent) {}

void LogModel::add(Level level, const QString& text) {
    if (entries_.size() >= kMaxEntries) {
        beginRemoveRows({}, 0, 0);
        entries_.erase(entries_.begin());
        endRemoveRows();
    }
    const int row = int(entries_.size());
    beginInsertRows({}, row, row);
    entries_.push_back({QDateTime::currentDateTime(), level, text});
    endInsertRows();
    Q_EMIT messageAdded(level, text);
}

void LogModel::clear() {
    beginResetModel();
    entries_.clear();
    endResetModel();
}

int LogModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(entries_.size()); }

QVariant LogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Entry& e = entries_[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return QString(e.time.toString(QStringLiteral("HH:mm:ss")) + u"  " + e.text);
    case Qt::ToolTipRole: return e.text;
    case LevelRole: return int(e.level);
    case Qt::DecorationRole: {
        const auto icon = e.level == Level::Error     ? QStyle::SP_MessageBoxCritical
                          : e.level == Level::Warning ? QStyle::SP_MessageBoxWarning
                                                      : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    }
    return {};
}

} // namespace cmfw
