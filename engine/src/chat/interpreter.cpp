// The interpreter's core: frames and variables as jinja2's scoping analysis laid them out,
// output buffers, and the statements (if, for with its loop object, set blocks, call and
// filter blocks, with, blocks).
#include "chat/interpreter.h"
#include "chat/interpreter_guards.h"

#include "chat/builtins.h"
#include "chat/dunders.h"
#include "chat/filter_util.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

#include <exception>

namespace cmf::engine::chat {
namespace {

class VectorSource : public LoopSource {
public:
    explicit VectorSource(std::vector<Value> items) : items_(std::move(items)) {}
    bool next(Value& out) override {
        if (pos_ >= items_.size()) return false;
        out = std::move(items_[pos_++]);
        return true;
    }
    std::optional<int64_t> knownLength() const override { return static_cast<int64_t>(items_.size()); }

private:
    std::vector<Value> items_;
    size_t pos_ = 0;
};

// A generator iterated by a loop: consumption is shared with every other reference to it.
class GeneratorSource : public LoopSource {
public:
    explicit GeneratorSource(Value it) : it_(std::move(it)) {}
    bool next(Value& out) override {
        auto& g = it_.as<IteratorObj>();
        if (g.pos < g.items.size()) {
            out = g.items[g.pos++];
            return true;
        }
        if (g.hasError) {
            g.hasError = false;
            fail(static_cast<Fault>(g.errorFault), g.errorMessage);
        }
        return false;
    }
    std::optional<int64_t> knownLength() const override { return std::nullopt; }

private:
    Value it_;
};

class FilteredSource : public LoopSource {
public:
    FilteredSource(std::unique_ptr<LoopSource> inner, std::function<bool(const Value&)> keep)
        : inner_(std::move(inner)), keep_(std::move(keep)) {}
    bool next(Value& out) override {
        Value v;
        while (inner_->next(v)) {
            if (keep_(v)) {
                out = std::move(v);
                return true;
            }
        }
        return false;
    }
    std::optional<int64_t> knownLength() const override { return std::nullopt; }

private:
    std::unique_ptr<LoopSource> inner_;
    std::function<bool(const Value&)> keep_;
};

} // namespace


Interpreter::Interpreter(const Program& program, Value contextVars, const Settings& settings)
    : program_(program), vars_(std::move(contextVars)), settings_(settings) {}

Interpreter::~Interpreter() {
    // Break reference cycles (macro closures, namespaces holding themselves) so the render
    // frees everything it allocated.
    for (auto& w : tracked_) {
        const auto obj = w.lock();
        if (!obj) continue;
        if (auto* ns = dynamic_cast<NamespaceObj*>(obj.get())) ns->attrs.clear();
        else if (auto* list = dynamic_cast<ListObj*>(obj.get())) releaseDeep(list->items);
        else if (auto* dict = dynamic_cast<DictObj*>(obj.get())) dict->clear();
        else if (auto* custom = dynamic_cast<CustomObj*>(obj.get())) custom->clearReferences();
    }
    if (root_) releaseDeep(root_->slots);
    exported_.clear();
}

void Interpreter::track(const std::shared_ptr<Obj>& obj) {
    if (tracked_.size() >= trackedCompactAt_) {
        std::erase_if(tracked_, [](const std::weak_ptr<Obj>& w) { return w.expired(); });
        trackedCompactAt_ = std::max<size_t>(64, tracked_.size() * 2);
    }
    tracked_.push_back(obj);
}

std::string Interpreter::render() {
    ScopedLimits scoped(settings_.limits);
    std::string out;
    out_ = &out;
    try {
        root_ = enterFrame(program_.rootFrame, nullptr);
        FrameSwitch frame(frame_, root_, false);
        execBody(program_.body);
    } catch (Failure& f) {
        if (f.line == 0) {
            f.line = pos_.line;
            f.col = pos_.col;
        }
        out_ = nullptr;
        throw;
    }
    out_ = nullptr;
    return out;
}

Value Interpreter::evalConstant(const Expr& e) {
    ScopedLimits scoped(settings_.limits);
    Restore<bool> constant(constMode_, true);
    return eval(e);
}

// ---- frames and variables ----------------------------------------------------------------

FramePtr Interpreter::enterFrame(const FrameInfo& info, FramePtr parent) {
    auto frame = std::make_shared<RtFrame>(&info, std::move(parent));
    initSlots(*frame);
    return frame;
}

void Interpreter::initSlots(RtFrame& frame) {
    const auto& slots = frame.info->slots;
    for (size_t i = 0; i < slots.size(); ++i) {
        switch (slots[i].load) {
        case LoadKind::Parameter: break;
        case LoadKind::Resolve: frame.slots[i] = resolve(slots[i].name); break;
        case LoadKind::Undefined: frame.slots[i] = Value::missing(); break;
        case LoadKind::Alias: {
            RtFrame* f = &frame;
            for (uint16_t k = 0; k < slots[i].alias.up && f; ++k) f = f->parent.get();
            frame.slots[i] = f && slots[i].alias.up != VarRef::kDynamic ? f->slots[slots[i].alias.slot] : Value::missing();
            break;
        }
        }
    }
}

Value Interpreter::resolve(const std::string& name) {
    for (auto it = blockLocals_.rbegin(); it != blockLocals_.rend(); ++it)
        if (it->first == name) return it->second;
    const Value key = Value::str(name);
    if (const Value* v = exported_.find(key)) return *v;
    if (vars_.is(Kind::Dict))
        if (const Value* v = vars_.dict().find(key)) return *v;
    Value g;
    if (findGlobal(name, g)) return g;
    return Value::missing();
}

Value& Interpreter::slotAt(const VarRef& ref) {
    RtFrame* f = frame_.get();
    for (uint16_t k = 0; k < ref.up; ++k) f = f->parent.get();
    return f->slots[ref.slot];
}

Value Interpreter::load(const NameExpr& n) {
    if (n.ref.up == VarRef::kDynamic) {
        Value v = resolve(n.name);
        return v.is(Kind::Missing) ? Value::undefinedName(n.name) : v;
    }
    const Value& v = slotAt(n.ref);
    return v.is(Kind::Missing) ? Value::undefinedName(n.name) : v;
}

void Interpreter::storeName(const NameExpr& n, const Value& value, RtFrame* byName) {
    if (byName) {
        const int slot = byName->info->slotOf(n.name);
        if (slot >= 0) byName->slots[static_cast<size_t>(slot)] = value;
        return;
    }
    if (n.ref.up == VarRef::kDynamic) return; // cannot happen for stores; be safe
    slotAt(n.ref) = value;
    // Top-level assignments are exported to the context, where blocks find them.
    if (frame_ == root_ && n.ref.up == 0) exported_.set(Value::str(n.name), value);
}

void Interpreter::assign(const Expr& target, const Value& value, RtFrame* byName) {
    switch (target.kind) {
    case ExprKind::Name: storeName(static_cast<const NameExpr&>(target), value, byName); return;
    case ExprKind::Tuple: {
        const auto& items = static_cast<const SeqExpr&>(target).items;
        if (!isIterable(value)) fail(Fault::Type, "cannot unpack non-iterable " + typeName(value) + " object");
        const std::vector<Value> parts = iterate(value);
        if (parts.size() > items.size())
            fail(Fault::Value, "too many values to unpack (expected " + std::to_string(items.size()) + ")");
        if (parts.size() < items.size())
            fail(Fault::Value, "not enough values to unpack (expected " + std::to_string(items.size()) + ", got " +
                                   std::to_string(parts.size()) + ")");
        for (size_t i = 0; i < items.size(); ++i) assign(*items[i], parts[i], byName);
        return;
    }
    case ExprKind::NSRef: {
        const auto& ns = static_cast<const NSRefExpr&>(target);
        Value holder = ns.ref.up == VarRef::kDynamic ? resolve(ns.name) : slotAt(ns.ref);
        if (!holder.is(Kind::Namespace)) fail(Fault::Runtime, "cannot assign attribute on non-namespace object");
        holder.as<NamespaceObj>().attrs.set(Value::str(ns.attr), value);
        return;
    }
    default: fail(Fault::Runtime, "invalid assignment target");
    }
}

// ---- output --------------------------------------------------------------------------------

void Interpreter::write(const Value& v) {
    if (autoescape_ && !v.isMarkup()) *out_ += escapeHtml(toStr(v));
    else appendStr(*out_, v);
    checkBytes(out_->size());
}

void Interpreter::writeText(const std::string& text) {
    *out_ += text;
    checkBytes(out_->size());
}

// A block whose result is joined into the output must produce a string, as jinja2's concat()
// requires (e.g. {% filter length %} fails there).
void requireString(const Value& v) {
    if (!v.isStr()) fail(Fault::Type, "sequence item 0: expected str instance, " + typeName(v) + " found");
}

// ---- statements ----------------------------------------------------------------------------

Flow Interpreter::execBody(const Body& body) {
    for (const auto& s : body) {
        const Flow f = exec(*s);
        if (f != Flow::Normal) return f;
    }
    return Flow::Normal;
}

Flow Interpreter::exec(const Stmt& s) {
    PosGuard pos(*this, s.pos);
    DepthGuard depth(*this);
    chargeSteps();
    switch (s.kind) {
    case StmtKind::Output: return execOutput(static_cast<const OutputStmt&>(s));
    case StmtKind::If: return execIf(static_cast<const IfStmt&>(s));
    case StmtKind::For: return execFor(static_cast<const ForStmt&>(s));
    case StmtKind::Assign: {
        const auto& a = static_cast<const AssignStmt&>(s);
        assign(*a.target, eval(*a.value));
        return Flow::Normal;
    }
    case StmtKind::AssignBlock: return execAssignBlock(static_cast<const AssignBlockStmt&>(s));
    case StmtKind::Macro: {
        const auto& m = static_cast<const MacroStmt&>(s);
        auto obj = std::make_shared<MacroObj>(m.def.get(), frame_, autoescape_);
        track(obj);
        const Value v = Value::fromObj(Kind::Object, obj);
        slotAt(m.nameRef) = v;
        if (frame_ == root_) exported_.set(Value::str(m.def->name), v);
        return Flow::Normal;
    }
    case StmtKind::CallBlock: return execCallBlock(static_cast<const CallBlockStmt&>(s));
    case StmtKind::FilterBlock: return execFilterBlock(static_cast<const FilterBlockStmt&>(s));
    case StmtKind::With: return execWith(static_cast<const WithStmt&>(s));
    case StmtKind::Scope: return execScope(static_cast<const ScopeStmt&>(s));
    case StmtKind::Block: return execBlock(static_cast<const BlockStmt&>(s));
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Unsupported:
        fail(Fault::Runtime, "no loader for this environment specified ('" +
                                 static_cast<const UnsupportedStmt&>(s).what + "' needs other templates)");
    }
    return Flow::Normal;
}

Flow Interpreter::execOutput(const OutputStmt& s) {
    for (const auto& item : s.items) {
        if (!item.expr) {
            writeText(item.text);
            continue;
        }
        if (item.foldable) {
            // As jinja2's compiler: try the constant evaluation; if it fails, evaluate at run
            // time (constant expressions have no side effects, so evaluating twice is safe).
            std::optional<Value> folded;
            {
                Restore<bool> constant(constMode_, true);
                try {
                    folded = eval(*item.expr);
                } catch (const Failure& f) {
                    if (f.fault == Fault::Limit) throw;
                }
            }
            if (folded) {
                write(*folded);
                continue;
            }
        }
        write(eval(*item.expr));
    }
    return Flow::Normal;
}

Flow Interpreter::execIf(const IfStmt& s) {
    if (truthy(eval(*s.test))) return execBody(s.body);
    for (const auto& e : s.elifs) {
        PosGuard pos(*this, e->pos);
        if (truthy(eval(*e->test))) return execBody(e->body);
    }
    return execBody(s.orelse);
}

Flow Interpreter::execFor(const ForStmt& s, const Value* recursiveIterable, int depth0) {
    const Value iterable = recursiveIterable ? *recursiveIterable : eval(*s.iter);
    std::unique_ptr<LoopSource> source;
    if (iterable.is(Kind::Iterator)) source = std::make_unique<GeneratorSource>(iterable);
    else source = std::make_unique<VectorSource>(iterate(iterable));

    FramePtr testFrame;
    if (s.test) {
        // `for x in xs if cond`: cond sees the item in a frame of its own.
        testFrame = enterFrame(s.testFrame, frame_);
        source = std::make_unique<FilteredSource>(std::move(source), [this, &s, testFrame](const Value& item) {
            chargeSteps();
            assign(*s.target, item, testFrame.get());
            FrameSwitch sw(frame_, testFrame, false);
            return truthy(eval(*s.test));
        });
    }

    std::shared_ptr<LoopObj> loop;
    Value loopValue;
    if (s.loopSlot >= 0) {
        loop = std::make_shared<LoopObj>(std::move(source));
        loop->depth0 = depth0;
        if (s.recursive) {
            loop->recursiveStmt = &s;
            loop->outerFrame = frame_;
        }
        track(loop);
        loopValue = Value::fromObj(Kind::Object, loop);
    }

    bool noIterations = true; // jinja2 clears it only when a body runs to its end
    {
        FrameSwitch scope(frame_, std::make_shared<RtFrame>(&s.loopFrame, frame_), true);
        Value item;
        for (;;) {
            const bool more = loop ? loop->advance(item) : source->next(item);
            if (!more) break;
            chargeSteps();
            initSlots(*frame_);
            assign(*s.target, item);
            if (loop) frame_->slots[static_cast<size_t>(s.loopSlot)] = loopValue;
            const Flow f = execBody(s.body);
            if (f == Flow::Break) break;
            if (f == Flow::Continue) continue;
            noIterations = false;
        }
    }
    if (testFrame) releaseDeep(testFrame->slots);
    if (loop) loop->clearReferences();
    if (noIterations && !s.orelse.empty()) {
        FrameSwitch scope(frame_, enterFrame(s.elseFrame, frame_), true);
        return execBody(s.orelse);
    }
    return Flow::Normal;
}

Value Interpreter::renderRecursiveLoop(const ForStmt& stmt, const FramePtr& outer, const Value& iterable, int depth0) {
    Restore<int> calls(callDepth_, callDepth_ + 1);
    if (callDepth_ > settings_.maxCallDepth) fail(Fault::Limit, "recursive loop nested too deeply");
    std::string buffer;
    {
        OutputCapture capture(out_, buffer);
        FrameSwitch sw(frame_, outer, false);
        execFor(stmt, &iterable, depth0);
    }
    return Value::str(std::move(buffer), autoescape_);
}

Flow Interpreter::execAssignBlock(const AssignBlockStmt& s) {
    Value value;
    {
        FrameSwitch scope(frame_, enterFrame(s.frame, frame_), true);
        std::string buffer;
        {
            OutputCapture capture(out_, buffer);
            const Flow f = execBody(s.body);
            if (f != Flow::Normal) return f; // break/continue skip the assignment
        }
        value = Value::str(std::move(buffer), autoescape_);
        if (s.filter) {
            Restore<const Value*> input(blockInput_, &value);
            value = eval(*s.filter);
        }
    }
    assign(*s.target, value);
    return Flow::Normal;
}

Flow Interpreter::execCallBlock(const CallBlockStmt& s) {
    auto caller = std::make_shared<MacroObj>(s.caller.get(), frame_, autoescape_);
    track(caller);
    Value result;
    if (s.call) {
        const Value callerValue = Value::fromObj(Kind::Object, caller);
        result = evalCall(*s.call, &callerValue);
    } else {
        // {% generation %}: transformers' extension returns caller() unchanged.
        CallArgs none;
        result = invokeMacro(*s.caller, frame_, autoescape_, none);
    }
    requireString(result);
    writeText(result.asStr());
    return Flow::Normal;
}

Flow Interpreter::execFilterBlock(const FilterBlockStmt& s) {
    Value result;
    {
        FrameSwitch scope(frame_, enterFrame(s.frame, frame_), true);
        std::string buffer;
        {
            OutputCapture capture(out_, buffer);
            const Flow f = execBody(s.body);
            if (f != Flow::Normal) return f;
        }
        const Value input = Value::str(std::move(buffer), autoescape_);
        Restore<const Value*> in(blockInput_, &input);
        result = eval(*s.filter);
    }
    requireString(result);
    writeText(result.asStr());
    return Flow::Normal;
}

Flow Interpreter::execWith(const WithStmt& s) {
    std::vector<Value> values;
    for (const auto& v : s.values) values.push_back(eval(*v));
    FrameSwitch scope(frame_, enterFrame(s.frame, frame_), true);
    for (size_t i = 0; i < s.targets.size(); ++i) assign(*s.targets[i], values[i]);
    return execBody(s.body);
}

Flow Interpreter::execScope(const ScopeStmt& s) {
    FrameSwitch scope(frame_, enterFrame(s.frame, frame_), true);
    Restore<bool> escape(autoescape_, truthy(eval(*s.autoescape)));
    return execBody(s.body);
}

Flow Interpreter::execBlock(const BlockStmt& s) {
    if (s.required) fail(Fault::Runtime, "Required block '" + s.name + "' not found");
    const size_t saved = blockLocals_.size();
    if (s.scoped) {
        for (size_t i = 0; i < s.visibleStores.size(); ++i) {
            const VarRef& ref = s.visibleRefs[i];
            if (ref.up == VarRef::kDynamic) continue;
            const Value& v = slotAt(ref);
            if (!v.is(Kind::Missing)) blockLocals_.emplace_back(s.visibleStores[i], v);
        }
    }
    struct Trim {
        std::vector<std::pair<std::string, Value>>& v;
        size_t n;
        ~Trim() { v.resize(n); }
    } trim{blockLocals_, saved};
    FrameSwitch scope(frame_, enterFrame(s.frame, nullptr), true);
    execBody(s.body);
    return Flow::Normal;
}

} // namespace cmf::engine::chat
