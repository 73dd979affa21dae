#include "chat/strftime.h"

#include "chat/errors.h"

#include <ctime>

namespace cmf::engine::chat {
namespace {

const char* const kDays[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
const char* const kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                               "July",    "August",   "September", "October", "November", "December"};

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int daysBeforeMonth(int y, int m) {
    static const int cum[] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
    return cum[m - 1] + (m > 2 && leap(y) ? 1 : 0);
}

// Days since 1970-01-01 (proleptic Gregorian).
int64_t daysFromCivil(int64_t y, int m, int d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

struct Fields {
    int year, month, day, hour, minute, second, micro;
    int wday; // 0 = Sunday
    int yday; // 0-based
};

// ISO 8601 week-numbering year and week (glibc's %G and %V).
void isoWeek(const Fields& f, int& isoYear, int& week) {
    const int wdayMon = (f.wday + 6) % 7; // 0 = Monday
    int y = f.year;
    int days = f.yday - wdayMon + 3;      // yday of this week's Thursday
    if (days < 0) {
        --y;
        days += leap(y) ? 366 : 365;
    } else if (days >= (leap(y) ? 366 : 365)) {
        days -= leap(y) ? 366 : 365;
        ++y;
    }
    isoYear = y;
    week = days / 7 + 1;
}

std::string num(int64_t v, int width, char pad) {
    std::string s = std::to_string(v < 0 ? -v : v);
    if (pad != 0)
        while (static_cast<int>(s.size()) < width) s.insert(s.begin(), pad);
    if (v < 0) s.insert(s.begin(), '-');
    return s;
}

std::string upperAscii(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    return s;
}

std::string format(std::string_view fmt, const Fields& f);

// One conversion; flag and width are glibc's extensions (%-d, %_H, %^a, %10Y ...).
std::string convert(char c, const Fields& f, char flag, int width, bool& known) {
    known = true;
    const char zero = flag == '-' ? 0 : flag == '_' ? ' ' : '0';
    auto n = [&](int64_t v, int w) { return num(v, std::max(w, width), zero); };
    auto text = [&](std::string s) {
        std::string pad = flag == '0' ? "0" : " ";
        while (static_cast<int>(s.size()) < width) s.insert(0, pad);
        return s;
    };
    int isoYear, week;
    switch (c) {
    case 'a': return text(std::string(kDays[f.wday]).substr(0, 3));
    case 'A': return text(kDays[f.wday]);
    case 'b':
    case 'h': return text(std::string(kMonths[f.month - 1]).substr(0, 3));
    case 'B': return text(kMonths[f.month - 1]);
    case 'c': return text(format("%a %b %e %H:%M:%S %Y", f));
    case 'C': return n(f.year / 100, 2);
    case 'd': return n(f.day, 2);
    case 'D': return text(format("%m/%d/%y", f));
    case 'e': return num(f.day, std::max(2, width), flag == '-' ? 0 : flag == '0' ? '0' : ' ');
    case 'F': return text(format("%Y-%m-%d", f));
    case 'g': isoWeek(f, isoYear, week); return n(isoYear % 100, 2);
    case 'G': isoWeek(f, isoYear, week); return n(isoYear, 1);
    case 'H': return n(f.hour, 2);
    case 'I': return n(f.hour % 12 == 0 ? 12 : f.hour % 12, 2);
    case 'j': return n(f.yday + 1, 3);
    case 'k': return num(f.hour, std::max(2, width), flag == '-' ? 0 : flag == '0' ? '0' : ' ');
    case 'l': return num(f.hour % 12 == 0 ? 12 : f.hour % 12, std::max(2, width), flag == '-' ? 0 : flag == '0' ? '0' : ' ');
    case 'm': return n(f.month, 2);
    case 'M': return n(f.minute, 2);
    case 'n': return "\n";
    case 'p': return text(f.hour < 12 ? "AM" : "PM");
    case 'P': return text(f.hour < 12 ? "am" : "pm");
    case 'r': return text(format("%I:%M:%S %p", f));
    case 'R': return text(format("%H:%M", f));
    case 's': {
        std::tm tm{};
        tm.tm_year = f.year - 1900;
        tm.tm_mon = f.month - 1;
        tm.tm_mday = f.day;
        tm.tm_hour = f.hour;
        tm.tm_min = f.minute;
        tm.tm_sec = f.second;
        tm.tm_isdst = -1;
        return n(static_cast<int64_t>(std::mktime(&tm)), 1);
    }
    case 'S': return n(f.second, 2);
    case 't': return "\t";
    case 'T': return text(format("%H:%M:%S", f));
    case 'u': return n(f.wday == 0 ? 7 : f.wday, 1);
    case 'U': return n((f.yday + 7 - f.wday) / 7, 2);
    case 'V': isoWeek(f, isoYear, week); return n(week, 2);
    case 'w': return n(f.wday, 1);
    case 'W': return n((f.yday + 7 - (f.wday + 6) % 7) / 7, 2);
    case 'x': return text(format("%m/%d/%y", f));
    case 'X': return text(format("%H:%M:%S", f));
    case 'y': return n(f.year % 100, 2);
    case 'Y': return n(f.year, 1);
    case '%': return "%";
    default: known = false; return {};
    }
}

std::string format(std::string_view fmt, const Fields& f) {
    std::string out;
    for (size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            out += fmt[i];
            continue;
        }
        const size_t start = i;
        ++i;
        char flag = 0;
        bool upper = false, swap = false;
        while (i < fmt.size() && (fmt[i] == '_' || fmt[i] == '-' || fmt[i] == '0' || fmt[i] == '^' || fmt[i] == '#')) {
            if (fmt[i] == '^') upper = true;
            else if (fmt[i] == '#') swap = true;
            else flag = fmt[i];
            ++i;
        }
        int width = 0;
        while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
            width = std::min(width * 10 + (fmt[i] - '0'), 1024);
            ++i;
        }
        while (i < fmt.size() && (fmt[i] == 'E' || fmt[i] == 'O')) ++i;
        if (i >= fmt.size()) {
            out.append(fmt.substr(start));
            break;
        }
        bool known;
        std::string piece = convert(fmt[i], f, flag, width, known);
        if (!known) {
            out.append(fmt.substr(start, i - start + 1)); // glibc copies unknown directives
            continue;
        }
        // glibc's '#': names of days and months uppercase, AM/PM and the zone lowercase.
        const char c = fmt[i];
        const bool swapUp = swap && (c == 'a' || c == 'A' || c == 'b' || c == 'B' || c == 'h');
        const bool swapDown = swap && (c == 'p' || c == 'Z');
        if (swapDown && !upper)
            for (char& ch : piece)
                if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
        out += upper || swapUp ? upperAscii(std::move(piece)) : piece;
        checkBytes(out.size());
    }
    return out;
}

} // namespace

std::string pyStrftime(std::string_view fmt, const LocalTimeFields& t) {
    Fields f{t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond, 0, 0};
    if (f.month < 1 || f.month > 12 || f.day < 1 || f.day > 31) fail(Fault::Value, "invalid date for strftime");
    const int64_t days = daysFromCivil(f.year, f.month, f.day);
    f.wday = static_cast<int>(((days % 7) + 11) % 7); // 1970-01-01 was a Thursday (4)
    f.yday = daysBeforeMonth(f.year, f.month) + f.day - 1;
    // Python's own directives first: %f microseconds, %z/%Z empty for a naive datetime.
    std::string pre;
    for (size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%' || i + 1 >= fmt.size()) {
            pre += fmt[i];
            continue;
        }
        const char c = fmt[i + 1];
        if (c == 'f') pre += num(f.micro, 6, '0');
        else if (c == 'z' || c == 'Z') {
        } else {
            pre += fmt[i];
            pre += c;
        }
        ++i;
    }
    return format(pre, f);
}

} // namespace cmf::engine::chat
