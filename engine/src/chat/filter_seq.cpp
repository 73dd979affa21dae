// Filters over collections: default, first/last, length, list, join, items, dictsort, sort,
// unique, min/max, sum, map, select/reject(attr), batch, slice, groupby, reverse, attribute.
// Filters that are generators in jinja2 return a single-pass generator value here too.
#include "chat/errors.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

#include <algorithm>
#include <numeric>

namespace cmf::engine::chat {
namespace {

// sorted()'s reverse argument must be an int (bools included).
bool reverseFlag(const Value& v) {
    if (!v.isIntegral()) fail(Fault::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
    return v.asInt() != 0;
}

// Python's sorted(): stable; reverse keeps equal items in their original order.
std::vector<Value> sortedBy(std::vector<Value> items, const std::vector<Value>& keys, bool reverse) {
    std::vector<size_t> order(items.size());
    std::iota(order.begin(), order.end(), 0);
    chargeSteps(items.size());
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return reverse ? pyLess(keys[b], keys[a]) : pyLess(keys[a], keys[b]);
    });
    std::vector<Value> out;
    out.reserve(items.size());
    for (const size_t i : order) out.push_back(std::move(items[i]));
    return out;
}

// select/reject/selectattr/rejectattr. Python evaluates lazily; a failure partway through is
// recorded in the generator and raised when iteration reaches it.
Value selectOrReject(Interpreter& in, const Value& v, CallArgs& args, bool lookupAttr, bool select) {
    return lazyGenerator("select_or_reject", [&](std::vector<Value>& out) {
        if (!truthy(v)) return;
        std::function<Value(const Value&)> transform = [](const Value& x) { return x; };
        size_t off = 0;
        if (lookupAttr) {
            if (args.pos.empty()) fail(Fault::Runtime, "Missing parameter for attribute name");
            transform = attrGetter(in, args.pos[0], false);
            off = 1;
        }
        std::optional<std::string> test;
        CallArgs testArgs;
        if (args.pos.size() > off) {
            test = toStr(args.pos[off]);
            testArgs.pos.assign(args.pos.begin() + static_cast<std::ptrdiff_t>(off + 1), args.pos.end());
        }
        testArgs.kw = args.kw;
        for (const auto& item : iterate(v)) {
            chargeSteps();
            const Value x = transform(item);
            bool keep;
            if (test) {
                CallArgs a = testArgs;
                keep = callTest(in, *test, x, a);
            } else {
                keep = truthy(x);
            }
            if (keep == select) out.push_back(item);
        }
    });
}

Value minMax(Interpreter& in, const Value& v, CallArgs& args, bool max) {
    auto a = bindArgs(max ? "do_max" : "do_min", args, {"case_sensitive", "attribute"}, {Value::boolean(false), Value::none()});
    const auto items = iterate(v);
    if (items.empty()) return Value::undefinedHint("No aggregated item, sequence was empty.");
    const auto key = attrGetter(in, a[1], !truthy(a[0]));
    size_t best = 0;
    Value bestKey = key(items[0]);
    for (size_t i = 1; i < items.size(); ++i) {
        Value k = key(items[i]);
        if (compareOp(max ? CmpOp::Gt : CmpOp::Lt, k, bestKey)) {
            best = i;
            bestKey = std::move(k);
        }
    }
    return items[best];
}

} // namespace

// attr: only Python attributes, never items (d|attr('key') is undefined for a dict key).
CMF_FILTER(filterAttribute) {
    auto a = bindArgs("do_attr", args, {"name"}, {}, 1);
    if (!a[0].isStr()) fail(Fault::Type, "attribute name must be string, not '" + typeName(a[0]) + "'");
    return in.pythonAttribute(v, a[0].asStr());
}

CMF_FILTER(filterBatch) {
    (void)in;
    auto a = bindArgs("do_batch", args, {"linecount", "fill_with"}, {Value::missing(), Value::none()}, 1);
    return lazyGenerator("do_batch", [&](std::vector<Value>& out) {
        std::vector<Value> tmp;
        for (auto& item : iterate(v)) {
            if (pyEquals(Value::integer(static_cast<int64_t>(tmp.size())), a[0])) {
                out.push_back(Value::list(std::move(tmp)));
                tmp.clear();
            }
            tmp.push_back(std::move(item));
            checkItems(out.size() + tmp.size());
        }
        if (!tmp.empty()) {
            if (!a[1].isNone()) {
                const int64_t n = requireInt(a[0], "linecount");
                checkItems(static_cast<size_t>(std::max<int64_t>(n, 0)));
                while (static_cast<int64_t>(tmp.size()) < n) tmp.push_back(a[1]);
            }
            out.push_back(Value::list(std::move(tmp)));
        }
    });
}

CMF_FILTER(filterDefault) {
    (void)in;
    auto a = bindArgs("do_default", args, {"default_value", "boolean"}, {Value::str(""), Value::boolean(false)});
    if (v.isUndefined() || (truthy(a[1]) && !truthy(v))) return a[0];
    return v;
}

CMF_FILTER(filterDictsort) {
    (void)in;
    auto a = bindArgs("do_dictsort", args, {"case_sensitive", "by", "reverse"},
                      {Value::boolean(false), Value::str("key"), Value::boolean(false)});
    rejectUndefined(v);
    if (!v.is(Kind::Dict)) fail(Fault::Runtime, "'" + typeName(v) + "' object has no attribute 'items'");
    size_t pos;
    if (a[1].isStr() && a[1].asStr() == "key") pos = 0;
    else if (a[1].isStr() && a[1].asStr() == "value") pos = 1;
    else fail(Fault::Runtime, "You can only sort by either \"key\" or \"value\"");
    std::vector<Value> items, keys;
    for (const auto& [k, x] : v.dict().entries()) {
        items.push_back(Value::tuple({k, x}));
        const Value& sortBy = pos == 0 ? k : x;
        keys.push_back(truthy(a[0]) ? sortBy : ignoreCase(sortBy));
    }
    return Value::list(sortedBy(std::move(items), keys, reverseFlag(a[2])));
}

CMF_FILTER(filterFirst) {
    (void)in;
    bindArgs("do_first", args, {}, {});
    if (v.is(Kind::Iterator)) {
        auto& it = v.as<IteratorObj>();
        if (it.pos < it.items.size()) return it.items[it.pos++];
        iterate(v); // raises a pending error
        return Value::undefinedHint("No first item, sequence was empty.");
    }
    const auto items = iterate(v);
    if (items.empty()) return Value::undefinedHint("No first item, sequence was empty.");
    return items[0];
}

CMF_FILTER(filterGroupby) {
    auto a = bindArgs("do_groupby", args, {"attribute", "default", "case_sensitive"},
                      {Value::missing(), Value::none(), Value::boolean(false)}, 1);
    const bool caseSensitive = truthy(a[2]);
    const auto key = attrGetter(in, a[0], !caseSensitive, a[1]);
    std::vector<Value> items = iterate(v);
    std::vector<Value> keys;
    for (const auto& item : items) keys.push_back(key(item));
    std::vector<size_t> order(items.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return pyLess(keys[x], keys[y]); });
    const auto display = attrGetter(in, a[0], false, a[1]);
    std::vector<Value> groups;
    for (size_t i = 0; i < order.size();) {
        size_t j = i;
        std::vector<Value> members;
        while (j < order.size() && pyEquals(keys[order[j]], keys[order[i]])) members.push_back(items[order[j++]]);
        const Value grouper = caseSensitive ? keys[order[i]] : display(members[0]);
        Value group = Value::tuple({grouper, Value::list(std::move(members))});
        group.as<ListObj>().groupTuple = true;
        groups.push_back(std::move(group));
        i = j;
    }
    return Value::list(std::move(groups));
}

CMF_FILTER(filterItems) {
    (void)in;
    bindArgs("do_items", args, {}, {});
    return lazyGenerator("do_items", [&](std::vector<Value>& out) {
        if (v.isUndefined()) return;
        if (!v.is(Kind::Dict)) fail(Fault::Type, "Can only get item pairs from a mapping.");
        for (const auto& [k, x] : v.dict().entries()) out.push_back(Value::tuple({k, x}));
    });
}

CMF_FILTER(filterJoin) {
    auto a = bindArgs("do_join", args, {"d", "attribute"}, {Value::str(""), Value::none()});
    std::vector<Value> items = iterate(v);
    if (!a[1].isNone()) {
        const auto get = attrGetter(in, a[1], false);
        for (auto& item : items) item = get(item);
    }
    if (!in.autoescape()) {
        const std::string sep = toStr(a[0]);
        std::string out;
        for (size_t i = 0; i < items.size(); ++i) {
            if (i) out += sep;
            appendStr(out, items[i]);
            checkBytes(out.size());
        }
        return Value::str(std::move(out));
    }
    // Autoescaping: if the separator or any item is Markup, the rest is escaped.
    bool markup = a[0].isMarkup();
    for (const auto& item : items) markup = markup || item.isMarkup();
    if (!markup) {
        std::string out;
        for (size_t i = 0; i < items.size(); ++i) {
            if (i) out += toStr(a[0]);
            appendStr(out, items[i]);
            checkBytes(out.size());
        }
        return Value::str(std::move(out));
    }
    const std::string sep = markupEscape(a[0]).asStr();
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += sep;
        out += markupEscape(items[i]).asStr();
        checkBytes(out.size());
    }
    return Value::str(std::move(out), true);
}

CMF_FILTER(filterLast) {
    (void)in;
    bindArgs("do_last", args, {}, {});
    if (v.is(Kind::Iterator)) fail(Fault::Type, "'" + typeName(v) + "' object is not reversible");
    if (!isIterable(v)) fail(Fault::Type, "'" + typeName(v) + "' object is not reversible");
    const auto items = iterate(v);
    if (items.empty()) return Value::undefinedHint("No last item, sequence was empty.");
    return items.back();
}

CMF_FILTER(filterLength) {
    (void)in;
    bindArgs("len", args, {}, {});
    return Value::integer(lenOrFail(v));
}

CMF_FILTER(filterList) {
    (void)in;
    bindArgs("do_list", args, {}, {});
    return Value::list(iterate(v));
}

CMF_FILTER(filterMap) {
    return lazyGenerator("sync_do_map", [&](std::vector<Value>& out) {
        if (!truthy(v)) return;
        std::function<Value(const Value&)> fn;
        bool byAttribute = false;
        Value attribute, dflt = Value::none();
        if (args.pos.empty()) {
            for (auto it = args.kw.begin(); it != args.kw.end();) {
                if (it->first == "attribute") {
                    attribute = it->second;
                    byAttribute = true;
                    it = args.kw.erase(it);
                } else if (it->first == "default") {
                    dflt = it->second;
                    it = args.kw.erase(it);
                } else {
                    ++it;
                }
            }
        }
        if (byAttribute) {
            if (!args.kw.empty()) fail(Fault::Runtime, "Unexpected keyword argument '" + args.kw.front().first + "'");
            fn = attrGetter(in, attribute, false, dflt);
        } else {
            if (args.pos.empty()) fail(Fault::Runtime, "map requires a filter argument");
            const std::string name = toStr(args.pos[0]);
            CallArgs rest;
            rest.pos.assign(args.pos.begin() + 1, args.pos.end());
            rest.kw = args.kw;
            fn = [&in, name, rest](const Value& item) {
                CallArgs a = rest;
                return callFilter(in, name, item, a);
            };
        }
        for (const auto& item : iterate(v)) {
            chargeSteps();
            out.push_back(fn(item));
        }
    });
}

CMF_FILTER(filterMax) { return minMax(in, v, args, true); }
CMF_FILTER(filterMin) { return minMax(in, v, args, false); }
CMF_FILTER(filterReject) { return selectOrReject(in, v, args, false, false); }
CMF_FILTER(filterRejectattr) { return selectOrReject(in, v, args, true, false); }
CMF_FILTER(filterSelect) { return selectOrReject(in, v, args, false, true); }
CMF_FILTER(filterSelectattr) { return selectOrReject(in, v, args, true, true); }

CMF_FILTER(filterReverse) {
    (void)in;
    bindArgs("do_reverse", args, {}, {});
    if (v.isStr()) return sliceValue(v, Value::none(), Value::none(), Value::integer(-1));
    // reversed() needs a sequence; anything else iterable is listed and reversed.
    const char* iterName = nullptr;
    switch (v.kind()) {
    case Kind::List: iterName = "list_reverseiterator"; break;
    case Kind::Tuple:
    case Kind::Undefined: iterName = "reversed"; break;
    case Kind::Range: iterName = "range_iterator"; break;
    case Kind::Dict: iterName = "dict_reversekeyiterator"; break;
    case Kind::View: iterName = "dict_reversekeyiterator"; break;
    default: break;
    }
    if (!isIterable(v)) fail(Fault::Runtime, "argument must be iterable");
    std::vector<Value> items = iterate(v);
    std::reverse(items.begin(), items.end());
    if (iterName) return makeGenerator(std::move(items), "", iterName);
    return Value::list(std::move(items));
}

CMF_FILTER(filterSlice) {
    (void)in;
    auto a = bindArgs("do_slice", args, {"slices", "fill_with"}, {Value::missing(), Value::none()}, 1);
    return lazyGenerator("sync_do_slice", [&](std::vector<Value>& out) {
        const std::vector<Value> seq = iterate(v);
        const int64_t slices = requireInt(a[0], "slices");
        if (slices == 0) fail(Fault::ZeroDivision, "integer division or modulo by zero");
        const auto length = static_cast<int64_t>(seq.size());
        // Python's floor division and modulo (slices may be negative: then range() is empty).
        int64_t perSlice = length / slices, extra = length % slices;
        if (extra != 0 && ((extra < 0) != (slices < 0))) {
            --perSlice;
            extra += slices;
        }
        int64_t offset = 0;
        checkItems(static_cast<size_t>(std::max<int64_t>(slices, 0)));
        for (int64_t n = 0; n < slices; ++n) {
            const int64_t start = offset + n * perSlice;
            if (n < extra) ++offset;
            const int64_t end = offset + (n + 1) * perSlice;
            std::vector<Value> tmp;
            for (int64_t i = std::max<int64_t>(start, 0); i < std::min(end, length); ++i) tmp.push_back(seq[static_cast<size_t>(i)]);
            if (!a[1].isNone() && n >= extra) tmp.push_back(a[1]);
            out.push_back(Value::list(std::move(tmp)));
        }
    });
}

CMF_FILTER(filterSort) {
    auto a = bindArgs("do_sort", args, {"reverse", "case_sensitive", "attribute"},
                      {Value::boolean(false), Value::boolean(false), Value::none()});
    std::vector<Value> items = iterate(v);
    const auto key = multiAttrGetter(in, a[2], !truthy(a[1]));
    std::vector<Value> keys;
    for (const auto& item : items) keys.push_back(key(item));
    return Value::list(sortedBy(std::move(items), keys, reverseFlag(a[0])));
}

CMF_FILTER(filterSum) {
    auto a = bindArgs("do_sum", args, {"attribute", "start"}, {Value::none(), Value::integer(0)});
    if (a[1].isStr()) fail(Fault::Type, "sum() can't sum strings [use ''.join(seq) instead]");
    std::vector<Value> items = iterate(v);
    if (!a[0].isNone()) {
        const auto get = attrGetter(in, a[0], false);
        for (auto& item : items) item = get(item);
    }
    Value total = a[1];
    for (const auto& item : items) {
        chargeSteps();
        total = binaryOp(BinOp::Add, total, item);
    }
    return total;
}

CMF_FILTER(filterUnique) {
    auto a = bindArgs("do_unique", args, {"case_sensitive", "attribute"}, {Value::boolean(false), Value::none()});
    return lazyGenerator("sync_do_unique", [&](std::vector<Value>& out) {
        const auto key = attrGetter(in, a[1], !truthy(a[0]));
        DictObj seen;
        for (const auto& item : iterate(v)) {
            const Value k = key(item);
            if (seen.find(k)) continue;
            seen.set(k, Value::none());
            out.push_back(item);
        }
    });
}

} // namespace cmf::engine::chat
