#pragma once
// The per-tensor overrides of `cmf convert --keep NAME_REGEX=DTYPE`: rows of
// a regular expression (ECMAScript, searched in the tensor name, as the
// converter reads it) and a dtype chosen from a drop-down. The first
// matching row wins over the quantization.
#include <QList>
#include <QPair>
#include <QString>
#include <QWidget>

class QTableWidget;
class QPushButton;

namespace cmfw {

class KeepRulesEditor : public QWidget {
    Q_OBJECT
public:
    explicit KeepRulesEditor(QWidget* parent = nullptr);

    // (pattern, quant name) in order; rows with an empty pattern are left out.
    QList<QPair<QString, QString>> rules() const;
    void addRule(const QString& pattern = {}, const QString& dtype = QStringLiteral("q8"));
    void removeRule(int row);
    int count() const;
    // The first row whose pattern is not a valid regular expression, named
    // with the parser's complaint; empty when every row is valid.
    QString problem() const;
    QTableWidget* table() const { return table_; }

Q_SIGNALS:
    void changed();

private:
    QTableWidget* table_;
    QPushButton* remove_;
};

} // namespace cmfw
