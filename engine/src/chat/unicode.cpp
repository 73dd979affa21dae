#include "chat/unicode.h"

#include <utf8proc.h>

namespace cmf::engine::chat {

size_t findInvalidUtf8(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const size_t n = s.size();
    size_t i = 0;
    while (i < n) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        size_t len;
        char32_t cp;
        if (c >= 0xC2 && c <= 0xDF) len = 2, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF) len = 3, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4) len = 4, cp = c & 0x07;
        else return i;
        if (i + len > n) return i;
        for (size_t k = 1; k < len; ++k) {
            if ((p[i + k] & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (p[i + k] & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

char32_t decodeAt(std::string_view s, size_t& i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return s[i++];
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    char32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (size_t k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    return cp;
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

size_t codePointCount(std::string_view s) {
    size_t n = 0;
    for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
}

bool isAscii(std::string_view s) {
    for (const char ch : s)
        if (static_cast<unsigned char>(ch) >= 0x80) return false;
    return true;
}

namespace {

utf8proc_category_t category(char32_t c) { return utf8proc_category(static_cast<utf8proc_int32_t>(c)); }

} // namespace

bool isPySpace(char32_t c) {
    switch (c) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x1C: case 0x1D: case 0x1E: case 0x1F:
    case 0x20: case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200A;
    }
}

bool isPyAlpha(char32_t c) {
    if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    switch (category(c)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
        return true;
    default:
        return false;
    }
}

bool isPyDecimal(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9';
    return category(c) == UTF8PROC_CATEGORY_ND;
}

bool isPyDigit(char32_t c) { return isPyDecimal(c) || isDigitExtra(c); }

bool isPyNumeric(char32_t c) {
    if (isPyDigit(c)) return true;
    if (c < 0x80) return false;
    // Numeric_Type=Numeric: letter-like numerals (Nl), vulgar fractions and the like (No), and
    // CJK ideographs used as numerals (Lo) that only the table knows.
    const auto cat = category(c);
    return cat == UTF8PROC_CATEGORY_NL || cat == UTF8PROC_CATEGORY_NO || isNumericExtra(c);
}

bool isPyAlnum(char32_t c) { return isPyAlpha(c) || isPyNumeric(c); }

bool isPyPrintable(char32_t c) {
    if (c == ' ') return true;
    if (c < 0x80) return c > 0x20 && c < 0x7F;
    switch (category(c)) {
    case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_ZS: case UTF8PROC_CATEGORY_ZL: case UTF8PROC_CATEGORY_ZP:
        return false;
    default:
        return true;
    }
}

bool isPyLowercase(char32_t c) {
    if (c < 0x80) return c >= 'a' && c <= 'z';
    return category(c) == UTF8PROC_CATEGORY_LL || isLowercaseExtra(c);
}

bool isPyUppercase(char32_t c) {
    if (c < 0x80) return c >= 'A' && c <= 'Z';
    return category(c) == UTF8PROC_CATEGORY_LU || isUppercaseExtra(c);
}

bool isPyTitlecase(char32_t c) { return c >= 0x80 && category(c) == UTF8PROC_CATEGORY_LT; }

bool isPyCased(char32_t c) { return isPyLowercase(c) || isPyUppercase(c) || isPyTitlecase(c); }

bool isCaseIgnorable(char32_t c) {
    switch (c) {
    case '\'': case '.': case ':': case '^': case '`': case 0xA8: case 0xAD: case 0xAF: case 0xB4:
    case 0xB7: case 0xB8: case 0x2018: case 0x2019: case 0x2024: case 0xFE52: case 0xFF07: case 0xFF0E:
        return true;
    default:
        break;
    }
    if (c < 0x80) return false;
    switch (category(c)) {
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_ME: case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_SK:
        return true;
    default:
        return false;
    }
}

bool isPyWordChar(char32_t c) { return c == '_' || isPyAlnum(c); }

bool isNameChar(char32_t c) {
    if (isPyWordChar(c)) return true;
    if (c < 0x80) return false;
    // jinja's identifier pattern adds the combining marks and connectors of XID_Continue.
    const auto cat = category(c);
    return cat == UTF8PROC_CATEGORY_MN || cat == UTF8PROC_CATEGORY_MC || cat == UTF8PROC_CATEGORY_PC || c == 0xB7;
}

bool isPyIdentifier(std::string_view s) {
    if (s.empty()) return false;
    size_t i = 0;
    const char32_t first = decodeAt(s, i);
    if (first != '_' && !isPyAlpha(first) && (first < 0x80 || category(first) != UTF8PROC_CATEGORY_NL)) return false;
    while (i < s.size()) {
        const char32_t c = decodeAt(s, i);
        if (c == '_' || isPyAlpha(c) || isPyDecimal(c)) continue;
        if (c < 0x80) return false;
        const auto cat = category(c);
        if (cat != UTF8PROC_CATEGORY_MN && cat != UTF8PROC_CATEGORY_MC && cat != UTF8PROC_CATEGORY_PC &&
            cat != UTF8PROC_CATEGORY_NL && c != 0xB7)
            return false;
    }
    return true;
}

void appendUpper(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    } else if (const char* s = specialUpper(c)) {
        out += s;
    } else {
        appendUtf8(out, static_cast<char32_t>(utf8proc_toupper(static_cast<utf8proc_int32_t>(c))));
    }
}

void appendLower(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    } else if (const char* s = specialLower(c)) {
        out += s;
    } else {
        appendUtf8(out, static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))));
    }
}

void appendTitle(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    } else if (const char* s = specialTitle(c)) {
        out += s;
    } else {
        appendUtf8(out, static_cast<char32_t>(utf8proc_totitle(static_cast<utf8proc_int32_t>(c))));
    }
}

void appendFold(std::string& out, char32_t c) {
    if (const char* s = c >= 0x80 ? specialFold(c) : nullptr) out += s;
    else appendLower(out, c);
}

} // namespace cmf::engine::chat
