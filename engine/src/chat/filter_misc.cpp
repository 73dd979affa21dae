// Numeric filters (abs, int, float, round, filesizeformat) and transformers' tojson.
#include "chat/errors.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/json.h"
#include "chat/protocol.h"
#include "chat/pyops.h"
#include "chat/strformat.h"

#include <charconv>
#include <cmath>

namespace cmf::engine::chat {
namespace {

// Python's float -> int conversion: truncation; nan and inf cannot convert.
bool floatToInt(double d, int64_t& out, bool& overflowed) {
    overflowed = false;
    if (std::isnan(d)) return false;
    if (std::isinf(d)) {
        overflowed = true;
        return false;
    }
    if (std::fabs(d) >= 9.2233720368547758e18) fail(Fault::Overflow, "integer too large (Python's big integers are not supported)");
    out = static_cast<int64_t>(d);
    return true;
}

// round(x, n) for a float: correctly rounded to n decimals, ties to even, as CPython does.
double roundFloat(double x, int64_t n) {
    if (!std::isfinite(x) || x == 0.0) return x;
    if (n > 330) return x;
    if (n >= 0) {
        if (std::fabs(x) >= 4503599627370496.0) return x; // 2^52: already an integer
        char buf[512]; // at most 16 integer digits, a point and 330 decimals
        const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, static_cast<int>(n));
        double y = 0;
        if (r.ec != std::errc() || std::from_chars(buf, r.ptr, y).ec != std::errc()) return x;
        return y == 0.0 ? std::copysign(0.0, x) : y;
    }
    if (n < -330) return std::copysign(0.0, x);
    const long double scale = std::pow(10.0L, static_cast<long double>(-n));
    const long double q = std::nearbyint(static_cast<long double>(x) / scale);
    const double y = static_cast<double>(q * scale);
    if (std::isinf(y)) fail(Fault::Overflow, "rounded value too large to represent");
    return y == 0.0 ? std::copysign(0.0, x) : y;
}

// round(i, n) for an int with n < 0: to a multiple of 10^-n, ties to even.
int64_t roundInt(int64_t v, int64_t n) {
    if (n >= 0) return v;
    if (n < -18) return 0;
    int64_t pow = 1;
    for (int64_t k = 0; k < -n; ++k) pow *= 10;
    int64_t q = v / pow, r = v % pow;
    if (r < 0) {
        r += pow;
        --q;
    }
    if (2 * r > pow || (2 * r == pow && (q & 1))) ++q;
    return checkedMul(q, pow);
}

} // namespace

CMF_FILTER(filterAbs) {
    (void)in;
    bindArgs("abs", args, {}, {});
    if (v.is(Kind::Float)) return Value::floating(std::fabs(v.asFloat()));
    if (v.isIntegral()) {
        if (v.asInt() == INT64_MIN) fail(Fault::Overflow, "integer result does not fit in 64 bits");
        return Value::integer(v.asInt() < 0 ? -v.asInt() : v.asInt());
    }
    fail(Fault::Type, "bad operand type for abs(): '" + typeName(v) + "'");
}

CMF_FILTER(filterFilesizeformat) {
    (void)in;
    auto a = bindArgs("do_filesizeformat", args, {"binary"}, {Value::boolean(false)});
    double bytes;
    if (v.isNumber()) bytes = v.asFloat();
    else if (!v.isStr() || !parsePyFloat(v.asStr(), bytes)) fail(Fault::Value, "could not convert " + typeName(v) + " to float");
    const bool binary = truthy(a[0]);
    const double base = binary ? 1024 : 1000;
    static const char* dec[] = {"kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"};
    static const char* bin[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    if (bytes == 1) return Value::str("1 Byte");
    if (bytes < base) {
        int64_t n;
        bool over;
        if (!floatToInt(bytes, n, over)) fail(over ? Fault::Overflow : Fault::Value, "cannot convert float to integer");
        return Value::str(std::to_string(n) + " Bytes");
    }
    // base ** (i + 2), exactly as Python's ints convert to float.
    static const double decUnits[] = {1e6, 1e9, 1e12, 1e15, 1e18, 1e21, 1e24, 1e27};
    static const double binUnits[] = {1048576.0, 1073741824.0, 1099511627776.0, 1125899906842624.0,
                                      1152921504606846976.0, 1180591620717411303424.0, 1208925819614629174706176.0,
                                      1237940039285380274899124224.0};
    for (int i = 0; i < 8; ++i) {
        const double unit = binary ? binUnits[i] : decUnits[i];
        if (bytes < unit || i == 7)
            return Value::str(formatValue(Value::floating(base * bytes / unit), ".1f") + " " + (binary ? bin[i] : dec[i]));
    }
    return Value::str("");
}

CMF_FILTER(filterFloat) {
    (void)in;
    auto a = bindArgs("do_float", args, {"default"}, {Value::floating(0.0)});
    rejectUndefined(v); // float(Undefined) raises UndefinedError, which the filter does not catch
    if (v.is(Kind::Float)) return v;
    if (v.isIntegral()) return Value::floating(static_cast<double>(v.asInt()));
    double d;
    if (v.isStr() && parsePyFloat(v.asStr(), d)) return Value::floating(d);
    return a[0];
}

CMF_FILTER(filterInt) {
    (void)in;
    auto a = bindArgs("do_int", args, {"default", "base"}, {Value::integer(0), Value::integer(10)});
    rejectUndefined(v);
    int64_t n;
    bool over = false;
    if (v.isStr()) {
        const int64_t base = requireInt(a[1], "base");
        if (base != 0 && (base < 2 || base > 36)) fail(Fault::Value, "int() base must be >= 2 and <= 36, or 0");
        if (parsePyInt(v.asStr(), static_cast<int>(base), n)) return Value::integer(n);
        // jinja2's fallback so "42.23"|int gives 42; it swallows inf and nan too.
        double d;
        if (parsePyFloat(v.asStr(), d) && floatToInt(d, n, over)) return Value::integer(n);
        return a[0];
    }
    if (v.isIntegral()) return Value::integer(v.asInt());
    if (v.is(Kind::Float)) {
        if (floatToInt(v.asFloat(), n, over)) return Value::integer(n);
        if (over) fail(Fault::Overflow, "cannot convert float infinity to integer");
        return a[0];
    }
    return a[0];
}

CMF_FILTER(filterRound) {
    (void)in;
    auto a = bindArgs("do_round", args, {"precision", "method"}, {Value::integer(0), Value::str("common")});
    const std::string method = a[1].isStr() ? a[1].asStr() : std::string();
    if (method != "common" && method != "ceil" && method != "floor")
        fail(Fault::Runtime, "method must be common, ceil or floor");
    if (method == "common") {
        if (!v.isNumber()) fail(Fault::Type, "type " + typeName(v) + " doesn't define __round__ method");
        if (!a[0].isIntegral()) fail(Fault::Type, "'" + typeName(a[0]) + "' object cannot be interpreted as an integer");
        if (v.isIntegral()) return Value::integer(roundInt(v.asInt(), a[0].asInt()));
        return Value::floating(roundFloat(v.asFloat(), a[0].asInt()));
    }
    // func(value * 10**precision) / 10**precision with math.ceil / math.floor (which give ints).
    const Value scale = binaryOp(BinOp::Pow, Value::integer(10), a[0]);
    const Value scaled = binaryOp(BinOp::Mul, v, scale);
    Value whole;
    if (scaled.isIntegral()) {
        whole = Value::integer(scaled.asInt());
    } else if (scaled.is(Kind::Float)) {
        const double d = method == "ceil" ? std::ceil(scaled.asFloat()) : std::floor(scaled.asFloat());
        int64_t n;
        bool over;
        if (!floatToInt(d, n, over)) fail(over ? Fault::Overflow : Fault::Value, over ? "cannot convert float infinity to integer" : "cannot convert float NaN to integer");
        whole = Value::integer(n);
    } else {
        fail(Fault::Type, "must be real number, not " + typeName(scaled));
    }
    return binaryOp(BinOp::Div, whole, scale);
}

// transformers' tojson: json.dumps(x, ensure_ascii=False, indent=indent, separators=separators,
// sort_keys=sort_keys); no HTML escaping, key order kept.
CMF_FILTER(filterTojson) {
    (void)in;
    auto a = bindArgs("tojson", args, {"ensure_ascii", "indent", "separators", "sort_keys"},
                      {Value::boolean(false), Value::none(), Value::none(), Value::boolean(false)});
    JsonDumpOptions o;
    o.ensureAscii = truthy(a[0]);
    o.sortKeys = truthy(a[3]);
    if (!a[1].isNone()) {
        o.indentSet = true;
        if (a[1].isStr()) {
            o.indent = a[1].asStr();
        } else if (a[1].isIntegral()) {
            const int64_t n = a[1].asInt();
            checkBytes(static_cast<size_t>(std::max<int64_t>(n, 0)));
            if (n > 0) o.indent.assign(static_cast<size_t>(n), ' ');
        } else {
            fail(Fault::Type, "can't multiply sequence by non-int of type '" + typeName(a[1]) + "'");
        }
        o.itemSeparator.assign(1, ',');
    }
    if (!a[2].isNone()) {
        if (!isIterable(a[2])) fail(Fault::Type, "cannot unpack non-iterable " + typeName(a[2]) + " object");
        const auto seps = iterate(a[2]);
        if (seps.size() != 2)
            fail(Fault::Value, seps.size() > 2 ? "too many values to unpack (expected 2)"
                                               : "not enough values to unpack (expected 2, got " + std::to_string(seps.size()) + ")");
        if (!seps[0].isStr() || !seps[1].isStr()) fail(Fault::Type, "separators must be strings");
        o.itemSeparator = seps[0].asStr();
        o.keySeparator = seps[1].asStr();
    }
    return Value::str(jsonDumps(v, o));
}

CMF_FILTER(filterUnsupported) {
    (void)in;
    (void)v;
    (void)args;
    fail(Fault::Unsupported, "this filter is not supported by the CMF template engine");
}

} // namespace cmf::engine::chat
