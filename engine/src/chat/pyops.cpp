#include "chat/pyops.h"

#include "chat/errors.h"
#include "chat/protocol.h"
#include "chat/pystr.h"
#include "chat/strformat.h"
#include "chat/unicode.h"

#include <cmath>
#include <limits>

namespace cmf::engine::chat {
namespace {

[[noreturn]] void overflow() {
    fail(Fault::Overflow, "integer result does not fit in 64 bits (Python's big integers are not supported)");
}

[[noreturn]] void unsupported(const char* op, const Value& a, const Value& b) {
    fail(Fault::Type, std::string("unsupported operand type(s) for ") + op + ": '" + typeName(a) + "' and '" +
                          typeName(b) + "'");
}

int64_t repeatCount(const Value& n) { return std::max<int64_t>(0, n.asInt()); }

Value repeat(const Value& seq, int64_t n) {
    if (seq.isStr()) {
        const std::string& s = seq.asStr();
        if (n == 0 || s.empty()) return Value::str("", seq.isMarkup());
        if (static_cast<uint64_t>(n) > limits().maxBytes / s.size()) checkBytes(limits().maxBytes + 1);
        std::string out;
        out.reserve(s.size() * static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) out += s;
        return Value::str(std::move(out), seq.isMarkup());
    }
    const auto& items = seq.items();
    if (n == 0 || items.empty()) return seq.is(Kind::List) ? Value::list() : Value::tuple();
    if (static_cast<uint64_t>(n) > limits().maxItems / items.size()) checkItems(limits().maxItems + 1);
    std::vector<Value> out;
    out.reserve(items.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
    return seq.is(Kind::List) ? Value::list(std::move(out)) : Value::tuple(std::move(out));
}

int64_t floorDiv(int64_t a, int64_t b) {
    if (b == 0) fail(Fault::ZeroDivision, "integer division or modulo by zero");
    if (a == std::numeric_limits<int64_t>::min() && b == -1) overflow();
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

int64_t floorMod(int64_t a, int64_t b) {
    if (b == 0) fail(Fault::ZeroDivision, "integer division or modulo by zero");
    if (b == -1) return 0;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

// CPython's float_divmod.
void floatDivmod(double vx, double wx, double& floordiv, double& mod) {
    mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, wx);
    }
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, vx / wx);
    }
}

Value intPow(int64_t base, int64_t exp) {
    int64_t result = 1;
    while (exp > 0) {
        if (exp & 1) result = checkedMul(result, base);
        exp >>= 1;
        if (exp) base = checkedMul(base, base);
    }
    return Value::integer(result);
}

Value floatPow(double a, double b) {
    if (a == 0.0 && b < 0) fail(Fault::ZeroDivision, "0.0 cannot be raised to a negative power");
    if (a < 0 && std::isfinite(a) && std::isfinite(b) && b != std::floor(b))
        fail(Fault::Unsupported, "complex numbers are not supported (negative number raised to a fractional power)");
    const double r = std::pow(a, b);
    if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) fail(Fault::Overflow, "(34, 'Numerical result out of range')");
    return Value::floating(r);
}

Value arithmetic(BinOp op, const Value& a, const Value& b) {
    const bool ints = a.isIntegral() && b.isIntegral();
    if (ints) {
        const int64_t x = a.asInt(), y = b.asInt();
        switch (op) {
        case BinOp::Add: return Value::integer(checkedAdd(x, y));
        case BinOp::Sub: {
            int64_t r;
            if (__builtin_sub_overflow(x, y, &r)) overflow();
            return Value::integer(r);
        }
        case BinOp::Mul: return Value::integer(checkedMul(x, y));
        case BinOp::Div:
            if (y == 0) fail(Fault::ZeroDivision, "division by zero");
            return Value::floating(static_cast<double>(x) / static_cast<double>(y));
        case BinOp::FloorDiv: return Value::integer(floorDiv(x, y));
        case BinOp::Mod: return Value::integer(floorMod(x, y));
        case BinOp::Pow:
            if (y >= 0) return intPow(x, y);
            return floatPow(static_cast<double>(x), static_cast<double>(y));
        }
    }
    const double x = a.asFloat(), y = b.asFloat();
    switch (op) {
    case BinOp::Add: return Value::floating(x + y);
    case BinOp::Sub: return Value::floating(x - y);
    case BinOp::Mul: return Value::floating(x * y);
    case BinOp::Div:
        if (y == 0) fail(Fault::ZeroDivision, "float division by zero");
        return Value::floating(x / y);
    case BinOp::FloorDiv: {
        if (y == 0) fail(Fault::ZeroDivision, "float floor division by zero");
        double q, m;
        floatDivmod(x, y, q, m);
        return Value::floating(q);
    }
    case BinOp::Mod: {
        if (y == 0) fail(Fault::ZeroDivision, "float modulo");
        double q, m;
        floatDivmod(x, y, q, m);
        return Value::floating(m);
    }
    case BinOp::Pow: return floatPow(x, y);
    }
    return Value();
}

const char* opSymbol(BinOp op) {
    switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "** or pow()";
    }
    return "?";
}

// Ordering comparisons with Python's rules; the operator symbol goes into the TypeError.
bool order(CmpOp op, const Value& a, const Value& b) {
    rejectUndefined(a);
    rejectUndefined(b);
    auto apply = [op](int c) {
        switch (op) {
        case CmpOp::Lt: return c < 0;
        case CmpOp::Le: return c <= 0;
        case CmpOp::Gt: return c > 0;
        default: return c >= 0;
        }
    };
    if (a.isNumber() && b.isNumber()) {
        if (a.is(Kind::Float) || b.is(Kind::Float)) {
            if (a.is(Kind::Float) && std::isnan(a.asFloat())) return false;
            if (b.is(Kind::Float) && std::isnan(b.asFloat())) return false;
        }
        const bool lt = pyLess(a, b), gt = pyLess(b, a);
        return apply(lt ? -1 : gt ? 1 : 0);
    }
    if (a.isStr() && b.isStr()) return apply(a.asStr().compare(b.asStr()));
    if ((a.is(Kind::List) && b.is(Kind::List)) || (a.is(Kind::Tuple) && b.is(Kind::Tuple))) {
        const auto& x = a.items();
        const auto& y = b.items();
        DepthGuard guard;
        for (size_t i = 0; i < x.size() && i < y.size(); ++i)
            if (!pyEquals(x[i], y[i])) return order(op, x[i], y[i]);
        return apply(x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0);
    }
    const char* sym = op == CmpOp::Lt ? "<" : op == CmpOp::Le ? "<=" : op == CmpOp::Gt ? ">" : ">=";
    fail(Fault::Type, std::string("'") + sym + "' not supported between instances of '" + typeName(a) + "' and '" +
                          typeName(b) + "'");
}

} // namespace

int64_t checkedAdd(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) overflow();
    return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) overflow();
    return r;
}

std::string escapeHtml(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&#34;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    checkBytes(out.size());
    return out;
}

Value markupEscape(const Value& v) {
    if (v.isMarkup()) return v;
    return Value::str(escapeHtml(toStr(v)), true);
}

Value concatMarkup(const Value& a, const Value& b) {
    const std::string x = a.isMarkup() ? a.asStr() : escapeHtml(a.asStr());
    const std::string y = b.isMarkup() ? b.asStr() : escapeHtml(b.asStr());
    checkBytes(x.size() + y.size());
    return Value::str(x + y, true);
}

Value binaryOp(BinOp op, const Value& a, const Value& b) {
    // str % anything formats, even an Undefined (which prints as "").
    if (op == BinOp::Mod && a.isStr()) return percentFormat(a, b);
    rejectUndefined(a);
    rejectUndefined(b);
    if (a.isNumber() && b.isNumber()) return arithmetic(op, a, b);
    switch (op) {
    case BinOp::Add:
        if (a.isStr() && b.isStr()) {
            if (a.isMarkup() || b.isMarkup()) return concatMarkup(a, b);
            checkBytes(a.asStr().size() + b.asStr().size());
            return Value::str(a.asStr() + b.asStr());
        }
        if ((a.is(Kind::List) && b.is(Kind::List)) || (a.is(Kind::Tuple) && b.is(Kind::Tuple))) {
            checkItems(a.items().size() + b.items().size());
            std::vector<Value> out = a.items();
            out.insert(out.end(), b.items().begin(), b.items().end());
            return a.is(Kind::List) ? Value::list(std::move(out)) : Value::tuple(std::move(out));
        }
        if ((a.isStr() && !a.isMarkup()) || a.is(Kind::List) || a.is(Kind::Tuple))
            fail(Fault::Type, "can only concatenate " + typeName(a) + " (not \"" + typeName(b) + "\") to " + typeName(a));
        break;
    case BinOp::Mul: {
        const bool aSeq = a.isStr() || a.isSequence(), bSeq = b.isStr() || b.isSequence();
        if (aSeq && b.isIntegral()) return repeat(a, repeatCount(b));
        if (bSeq && a.isIntegral()) return repeat(b, repeatCount(a));
        if (aSeq) fail(Fault::Type, "can't multiply sequence by non-int of type '" + typeName(b) + "'");
        if (bSeq) fail(Fault::Type, "can't multiply sequence by non-int of type '" + typeName(a) + "'");
        break;
    }
    default: break;
    }
    unsupported(opSymbol(op), a, b);
}

Value negate(const Value& v) {
    rejectUndefined(v);
    if (v.is(Kind::Float)) return Value::floating(-v.asFloat());
    if (v.isIntegral()) {
        if (v.asInt() == std::numeric_limits<int64_t>::min()) overflow();
        return Value::integer(-v.asInt());
    }
    fail(Fault::Type, "bad operand type for unary -: '" + typeName(v) + "'");
}

Value unaryPlus(const Value& v) {
    rejectUndefined(v);
    if (v.is(Kind::Float)) return v;
    if (v.isIntegral()) return Value::integer(v.asInt());
    fail(Fault::Type, "bad operand type for unary +: '" + typeName(v) + "'");
}

bool contains(const Value& container, const Value& item) {
    switch (container.kind()) {
    case Kind::Missing:
    case Kind::Undefined: return false; // Undefined iterates as empty
    case Kind::Str:
        if (!item.isStr()) fail(Fault::Type, "'in <string>' requires string as left operand, not " + typeName(item));
        return container.asStr().find(item.asStr()) != std::string::npos;
    case Kind::List:
    case Kind::Tuple:
        for (const auto& x : container.items())
            if (pyEquals(x, item)) return true;
        return false;
    case Kind::Dict: return container.dict().find(item) != nullptr;
    case Kind::Range: {
        const auto& r = container.as<RangeObj>();
        if (item.isIntegral()) {
            const int64_t n = r.length(), x = item.asInt();
            if (n == 0) return false;
            const int64_t last = r.at(n - 1);
            const bool inside = r.step > 0 ? x >= r.start && x <= last : x <= r.start && x >= last;
            return inside && (static_cast<__int128>(x) - r.start) % r.step == 0;
        }
        for (const auto& x : iterate(container))
            if (pyEquals(x, item)) return true;
        return false;
    }
    case Kind::View: {
        const auto& v = container.as<ViewObj>();
        if (v.which == ViewObj::Keys) return v.dict->find(item) != nullptr;
        for (const auto& x : iterate(container))
            if (pyEquals(x, item)) return true;
        return false;
    }
    case Kind::Iterator: {
        auto& it = container.as<IteratorObj>();
        while (it.pos < it.items.size())
            if (pyEquals(it.items[it.pos++], item)) return true;
        iterate(container); // raises the generator's pending error, if any
        return false;
    }
    default: fail(Fault::Type, "argument of type '" + typeName(container) + "' is not iterable");
    }
}

bool compareOp(CmpOp op, const Value& a, const Value& b) {
    switch (op) {
    case CmpOp::Eq: return pyEquals(a, b);
    case CmpOp::Ne: return !pyEquals(a, b);
    case CmpOp::In: return contains(b, a);
    case CmpOp::NotIn: return !contains(b, a);
    default: return order(op, a, b);
    }
}

SliceSpec sliceIndices(int64_t len, const Value& start, const Value& stop, const Value& step) {
    auto index = [](const Value& v, int64_t dflt) -> int64_t {
        if (v.isNone()) return dflt;
        if (!v.isIntegral()) fail(Fault::Type, "slice indices must be integers or None or have an __index__ method");
        return v.asInt();
    };
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    int64_t st = index(step, 1);
    if (st == 0) fail(Fault::Value, "slice step cannot be zero");
    if (st < -kMax) st = -kMax;
    int64_t a = index(start, st > 0 ? 0 : kMax);
    int64_t b = index(stop, st > 0 ? kMax : -kMax);
    auto adjust = [&](int64_t& x) {
        if (x < 0) {
            x += len;
            if (x < 0) x = st < 0 ? -1 : 0;
        } else if (x >= len) {
            x = st < 0 ? len - 1 : len;
        }
    };
    adjust(a);
    adjust(b);
    SliceSpec spec;
    spec.start = a;
    spec.step = st;
    if (st < 0) spec.count = b < a ? (a - b - 1) / (-st) + 1 : 0;
    else spec.count = a < b ? (b - a - 1) / st + 1 : 0;
    return spec;
}

Value sliceValue(const Value& obj, const Value& start, const Value& stop, const Value& step) {
    rejectUndefined(obj);
    switch (obj.kind()) {
    case Kind::Str: {
        const SliceSpec s = sliceIndices(static_cast<int64_t>(codePointCount(obj.asStr())), start, stop, step);
        return Value::str(pystr::slice(obj.asStr(), s.start, s.step, s.count), obj.isMarkup());
    }
    case Kind::List:
    case Kind::Tuple: {
        const auto& items = obj.items();
        const SliceSpec s = sliceIndices(static_cast<int64_t>(items.size()), start, stop, step);
        std::vector<Value> out;
        out.reserve(static_cast<size_t>(s.count));
        for (int64_t k = 0, i = s.start; k < s.count; ++k, i += s.step) out.push_back(items[static_cast<size_t>(i)]);
        return obj.is(Kind::List) ? Value::list(std::move(out)) : Value::tuple(std::move(out));
    }
    case Kind::Range: {
        const auto& r = obj.as<RangeObj>();
        const SliceSpec s = sliceIndices(r.length(), start, stop, step);
        const int64_t first = checkedAdd(r.start, checkedMul(s.start, r.step));
        const int64_t newStep = checkedMul(r.step, s.step);
        return Value::range(first, checkedAdd(first, checkedMul(s.count, newStep)), newStep);
    }
    case Kind::Dict: fail(Fault::Type, "unhashable type: 'slice'");
    default: fail(Fault::Type, "'" + typeName(obj) + "' object is not subscriptable");
    }
}

} // namespace cmf::engine::chat
