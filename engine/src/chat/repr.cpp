// str() and repr() of values, byte-for-byte as Python prints them: templates print lists and
// dicts with `{{ x }}` and `|string` (smollm3 prints its tools that way), floats print with
// float.__repr__ and strings inside containers print with str.__repr__'s quoting rules.
#include "chat/errors.h"
#include "chat/protocol.h"
#include "chat/unicode.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace cmf::engine::chat {
namespace {

// Containers being printed, to print a self-containing one as [...] or {...} like Python.
thread_local std::vector<const Obj*> tActive;

class ActiveGuard {
public:
    explicit ActiveGuard(const Obj* o) { tActive.push_back(o); }
    ~ActiveGuard() { tActive.pop_back(); }
    ActiveGuard(const ActiveGuard&) = delete;
    ActiveGuard& operator=(const ActiveGuard&) = delete;
    static bool active(const Obj* o) { return std::find(tActive.begin(), tActive.end(), o) != tActive.end(); }
};

void appendInt(std::string& out, int64_t v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendHex(std::string& out, char32_t c, int digits) {
    static const char* hex = "0123456789abcdef";
    for (int i = digits - 1; i >= 0; --i) out += hex[(c >> (4 * i)) & 0xF];
}

void appendSequence(std::string& out, const std::vector<Value>& items, char open, char close, bool tuple) {
    out += open;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        appendRepr(out, items[i]);
        checkBytes(out.size());
    }
    if (tuple && items.size() == 1) out += ',';
    out += close;
}

void appendDict(std::string& out, const DictObj& d) {
    if (ActiveGuard::active(&d)) {
        out += "{...}";
        return;
    }
    ActiveGuard active(&d);
    out += '{';
    bool first = true;
    for (const auto& [k, v] : d.entries()) {
        if (!first) out += ", ";
        first = false;
        appendRepr(out, k);
        out += ": ";
        appendRepr(out, v);
        checkBytes(out.size());
    }
    out += '}';
}

} // namespace

std::string floatRepr(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    // Shortest round-trip digits, then Python's layout: fixed notation for decimal exponents
    // in (-4, 16], scientific with a two-digit exponent otherwise, always a '.0' when integral.
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<size_t>(r.ptr - buf));
    std::string out;
    if (sci.front() == '-') {
        out += '-';
        sci.remove_prefix(1);
    }
    const size_t e = sci.find('e');
    std::string digits;
    for (const char c : sci.substr(0, e))
        if (c != '.') digits += c;
    int exp = 0;
    std::from_chars(sci.data() + e + 1 + (sci[e + 1] == '+'), sci.data() + sci.size(), exp);
    const int decpt = exp + 1; // value = 0.DIGITS * 10^decpt
    const int n = static_cast<int>(digits.size());
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            out += "0.";
            out.append(static_cast<size_t>(-decpt), '0');
            out += digits;
        } else if (decpt >= n) {
            out += digits;
            out.append(static_cast<size_t>(decpt - n), '0');
            out += ".0";
        } else {
            out += digits.substr(0, static_cast<size_t>(decpt));
            out += '.';
            out += digits.substr(static_cast<size_t>(decpt));
        }
        return out;
    }
    out += digits[0];
    if (n > 1) {
        out += '.';
        out += digits.substr(1);
    }
    out += 'e';
    const int x = decpt - 1;
    out += x < 0 ? '-' : '+';
    if (std::abs(x) < 10) out += '0';
    appendInt(out, std::abs(x));
    return out;
}

void appendStrRepr(std::string& out, std::string_view s) {
    const bool hasSingle = s.find('\'') != std::string_view::npos;
    const bool hasDouble = s.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';
    out += quote;
    for (size_t i = 0; i < s.size();) {
        const char32_t c = decodeAt(s, i);
        if (c == static_cast<char32_t>(quote) || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7F) {
            out += "\\x";
            appendHex(out, c, 2);
        } else if (c < 0x7F) {
            out += static_cast<char>(c);
        } else if (isPyPrintable(c)) {
            appendUtf8(out, c);
        } else if (c <= 0xFF) {
            out += "\\x";
            appendHex(out, c, 2);
        } else if (c <= 0xFFFF) {
            out += "\\u";
            appendHex(out, c, 4);
        } else {
            out += "\\U";
            appendHex(out, c, 8);
        }
    }
    out += quote;
}

std::string strRepr(std::string_view s) {
    std::string out;
    appendStrRepr(out, s);
    return out;
}

void appendStr(std::string& out, const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: return;
    case Kind::None: out += "None"; return;
    case Kind::Bool: out += v.asBool() ? "True" : "False"; return;
    case Kind::Int: appendInt(out, v.asInt()); return;
    case Kind::Float: out += floatRepr(v.asFloat()); return;
    case Kind::Str: out += v.asStr(); return;
    case Kind::List:
    case Kind::Tuple: {
        const Obj* o = v.obj().get();
        const bool list = v.is(Kind::List);
        if (ActiveGuard::active(o)) {
            out += list ? "[...]" : "(...)";
            return;
        }
        ActiveGuard active(o);
        DepthGuard depth;
        appendSequence(out, v.items(), list ? '[' : '(', list ? ']' : ')', !list);
        return;
    }
    case Kind::Dict: {
        DepthGuard depth;
        appendDict(out, v.dict());
        return;
    }
    case Kind::Range: {
        const auto& r = v.as<RangeObj>();
        out += "range(";
        appendInt(out, r.start);
        out += ", ";
        appendInt(out, r.stop);
        if (r.step != 1) {
            out += ", ";
            appendInt(out, r.step);
        }
        out += ')';
        return;
    }
    case Kind::View: {
        DepthGuard depth;
        out += typeName(v);
        out += '(';
        appendSequence(out, iterate(v), '[', ']', false);
        out += ')';
        return;
    }
    case Kind::Iterator: {
        const auto& it = v.as<IteratorObj>();
        // Python shows the object's address; no fixed text can match it.
        if (it.reprName.empty()) out += "<" + it.typeName + " object at 0x7f0000000000>";
        else out += "<generator object " + it.reprName + " at 0x7f0000000000>";
        return;
    }
    case Kind::Namespace: {
        DepthGuard depth;
        out += "<Namespace ";
        appendDict(out, v.as<NamespaceObj>().attrs);
        out += '>';
        return;
    }
    case Kind::Object: out += v.as<CustomObj>().repr(); return;
    }
}

std::string toStr(const Value& v) {
    if (v.isStr()) return v.asStr();
    std::string out;
    appendStr(out, v);
    return out;
}

void appendRepr(std::string& out, const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: out += "Undefined"; return;
    case Kind::Str:
        if (v.isMarkup()) {
            out += "Markup(";
            appendStrRepr(out, v.asStr());
            out += ')';
        } else {
            appendStrRepr(out, v.asStr());
        }
        return;
    default: appendStr(out, v); return;
    }
}

std::string repr(const Value& v) {
    std::string out;
    appendRepr(out, v);
    return out;
}

} // namespace cmf::engine::chat
