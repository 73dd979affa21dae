// Python methods and attributes of str, list, tuple, dict, range and numbers, bound to their
// value when a template reads them (message.content.strip(), d.get('k', 1), ...). Markup
// strings behave as markupsafe does: most methods escape their string arguments and return
// Markup. Methods that mutate lists and dicts are reported so the sandbox can refuse them.
#include "chat/builtins.h"
#include "chat/errors.h"
#include "chat/interpreter.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"
#include "chat/pystr.h"
#include "chat/strformat.h"
#include "chat/unicode.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cmf::engine::chat {
namespace {

using Args = CallArgs;

// ---- argument helpers -------------------------------------------------------------------------

std::vector<Value> bind(const char* fn, Args& a, std::initializer_list<const char*> names, std::vector<Value> defaults,
                        size_t required = 0) {
    return bindArgs(fn, a, names, std::move(defaults), required);
}

std::optional<int64_t> optIndex(const Value& v) {
    if (v.isNone() || v.is(Kind::Missing)) return std::nullopt;
    if (!v.isIntegral()) fail(Fault::Type, "slice indices must be integers or None or have an __index__ method");
    return v.asInt();
}

const std::string& strArg(const Value& v, const char* what) {
    if (!v.isStr()) fail(Fault::Type, std::string(what) + " must be str, not " + typeName(v));
    return v.asStr();
}

// Argument text for a method of `self`: markupsafe escapes plain strings passed to Markup.
std::string escArg(const Value& self, const Value& arg) {
    if (self.isMarkup() && arg.isStr() && !arg.isMarkup()) return escapeHtml(arg.asStr());
    return arg.isStr() ? arg.asStr() : toStr(arg);
}

Value strLike(const Value& self, std::string s) {
    checkBytes(s.size());
    return Value::str(std::move(s), self.isMarkup());
}

Value strList(const Value& self, const std::vector<std::string>& parts) {
    std::vector<Value> out;
    out.reserve(parts.size());
    for (const auto& p : parts) out.push_back(Value::str(p, self.isMarkup()));
    return Value::list(std::move(out));
}

std::optional<char32_t> fillChar(const Value& v) {
    if (!v.isStr() || codePointCount(v.asStr()) != 1)
        fail(Fault::Type, "The fill character must be exactly one character long");
    size_t i = 0;
    return decodeAt(v.asStr(), i);
}

// ---- str ------------------------------------------------------------------------------------------

#define METHOD(name) Value name(Interpreter& in, const Value& self, Args& a)
#define UNUSED_IN (void)in

METHOD(sCapitalize) { UNUSED_IN; bind("capitalize", a, {}, {}); return strLike(self, pystr::capitalize(self.asStr())); }
METHOD(sCasefold) { UNUSED_IN; bind("casefold", a, {}, {}); return Value::str(pystr::casefold(self.asStr())); }
METHOD(sLower) { UNUSED_IN; bind("lower", a, {}, {}); return strLike(self, pystr::lower(self.asStr())); }
METHOD(sUpper) { UNUSED_IN; bind("upper", a, {}, {}); return strLike(self, pystr::upper(self.asStr())); }
METHOD(sTitle) { UNUSED_IN; bind("title", a, {}, {}); return strLike(self, pystr::title(self.asStr())); }
METHOD(sSwapcase) { UNUSED_IN; bind("swapcase", a, {}, {}); return strLike(self, pystr::swapcase(self.asStr())); }

Value stripImpl(const Value& self, Args& a, const char* fn, bool left, bool right) {
    auto v = bind(fn, a, {"chars"}, {Value::none()});
    if (!v[0].isNone() && !v[0].isStr()) fail(Fault::Type, std::string(fn) + " arg must be None or str");
    const std::string chars = v[0].isNone() ? std::string() : escArg(self, v[0]);
    return strLike(self, pystr::strip(self.asStr(), v[0].isNone() ? nullptr : &chars, left, right));
}
METHOD(sStrip) { UNUSED_IN; return stripImpl(self, a, "strip", true, true); }
METHOD(sLstrip) { UNUSED_IN; return stripImpl(self, a, "lstrip", true, false); }
METHOD(sRstrip) { UNUSED_IN; return stripImpl(self, a, "rstrip", false, true); }

Value splitImpl(const Value& self, Args& a, bool reverse) {
    auto v = bind(reverse ? "rsplit" : "split", a, {"sep", "maxsplit"}, {Value::none(), Value::integer(-1)});
    if (!v[0].isNone() && !v[0].isStr()) fail(Fault::Type, "must be str or None, not " + typeName(v[0]));
    if (!v[1].isIntegral()) fail(Fault::Type, "'" + typeName(v[1]) + "' object cannot be interpreted as an integer");
    const std::string* sep = v[0].isNone() ? nullptr : &v[0].asStr();
    const auto parts = reverse ? pystr::rsplit(self.asStr(), sep, v[1].asInt()) : pystr::split(self.asStr(), sep, v[1].asInt());
    return strList(self, parts);
}
METHOD(sSplit) { UNUSED_IN; return splitImpl(self, a, false); }
METHOD(sRsplit) { UNUSED_IN; return splitImpl(self, a, true); }

METHOD(sSplitlines) {
    UNUSED_IN;
    auto v = bind("splitlines", a, {"keepends"}, {Value::boolean(false)});
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    return strList(self, pystr::splitlines(self.asStr(), v[0].asInt() != 0));
}

Value affixImpl(const Value& self, Args& a, bool ends) {
    const char* fn = ends ? "endswith" : "startswith";
    auto v = bind(fn, a, {"prefix", "start", "end"}, {Value::missing(), Value::none(), Value::none()}, 1);
    const auto start = optIndex(v[1]), end = optIndex(v[2]);
    if (v[0].is(Kind::Tuple)) {
        for (const auto& p : v[0].items()) {
            if (!p.isStr())
                fail(Fault::Type, std::string("tuple for ") + fn + " must only contain str, not " + typeName(p));
            if (pystr::startsWith(self.asStr(), p.asStr(), start, end, ends)) return Value::boolean(true);
        }
        return Value::boolean(false);
    }
    if (!v[0].isStr())
        fail(Fault::Type, std::string(fn) + " first arg must be str or a tuple of str, not " + typeName(v[0]));
    return Value::boolean(pystr::startsWith(self.asStr(), v[0].asStr(), start, end, ends));
}
METHOD(sStartswith) { UNUSED_IN; return affixImpl(self, a, false); }
METHOD(sEndswith) { UNUSED_IN; return affixImpl(self, a, true); }

Value findImpl(const Value& self, Args& a, const char* fn, bool reverse, bool raise) {
    auto v = bind(fn, a, {"sub", "start", "end"}, {Value::missing(), Value::none(), Value::none()}, 1);
    const int64_t r = pystr::find(self.asStr(), strArg(v[0], "argument"), optIndex(v[1]), optIndex(v[2]), reverse);
    if (r < 0 && raise) fail(Fault::Value, "substring not found");
    return Value::integer(r);
}
METHOD(sFind) { UNUSED_IN; return findImpl(self, a, "find", false, false); }
METHOD(sRfind) { UNUSED_IN; return findImpl(self, a, "rfind", true, false); }
METHOD(sIndex) { UNUSED_IN; return findImpl(self, a, "index", false, true); }
METHOD(sRindex) { UNUSED_IN; return findImpl(self, a, "rindex", true, true); }

METHOD(sCount) {
    UNUSED_IN;
    auto v = bind("count", a, {"sub", "start", "end"}, {Value::missing(), Value::none(), Value::none()}, 1);
    return Value::integer(pystr::count(self.asStr(), strArg(v[0], "argument"), optIndex(v[1]), optIndex(v[2])));
}

METHOD(sReplace) {
    UNUSED_IN;
    auto v = bind("replace", a, {"old", "new", "count"}, {Value::missing(), Value::missing(), Value::integer(-1)}, 2);
    strArg(v[0], "replace() argument 1");
    strArg(v[1], "replace() argument 2");
    if (!v[2].isIntegral()) fail(Fault::Type, "'" + typeName(v[2]) + "' object cannot be interpreted as an integer");
    return strLike(self, pystr::replace(self.asStr(), escArg(self, v[0]), escArg(self, v[1]), v[2].asInt()));
}

Value padImpl(const Value& self, Args& a, const char* fn, char align) {
    auto v = bind(fn, a, {"width", "fillchar"}, {Value::missing(), Value::str(" ")}, 1);
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    const Value fill = self.isMarkup() ? Value::str(escArg(self, v[1])) : v[1];
    const char32_t c = *fillChar(fill);
    if (align == '^') return strLike(self, pystr::center(self.asStr(), v[0].asInt(), c));
    return strLike(self, pystr::pad(self.asStr(), v[0].asInt(), c, align));
}
METHOD(sCenter) { UNUSED_IN; return padImpl(self, a, "center", '^'); }
METHOD(sLjust) { UNUSED_IN; return padImpl(self, a, "ljust", '<'); }
METHOD(sRjust) { UNUSED_IN; return padImpl(self, a, "rjust", '>'); }

METHOD(sZfill) {
    UNUSED_IN;
    auto v = bind("zfill", a, {"width"}, {}, 1);
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    return strLike(self, pystr::zfill(self.asStr(), v[0].asInt()));
}

METHOD(sExpandtabs) {
    UNUSED_IN;
    auto v = bind("expandtabs", a, {"tabsize"}, {Value::integer(8)});
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    return strLike(self, pystr::expandtabs(self.asStr(), v[0].asInt()));
}

Value partitionImpl(const Value& self, Args& a, bool reverse) {
    auto v = bind(reverse ? "rpartition" : "partition", a, {"sep"}, {}, 1);
    const std::string& sep = strArg(v[0], "argument");
    if (sep.empty()) fail(Fault::Value, "empty separator");
    const std::string& s = self.asStr();
    const size_t q = reverse ? s.rfind(sep) : s.find(sep);
    if (q == std::string::npos)
        return reverse ? Value::tuple({Value::str("", self.isMarkup()), Value::str("", self.isMarkup()), self})
                       : Value::tuple({self, Value::str("", self.isMarkup()), Value::str("", self.isMarkup())});
    return Value::tuple({Value::str(s.substr(0, q), self.isMarkup()), Value::str(sep, self.isMarkup()),
                         Value::str(s.substr(q + sep.size()), self.isMarkup())});
}
METHOD(sPartition) { UNUSED_IN; return partitionImpl(self, a, false); }
METHOD(sRpartition) { UNUSED_IN; return partitionImpl(self, a, true); }

METHOD(sRemoveprefix) {
    UNUSED_IN;
    auto v = bind("removeprefix", a, {"prefix"}, {}, 1);
    strArg(v[0], "removeprefix() argument");
    const std::string p = escArg(self, v[0]);
    const std::string& s = self.asStr();
    return strLike(self, s.compare(0, p.size(), p) == 0 ? s.substr(p.size()) : s);
}

METHOD(sRemovesuffix) {
    UNUSED_IN;
    auto v = bind("removesuffix", a, {"suffix"}, {}, 1);
    strArg(v[0], "removesuffix() argument");
    const std::string p = escArg(self, v[0]);
    const std::string& s = self.asStr();
    const bool has = !p.empty() && s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
    return strLike(self, has ? s.substr(0, s.size() - p.size()) : s);
}

METHOD(sJoin) {
    UNUSED_IN;
    auto v = bind("join", a, {"iterable"}, {}, 1);
    if (!isIterable(v[0])) fail(Fault::Type, "can only join an iterable");
    const auto items = iterate(v[0]);
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isStr())
            fail(Fault::Type, "sequence item " + std::to_string(i) + ": expected str instance, " + typeName(items[i]) + " found");
        if (i) out += self.asStr();
        out += escArg(self, items[i]);
        checkBytes(out.size());
    }
    return strLike(self, std::move(out));
}

METHOD(sFormat) { return strFormat(in, self, a); }

METHOD(sFormatMap) {
    auto v = bind("format_map", a, {"mapping"}, {}, 1);
    if (!v[0].is(Kind::Dict)) fail(Fault::Type, "'" + typeName(v[0]) + "' object is not a mapping");
    Args kw;
    for (const auto& [k, x] : v[0].dict().entries()) kw.kw.emplace_back(toStr(k), x);
    return strFormat(in, self, kw);
}

template <pystr::Pred P> Value sIs(Interpreter&, const Value& self, Args& a) {
    bindArgs("is", a, {}, {});
    return Value::boolean(pystr::is(self.asStr(), P));
}

METHOD(sUnsupported) {
    UNUSED_IN;
    (void)self;
    (void)a;
    fail(Fault::Unsupported, "this str method is not supported by the CMF template engine");
}

// ---- list / tuple -----------------------------------------------------------------------------

METHOD(lAppend) {
    in.track(self.obj());
    auto v = bind("append", a, {"object"}, {}, 1);
    checkItems(self.items().size() + 1);
    self.items().push_back(v[0]);
    return Value::none();
}
METHOD(lClear) {
    in.track(self.obj());
    bind("clear", a, {}, {});
    releaseDeep(self.items());
    return Value::none();
}
METHOD(lCopy) { UNUSED_IN; bind("copy", a, {}, {}); return Value::list(self.items()); }
METHOD(lCount) {
    UNUSED_IN;
    auto v = bind("count", a, {"value"}, {}, 1);
    int64_t n = 0;
    for (const auto& x : self.items()) n += pyEquals(x, v[0]);
    return Value::integer(n);
}
METHOD(lExtend) {
    in.track(self.obj());
    auto v = bind("extend", a, {"iterable"}, {}, 1);
    auto more = iterate(v[0]);
    checkItems(self.items().size() + more.size());
    self.items().insert(self.items().end(), more.begin(), more.end());
    return Value::none();
}
METHOD(lIndex) {
    UNUSED_IN;
    auto v = bind("index", a, {"value", "start", "stop"}, {Value::missing(), Value::none(), Value::none()}, 1);
    int64_t lo, hi;
    pystr::adjustRange(static_cast<int64_t>(self.items().size()), optIndex(v[1]), optIndex(v[2]), lo, hi);
    for (int64_t i = lo; i < hi; ++i)
        if (pyEquals(self.items()[static_cast<size_t>(i)], v[0])) return Value::integer(i);
    fail(Fault::Value, repr(v[0]) + " is not in " + typeName(self));
}
METHOD(lInsert) {
    in.track(self.obj());
    auto v = bind("insert", a, {"index", "object"}, {}, 2);
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    auto& items = self.items();
    const auto n = static_cast<int64_t>(items.size());
    int64_t i = v[0].asInt();
    if (i < 0) i = std::max<int64_t>(0, i + n);
    i = std::min(i, n);
    checkItems(items.size() + 1);
    items.insert(items.begin() + i, v[1]);
    return Value::none();
}
METHOD(lPop) {
    UNUSED_IN;
    auto v = bind("pop", a, {"index"}, {Value::integer(-1)});
    auto& items = self.items();
    if (items.empty()) fail(Fault::Runtime, "IndexError: pop from empty list");
    if (!v[0].isIntegral()) fail(Fault::Type, "'" + typeName(v[0]) + "' object cannot be interpreted as an integer");
    int64_t i = v[0].asInt();
    if (i < 0) i += static_cast<int64_t>(items.size());
    if (i < 0 || i >= static_cast<int64_t>(items.size())) fail(Fault::Runtime, "IndexError: pop index out of range");
    Value out = items[static_cast<size_t>(i)];
    items.erase(items.begin() + i);
    return out;
}
METHOD(lRemove) {
    UNUSED_IN;
    auto v = bind("remove", a, {"value"}, {}, 1);
    auto& items = self.items();
    for (auto it = items.begin(); it != items.end(); ++it)
        if (pyEquals(*it, v[0])) {
            items.erase(it);
            return Value::none();
        }
    fail(Fault::Value, "list.remove(x): x not in list");
}
METHOD(lReverse) {
    UNUSED_IN;
    bind("reverse", a, {}, {});
    std::reverse(self.items().begin(), self.items().end());
    return Value::none();
}
METHOD(lSort) {
    UNUSED_IN;
    auto v = bind("sort", a, {"key", "reverse"}, {Value::none(), Value::boolean(false)});
    if (!v[0].isNone()) fail(Fault::Unsupported, "list.sort(key=...) is not supported; use the sort filter");
    auto& items = self.items();
    const bool reverse = truthy(v[1]);
    std::vector<Value> copy = items;
    std::stable_sort(copy.begin(), copy.end(), [&](const Value& x, const Value& y) { return reverse ? pyLess(y, x) : pyLess(x, y); });
    items = std::move(copy);
    return Value::none();
}

// ---- dict -----------------------------------------------------------------------------------------

METHOD(dClear) {
    in.track(self.obj());
    bind("clear", a, {}, {});
    self.dict().clear();
    return Value::none();
}
METHOD(dCopy) {
    UNUSED_IN;
    bind("copy", a, {}, {});
    Value d = Value::newDict();
    for (const auto& [k, x] : self.dict().entries()) d.dict().set(k, x);
    return d;
}
METHOD(dFromkeys) {
    UNUSED_IN;
    (void)self;
    auto v = bind("fromkeys", a, {"iterable", "value"}, {Value::missing(), Value::none()}, 1);
    Value d = Value::newDict();
    for (const auto& k : iterate(v[0])) d.dict().set(k, v[1]);
    return d;
}
METHOD(dGet) {
    UNUSED_IN;
    auto v = bind("get", a, {"key", "default"}, {Value::missing(), Value::none()}, 1);
    if (const Value* x = self.dict().find(v[0])) return *x;
    return v[1];
}
Value view(const Value& self, ViewObj::Which which) {
    return Value::fromObj(Kind::View, std::make_shared<ViewObj>(std::static_pointer_cast<DictObj>(self.obj()), which));
}
METHOD(dItems) { UNUSED_IN; bind("items", a, {}, {}); return view(self, ViewObj::Items); }
METHOD(dKeys) { UNUSED_IN; bind("keys", a, {}, {}); return view(self, ViewObj::Keys); }
METHOD(dValues) { UNUSED_IN; bind("values", a, {}, {}); return view(self, ViewObj::Values); }
METHOD(dPop) {
    UNUSED_IN;
    auto v = bind("pop", a, {"key", "default"}, {Value::missing(), Value::missing()}, 1);
    if (const Value* x = self.dict().find(v[0])) {
        Value out = *x;
        self.dict().erase(v[0]);
        return out;
    }
    if (v[1].is(Kind::Missing)) fail(Fault::Runtime, "KeyError: " + repr(v[0]));
    return v[1];
}
METHOD(dPopitem) {
    UNUSED_IN;
    bind("popitem", a, {}, {});
    if (self.dict().size() == 0) fail(Fault::Runtime, "KeyError: 'popitem(): dictionary is empty'");
    const auto last = self.dict().entries().back();
    self.dict().erase(last.first);
    return Value::tuple({last.first, last.second});
}
METHOD(dSetdefault) {
    in.track(self.obj());
    auto v = bind("setdefault", a, {"key", "default"}, {Value::missing(), Value::none()}, 1);
    if (const Value* x = self.dict().find(v[0])) return *x;
    self.dict().set(v[0], v[1]);
    return v[1];
}
METHOD(dUpdate) {
    in.track(self.obj());
    if (a.pos.size() > 1) fail(Fault::Type, "update expected at most 1 argument, got " + std::to_string(a.pos.size()));
    if (!a.pos.empty()) {
        const Value& src = a.pos[0];
        if (src.is(Kind::Dict)) {
            const auto entries = src.dict().entries();
            for (const auto& [k, x] : entries) self.dict().set(k, x);
        } else {
            for (const auto& pair : iterate(src)) {
                const auto kv = iterate(pair);
                if (kv.size() != 2) fail(Fault::Value, "dictionary update sequence element has the wrong length; 2 is required");
                self.dict().set(kv[0], kv[1]);
            }
        }
    }
    for (const auto& [k, x] : a.kw) self.dict().set(Value::str(k), x);
    return Value::none();
}

// ---- range and numbers --------------------------------------------------------------------------

METHOD(rCount) {
    UNUSED_IN;
    auto v = bind("count", a, {"value"}, {}, 1);
    return Value::integer(contains(self, v[0]) ? 1 : 0);
}
METHOD(rIndex) {
    UNUSED_IN;
    auto v = bind("index", a, {"value"}, {}, 1);
    const auto& r = self.as<RangeObj>();
    const int64_t n = r.length();
    for (int64_t i = 0; i < n; ++i)
        if (pyEquals(Value::integer(r.at(i)), v[0])) return Value::integer(i);
    fail(Fault::Value, repr(v[0]) + " is not in range");
}
METHOD(nConjugate) { UNUSED_IN; bind("conjugate", a, {}, {}); return self.is(Kind::Bool) ? Value::integer(self.asInt()) : self; }
METHOD(nBitLength) {
    UNUSED_IN;
    bind("bit_length", a, {}, {});
    uint64_t m = self.asInt() < 0 ? uint64_t(0) - uint64_t(self.asInt()) : uint64_t(self.asInt());
    int64_t bits = 0;
    while (m) ++bits, m >>= 1;
    return Value::integer(bits);
}
METHOD(fIsInteger) {
    UNUSED_IN;
    bind("is_integer", a, {}, {});
    const double d = self.asFloat();
    return Value::boolean(std::isfinite(d) && d == std::trunc(d));
}

struct MethodEntry {
    const char* name;
    Value (*fn)(Interpreter&, const Value&, Args&);
    bool mutating;
};

const MethodEntry kStr[] = {
    {"capitalize", sCapitalize, false}, {"casefold", sCasefold, false}, {"center", sCenter, false},
    {"count", sCount, false}, {"encode", sUnsupported, false}, {"endswith", sEndswith, false},
    {"expandtabs", sExpandtabs, false}, {"find", sFind, false}, {"format", sFormat, false},
    {"format_map", sFormatMap, false}, {"index", sIndex, false}, {"isalnum", sIs<pystr::Pred::Alnum>, false},
    {"isalpha", sIs<pystr::Pred::Alpha>, false}, {"isascii", sIs<pystr::Pred::Ascii>, false},
    {"isdecimal", sIs<pystr::Pred::Decimal>, false}, {"isdigit", sIs<pystr::Pred::Digit>, false},
    {"isidentifier", sIs<pystr::Pred::Identifier>, false}, {"islower", sIs<pystr::Pred::Lower>, false},
    {"isnumeric", sIs<pystr::Pred::Numeric>, false}, {"isprintable", sIs<pystr::Pred::Printable>, false},
    {"isspace", sIs<pystr::Pred::Space>, false}, {"istitle", sIs<pystr::Pred::Title>, false},
    {"isupper", sIs<pystr::Pred::Upper>, false}, {"join", sJoin, false}, {"ljust", sLjust, false},
    {"lower", sLower, false}, {"lstrip", sLstrip, false}, {"maketrans", sUnsupported, false},
    {"partition", sPartition, false}, {"removeprefix", sRemoveprefix, false}, {"removesuffix", sRemovesuffix, false},
    {"replace", sReplace, false}, {"rfind", sRfind, false}, {"rindex", sRindex, false}, {"rjust", sRjust, false},
    {"rpartition", sRpartition, false}, {"rsplit", sRsplit, false}, {"rstrip", sRstrip, false},
    {"split", sSplit, false}, {"splitlines", sSplitlines, false}, {"startswith", sStartswith, false},
    {"strip", sStrip, false}, {"swapcase", sSwapcase, false}, {"title", sTitle, false},
    {"translate", sUnsupported, false}, {"upper", sUpper, false}, {"zfill", sZfill, false},
};

const MethodEntry kList[] = {
    {"append", lAppend, true}, {"clear", lClear, true}, {"copy", lCopy, false}, {"count", lCount, false},
    {"extend", lExtend, true}, {"index", lIndex, false}, {"insert", lInsert, true}, {"pop", lPop, true},
    {"remove", lRemove, true}, {"reverse", lReverse, true}, {"sort", lSort, true},
};

const MethodEntry kTuple[] = {{"count", lCount, false}, {"index", lIndex, false}};

const MethodEntry kDict[] = {
    {"clear", dClear, true}, {"copy", dCopy, false}, {"fromkeys", dFromkeys, false}, {"get", dGet, false},
    {"items", dItems, false}, {"keys", dKeys, false}, {"pop", dPop, true}, {"popitem", dPopitem, true},
    {"setdefault", dSetdefault, true}, {"update", dUpdate, true}, {"values", dValues, false},
};

const MethodEntry kRange[] = {{"count", rCount, false}, {"index", rIndex, false}};
const MethodEntry kInt[] = {{"bit_length", nBitLength, false}, {"conjugate", nConjugate, false}};
const MethodEntry kFloat[] = {{"conjugate", nConjugate, false}, {"is_integer", fIsInteger, false}};

template <size_t N> const MethodEntry* lookup(const MethodEntry (&table)[N], std::string_view name) {
    for (const auto& e : table)
        if (name == e.name) return &e;
    return nullptr;
}

bool bindMethod(const Value& obj, const MethodEntry* e, Value& out, bool& mutating) {
    if (!e) return false;
    mutating = e->mutating;
    out = Value::fromObj(Kind::Object, std::make_shared<BoundMethodObj>(obj, e->name, e->fn));
    return true;
}

} // namespace

bool findMethod(const Value& obj, std::string_view name, Value& out, bool& mutating) {
    mutating = false;
    switch (obj.kind()) {
    case Kind::Str: {
        const MethodEntry* e = lookup(kStr, name);
        // markupsafe.Markup has no format_map wrapper issues worth modelling; plain str rules.
        return bindMethod(obj, e, out, mutating);
    }
    case Kind::List: return bindMethod(obj, lookup(kList, name), out, mutating);
    case Kind::Tuple:
        if (obj.as<ListObj>().groupTuple && (name == "grouper" || name == "list")) {
            out = obj.items()[name == "grouper" ? 0 : 1];
            return true;
        }
        return bindMethod(obj, lookup(kTuple, name), out, mutating);
    case Kind::Dict: return bindMethod(obj, lookup(kDict, name), out, mutating);
    case Kind::Range: {
        const auto& r = obj.as<RangeObj>();
        if (name == "start") out = Value::integer(r.start);
        else if (name == "stop") out = Value::integer(r.stop);
        else if (name == "step") out = Value::integer(r.step);
        else return bindMethod(obj, lookup(kRange, name), out, mutating);
        return true;
    }
    case Kind::Bool:
    case Kind::Int:
        if (name == "real" || name == "numerator") out = Value::integer(obj.asInt());
        else if (name == "imag") out = Value::integer(0);
        else if (name == "denominator") out = Value::integer(1);
        else return bindMethod(obj, lookup(kInt, name), out, mutating);
        return true;
    case Kind::Float:
        if (name == "real") out = obj;
        else if (name == "imag") out = Value::floating(0.0);
        else return bindMethod(obj, lookup(kFloat, name), out, mutating);
        return true;
    default: return false;
    }
}

} // namespace cmf::engine::chat
