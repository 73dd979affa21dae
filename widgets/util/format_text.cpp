#include "util/format_text.h"

#include <charconv>

#include <QLocale>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

QString Text::bytes(uint64_t n) {
    if (n < 1024) return tr("%1 B").arg(n);
    static const char* const units[] = {QT_TR_NOOP("%1 KiB"), QT_TR_NOOP("%1 MiB"), QT_TR_NOOP("%1 GiB"),
                                        QT_TR_NOOP("%1 TiB")};
    double v = double(n) / 1024.0;
    int u = 0;
    while (v >= 1024.0 && u < 3) {
        v /= 1024.0;
        ++u;
    }
    return tr(units[u]).arg(QLocale().toString(v, 'f', v < 10 ? 2 : 1));
}

QString Text::count(uint64_t n) { return QLocale().toString(qulonglong(n)); }

QString Text::hex(uint64_t v) { return u"0x"_s + QString::number(qulonglong(v), 16); }

QString Text::offset(uint64_t v) { return QString::number(qulonglong(v)) + u" (" + hex(v) + u')'; }

QString Text::hash(uint64_t v) { return QStringLiteral("%1").arg(qulonglong(v), 16, 16, QLatin1Char('0')); }

QString Text::shape(std::span<const uint64_t> dims) {
    QString s = u"["_s;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i) s += u", ";
        s += QString::number(qulonglong(dims[i]));
    }
    return s + u']';
}

QString Text::duration(int64_t ms) {
    if (ms < 1000) return tr("%1 ms").arg(ms);
    if (ms < 60000) return tr("%1 s").arg(QLocale().toString(double(ms) / 1000.0, 'f', 1));
    const int64_t s = ms / 1000;
    return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString Text::value(double v) {
    if (std::isnan(v)) return u"NaN"_s;
    if (std::isinf(v)) return v > 0 ? u"+inf"_s : u"-inf"_s;
    return QString::number(v, 'g', 6);
}

QString Text::fullValue(float v) {
    if (std::isnan(v)) return u"NaN"_s;
    if (std::isinf(v)) return v > 0 ? u"+inf"_s : u"-inf"_s;
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    return QString::fromLatin1(buf, qsizetype(end - buf));
}

QString Text::percent(double fraction) {
    return tr("%1 %").arg(QLocale().toString(fraction * 100.0, 'f', fraction < 0.001 && fraction > 0 ? 3 : 1));
}

} // namespace cmfw
