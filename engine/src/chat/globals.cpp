// Global functions: jinja2's range (sandbox-limited), dict, namespace, cycler, joiner, lipsum,
// and the two transformers adds: raise_exception and strftime_now.
#include "chat/builtins.h"
#include "chat/errors.h"
#include "chat/interpreter.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/strftime.h"

#include <algorithm>
#include <ctime>

namespace cmf::engine::chat {
namespace {

// The sandbox's MAX_RANGE.
constexpr int64_t kMaxRange = 100000;

int64_t rangeArg(const Value& v) {
    if (!v.isIntegral()) fail(Fault::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
    return v.asInt();
}

Value globalRange(Interpreter&, CallArgs& args) {
    if (!args.kw.empty()) fail(Fault::Type, "range() takes no keyword arguments");
    const size_t n = args.pos.size();
    if (n == 0) fail(Fault::Type, "range expected at least 1 argument, got 0");
    if (n > 3) fail(Fault::Type, "range expected at most 3 arguments, got " + std::to_string(n));
    int64_t start = 0, stop, step = 1;
    if (n == 1) {
        stop = rangeArg(args.pos[0]);
    } else {
        start = rangeArg(args.pos[0]);
        stop = rangeArg(args.pos[1]);
        if (n == 3) step = rangeArg(args.pos[2]);
    }
    if (step == 0) fail(Fault::Value, "range() arg 3 must not be zero");
    Value r = Value::range(start, stop, step);
    if (r.as<RangeObj>().length() > kMaxRange)
        fail(Fault::Overflow, "Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).");
    return r;
}

// dict(*args, **kwargs): a mapping or an iterable of pairs, then keyword arguments.
Value buildDict(CallArgs& args, const char* name) {
    if (args.pos.size() > 1)
        fail(Fault::Type, std::string(name) + " expected at most 1 argument, got " + std::to_string(args.pos.size()));
    Value d = Value::newDict();
    if (!args.pos.empty()) {
        const Value& src = args.pos[0];
        if (src.is(Kind::Dict)) {
            for (const auto& [k, v] : src.dict().entries()) d.dict().set(k, v);
        } else {
            if (!isIterable(src)) fail(Fault::Type, "'" + typeName(src) + "' object is not iterable");
            size_t i = 0;
            for (const auto& pair : iterate(src)) {
                if (!isIterable(pair))
                    fail(Fault::Type, "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
                const auto kv = iterate(pair);
                if (kv.size() != 2)
                    fail(Fault::Value, "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                           std::to_string(kv.size()) + "; 2 is required");
                d.dict().set(kv[0], kv[1]);
                ++i;
            }
        }
    }
    for (const auto& [k, v] : args.kw) d.dict().set(Value::str(k), v);
    return d;
}

Value globalDict(Interpreter&, CallArgs& args) { return buildDict(args, "dict"); }

Value globalNamespace(Interpreter& in, CallArgs& args) {
    const Value d = buildDict(args, "Namespace");
    auto ns = std::make_shared<NamespaceObj>();
    for (const auto& [k, v] : d.dict().entries()) ns->attrs.set(k, v);
    in.track(ns);
    return Value::fromObj(Kind::Namespace, std::move(ns));
}

// jinja2.utils.Cycler
struct CyclerObj : CustomObj {
    explicit CyclerObj(std::vector<Value> i) : items(std::move(i)) {}
    std::string_view typeName() const override { return "Cycler"; }
    std::string_view moduleName() const override { return "jinja2.utils"; }
    std::string repr() const override { return "<jinja2.utils.Cycler object at 0x7f0000000000>"; }
    bool getAttr(Interpreter&, std::string_view name, Value& out) override {
        if (name == "current") {
            out = items[pos];
        } else if (name == "items") {
            out = Value::list(items);
        } else if (name == "pos") {
            out = Value::integer(static_cast<int64_t>(pos));
        } else if (name == "next" || name == "reset") {
            const Value self = Value::fromObj(Kind::Object, self_.lock());
            out = Value::fromObj(Kind::Object,
                                 std::make_shared<BoundMethodObj>(self, std::string(name), name == "next" ? next : reset));
        } else {
            return false;
        }
        return true;
    }
    void clearReferences() override { items.assign(items.size(), Value()); }
    static Value next(Interpreter&, const Value& self, CallArgs& args) {
        bindArgs("next", args, {}, {});
        auto& c = self.as<CyclerObj>();
        Value rv = c.items[c.pos];
        c.pos = (c.pos + 1) % c.items.size();
        return rv;
    }
    static Value reset(Interpreter&, const Value& self, CallArgs& args) {
        bindArgs("reset", args, {}, {});
        self.as<CyclerObj>().pos = 0;
        return Value::none();
    }
    std::vector<Value> items;
    size_t pos = 0;
    std::weak_ptr<CyclerObj> self_;
};

Value globalCycler(Interpreter& in, CallArgs& args) {
    if (!args.kw.empty()) fail(Fault::Type, "Cycler() got an unexpected keyword argument '" + args.kw.front().first + "'");
    if (args.pos.empty()) fail(Fault::Runtime, "at least one item has to be provided");
    auto c = std::make_shared<CyclerObj>(args.pos);
    c->self_ = c;
    in.track(c);
    return Value::fromObj(Kind::Object, std::move(c));
}

// jinja2.utils.Joiner: "" on the first call, the separator afterwards.
struct JoinerObj : CustomObj {
    explicit JoinerObj(std::string s) : sep(std::move(s)) {}
    std::string_view typeName() const override { return "Joiner"; }
    std::string_view moduleName() const override { return "jinja2.utils"; }
    std::string repr() const override { return "<jinja2.utils.Joiner object at 0x7f0000000000>"; }
    bool isCallable() const override { return true; }
    Value call(Interpreter&, CallArgs& args) override {
        bindArgs("__call__", args, {}, {});
        if (!used) {
            used = true;
            return Value::str("");
        }
        return Value::str(sep);
    }
    std::string sep;
    bool used = false;
};

Value globalJoiner(Interpreter&, CallArgs& args) {
    auto a = bindArgs("Joiner", args, {"sep"}, {Value::str(", ")});
    return Value::fromObj(Kind::Object, std::make_shared<JoinerObj>(toStr(a[0])));
}

Value globalLipsum(Interpreter&, CallArgs&) {
    fail(Fault::Unsupported, "lipsum() is not supported by the CMF template engine (its output is random)");
}

// transformers: raise TemplateError(message); the template's own message surfaces verbatim.
Value globalRaiseException(Interpreter&, CallArgs& args) {
    auto a = bindArgs("raise_exception", args, {"message"}, {}, 1);
    fail(Fault::Raised, toStr(a[0]));
}

// transformers: datetime.now().strftime(format), with the clock replaceable for tests.
Value globalStrftimeNow(Interpreter& in, CallArgs& args) {
    auto a = bindArgs("strftime_now", args, {"format"}, {}, 1);
    if (!a[0].isStr()) fail(Fault::Type, "strftime() argument 1 must be str, not " + typeName(a[0]));
    LocalTimeFields t;
    if (in.settings().now) {
        t = *in.settings().now;
    } else {
        const std::time_t now = std::time(nullptr);
        std::tm tm{};
        localtime_r(&now, &tm);
        t = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 0};
    }
    return Value::str(pyStrftime(a[0].asStr(), t));
}

struct Global {
    const char* name;
    BuiltinFn fn;
    const char* repr;
};

const Global kGlobals[] = {
    {"cycler", globalCycler, "<class 'jinja2.utils.Cycler'>"},
    {"dict", globalDict, "<class 'dict'>"},
    {"joiner", globalJoiner, "<class 'jinja2.utils.Joiner'>"},
    {"lipsum", globalLipsum, "<function generate_lorem_ipsum at 0x7f0000000000>"},
    {"namespace", globalNamespace, "<class 'jinja2.utils.Namespace'>"},
    {"raise_exception", globalRaiseException, "<function raise_exception at 0x7f0000000000>"},
    {"range", globalRange, "<function safe_range at 0x7f0000000000>"},
    {"strftime_now", globalStrftimeNow, "<function strftime_now at 0x7f0000000000>"},
};

} // namespace

bool findGlobal(std::string_view name, Value& out) {
    for (const auto& g : kGlobals)
        if (name == g.name) {
            out = Value::fromObj(Kind::Object, std::make_shared<BuiltinObj>(g.name, g.fn, g.repr));
            return true;
        }
    return false;
}

} // namespace cmf::engine::chat
