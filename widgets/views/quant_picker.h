#pragma once
// The quantization choice of the import and requantize dialogs: a drop-down
// of every `--quant` name, each with the size the caller quotes for it, a
// line explaining the chosen one, and the vbit mean-bits budget (enabled only
// for vbit). Adds its rows to the caller's form.
#include <QMap>
#include <QObject>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QWidget;

namespace cmfw {

class QuantPicker : public QObject {
    Q_OBJECT
public:
    // Adds "Quantization", its explanation and "Mean bits (vbit)" to form.
    QuantPicker(QFormLayout* form, QWidget* parent, const QString& initial = QStringLiteral("q8"));

    QString quant() const;
    void setQuant(const QString& name);
    double meanBits() const;
    void setMeanBits(double bits);
    bool usesMeanBits() const; // vbit chosen here, or by an override elsewhere: the budget applies
    // An override asks for vbit on some tensors: the budget applies whatever the quantization.
    void setVbitElsewhere(bool on);
    // The size each quant would give ("q8 — 14.2 MiB"); estimated ones read "about"; an empty map clears them.
    void setSizes(const QMap<QString, quint64>& bytes, const QMap<QString, bool>& exact = {});
    void setEnabled(bool on);

    QComboBox* combo() const { return combo_; }
    QDoubleSpinBox* meanBitsBox() const { return meanBits_; }
    QLabel* explanationLabel() const { return explanation_; }

Q_SIGNALS:
    void changed();

private:
    void update();
    QComboBox* combo_;
    QLabel* explanation_;
    QDoubleSpinBox* meanBits_;
    bool vbitElsewhere_ = false;
};

} // namespace cmfw
