// String filters: capitalize, center, escape, format, indent, lower/upper, replace, safe,
// string, title, trim, truncate, urlencode, wordcount, xmlattr.
#include "chat/errors.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/protocol.h"
#include "chat/pyops.h"
#include "chat/pystr.h"
#include "chat/strformat.h"
#include "chat/unicode.h"

namespace cmf::engine::chat {
namespace {

Value sameKind(const Value& like, std::string s) { return Value::str(std::move(s), like.isMarkup()); }

// Markup methods escape their string arguments.
std::string argText(const Value& self, const Value& arg) {
    if (self.isMarkup() && !arg.isMarkup()) return escapeHtml(toStr(arg));
    return toStr(arg);
}

} // namespace

CMF_FILTER(filterCapitalize) {
    (void)in;
    bindArgs("do_capitalize", args, {}, {});
    const Value s = softStr(v);
    return sameKind(s, pystr::capitalize(s.asStr()));
}

CMF_FILTER(filterCenter) {
    (void)in;
    auto a = bindArgs("do_center", args, {"width"}, {Value::integer(80)});
    const Value s = softStr(v);
    return sameKind(s, pystr::center(s.asStr(), requireInt(a[0], "width"), ' '));
}

CMF_FILTER(filterEscape) {
    (void)in;
    bindArgs("escape", args, {}, {});
    return markupEscape(v);
}

CMF_FILTER(filterForceescape) {
    (void)in;
    bindArgs("do_forceescape", args, {}, {});
    return Value::str(escapeHtml(toStr(v)), true);
}

CMF_FILTER(filterFormat) {
    (void)in;
    if (!args.pos.empty() && !args.kw.empty())
        fail(Fault::Runtime, "can't handle positional and keyword arguments at the same time");
    Value params;
    if (!args.kw.empty()) {
        params = Value::newDict();
        for (auto& [k, x] : args.kw) params.dict().set(Value::str(k), x);
    } else {
        params = Value::tuple(args.pos);
    }
    return percentFormat(softStr(v), params);
}

CMF_FILTER(filterIndent) {
    (void)in;
    auto a = bindArgs("do_indent", args, {"width", "first", "blank"}, {Value::integer(4), Value::boolean(false), Value::boolean(false)});
    rejectUndefined(v);
    if (!v.isStr()) fail(Fault::Type, "unsupported operand type(s) for +=: '" + typeName(v) + "' and 'str'");
    std::string indention;
    if (a[0].isStr()) {
        indention = a[0].asStr();
    } else {
        const int64_t w = requireInt(a[0], "width");
        if (w > 0) {
            checkBytes(static_cast<size_t>(w));
            indention.assign(static_cast<size_t>(w), ' ');
        }
    }
    const std::string s = v.asStr() + "\n"; // jinja2's quirk so splitlines keeps a last empty line
    const auto lines = pystr::splitlines(s, false);
    std::string rv;
    if (truthy(a[2])) {
        for (size_t i = 0; i < lines.size(); ++i) {
            if (i) rv += "\n" + indention;
            rv += lines[i];
            checkBytes(rv.size());
        }
    } else {
        rv = lines.empty() ? std::string() : lines[0];
        for (size_t i = 1; i < lines.size(); ++i) {
            rv += "\n";
            if (!lines[i].empty()) rv += indention;
            rv += lines[i];
            checkBytes(rv.size());
        }
    }
    if (truthy(a[1])) rv = indention + rv;
    checkBytes(rv.size());
    return sameKind(v, std::move(rv));
}

CMF_FILTER(filterLower) {
    (void)in;
    bindArgs("do_lower", args, {}, {});
    const Value s = softStr(v);
    return sameKind(s, pystr::lower(s.asStr()));
}

CMF_FILTER(filterUpper) {
    (void)in;
    bindArgs("do_upper", args, {}, {});
    const Value s = softStr(v);
    return sameKind(s, pystr::upper(s.asStr()));
}

CMF_FILTER(filterReplace) {
    auto a = bindArgs("do_replace", args, {"old", "new", "count"}, {Value::missing(), Value::missing(), Value::none()}, 2);
    const int64_t count = a[2].isNone() ? -1 : requireInt(a[2], "count");
    if (!in.autoescape()) return Value::str(pystr::replace(toStr(v), toStr(a[0]), toStr(a[1]), count));
    // With autoescaping the result is Markup and plain-string parts get escaped.
    Value s = v;
    if ((a[0].isMarkup() || a[1].isMarkup()) && !v.isMarkup()) s = markupEscape(v);
    else s = softStr(v);
    if (s.isMarkup()) return Value::str(pystr::replace(s.asStr(), argText(s, a[0]), argText(s, a[1]), count), true);
    return Value::str(pystr::replace(s.asStr(), toStr(a[0]), toStr(a[1]), count));
}

CMF_FILTER(filterSafe) {
    (void)in;
    bindArgs("do_mark_safe", args, {}, {});
    return v.isMarkup() ? v : Value::str(toStr(v), true);
}

CMF_FILTER(filterString) {
    (void)in;
    bindArgs("soft_str", args, {}, {});
    return softStr(v);
}

// jinja2's title: uppercase the first character of each word (words start after -, space,
// or an opening bracket) and lowercase the rest; not str.title().
CMF_FILTER(filterTitle) {
    (void)in;
    bindArgs("do_title", args, {}, {});
    const Value s = softStr(v);
    const std::string& text = s.asStr();
    auto isBreak = [](char32_t c) { return c == '-' || c == '(' || c == '{' || c == '[' || c == '<' || isPySpace(c); };
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        const size_t start = i;
        size_t k = i;
        const bool brk = isBreak(decodeAt(text, k));
        while (i < text.size()) {
            size_t j = i;
            if (isBreak(decodeAt(text, j)) != brk) break;
            i = j;
        }
        const std::string_view item(text.data() + start, i - start);
        size_t first = 0;
        const char32_t c = decodeAt(item, first);
        appendUpper(out, c);
        out += pystr::lower(item.substr(first));
    }
    checkBytes(out.size());
    return sameKind(s, std::move(out));
}

CMF_FILTER(filterTrim) {
    (void)in;
    auto a = bindArgs("do_trim", args, {"chars"}, {Value::none()});
    const Value s = softStr(v);
    if (!a[0].isNone() && !a[0].isStr()) fail(Fault::Type, "strip arg must be None or str");
    const std::string chars = a[0].isStr() ? a[0].asStr() : std::string();
    return sameKind(s, pystr::strip(s.asStr(), a[0].isStr() ? &chars : nullptr, true, true));
}

CMF_FILTER(filterTruncate) {
    (void)in;
    auto a = bindArgs("do_truncate", args, {"length", "killwords", "end", "leeway"},
                      {Value::integer(255), Value::boolean(false), Value::str("..."), Value::none()});
    const int64_t length = requireInt(a[0], "length");
    const int64_t leeway = a[3].isNone() ? 5 : requireInt(a[3], "leeway");
    const int64_t endLen = lenOrFail(a[2]);
    if (length < endLen) fail(Fault::Runtime, "expected length >= " + std::to_string(endLen) + ", got " + std::to_string(length));
    if (leeway < 0) fail(Fault::Runtime, "expected leeway >= 0, got " + std::to_string(leeway));
    if (lenOrFail(v) <= length + leeway) return v;
    if (!v.isStr()) fail(Fault::Type, "'" + typeName(v) + "' object is not subscriptable");
    const std::string& s = v.asStr();
    std::string head = pystr::slice(s, 0, 1, length - endLen);
    if (!truthy(a[1])) {
        const std::string space = " ";
        head = pystr::rsplit(head, &space, 1)[0];
    }
    return binaryOp(BinOp::Add, sameKind(v, std::move(head)), a[2]);
}

namespace {

std::string urlQuote(const Value& v, bool forQs) {
    const std::string s = toStr(v);
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                c == '_' || c == '.' || c == '-' || c == '~' || (!forQs && c == '/');
        if (unreserved) {
            out += static_cast<char>(c);
        } else if (forQs && c == ' ') {
            out += '+';
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    checkBytes(out.size());
    return out;
}

} // namespace

CMF_FILTER(filterUrlencode) {
    (void)in;
    bindArgs("do_urlencode", args, {}, {});
    if (v.isStr() || !isIterable(v)) return Value::str(urlQuote(v, false));
    std::vector<Value> pairs;
    if (v.is(Kind::Dict)) {
        for (const auto& [k, x] : v.dict().entries()) pairs.push_back(Value::tuple({k, x}));
    } else {
        pairs = iterate(v);
    }
    std::string out;
    for (const auto& p : pairs) {
        const auto kv = iterate(p);
        if (kv.size() != 2) fail(Fault::Value, "expected key/value pairs");
        if (!out.empty()) out += '&';
        out += urlQuote(kv[0], true) + "=" + urlQuote(kv[1], true);
        checkBytes(out.size());
    }
    return Value::str(std::move(out));
}

CMF_FILTER(filterWordcount) {
    (void)in;
    bindArgs("do_wordcount", args, {}, {});
    const std::string s = toStr(v);
    int64_t n = 0;
    bool inWord = false;
    for (size_t i = 0; i < s.size();) {
        const bool w = isPyWordChar(decodeAt(s, i));
        if (w && !inWord) ++n;
        inWord = w;
    }
    return Value::integer(n);
}

CMF_FILTER(filterXmlattr) {
    auto a = bindArgs("do_xmlattr", args, {"autospace"}, {Value::boolean(true)});
    rejectUndefined(v);
    if (!v.is(Kind::Dict)) fail(Fault::Runtime, "'" + typeName(v) + "' object has no attribute 'items'");
    std::string rv;
    for (const auto& [k, x] : v.dict().entries()) {
        if (x.isNone() || x.isUndefined()) continue;
        const std::string key = toStr(k);
        for (const char c : key)
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == '/' || c == '>' || c == '=')
                fail(Fault::Value, "Invalid character in attribute name: " + repr(k));
        if (!rv.empty()) rv += ' ';
        rv += markupEscape(k).asStr() + "=\"" + markupEscape(x).asStr() + "\"";
        checkBytes(rv.size());
    }
    if (truthy(a[0]) && !rv.empty()) rv = " " + rv;
    return Value::str(std::move(rv), in.autoescape());
}

} // namespace cmf::engine::chat
