// Expression evaluation with Python's semantics: jinja2 compiles expressions to Python, so
// every operator, call and filter here behaves as that Python code would.
#include "chat/builtins.h"
#include "chat/dunders.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/interpreter_guards.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

namespace cmf::engine::chat {
namespace {

// Folded lists and dicts are copied per evaluation when mutation is allowed, as jinja2's
// generated code builds them afresh from their literal.
Value deepCopy(const Value& v) {
    DepthGuard guard;
    if (v.is(Kind::List) || v.is(Kind::Tuple)) {
        std::vector<Value> items;
        for (const auto& x : v.items()) items.push_back(deepCopy(x));
        return v.is(Kind::List) ? Value::list(std::move(items)) : Value::tuple(std::move(items));
    }
    if (v.is(Kind::Dict)) {
        Value d = Value::newDict();
        for (const auto& [k, x] : v.dict().entries()) d.dict().set(k, deepCopy(x));
        return d;
    }
    return v;
}

} // namespace

Value Interpreter::eval(const Expr& e) {
    PosGuard pos(*this, e.pos);
    DepthGuard depth(*this);
    chargeSteps();
    return evalUnchecked(e);
}

Value Interpreter::evalUnchecked(const Expr& e) {
    switch (e.kind) {
    case ExprKind::Const: {
        const auto& c = static_cast<const ConstExpr&>(e);
        if (!c.nameError.empty() && !constMode_) fail(Fault::Runtime, "NameError: name '" + c.nameError + "' is not defined");
        // Folded lists and dicts are fresh objects on every evaluation, as in jinja2's code.
        if (settings_.allowMutation && (c.value.is(Kind::List) || c.value.is(Kind::Dict))) return deepCopy(c.value);
        return c.value;
    }
    case ExprKind::Name: return load(static_cast<const NameExpr&>(e));
    case ExprKind::NSRef: {
        const auto& ns = static_cast<const NSRefExpr&>(e);
        const Value holder = ns.ref.up == VarRef::kDynamic ? resolve(ns.name) : slotAt(ns.ref);
        return getAttr(holder.is(Kind::Missing) ? Value::undefinedName(ns.name) : holder, ns.attr);
    }
    case ExprKind::Getattr: {
        const auto& g = static_cast<const GetattrExpr&>(e);
        return getAttr(eval(*g.obj), g.attr);
    }
    case ExprKind::Getitem: return evalGetitem(static_cast<const GetitemExpr&>(e));
    case ExprKind::Slice: {
        const auto& s = static_cast<const SliceExpr&>(e);
        auto part = [&](const ExprPtr& p) { return p ? eval(*p) : Value::none(); };
        Value a = part(s.start), b = part(s.stop), c = part(s.step);
        return Value::fromObj(Kind::Object, std::make_shared<SliceObj>(std::move(a), std::move(b), std::move(c)));
    }
    case ExprKind::Call: return evalCall(static_cast<const CallExpr&>(e), nullptr);
    case ExprKind::Filter: return evalFilter(static_cast<const FilterExpr&>(e));
    case ExprKind::Test: {
        const auto& t = static_cast<const TestExpr&>(e);
        const Value input = eval(*t.input);
        CallArgs args;
        evalArgs(t.args, args);
        if (!t.def) fail(Fault::Runtime, "No test named '" + t.name + "' found.");
        return Value::boolean(t.def->fn(*this, input, args));
    }
    case ExprKind::Not: return Value::boolean(!truthy(eval(*static_cast<const UnaryExpr&>(e).operand)));
    case ExprKind::Neg: return negate(eval(*static_cast<const UnaryExpr&>(e).operand));
    case ExprKind::Pos: return unaryPlus(eval(*static_cast<const UnaryExpr&>(e).operand));
    case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        const Value l = eval(*b.left);
        const Value r = eval(*b.right);
        return binaryOp(b.op, l, r);
    }
    case ExprKind::Concat: {
        const auto& c = static_cast<const ConcatExpr&>(e);
        std::vector<Value> parts;
        bool markup = false;
        for (const auto& p : c.parts) {
            parts.push_back(eval(*p));
            markup = markup || parts.back().isMarkup();
        }
        std::string s;
        for (const auto& p : parts) {
            // With autoescape on and any Markup part, jinja2's markup_join escapes the rest.
            if (autoescape_ && markup && !p.isMarkup()) s += escapeHtml(toStr(p));
            else appendStr(s, p);
            checkBytes(s.size());
        }
        return Value::str(std::move(s), autoescape_ && markup);
    }
    case ExprKind::Compare: return evalCompare(static_cast<const CompareExpr&>(e));
    case ExprKind::And: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        Value l = eval(*b.left);
        return truthy(l) ? eval(*b.right) : l;
    }
    case ExprKind::Or: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        Value l = eval(*b.left);
        return truthy(l) ? l : eval(*b.right);
    }
    case ExprKind::CondExpr: {
        const auto& c = static_cast<const CondExpr&>(e);
        if (truthy(eval(*c.test))) return eval(*c.then);
        if (c.otherwise) return eval(*c.otherwise);
        if (constMode_) fail(Fault::Runtime, "not a constant"); // jinja2 defers this case to run time
        return Value::undefinedHint("the inline if-expression on line " + std::to_string(c.pos.line) +
                                    " evaluated to false and no else section was defined.");
    }
    case ExprKind::List:
    case ExprKind::Tuple: {
        const auto& s = static_cast<const SeqExpr&>(e);
        std::vector<Value> items;
        items.reserve(s.items.size());
        for (const auto& x : s.items) items.push_back(eval(*x));
        return e.kind == ExprKind::List ? Value::list(std::move(items)) : Value::tuple(std::move(items));
    }
    case ExprKind::Dict: {
        Value d = Value::newDict();
        for (const auto& [k, v] : static_cast<const DictExpr&>(e).items) {
            const Value key = eval(*k);
            d.dict().set(key, eval(*v));
        }
        return d;
    }
    }
    return Value();
}

Value Interpreter::evalGetitem(const GetitemExpr& g) {
    const Value obj = eval(*g.obj);
    if (g.key->kind == ExprKind::Slice) {
        // jinja2 compiles slices to plain Python subscription: errors propagate.
        const auto& s = static_cast<const SliceExpr&>(*g.key);
        PosGuard pos(*this, s.pos);
        auto part = [&](const ExprPtr& p) { return p ? eval(*p) : Value::none(); };
        const Value a = part(s.start), b = part(s.stop), c = part(s.step);
        if (constMode_) {
            // Constant folding goes through the forgiving getitem: a TypeError gives Undefined.
            try {
                return sliceValue(obj, a, b, c);
            } catch (const Failure& f) {
                if (f.fault != Fault::Type) throw;
                return Value::undefinedAttr(obj, Value::fromObj(Kind::Object, std::make_shared<SliceObj>(a, b, c)));
            }
        }
        return sliceValue(obj, a, b, c);
    }
    return getItem(obj, eval(*g.key));
}

Value Interpreter::evalCompare(const CompareExpr& c) {
    Value left = eval(*c.first);
    for (const auto& [op, expr] : c.rest) {
        Value right = eval(*expr);
        if (!compareOp(op, left, right)) return Value::boolean(false);
        left = std::move(right);
    }
    return Value::boolean(true);
}

void Interpreter::evalArgs(const CallArgsNode& node, CallArgs& out) {
    for (const auto& a : node.args) out.pos.push_back(eval(*a));
    if (node.dynArgs) {
        const Value v = eval(*node.dynArgs);
        if (!isIterable(v)) fail(Fault::Type, "argument after * must be an iterable, not " + typeName(v));
        for (auto& x : iterate(v)) out.pos.push_back(std::move(x));
    }
    for (const auto& [k, e] : node.kwargs) out.kw.emplace_back(k, eval(*e));
    if (node.dynKwargs) {
        const Value v = eval(*node.dynKwargs);
        if (!v.is(Kind::Dict)) fail(Fault::Type, "argument after ** must be a mapping, not " + typeName(v));
        for (const auto& [k, x] : v.dict().entries()) {
            if (!k.isStr()) fail(Fault::Type, "keywords must be strings");
            for (const auto& existing : out.kw)
                if (existing.first == k.asStr())
                    fail(Fault::Type, "got multiple values for keyword argument '" + k.asStr() + "'");
            out.kw.emplace_back(k.asStr(), x);
        }
    }
}

Value Interpreter::evalCall(const CallExpr& c, const Value* caller) {
    const Value callee = eval(*c.callee);
    CallArgs args;
    evalArgs(c.args, args);
    if (caller) args.kw.emplace_back("caller", *caller);
    PosGuard pos(*this, c.pos);
    return call(callee, args);
}

Value Interpreter::evalFilter(const FilterExpr& f) {
    Value input;
    if (f.input) {
        input = eval(*f.input);
    } else {
        if (!blockInput_) fail(Fault::Runtime, "filter without input");
        input = *blockInput_;
    }
    CallArgs args;
    evalArgs(f.args, args);
    if (!f.def) fail(Fault::Runtime, "No filter named '" + f.name + "' found.");
    PosGuard pos(*this, f.pos);
    if (f.def->fn == filterUnsupported)
        fail(Fault::Unsupported, "the '" + f.name + "' filter is not supported by the CMF template engine");
    return f.def->fn(*this, input, args);
}

Value Interpreter::call(const Value& callee, CallArgs& args) {
    if (callee.is(Kind::Object)) {
        auto& obj = callee.as<CustomObj>();
        if (obj.isCallable()) return obj.call(*this, args);
    }
    rejectUndefined(callee);
    std::string message = "'"; // built by appending: GCC 12 misreports prepending (PR105651)
    message += typeName(callee);
    message += "' object is not callable";
    fail(Fault::Type, message);
}

} // namespace cmf::engine::chat
