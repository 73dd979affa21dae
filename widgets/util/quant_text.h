#pragma once
// One line per `--quant` name saying what it does to the weights and what it
// costs, for the quantization drop-downs (import, requantize).
#include <QCoreApplication>
#include <QString>

namespace cmfw {

class QuantText {
    Q_DECLARE_TR_FUNCTIONS(QuantText)
public:
    // name: a cmf::quantNames() entry ("q8", "q4tp", "vbit", …); empty for an unknown one.
    static QString explanation(const QString& name);
};

} // namespace cmfw
