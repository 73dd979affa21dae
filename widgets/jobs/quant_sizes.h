#pragma once
// The size requantizing a file at each quant gives (cmf::planRequant: the
// directory and the codecs' layouts, nothing decoded), for the requantize
// dialog's drop-down. Plain work: the dialog runs it off the GUI thread.
#include <QMap>
#include <QMetaType>
#include <QString>

namespace cmfw {

struct QuantSizes {
    QMap<QString, quint64> bytes; // by --quant name
    QMap<QString, bool> exact;    // false: an upper bound (vbit)
    QString error;                // why there are none (an invalid --only, an unreadable file)
};

QuantSizes requantSizes(const QString& input, const QString& only, double meanBits);

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::QuantSizes)
