#pragma once
// Messages for the Log dock: what was opened, verified, signed, exported,
// and what failed. Appended from the GUI thread only.
#include <QAbstractListModel>
#include <QDateTime>

#include <vector>

namespace cmfw {

class LogModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum class Level { Info, Warning, Error };
    enum Role { LevelRole = Qt::UserRole + 1 };

    explicit LogModel(QObject* parent = nullptr);
    void info(const QString& text) { add(Level::Info, text); }
    void warning(const QString& text) { add(Level::Warning, text); }
    void error(const QString& text) { add(Level::Error, text); }
    void add(Level level, const QString& text);
    void clear();
    QString lastMessage() const { return entries_.empty() ? QString() : entries_.back().text; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void messageAdded(cmfw::LogModel::Level level, const QString& text);

private:
    struct Entry {
        QDateTime time;
        Level level;
        QString text;
    };
    std::vector<Entry> entries_;
};

} // namespace cmfw
