// printf-style formatting: `fmt % args` and the format filter, with Python's argument rules
// (a tuple spreads, a mapping serves %(key)s, anything else is the single argument).
#include "chat/strformat.h"

#include "chat/errors.h"
#include "chat/format_spec.h"
#include "chat/protocol.h"
#include "chat/pyops.h"
#include "chat/pystr.h"
#include "chat/unicode.h"

#include <cmath>
#include <cstdio>

namespace cmf::engine::chat {

Value percentFormat(const Value& fmtValue, const Value& args) {
    const std::string& fmt = fmtValue.asStr();
    const bool markup = fmtValue.isMarkup();
    const bool isTuple = args.is(Kind::Tuple);
    // Python treats any non-tuple, non-str object with __getitem__ as the mapping for %(key)s.
    const bool mapping = !isTuple && (args.is(Kind::Dict) || args.is(Kind::List) || args.is(Kind::Range) ||
                                      args.isUndefined());
    const int64_t argLen = isTuple ? static_cast<int64_t>(args.items().size()) : -1;
    int64_t argIdx = isTuple ? 0 : -2;
    auto nextArg = [&]() -> Value {
        if (argIdx < argLen) {
            ++argIdx;
            return argLen < 0 ? args : args.items()[static_cast<size_t>(argIdx - 1)];
        }
        fail(Fault::Type, "not enough arguments for format string");
    };
    std::string out;
    size_t i = 0;
    while (i < fmt.size()) {
        const size_t pct = fmt.find('%', i);
        if (pct == std::string::npos) {
            out.append(fmt, i, std::string::npos);
            break;
        }
        out.append(fmt, i, pct - i);
        i = pct + 1;
        if (i >= fmt.size()) fail(Fault::Value, "incomplete format");
        Value arg;
        bool haveArg = false;
        if (fmt[i] == '(') {
            if (!mapping) fail(Fault::Type, "format requires a mapping");
            int depth = 1;
            const size_t keyStart = ++i;
            while (i < fmt.size() && depth) {
                if (fmt[i] == '(') ++depth;
                else if (fmt[i] == ')') --depth;
                ++i;
            }
            if (depth) fail(Fault::Value, "incomplete format key");
            const Value key = Value::str(fmt.substr(keyStart, i - 1 - keyStart));
            rejectUndefined(args);
            if (!args.is(Kind::Dict)) fail(Fault::Type, typeName(args) + " indices must be integers or slices, not str");
            const Value* found = args.dict().find(key);
            if (!found) fail(Fault::Runtime, "KeyError: " + repr(key));
            arg = *found;
            haveArg = true;
        }
        Spec spec;
        bool left = false;
        for (; i < fmt.size(); ++i) {
            const char c = fmt[i];
            if (c == '-') left = true;
            else if (c == '+') spec.sign = '+';
            else if (c == ' ') spec.sign = spec.sign == '+' ? '+' : ' ';
            else if (c == '#') spec.alt = true;
            else if (c == '0') spec.zero = true;
            else break;
        }
        auto number = [&](int64_t& target) {
            if (i < fmt.size() && fmt[i] == '*') {
                const Value w = nextArg();
                if (!w.isIntegral()) fail(Fault::Type, "* wants int");
                target = w.asInt();
                ++i;
                return;
            }
            if (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
                target = 0;
                while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
                    target = target * 10 + (fmt[i++] - '0');
                    if (target > 100000000) fail(Fault::Value, "width too big");
                }
            }
        };
        int64_t width = -1, precision = -1;
        number(width);
        if (width < 0 && width != -1) {
            left = true;
            width = -width;
        }
        if (i < fmt.size() && fmt[i] == '.') {
            ++i;
            precision = 0;
            number(precision);
            if (precision > 10000) fail(Fault::Value, "precision too big");
        }
        while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
        if (i >= fmt.size()) fail(Fault::Value, "incomplete format");
        const char conv = fmt[i++];
        if (conv == '%') {
            out += '%';
            continue;
        }
        if (!haveArg) arg = nextArg();
        spec.width = width;
        spec.precision = static_cast<int>(precision);
        spec.align = left ? '<' : (spec.zero ? '=' : '>');
        spec.fill = spec.zero && !left ? '0' : ' ';
        std::string piece;
        switch (conv) {
        case 's':
        case 'r':
        case 'a': {
            std::string s = conv == 's' ? toStr(arg) : repr(arg);
            if (conv == 'a') {
                std::string ascii;
                for (size_t k = 0; k < s.size();) {
                    const char32_t c = decodeAt(s, k);
                    if (c < 0x80) {
                        ascii += static_cast<char>(c);
                        continue;
                    }
                    char buf[16];
                    std::snprintf(buf, sizeof buf, c <= 0xFF ? "\\x%02x" : c <= 0xFFFF ? "\\u%04x" : "\\U%08x", unsigned(c));
                    ascii += buf;
                }
                s = ascii;
            }
            if (markup && !(conv == 's' && arg.isMarkup())) s = escapeHtml(s);
            if (precision >= 0) s = pystr::slice(s, 0, 1, std::min<int64_t>(precision, static_cast<int64_t>(codePointCount(s))));
            Spec strSpec = spec;
            strSpec.fill = ' ';
            strSpec.align = left ? '<' : '>';
            piece = padNumber(strSpec, "", s, '>');
            break;
        }
        case 'd':
        case 'i':
        case 'u': {
            if (!arg.isNumber())
                fail(Fault::Type, std::string("%") + conv + " format: a real number is required, not " + typeName(arg));
            int64_t n;
            if (arg.is(Kind::Float)) {
                const double d = arg.asFloat();
                if (std::isnan(d)) fail(Fault::Value, "cannot convert float NaN to integer");
                if (std::isinf(d)) fail(Fault::Overflow, "cannot convert float infinity to integer");
                if (std::fabs(d) >= 9.2e18) fail(Fault::Overflow, "integer too large (Python's big integers are not supported)");
                n = static_cast<int64_t>(d);
            } else {
                n = arg.asInt();
            }
            Spec s = spec;
            s.precision = -1;
            std::string text = formatInt(n, s, arg);
            if (precision > 0) {
                // printf precision for integers is a minimum digit count.
                const bool neg = n < 0;
                std::string digits = std::to_string(neg ? uint64_t(0) - uint64_t(n) : uint64_t(n));
                if (static_cast<int64_t>(digits.size()) < precision) digits.insert(0, static_cast<size_t>(precision) - digits.size(), '0');
                s.width = width;
                text = padNumber(s, neg ? "-" : s.sign == '+' ? "+" : s.sign == ' ' ? " " : "", digits, '>');
            }
            piece = text;
            break;
        }
        case 'x':
        case 'X':
        case 'o': {
            if (!arg.isIntegral())
                fail(Fault::Type, std::string("%") + conv + " format: an integer is required, not " + typeName(arg));
            Spec s = spec;
            s.precision = -1;
            s.type = conv;
            piece = formatInt(arg.asInt(), s, arg);
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            if (!arg.isNumber()) fail(Fault::Type, "must be real number, not " + typeName(arg));
            Spec s = spec;
            s.type = conv;
            if (s.precision < 0) s.precision = 6;
            piece = formatFloat(arg.asFloat(), s);
            break;
        }
        case 'c': {
            std::string ch;
            if (arg.isIntegral()) {
                if (arg.asInt() < 0 || arg.asInt() > 0x10FFFF) fail(Fault::Overflow, "%c arg not in range(0x110000)");
                appendUtf8(ch, static_cast<char32_t>(arg.asInt()));
            } else if (arg.isStr() && codePointCount(arg.asStr()) == 1) {
                ch = arg.asStr();
            } else {
                fail(Fault::Type, "%c requires int or char");
            }
            Spec s = spec;
            s.fill = ' ';
            s.align = left ? '<' : '>';
            piece = padNumber(s, "", ch, '>');
            break;
        }
        default: {
            char buf[96];
            std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv,
                          unsigned(static_cast<unsigned char>(conv)), i - 1);
            fail(Fault::Value, buf);
        }
        }
        out += piece;
        checkBytes(out.size());
    }
    if (argIdx < argLen && !mapping) fail(Fault::Type, "not all arguments converted during string formatting");
    checkBytes(out.size());
    return Value::str(std::move(out), markup);
}

} // namespace cmf::engine::chat
