#include "views/quant_picker.h"
#include "util/tones.h"

#include "util/format_text.h"
#include "util/quant_text.h"

#include "cmf/format/convert.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

using namespace Qt::StringLiterals;

namespace cmfw {

QuantPicker::QuantPicker(QFormLayout* form, QWidget* parent, const QString& initial) : QObject(parent) {
    combo_ = new QComboBox(parent);
    combo_->setObjectName(u"quant"_s);
    for (const auto& n : cmf::quantNames()) {
        const QString name = QString::fromStdString(n);
        combo_->addItem(name, name);
        combo_->setItemData(combo_->count() - 1, QuantText::explanation(name), Qt::ToolTipRole);
    }
    explanation_ = new QLabel(parent);
    explanation_->setObjectName(u"quantExplanation"_s);
    explanation_->setWordWrap(true);
    setTone(explanation_, Tone::Muted);
    meanBits_ = new QDoubleSpinBox(parent);
    meanBits_->setObjectName(u"meanBits"_s);
    meanBits_->setRange(3.0, 8.0); // as `cmf convert --mean-bits`
    meanBits_->setSingleStep(0.25);
    meanBits_->setDecimals(2);
    meanBits_->setValue(4.5);
    meanBits_->setToolTip(tr("vbit: the mean width of a row's codes, 3 to 8 bits; each row gets 3, 4, 5, 6 or 8 by its amplitude."));
    form->addRow(tr("Quantization"), combo_);
    form->addRow(QString(), explanation_);
    form->addRow(tr("Mean bits (vbit)"), meanBits_);
    setQuant(initial);
    connect(combo_, &QComboBox::currentIndexChanged, this, [this] {
        update();
        Q_EMIT changed();
    });
    connect(meanBits_, &QDoubleSpinBox::valueChanged, this, &QuantPicker::changed);
    update();
}

QString QuantPicker::quant() const { return combo_->currentData().toString(); }

void QuantPicker::setQuant(const QString& name) {
    const int i = combo_->findData(name);
    if (i >= 0) combo_->setCurrentIndex(i);
}

double QuantPicker::meanBits() const { return meanBits_->value(); }

void QuantPicker::setMeanBits(double bits) { meanBits_->setValue(bits); }

bool QuantPicker::usesMeanBits() const { return quant() == u"vbit" || vbitElsewhere_; }

void QuantPicker::setVbitElsewhere(bool on) {
    vbitElsewhere_ = on;
    update();
}

void QuantPicker::setSizes(const QMap<QString, quint64>& bytes, const QMap<QString, bool>& exact) {
    for (int i = 0; i < combo_->count(); ++i) {
        const QString name = combo_->itemData(i).toString();
        QString text = name;
        if (bytes.contains(name))
            text = exact.value(name, true) ? tr("%1 — %2").arg(name, Text::bytes(bytes[name]))
                                           : tr("%1 — at most %2").arg(name, Text::bytes(bytes[name]));
        combo_->setItemText(i, text);
    }
}

void QuantPicker::setEnabled(bool on) {
    combo_->setEnabled(on);
    meanBits_->setEnabled(on && usesMeanBits());
}

void QuantPicker::update() {
    explanation_->setText(QuantText::explanation(quant()));
    meanBits_->setEnabled(combo_->isEnabled() && usesMeanBits());
}

} // namespace cmfw
