#include "chat/protocol.h"

#include "chat/errors.h"
#include "chat/unicode.h"

#include <cmath>
#include <functional>

namespace cmf::engine::chat {
namespace {

thread_local int tDepth = 0;
constexpr int kMaxDepth = 256;

} // namespace

DepthGuard::DepthGuard() {
    if (++tDepth > kMaxDepth) {
        --tDepth;
        fail(Fault::Runtime, "maximum recursion depth exceeded while processing a nested value");
    }
}

DepthGuard::~DepthGuard() { --tDepth; }

bool truthy(const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined:
    case Kind::None: return false;
    case Kind::Bool: return v.asBool();
    case Kind::Int: return v.asInt() != 0;
    case Kind::Float: return v.asFloat() != 0.0; // NaN is true, as in Python
    case Kind::Str: return !v.asStr().empty();
    case Kind::List:
    case Kind::Tuple: return !v.items().empty();
    case Kind::Dict: return v.dict().size() != 0;
    case Kind::Range: return v.as<RangeObj>().length() != 0;
    case Kind::View: return v.as<ViewObj>().dict->size() != 0;
    case Kind::Object: {
        const auto len = v.as<CustomObj>().length();
        return !len || *len != 0;
    }
    case Kind::Iterator:
    case Kind::Namespace: return true;
    }
    return true;
}

namespace {

// Exact comparison of a Python int with a float: -1, 0, 1, or 2 when unordered (NaN).
int compareIntFloat(int64_t i, double f) {
    if (std::isnan(f)) return 2;
    if (f >= 9223372036854775808.0) return -1;
    if (f < -9223372036854775808.0) return 1;
    const double t = std::trunc(f);
    const auto fi = static_cast<int64_t>(t);
    if (i < fi) return -1;
    if (i > fi) return 1;
    const double frac = f - t;
    return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

// -1, 0, 1, or 2 when unordered.
int compareNumbers(const Value& a, const Value& b) {
    const bool af = a.is(Kind::Float), bf = b.is(Kind::Float);
    if (!af && !bf) return a.asInt() < b.asInt() ? -1 : a.asInt() > b.asInt() ? 1 : 0;
    if (af && bf) {
        const double x = a.asFloat(), y = b.asFloat();
        if (std::isnan(x) || std::isnan(y)) return 2;
        return x < y ? -1 : x > y ? 1 : 0;
    }
    if (af) {
        const int c = compareIntFloat(b.asInt(), a.asFloat());
        return c == 2 ? 2 : -c;
    }
    return compareIntFloat(a.asInt(), b.asFloat());
}

bool viewContains(const ViewObj& view, const Value& item) {
    if (view.which == ViewObj::Keys) return view.dict->find(item) != nullptr;
    if (!item.is(Kind::Tuple) || item.items().size() != 2) return false;
    const Value* found = view.dict->find(item.items()[0]);
    return found && pyEquals(*found, item.items()[1]);
}

} // namespace

bool pyEquals(const Value& a, const Value& b) {
    if (a.isNumber() && b.isNumber()) return compareNumbers(a, b) == 0;
    const auto ka = a.kind() == Kind::Missing ? Kind::Undefined : a.kind();
    const auto kb = b.kind() == Kind::Missing ? Kind::Undefined : b.kind();
    if (ka != kb) return false;
    switch (ka) {
    case Kind::Undefined:
    case Kind::None: return true;
    case Kind::Str: return a.asStr() == b.asStr();
    case Kind::List:
    case Kind::Tuple: {
        if (a.sameObject(b)) return true;
        const auto& x = a.items();
        const auto& y = b.items();
        if (x.size() != y.size()) return false;
        DepthGuard guard;
        for (size_t i = 0; i < x.size(); ++i)
            if (!pyEquals(x[i], y[i])) return false;
        return true;
    }
    case Kind::Dict: {
        if (a.sameObject(b)) return true;
        const auto& x = a.dict();
        const auto& y = b.dict();
        if (x.size() != y.size()) return false;
        DepthGuard guard;
        for (const auto& [k, v] : x.entries()) {
            const Value* other = y.find(k);
            if (!other || !pyEquals(v, *other)) return false;
        }
        return true;
    }
    case Kind::Range: {
        const auto& x = a.as<RangeObj>();
        const auto& y = b.as<RangeObj>();
        const int64_t n = x.length();
        if (n != y.length()) return false;
        if (n == 0) return true;
        if (x.start != y.start) return false;
        return n == 1 || x.step == y.step;
    }
    case Kind::View: {
        const auto& x = a.as<ViewObj>();
        const auto& y = b.as<ViewObj>();
        if (x.which != y.which || x.which == ViewObj::Values) return a.sameObject(b);
        if (x.dict->size() != y.dict->size()) return false;
        DepthGuard guard;
        for (const auto& [k, v] : x.dict->entries())
            if (!viewContains(y, x.which == ViewObj::Keys ? k : Value::tuple({k, v}))) return false;
        return true;
    }
    default: return a.sameObject(b);
    }
}

bool pyLess(const Value& a, const Value& b) {
    rejectUndefined(a);
    rejectUndefined(b);
    if (a.isNumber() && b.isNumber()) return compareNumbers(a, b) == -1;
    if (a.isStr() && b.isStr()) return a.asStr() < b.asStr();
    if ((a.is(Kind::List) && b.is(Kind::List)) || (a.is(Kind::Tuple) && b.is(Kind::Tuple))) {
        const auto& x = a.items();
        const auto& y = b.items();
        DepthGuard guard;
        for (size_t i = 0; i < x.size() && i < y.size(); ++i)
            if (!pyEquals(x[i], y[i])) return pyLess(x[i], y[i]);
        return x.size() < y.size();
    }
    fail(Fault::Type, "'<' not supported between instances of '" + typeName(a) + "' and '" + typeName(b) + "'");
}

size_t pyHash(const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: return 0x5bd1e995u;
    case Kind::None: return 0x9e3779b9u;
    case Kind::Bool:
    case Kind::Int: return std::hash<int64_t>()(v.asInt());
    case Kind::Float: {
        // Equal numbers hash equally across int and float: 1.0 and 1 are the same dict key.
        const double d = v.asFloat();
        if (d == std::trunc(d) && d >= -9.2e18 && d <= 9.2e18) return std::hash<int64_t>()(static_cast<int64_t>(d));
        return std::hash<double>()(d);
    }
    case Kind::Str: return std::hash<std::string_view>()(v.asStr());
    case Kind::Tuple: {
        DepthGuard guard;
        size_t h = 0x345678;
        for (const auto& item : v.items()) h = h * 1000003u ^ pyHash(item);
        return h;
    }
    case Kind::Range: {
        const auto& r = v.as<RangeObj>();
        const int64_t n = r.length();
        return std::hash<int64_t>()(n) ^ (n ? std::hash<int64_t>()(r.start) * 31 : 0) ^ (n > 1 ? std::hash<int64_t>()(r.step) * 131 : 0);
    }
    case Kind::List:
    case Kind::Dict:
    case Kind::View: fail(Fault::Type, "unhashable type: '" + typeName(v) + "'");
    case Kind::Iterator:
    case Kind::Namespace:
    case Kind::Object: return std::hash<const void*>()(v.obj().get());
    }
    return 0;
}

bool isHashable(const Value& v) {
    switch (v.kind()) {
    case Kind::List:
    case Kind::Dict:
    case Kind::View: return false;
    case Kind::Tuple: {
        DepthGuard guard;
        for (const auto& item : v.items())
            if (!isHashable(item)) return false;
        return true;
    }
    default: return true;
    }
}

std::optional<int64_t> pyLen(const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: return 0;
    case Kind::Str: return static_cast<int64_t>(codePointCount(v.asStr()));
    case Kind::List:
    case Kind::Tuple: return static_cast<int64_t>(v.items().size());
    case Kind::Dict: return static_cast<int64_t>(v.dict().size());
    case Kind::Range: return v.as<RangeObj>().length();
    case Kind::View: return static_cast<int64_t>(v.as<ViewObj>().dict->size());
    case Kind::Object: return v.as<CustomObj>().length();
    default: return std::nullopt;
    }
}

int64_t lenOrFail(const Value& v) {
    if (const auto n = pyLen(v)) return *n;
    fail(Fault::Type, "object of type '" + typeName(v) + "' has no len()");
}

bool isIterable(const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined:
    case Kind::Str:
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
    case Kind::Range:
    case Kind::View:
    case Kind::Iterator: return true;
    default: return false;
    }
}

std::vector<Value> iterate(const Value& v) {
    std::vector<Value> out;
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: break;
    case Kind::Str: {
        const std::string& s = v.asStr();
        checkItems(s.size());
        out.reserve(s.size());
        for (size_t i = 0; i < s.size();) {
            const size_t start = i;
            decodeAt(s, i);
            out.push_back(Value::str(s.substr(start, i - start)));
        }
        break;
    }
    case Kind::List:
    case Kind::Tuple: out = v.items(); break;
    case Kind::Dict:
        out.reserve(v.dict().size());
        for (const auto& entry : v.dict().entries()) out.push_back(entry.first);
        break;
    case Kind::Range: {
        const auto& r = v.as<RangeObj>();
        const int64_t n = r.length();
        checkItems(static_cast<size_t>(n));
        out.reserve(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) out.push_back(Value::integer(r.at(i)));
        break;
    }
    case Kind::View: {
        const auto& view = v.as<ViewObj>();
        out.reserve(view.dict->size());
        for (const auto& [k, val] : view.dict->entries())
            out.push_back(view.which == ViewObj::Keys ? k : view.which == ViewObj::Values ? val : Value::tuple({k, val}));
        break;
    }
    case Kind::Iterator: {
        auto& it = v.as<IteratorObj>();
        out.assign(it.items.begin() + static_cast<std::ptrdiff_t>(it.pos), it.items.end());
        it.pos = it.items.size();
        if (it.hasError) {
            it.hasError = false;
            fail(static_cast<Fault>(it.errorFault), it.errorMessage);
        }
        break;
    }
    default: fail(Fault::Type, "'" + typeName(v) + "' object is not iterable");
    }
    chargeSteps(out.size() / 16);
    return out;
}

[[noreturn]] void failUndefined(const Value& v) {
    if (v.is(Kind::Undefined) && v.obj()) {
        const auto& u = v.as<UndefinedObj>();
        fail(u.security ? Fault::Security : Fault::Undefined, u.message());
    }
    fail(Fault::Undefined, "value is undefined");
}

} // namespace cmf::engine::chat
