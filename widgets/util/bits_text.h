#pragma once
// How the bits per weight of each dtype come about (spec §3.2), in words, for
// the tooltips of the bit allocation view. The number itself always comes
// from the file: bytes × 8 / weights (analysis/bit_allocation.h).
#include "cmf/format/dtype.h"

#include <QCoreApplication>
#include <QString>

namespace cmfw {

class BitsText {
    Q_DECLARE_TR_FUNCTIONS(BitsText)
public:
    static QString howComputed(cmf::DType t);
    // "5.13" — two decimals are enough to tell q8 overhead from q8.
    static QString bits(double v);
};

} // namespace cmfw
