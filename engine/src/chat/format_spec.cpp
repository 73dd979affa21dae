// format(value, spec) for str, int and float, and the helpers printf formatting shares.
#include "chat/format_spec.h"

#include "chat/errors.h"
#include "chat/protocol.h"
#include "chat/pystr.h"
#include "chat/unicode.h"

#include <charconv>
#include <cmath>

namespace cmf::engine::chat {
namespace {


std::string toChars(double x, std::chars_format fmt, int precision) {
    // Fixed notation of 1e308 has 309 integer digits, then the requested decimals.
    std::string buf(static_cast<size_t>(400 + std::max(precision, 0)), '\0');
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), x, fmt, precision);
    if (r.ec != std::errc()) fail(Fault::Value, "precision too large");
    buf.resize(static_cast<size_t>(r.ptr - buf.data()));
    return buf;
}

std::string upperAscii(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    return s;
}

// Digits and decimal point position of |x| rounded to `sig` significant digits.
void sigDigits(double x, int sig, std::string& digits, int& decpt) {
    const std::string s = toChars(x, std::chars_format::scientific, sig - 1);
    const size_t e = s.find('e');
    digits.clear();
    for (size_t i = 0; i < e; ++i)
        if (s[i] != '.') digits += s[i];
    int exp = 0;
    std::from_chars(s.data() + e + 1 + (s[e + 1] == '+'), s.data() + s.size(), exp);
    decpt = exp + 1;
}

// Python's general ('g') layout of |x|; addDot0 is the mode of format(x, '.N') without a type.
std::string generalFloat(double x, int precision, bool alt, bool addDot0) {
    if (precision == 0) precision = 1;
    std::string digits;
    int decpt;
    sigDigits(x, precision, digits, decpt);
    if (!alt)
        while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    const bool useExp = decpt <= -4 || decpt > (addDot0 ? precision - 1 : precision);
    std::string out;
    if (useExp) {
        out += digits[0];
        if (digits.size() > 1 || alt) {
            out += '.';
            out += digits.substr(1);
        }
        const int e = decpt - 1;
        out += e < 0 ? "e-" : "e+";
        if (std::abs(e) < 10) out += '0';
        out += std::to_string(std::abs(e));
        return out;
    }
    const int n = static_cast<int>(digits.size());
    if (decpt <= 0) {
        out = "0." + std::string(static_cast<size_t>(-decpt), '0') + digits;
    } else if (decpt >= n) {
        out = digits + std::string(static_cast<size_t>(decpt - n), '0');
        if (addDot0) out += ".0";
        else if (alt) out += '.';
    } else {
        out = digits.substr(0, static_cast<size_t>(decpt)) + "." + digits.substr(static_cast<size_t>(decpt));
    }
    return out;
}

// |x| formatted with a presentation type ('\0' = none); precision -1 = default.
std::string floatBody(double x, char type, int precision, bool alt) {
    const bool upper = type == 'E' || type == 'F' || type == 'G';
    if (std::isnan(x)) return upper ? "NAN" : "nan";
    if (std::isinf(x)) return upper ? "INF" : "inf";
    std::string out;
    switch (type) {
    case 'f':
    case 'F':
    case '%':
        out = toChars(type == '%' ? x * 100 : x, std::chars_format::fixed, precision < 0 ? 6 : precision);
        if (alt && out.find('.') == std::string::npos) out += '.';
        if (type == '%') out += '%';
        break;
    case 'e':
    case 'E': {
        out = toChars(x, std::chars_format::scientific, precision < 0 ? 6 : precision);
        if (alt && out.find('.') == std::string::npos) out.insert(out.find('e'), ".");
        break;
    }
    case 'g':
    case 'G':
    case 'n': out = generalFloat(x, precision < 0 ? 6 : precision, alt, false); break;
    default:
        if (precision < 0) {
            out = floatRepr(x);
            if (alt && out.find('.') == std::string::npos && out.find('e') != std::string::npos)
                out.insert(out.find('e'), ".");
        } else {
            out = generalFloat(x, precision, alt, true);
        }
    }
    return upper ? upperAscii(out) : out;
}

std::string group(const std::string& digits, char sep, size_t every) {
    std::string out;
    const size_t n = digits.size();
    for (size_t i = 0; i < n; ++i) {
        if (i && (n - i) % every == 0) out += sep;
        out += digits[i];
    }
    return out;
}

} // namespace

Spec parseSpec(std::string_view s, const Value& v) {
    Spec spec;
    size_t i = 0;
    auto isAlign = [](char c) { return c == '<' || c == '>' || c == '=' || c == '^'; };
    auto invalid = [&]() -> void {
        fail(Fault::Value, "Invalid format specifier '" + std::string(s) + "' for object of type '" + typeName(v) + "'");
    };
    if (!s.empty()) {
        size_t k = 0;
        const char32_t first = decodeAt(s, k);
        if (k < s.size() && isAlign(s[k])) {
            spec.fill = first;
            spec.align = s[k];
            i = k + 1;
        } else if (isAlign(s[0])) {
            spec.align = s[0];
            i = 1;
        }
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
    if (i < s.size() && s[i] == '#') spec.alt = true, ++i;
    if (i < s.size() && s[i] == '0') spec.zero = true, ++i;
    if (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        spec.width = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            spec.width = spec.width * 10 + (s[i++] - '0');
            if (spec.width > 100000000) fail(Fault::Value, "Too many decimal digits in format string");
        }
    }
    if (i < s.size() && (s[i] == ',' || s[i] == '_')) spec.grouping = s[i++];
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (i >= s.size() || s[i] < '0' || s[i] > '9') fail(Fault::Value, "Format specifier missing precision");
        spec.precision = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            spec.precision = spec.precision * 10 + (s[i++] - '0');
            if (spec.precision > 10000) fail(Fault::Value, "precision too big");
        }
    }
    if (i < s.size()) spec.type = s[i++];
    if (i != s.size()) invalid();
    if (spec.zero && !spec.align) {
        spec.fill = '0';
        spec.align = '=';
    }
    return spec;
}

// Pads sign+body to the width; '=' puts the padding between the sign/prefix and the digits.
std::string padNumber(const Spec& spec, const std::string& prefix, const std::string& body, char defaultAlign) {
    const int64_t len = static_cast<int64_t>(codePointCount(prefix) + codePointCount(body));
    if (spec.width <= len) return prefix + body;
    checkBytes(static_cast<size_t>(spec.width) * 4);
    const char align = spec.align ? spec.align : defaultAlign;
    std::string fill;
    appendUtf8(fill, spec.fill);
    const int64_t pad = spec.width - len;
    auto repeat = [&](int64_t n) {
        std::string out;
        for (int64_t k = 0; k < n; ++k) out += fill;
        return out;
    };
    switch (align) {
    case '<': return prefix + body + repeat(pad);
    case '^': return repeat(pad / 2) + prefix + body + repeat(pad - pad / 2);
    case '=': return prefix + repeat(pad) + body;
    default: return repeat(pad) + prefix + body;
    }
}

std::string formatInt(int64_t v, Spec spec, const Value& original) {
    if (spec.precision >= 0) fail(Fault::Value, "Precision not allowed in integer format specifier");
    const char t = spec.type;
    if (t == 'c') {
        if (spec.sign) fail(Fault::Value, "Sign not allowed with integer format specifier 'c'");
        if (v < 0 || v > 0x10FFFF) fail(Fault::Overflow, "%c arg not in range(0x110000)");
        std::string ch;
        appendUtf8(ch, static_cast<char32_t>(v));
        return padNumber(spec, "", ch, '<');
    }
    int base = 10;
    if (t == 'b') base = 2;
    else if (t == 'o') base = 8;
    else if (t == 'x' || t == 'X') base = 16;
    else if (t != 0 && t != 'd' && t != 'n')
        fail(Fault::Value, std::string("Unknown format code '") + t + "' for object of type '" + typeName(original) + "'");
    const uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    char buf[72];
    auto r = std::to_chars(buf, buf + sizeof buf, mag, base);
    std::string digits(buf, r.ptr);
    if (t == 'X') digits = upperAscii(digits);
    if (spec.grouping) digits = group(digits, spec.grouping, base == 10 ? 3 : 4);
    std::string prefix = v < 0 ? "-" : spec.sign == '+' ? "+" : spec.sign == ' ' ? " " : "";
    if (spec.alt && base != 10) prefix += base == 2 ? "0b" : base == 8 ? "0o" : t == 'X' ? "0X" : "0x";
    return padNumber(spec, prefix, digits, '>');
}

std::string formatFloat(double v, const Spec& spec) {
    const char t = spec.type;
    if (t && std::string_view("eEfFgGn%").find(t) == std::string_view::npos)
        fail(Fault::Value, std::string("Unknown format code '") + t + "' for object of type 'float'");
    std::string body = floatBody(std::fabs(v), t, spec.precision, spec.alt);
    if (spec.grouping && std::isfinite(v)) {
        const size_t end = body.find_first_of(".e%");
        body = group(body.substr(0, end), spec.grouping, 3) + (end == std::string::npos ? "" : body.substr(end));
    }
    const bool negative = std::signbit(v) && !std::isnan(v);
    const std::string prefix = negative ? "-" : spec.sign == '+' ? "+" : spec.sign == ' ' ? " " : "";
    return padNumber(spec, prefix, body, '>');
}

std::string formatValue(const Value& v, std::string_view specText) {
    if (specText.empty()) return toStr(v);
    if (v.isStr()) {
        Spec spec = parseSpec(specText, v);
        if (spec.sign) fail(Fault::Value, "Sign not allowed in string format specifier");
        if (spec.alt) fail(Fault::Value, "Alternate form (#) not allowed in string format specifier");
        if (spec.align == '=') fail(Fault::Value, "'=' alignment not allowed in string format specifier");
        if (spec.type && spec.type != 's')
            fail(Fault::Value, std::string("Unknown format code '") + spec.type + "' for object of type 'str'");
        std::string s = v.asStr();
        if (spec.precision >= 0) s = pystr::slice(s, 0, 1, std::min<int64_t>(spec.precision, static_cast<int64_t>(codePointCount(s))));
        return padNumber(spec, "", s, '<');
    }
    if (v.isIntegral()) {
        const Spec spec = parseSpec(specText, v);
        if (spec.type && std::string_view("eEfFgG%").find(spec.type) != std::string_view::npos)
            return formatFloat(static_cast<double>(v.asInt()), spec);
        return formatInt(v.asInt(), spec, v);
    }
    if (v.is(Kind::Float)) return formatFloat(v.asFloat(), parseSpec(specText, v));
    fail(Fault::Type, "unsupported format string passed to " + typeName(v) + ".__format__");
}

} // namespace cmf::engine::chat
