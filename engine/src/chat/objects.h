#pragma once
// Runtime objects templates can hold in variables: macros (and caller), the loop variable,
// builtin functions and bound methods. Their repr()s and attributes follow jinja2's classes.
#include "chat/interpreter.h"
#include "chat/value.h"

#include <functional>
#include <optional>

namespace cmf::engine::chat {

struct MacroObj : CustomObj {
    MacroObj(const MacroDef* d, FramePtr c, bool ae) : def(d), closure(std::move(c)), autoescape(ae) {}
    std::string_view typeName() const override { return "Macro"; }
    std::string_view moduleName() const override { return "jinja2.runtime"; }
    std::string repr() const override;
    bool getAttr(Interpreter& in, std::string_view name, Value& out) override;
    bool isCallable() const override { return true; }
    Value call(Interpreter& in, CallArgs& args) override;
    void clearReferences() override { closure.reset(); }

    const MacroDef* def;
    FramePtr closure; // the frame the macro was defined in (its variables stay visible)
    bool autoescape;  // output is Markup when autoescaping was on at the definition
};

// Where a for loop takes its items from, lazily: the loop filter (`for x in xs if cond`) is
// evaluated as items are pulled, like jinja2's generator, so conditions that depend on state
// changed by the loop body see the change.
class LoopSource {
public:
    virtual ~LoopSource() = default;
    virtual bool next(Value& out) = 0;
    // len() of the iterable when it has one and no loop filter applies.
    virtual std::optional<int64_t> knownLength() const = 0;
};

// jinja2.runtime.LoopContext: `loop` inside a for body.
struct LoopObj : CustomObj, std::enable_shared_from_this<LoopObj> {
    explicit LoopObj(std::unique_ptr<LoopSource> s) : source(std::move(s)) {}
    std::string_view typeName() const override { return "LoopContext"; }
    std::string_view moduleName() const override { return "jinja2.runtime"; }
    std::string repr() const override;
    bool getAttr(Interpreter& in, std::string_view name, Value& out) override;
    bool isCallable() const override { return true; }
    Value call(Interpreter& in, CallArgs& args) override;
    std::optional<int64_t> length() override { return totalLength(); }
    void clearReferences() override;

    // Next item for the for statement; false at the end.
    bool advance(Value& out);
    int64_t totalLength();

    std::unique_ptr<LoopSource> source;
    int64_t index0 = -1;
    int depth0 = 0;
    Value current, before = Value::missing();
    std::optional<std::optional<Value>> peeked; // outer: peeked at all; inner: an item existed
    std::optional<int64_t> lengthCache;
    std::vector<Value> buffered; // items pulled ahead to compute length
    size_t bufferedPos = 0;
    Value lastChanged = Value::missing();
    // Recursive loops call loop(children) to render the body again.
    const ForStmt* recursiveStmt = nullptr;
    std::weak_ptr<RtFrame> outerFrame;

private:
    bool pull(Value& out);
    std::optional<Value>& peek();
};

using BuiltinFn = Value (*)(Interpreter& in, CallArgs& args);

// A global function or class (range, dict, namespace, raise_exception, ...).
struct BuiltinObj : CustomObj {
    BuiltinObj(std::string n, BuiltinFn f, std::string r) : name(std::move(n)), fn(f), reprText(std::move(r)) {}
    std::string_view typeName() const override { return "function"; }
    std::string repr() const override { return reprText; }
    bool isCallable() const override { return true; }
    Value call(Interpreter& in, CallArgs& args) override { return fn(in, args); }
    std::string name;
    BuiltinFn fn;
    std::string reprText;
};

using MethodFn = std::function<Value(Interpreter&, const Value& self, CallArgs&)>;

// obj.method bound to its object, e.g. the `strip` of `message.content.strip()`.
struct BoundMethodObj : CustomObj {
    BoundMethodObj(Value s, std::string n, MethodFn f) : self(std::move(s)), name(std::move(n)), fn(std::move(f)) {}
    std::string_view typeName() const override { return "builtin_function_or_method"; }
    std::string repr() const override;
    bool isCallable() const override { return true; }
    Value call(Interpreter& in, CallArgs& args) override { return fn(in, self, args); }
    void clearReferences() override { self = Value(); }
    Value self;
    std::string name;
    MethodFn fn;
};

// Python's slice object, only seen when a slice appears inside a tuple subscript.
struct SliceObj : CustomObj {
    SliceObj(Value a, Value b, Value c) : start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
    std::string_view typeName() const override { return "slice"; }
    std::string repr() const override;
    Value start, stop, step;
};

// Helpers shared by builtins: argument binding with Python's error messages.
// Binds args to params (positional first, then keywords); missing ones keep `defaults`.
// Extra positional or unknown keyword arguments raise TypeError naming `function`.
std::vector<Value> bindArgs(const char* function, CallArgs& args, std::initializer_list<const char*> params,
                            std::vector<Value> defaults, size_t required = 0);

} // namespace cmf::engine::chat
