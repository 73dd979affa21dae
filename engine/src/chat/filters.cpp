// The filter registry and the helpers filters share.
#include "chat/errors.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/protocol.h"
#include "chat/pystr.h"
#include "chat/unicode.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace cmf::engine::chat {
namespace {

// Sorted by name for binary search. Filters jinja2 has but this engine does not implement
// (pprint, random, striptags, urlize, wordwrap) are registered so templates using them in a
// branch that never runs still parse, as they do with jinja2; using one fails.
const FilterDef kFilters[] = {
    {"abs", filterAbs},
    {"attr", filterAttribute},
    {"batch", filterBatch},
    {"capitalize", filterCapitalize},
    {"center", filterCenter},
    {"count", filterLength},
    {"d", filterDefault},
    {"default", filterDefault},
    {"dictsort", filterDictsort},
    {"e", filterEscape},
    {"escape", filterEscape},
    {"filesizeformat", filterFilesizeformat},
    {"first", filterFirst},
    {"float", filterFloat},
    {"forceescape", filterForceescape},
    {"format", filterFormat},
    {"groupby", filterGroupby},
    {"indent", filterIndent},
    {"int", filterInt},
    {"items", filterItems},
    {"join", filterJoin},
    {"last", filterLast},
    {"length", filterLength},
    {"list", filterList},
    {"lower", filterLower},
    {"map", filterMap},
    {"max", filterMax},
    {"min", filterMin},
    {"pprint", filterUnsupported},
    {"random", filterUnsupported},
    {"reject", filterReject},
    {"rejectattr", filterRejectattr},
    {"replace", filterReplace},
    {"reverse", filterReverse},
    {"round", filterRound},
    {"safe", filterSafe},
    {"select", filterSelect},
    {"selectattr", filterSelectattr},
    {"slice", filterSlice},
    {"sort", filterSort},
    {"string", filterString},
    {"striptags", filterUnsupported},
    {"sum", filterSum},
    {"title", filterTitle},
    {"tojson", filterTojson},
    {"trim", filterTrim},
    {"truncate", filterTruncate},
    {"unique", filterUnique},
    {"upper", filterUpper},
    {"urlencode", filterUrlencode},
    {"urlize", filterUnsupported},
    {"wordcount", filterWordcount},
    {"wordwrap", filterUnsupported},
    {"xmlattr", filterXmlattr},
};

std::vector<Value> splitAttribute(const Value& attribute) {
    std::vector<Value> parts;
    if (attribute.isNone()) return parts;
    if (!attribute.isStr()) {
        parts.push_back(attribute);
        return parts;
    }
    const std::string sep = ".";
    for (const auto& part : pystr::split(attribute.asStr(), &sep, -1)) {
        int64_t n;
        if (pystr::is(part, pystr::Pred::Digit) && parsePyInt(part, 10, n)) parts.push_back(Value::integer(n));
        else parts.push_back(Value::str(part));
    }
    return parts;
}

} // namespace

const FilterDef* findFilter(std::string_view name) {
    const auto* it = std::lower_bound(std::begin(kFilters), std::end(kFilters), name,
                                      [](const FilterDef& f, std::string_view n) { return std::string_view(f.name) < n; });
    return it != std::end(kFilters) && name == it->name ? it : nullptr;
}

Value callFilter(Interpreter& in, std::string_view name, const Value& input, CallArgs& args) {
    const FilterDef* f = findFilter(name);
    if (!f) fail(Fault::Runtime, "No filter named '" + std::string(name) + "'.");
    return f->fn(in, input, args);
}

Value softStr(const Value& v) { return v.isStr() ? v : Value::str(toStr(v)); }

Value makeGenerator(std::vector<Value> items, std::string reprName, std::string type) {
    checkItems(items.size());
    auto it = std::make_shared<IteratorObj>();
    it->items = std::move(items);
    it->reprName = std::move(reprName);
    it->typeName = std::move(type);
    return Value::fromObj(Kind::Iterator, std::move(it));
}

Value lazyGenerator(std::string reprName, const std::function<void(std::vector<Value>&)>& produce) {
    auto gen = std::make_shared<IteratorObj>();
    gen->reprName = std::move(reprName);
    try {
        produce(gen->items);
    } catch (const Failure& f) {
        if (f.fault == Fault::Limit) throw;
        gen->hasError = true;
        gen->errorFault = static_cast<uint8_t>(f.fault);
        gen->errorMessage = f.message;
    }
    checkItems(gen->items.size());
    return Value::fromObj(Kind::Iterator, std::move(gen));
}

Value ignoreCase(const Value& v) { return v.isStr() ? Value::str(pystr::lower(v.asStr()), v.isMarkup()) : v; }

std::function<Value(const Value&)> attrGetter(Interpreter& in, const Value& attribute, bool lowercase, const Value& defaultValue) {
    auto parts = splitAttribute(attribute);
    return [&in, parts, lowercase, defaultValue](const Value& item) {
        Value cur = item;
        for (const auto& part : parts) {
            cur = in.getItem(cur, part);
            if (!defaultValue.isNone() && cur.isUndefined()) cur = defaultValue;
        }
        return lowercase ? ignoreCase(cur) : cur;
    };
}

std::function<Value(const Value&)> multiAttrGetter(Interpreter& in, const Value& attribute, bool lowercase) {
    std::vector<std::vector<Value>> parts;
    if (attribute.isStr()) {
        const std::string comma = ",";
        for (const auto& a : pystr::split(attribute.asStr(), &comma, -1)) parts.push_back(splitAttribute(Value::str(a)));
    } else {
        parts.push_back(splitAttribute(attribute));
    }
    return [&in, parts, lowercase](const Value& item) {
        std::vector<Value> keys;
        for (const auto& chain : parts) {
            Value cur = item;
            for (const auto& part : chain) cur = in.getItem(cur, part);
            keys.push_back(lowercase ? ignoreCase(cur) : cur);
        }
        return Value::list(std::move(keys));
    };
}

int64_t requireInt(const Value& v, const char* what) {
    rejectUndefined(v);
    if (!v.isIntegral()) fail(Fault::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer (" + what + ")");
    return v.asInt();
}

bool parsePyInt(std::string_view text, int base, int64_t& out) {
    std::string s = pystr::strip(text, nullptr, true, true);
    bool negative = false;
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (base == 0 || base == 2 || base == 8 || base == 16) {
        if (i + 1 < s.size() && s[i] == '0') {
            const char p = static_cast<char>(s[i + 1] | 0x20);
            const int prefixBase = p == 'b' ? 2 : p == 'o' ? 8 : p == 'x' ? 16 : 0;
            if (prefixBase && (base == 0 || base == prefixBase)) {
                base = prefixBase;
                i += 2;
                if (i < s.size() && s[i] == '_') ++i; // 0x_ff is valid
            }
        }
        if (base == 0) {
            base = 10;
            // Base 0 rejects leading zeros on non-zero decimals ("010").
            if (i + 1 < s.size() && s[i] == '0') {
                for (size_t k = i; k < s.size(); ++k)
                    if (s[k] != '0' && s[k] != '_') return false;
            }
        }
    }
    if (base < 2 || base > 36) fail(Fault::Value, "int() base must be >= 2 and <= 36, or 0");
    std::string digits;
    for (size_t k = i; k < s.size(); ++k) {
        const char c = s[k];
        if (c == '_') {
            if (k == i || k + 1 >= s.size() || s[k + 1] == '_') return false;
            continue;
        }
        const char l = static_cast<char>(c | 0x20);
        const int d = c >= '0' && c <= '9' ? c - '0' : (l >= 'a' && l <= 'z') ? l - 'a' + 10 : 99;
        if (d >= base) return false;
        digits += c;
    }
    if (digits.empty()) return false;
    uint64_t mag = 0;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), mag, base);
    if (r.ec != std::errc() || mag > uint64_t(INT64_MAX) + (negative ? 1 : 0))
        fail(Fault::Overflow, "integer too large (Python's big integers are not supported)");
    out = negative ? static_cast<int64_t>(uint64_t(0) - mag) : static_cast<int64_t>(mag);
    return true;
}

bool parsePyFloat(std::string_view text, double& out) {
    std::string s = pystr::strip(text, nullptr, true, true);
    if (!isAscii(s)) return false;
    bool negative = false;
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    std::string rest = s.substr(i);
    std::string lowered;
    for (const char c : rest) lowered += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    if (lowered == "inf" || lowered == "infinity") {
        out = negative ? -HUGE_VAL : HUGE_VAL;
        return true;
    }
    if (lowered == "nan") {
        out = negative ? -NAN : NAN;
        return true;
    }
    std::string clean;
    for (size_t k = 0; k < rest.size(); ++k) {
        const char c = rest[k];
        if (c == '_') {
            const bool ok = k > 0 && k + 1 < rest.size() && isdigit(static_cast<unsigned char>(rest[k - 1])) &&
                            isdigit(static_cast<unsigned char>(rest[k + 1]));
            if (!ok) return false;
            continue;
        }
        if (!isdigit(static_cast<unsigned char>(c)) && c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-') return false;
        clean += c;
    }
    if (clean.empty() || clean[0] == '+' || clean[0] == '-') return false;
    double d = 0;
    const auto r = std::from_chars(clean.data(), clean.data() + clean.size(), d);
    if (r.ptr != clean.data() + clean.size()) return false;
    if (r.ec == std::errc::result_out_of_range) {
        // Python rounds overflow to inf and underflow to 0 without complaint.
        const size_t e = clean.find_first_of("eE");
        const bool tiny = e != std::string::npos && clean.find('-', e) != std::string::npos;
        d = tiny ? 0.0 : HUGE_VAL;
    } else if (r.ec != std::errc()) {
        return false;
    }
    out = negative ? -d : d;
    return true;
}

} // namespace cmf::engine::chat
