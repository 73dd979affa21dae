#pragma once
// How numbers, sizes, offsets and hashes are written everywhere in the GUI,
// so the envelope, the tensor table and the verify report agree.
#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <span>
#include <string_view>

namespace cmfw {

class Text {
    Q_DECLARE_TR_FUNCTIONS(Text)
public:
    // "6.4 MiB"; bytes below 1 KiB as "512 B".
    static QString bytes(uint64_t n);
    // "7,099,466" with the locale's grouping.
    static QString count(uint64_t n);
    // "0x1b3c" (lowercase, no padding).
    static QString hex(uint64_t v);
    // "12288 (0x3000)".
    static QString offset(uint64_t v);
    // hash64 as 16 lowercase hex digits, as `cmf info` prints it.
    static QString hash(uint64_t v);
    // "[8192, 256]"; "[]" for a scalar.
    static QString shape(std::span<const uint64_t> dims);
    // Milliseconds as "850 ms", "3.2 s", "2 min 05 s".
    static QString duration(int64_t ms);
    // A float value for tables: 6 significant digits, no locale grouping.
    static QString value(double v);
    // A float in full: the shortest decimal that reads back to exactly it (up
    // to 9 significant digits), for tables of raw values.
    static QString fullValue(float v);
    // Share as "42.1 %".
    static QString percent(double fraction);
    static QString fromUtf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
};

} // namespace cmfw
