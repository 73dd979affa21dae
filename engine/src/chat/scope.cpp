#include "chat/scope.h"

#include "chat/lexer.h"
#include "chat/optimizer.h"

#include <functional>
#include <map>
#include <set>

namespace cmf::engine::chat {

int FrameInfo::slotOf(const std::string& name) const {
    for (size_t i = 0; i < slots.size(); ++i)
        if (slots[i].name == name) return static_cast<int>(i);
    return -1;
}

namespace {

// ---- generic traversal in jinja2's field order ---------------------------------------------

using NameFn = std::function<void(NameExpr&)>;

void walkExpr(Expr& e, const NameFn& fn) {
    if (e.kind == ExprKind::Name) fn(static_cast<NameExpr&>(e));
    forEachChild(e, [&](Expr& c) { walkExpr(c, fn); });
}

void walkOpt(const ExprPtr& e, const NameFn& fn) {
    if (e) walkExpr(*e, fn);
}

void walkBody(Body& body, const NameFn& fn, bool intoBlocks);

void walkMacro(MacroDef& m, const NameFn& fn, bool intoBlocks) {
    for (auto& p : m.params) fn(*p);
    for (auto& d : m.defaults) walkExpr(*d, fn);
    walkBody(m.body, fn, intoBlocks);
}

void walkStmt(Stmt& s, const NameFn& fn, bool intoBlocks) {
    switch (s.kind) {
    case StmtKind::Output:
        for (auto& item : static_cast<OutputStmt&>(s).items) walkOpt(item.expr, fn);
        break;
    case StmtKind::If: {
        auto& x = static_cast<IfStmt&>(s);
        walkExpr(*x.test, fn);
        walkBody(x.body, fn, intoBlocks);
        for (auto& e : x.elifs) walkStmt(*e, fn, intoBlocks);
        walkBody(x.orelse, fn, intoBlocks);
        break;
    }
    case StmtKind::For: {
        auto& x = static_cast<ForStmt&>(s);
        walkExpr(*x.target, fn);
        walkExpr(*x.iter, fn);
        walkBody(x.body, fn, intoBlocks);
        walkBody(x.orelse, fn, intoBlocks);
        walkOpt(x.test, fn);
        break;
    }
    case StmtKind::Assign:
        walkExpr(*static_cast<AssignStmt&>(s).target, fn);
        walkExpr(*static_cast<AssignStmt&>(s).value, fn);
        break;
    case StmtKind::AssignBlock: {
        auto& x = static_cast<AssignBlockStmt&>(s);
        walkExpr(*x.target, fn);
        walkOpt(x.filter, fn);
        walkBody(x.body, fn, intoBlocks);
        break;
    }
    case StmtKind::Macro: walkMacro(*static_cast<MacroStmt&>(s).def, fn, intoBlocks); break;
    case StmtKind::CallBlock: {
        auto& x = static_cast<CallBlockStmt&>(s);
        if (x.call) walkExpr(*x.call, fn);
        walkMacro(*x.caller, fn, intoBlocks);
        break;
    }
    case StmtKind::FilterBlock:
        walkBody(static_cast<FilterBlockStmt&>(s).body, fn, intoBlocks);
        walkOpt(static_cast<FilterBlockStmt&>(s).filter, fn);
        break;
    case StmtKind::With: {
        auto& x = static_cast<WithStmt&>(s);
        for (auto& t : x.targets) walkExpr(*t, fn);
        for (auto& v : x.values) walkExpr(*v, fn);
        walkBody(x.body, fn, intoBlocks);
        break;
    }
    case StmtKind::Scope:
        walkExpr(*static_cast<ScopeStmt&>(s).autoescape, fn);
        walkBody(static_cast<ScopeStmt&>(s).body, fn, intoBlocks);
        break;
    case StmtKind::Block:
        if (intoBlocks) walkBody(static_cast<BlockStmt&>(s).body, fn, intoBlocks);
        break;
    case StmtKind::Unsupported: walkOpt(static_cast<UnsupportedStmt&>(s).templateExpr, fn); break;
    case StmtKind::Break:
    case StmtKind::Continue: break;
    }
}

void walkBody(Body& body, const NameFn& fn, bool intoBlocks) {
    for (auto& s : body) walkStmt(*s, fn, intoBlocks);
}

// jinja2's find_undeclared: which of `names` are read before anything binds them. A binding
// (store or parameter) of a name removes it from consideration; blocks are not entered.
class Undeclared {
public:
    explicit Undeclared(std::set<std::string> names) : names_(std::move(names)) {}
    NameFn fn() {
        return [this](NameExpr& n) {
            if (n.ctx == NameCtx::Load && names_.count(n.name)) found_.insert(n.name);
            else names_.erase(n.name);
        };
    }
    bool has(const std::string& n) const { return found_.count(n) != 0; }

private:
    std::set<std::string> names_, found_;
};

bool containsScopedBlock(Body& body);

bool containsScopedBlockStmt(Stmt& s) {
    switch (s.kind) {
    case StmtKind::Block: {
        auto& b = static_cast<BlockStmt&>(s);
        return b.scoped || containsScopedBlock(b.body);
    }
    case StmtKind::If: {
        auto& x = static_cast<IfStmt&>(s);
        if (containsScopedBlock(x.body) || containsScopedBlock(x.orelse)) return true;
        for (auto& e : x.elifs)
            if (containsScopedBlock(e->body)) return true;
        return false;
    }
    case StmtKind::For:
        return containsScopedBlock(static_cast<ForStmt&>(s).body) || containsScopedBlock(static_cast<ForStmt&>(s).orelse);
    case StmtKind::AssignBlock: return containsScopedBlock(static_cast<AssignBlockStmt&>(s).body);
    case StmtKind::Macro: return containsScopedBlock(static_cast<MacroStmt&>(s).def->body);
    case StmtKind::CallBlock: return containsScopedBlock(static_cast<CallBlockStmt&>(s).caller->body);
    case StmtKind::FilterBlock: return containsScopedBlock(static_cast<FilterBlockStmt&>(s).body);
    case StmtKind::With: return containsScopedBlock(static_cast<WithStmt&>(s).body);
    case StmtKind::Scope: return containsScopedBlock(static_cast<ScopeStmt&>(s).body);
    default: return false;
    }
}

bool containsScopedBlock(Body& body) {
    for (auto& s : body)
        if (containsScopedBlockStmt(*s)) return true;
    return false;
}

// ---- symbol tables --------------------------------------------------------------------------

struct Symbols {
    const Symbols* parent = nullptr;
    std::map<std::string, LoadKind> refs; // the frame's own variables and how they start
    std::set<std::string> stores;
    std::map<std::string, int> slots; // filled when the frame is finalized

    const Symbols* owner(const std::string& name, int& up) const {
        up = 0;
        for (const Symbols* s = this; s; s = s->parent, ++up)
            if (s->refs.count(name)) return s;
        return nullptr;
    }
    bool known(const std::string& name) const {
        int up;
        return owner(name, up) != nullptr;
    }
    void load(const std::string& n) {
        if (!known(n)) refs[n] = LoadKind::Resolve;
    }
    void store(const std::string& n) {
        stores.insert(n);
        if (!refs.count(n)) refs[n] = parent && parent->known(n) ? LoadKind::Alias : LoadKind::Undefined;
    }
    void param(const std::string& n) {
        stores.insert(n);
        refs[n] = LoadKind::Parameter;
    }
    // After an if: names bound in only some branches start from the outer value (or the
    // context) instead of missing, since the branch that binds them may not run.
    void branchUpdate(const std::vector<Symbols>& branches) {
        std::map<std::string, size_t> counts;
        for (const auto& b : branches)
            for (const auto& t : b.stores)
                if (!stores.count(t)) ++counts[t];
        for (const auto& b : branches) {
            for (const auto& [k, v] : b.refs) refs[k] = v;
            stores.insert(b.stores.begin(), b.stores.end());
        }
        for (const auto& [name, n] : counts)
            if (n != branches.size()) refs[name] = parent && parent->known(name) ? LoadKind::Alias : LoadKind::Resolve;
    }
};

struct Frame {
    explicit Frame(const Symbols* parent) { sym.parent = parent; }
    Symbols sym;
    std::vector<Expr*> names;        // Name and NSRef nodes evaluated in this frame
    std::vector<Stmt*> nested;       // statements that open frames of their own
    std::vector<MacroStmt*> macros;  // macros defined here (their name is stored here)
};

class Analyzer {
public:
    void run(Program& p) {
        Frame root(nullptr);
        for (auto& s : p.body) visitStmt(root, *s, false);
        finalize(root, p.rootFrame);
        processNested(root);
        checkWholeTemplate(p.body);
    }

private:
    [[noreturn]] static void failAt(Pos p, const std::string& m) { throwSyntaxError(p.line, p.col, m); }

    // ---- what a frame's own code touches (jinja2's FrameSymbolVisitor) ------------------

    // symbols=false only records the names for resolution (a filter jinja2 evaluates in a
    // frame whose analysis never saw it).
    void visitExpr(Frame& f, Expr& e, bool soft, bool record = true, bool symbols = true) {
        switch (e.kind) {
        case ExprKind::Name: {
            auto& n = static_cast<NameExpr&>(e);
            if (symbols) {
                if (n.ctx == NameCtx::Load) f.sym.load(n.name);
                else if (n.ctx == NameCtx::Store) f.sym.store(n.name);
                else f.sym.param(n.name);
            }
            if (record) f.names.push_back(&e);
            return;
        }
        case ExprKind::NSRef:
            if (symbols) f.sym.load(static_cast<NSRefExpr&>(e).name);
            if (record) f.names.push_back(&e);
            return;
        case ExprKind::Filter: {
            auto& x = static_cast<FilterExpr&>(e);
            // Outside conditionals jinja2 rejects an unknown filter when compiling.
            if (record && !x.def && !soft) failAt(x.pos, "No filter named '" + x.name + "'.");
            break;
        }
        case ExprKind::Test: {
            auto& x = static_cast<TestExpr&>(e);
            if (record && !x.def && !soft) failAt(x.pos, "No test named '" + x.name + "'.");
            break;
        }
        case ExprKind::CondExpr: soft = true; break;
        default: break;
        }
        forEachChild(e, [&](Expr& c) { visitExpr(f, c, soft, record, symbols); });
    }

    void visitBody(Frame& f, Body& body, bool soft) {
        for (auto& s : body) visitStmt(f, *s, soft);
    }

    void visitIf(Frame& f, IfStmt& s) {
        visitExpr(f, *s.test, true);
        const Symbols original = f.sym;
        std::vector<Symbols> branches;
        auto branch = [&](const std::function<void()>& visit) {
            f.sym = original;
            visit();
            branches.push_back(std::move(f.sym));
        };
        branch([&] { visitBody(f, s.body, true); });
        branch([&] {
            for (auto& e : s.elifs) visitIf(f, *e);
        });
        branch([&] { visitBody(f, s.orelse, true); });
        f.sym = original;
        f.sym.branchUpdate(branches);
    }

    void visitStmt(Frame& f, Stmt& s, bool soft) {
        switch (s.kind) {
        case StmtKind::Output:
            for (auto& item : static_cast<OutputStmt&>(s).items)
                if (item.expr) {
                    visitExpr(f, *item.expr, soft);
                    item.foldable = isFoldable(*item.expr);
                }
            break;
        case StmtKind::If: visitIf(f, static_cast<IfStmt&>(s)); break;
        case StmtKind::For:
            visitExpr(f, *static_cast<ForStmt&>(s).iter, soft);
            f.nested.push_back(&s);
            break;
        case StmtKind::Assign:
            visitExpr(f, *static_cast<AssignStmt&>(s).value, soft);
            visitExpr(f, *static_cast<AssignStmt&>(s).target, soft);
            break;
        case StmtKind::AssignBlock:
            visitExpr(f, *static_cast<AssignBlockStmt&>(s).target, soft);
            f.nested.push_back(&s);
            break;
        case StmtKind::Macro: {
            auto& m = static_cast<MacroStmt&>(s);
            f.sym.store(m.def->name);
            f.macros.push_back(&m);
            f.nested.push_back(&s);
            break;
        }
        case StmtKind::CallBlock: {
            auto& c = static_cast<CallBlockStmt&>(s);
            if (c.call) visitExpr(f, *c.call, soft);
            f.nested.push_back(&s);
            break;
        }
        case StmtKind::FilterBlock:
            // jinja2's parent frame notes the filter's names but evaluates it in the inner frame.
            visitExpr(f, *static_cast<FilterBlockStmt&>(s).filter, soft, false);
            f.nested.push_back(&s);
            break;
        case StmtKind::With:
            for (auto& v : static_cast<WithStmt&>(s).values) visitExpr(f, *v, soft);
            f.nested.push_back(&s);
            break;
        case StmtKind::Scope:
        case StmtKind::Block: f.nested.push_back(&s); break;
        case StmtKind::Unsupported: {
            auto& u = static_cast<UnsupportedStmt&>(s);
            if (u.templateExpr) visitExpr(f, *u.templateExpr, soft);
            for (const auto& n : u.storedNames) f.sym.store(n);
            break;
        }
        case StmtKind::Break:
        case StmtKind::Continue: break;
        }
    }

    // Loop targets are parameters of the loop frame (and of the loop-filter frame).
    void declareTarget(Frame& f, Expr& target) {
        walkExpr(target, [&](NameExpr& n) {
            f.sym.param(n.name);
            f.names.push_back(&n);
        });
    }

    // ---- slots and resolution ------------------------------------------------------------

    static VarRef refFor(const Symbols& from, const std::string& name) {
        int up;
        const Symbols* owner = from.owner(name, up);
        VarRef r;
        if (owner) {
            r.up = static_cast<uint16_t>(up);
            r.slot = static_cast<uint16_t>(owner->slots.at(name));
        }
        return r;
    }

    void finalize(Frame& f, FrameInfo& info) {
        if (f.sym.refs.size() > 0xFFF0) failAt({1, 1}, "too many variables");
        int i = 0;
        for (const auto& [name, kind] : f.sym.refs) {
            f.sym.slots[name] = i++;
            SlotInfo slot;
            slot.name = name;
            slot.load = kind;
            if (kind == LoadKind::Alias) {
                slot.alias = refFor(*f.sym.parent, name);
                ++slot.alias.up;
            }
            info.slots.push_back(std::move(slot));
        }
        for (Expr* e : f.names) {
            if (e->kind == ExprKind::Name) {
                auto& n = static_cast<NameExpr&>(*e);
                n.ref = refFor(f.sym, n.name);
            } else {
                auto& n = static_cast<NSRefExpr&>(*e);
                n.ref = refFor(f.sym, n.name);
            }
        }
        for (MacroStmt* m : f.macros) m->nameRef = refFor(f.sym, m->def->name);
    }

    // ---- frames of nested statements -----------------------------------------------------

    void processNested(Frame& f) {
        for (Stmt* s : f.nested) {
            switch (s->kind) {
            case StmtKind::For: buildFor(f, static_cast<ForStmt&>(*s)); break;
            case StmtKind::Macro: buildMacro(f, *static_cast<MacroStmt&>(*s).def, s->pos); break;
            case StmtKind::CallBlock: buildMacro(f, *static_cast<CallBlockStmt&>(*s).caller, s->pos); break;
            case StmtKind::FilterBlock: {
                auto& x = static_cast<FilterBlockStmt&>(*s);
                Frame inner(&f.sym);
                visitBody(inner, x.body, false);
                visitExpr(inner, *x.filter, false);
                finish(inner, x.frame);
                break;
            }
            case StmtKind::With: {
                auto& x = static_cast<WithStmt&>(*s);
                Frame inner(&f.sym);
                for (auto& t : x.targets) visitExpr(inner, *t, false);
                visitBody(inner, x.body, false);
                finish(inner, x.frame);
                break;
            }
            case StmtKind::AssignBlock: {
                auto& x = static_cast<AssignBlockStmt&>(*s);
                Frame inner(&f.sym);
                visitBody(inner, x.body, false);
                if (x.filter) visitExpr(inner, *x.filter, false, true, false);
                finish(inner, x.frame);
                break;
            }
            case StmtKind::Scope: {
                auto& x = static_cast<ScopeStmt&>(*s);
                Frame inner(&f.sym);
                visitExpr(inner, *x.autoescape, false);
                visitBody(inner, x.body, false);
                finish(inner, x.frame);
                break;
            }
            case StmtKind::Block: {
                auto& x = static_cast<BlockStmt&>(*s);
                // A scoped block sees the variables bound around it (jinja2's dump_stores).
                std::set<std::string> seen;
                for (const Symbols* sym = &f.sym; sym; sym = sym->parent)
                    for (const auto& name : sym->stores)
                        if (seen.insert(name).second) {
                            x.visibleStores.push_back(name);
                            x.visibleRefs.push_back(refFor(f.sym, name));
                        }
                Frame inner(nullptr); // blocks render in a function of their own
                visitBody(inner, x.body, false);
                finish(inner, x.frame);
                break;
            }
            default: break;
            }
        }
    }

    void finish(Frame& f, FrameInfo& info) {
        finalize(f, info);
        processNested(f);
    }

    void buildFor(Frame& f, ForStmt& s) {
        Undeclared loopUse({"loop"});
        const auto fn = loopUse.fn();
        walkBody(s.body, fn, false);
        const bool extended = s.recursive || loopUse.has("loop") || containsScopedBlock(s.body) ||
                              containsScopedBlock(s.orelse);
        Frame loop(&f.sym);
        if (extended) loop.sym.param("loop");
        declareTarget(loop, *s.target);
        visitBody(loop, s.body, false);
        finalize(loop, s.loopFrame);
        s.loopSlot = extended ? loop.sym.slots.at("loop") : -1;
        processNested(loop);
        if (!s.orelse.empty()) {
            Frame orelse(&f.sym);
            visitBody(orelse, s.orelse, false);
            finish(orelse, s.elseFrame);
        }
        if (s.test) {
            Frame test(&f.sym);
            // The target's Name nodes resolve in the loop frame; the filter binds the same names
            // in its own frame by name.
            walkExpr(*s.target, [&](NameExpr& n) { test.sym.param(n.name); });
            visitExpr(test, *s.test, false);
            finish(test, s.testFrame);
        }
    }

    void buildMacro(Frame& f, MacroDef& m, Pos at) {
        // jinja2 looks for caller/kwargs/varargs in the body only.
        Undeclared special({"caller", "kwargs", "varargs"});
        walkBody(m.body, special.fn(), false);
        Frame inner(&f.sym);
        std::set<std::string> seen;
        for (auto& p : m.params) {
            if (!seen.insert(p->name).second) failAt(p->pos, "duplicate argument '" + p->name + "' in macro definition");
            visitExpr(inner, *p, false);
        }
        for (auto& d : m.defaults) visitExpr(inner, *d, false);
        visitBody(inner, m.body, false);
        if (special.has("caller") && seen.count("caller")) {
            // An explicit caller parameter is an ordinary one, but it needs a default.
            size_t index = 0;
            while (m.params[index]->name != "caller") ++index;
            if (index < m.params.size() - m.defaults.size())
                failAt(at, "When defining macros or call blocks the special \"caller\" argument must be omitted or be given a default.");
        }
        m.acceptsCaller = special.has("caller") && !seen.count("caller");
        m.catchKwargs = special.has("kwargs") && !seen.count("kwargs");
        m.catchVarargs = special.has("varargs") && !seen.count("varargs");
        if (m.acceptsCaller) inner.sym.param("caller");
        if (m.catchKwargs) inner.sym.param("kwargs");
        if (m.catchVarargs) inner.sym.param("varargs");
        finalize(inner, m.frame);
        for (auto& p : m.params) m.paramSlots.push_back(inner.sym.slots.at(p->name));
        if (m.acceptsCaller) m.callerSlot = inner.sym.slots.at("caller");
        if (m.catchKwargs) m.kwargsSlot = inner.sym.slots.at("kwargs");
        if (m.catchVarargs) m.varargsSlot = inner.sym.slots.at("varargs");
        processNested(inner);
    }

    // ---- whole-template checks ---------------------------------------------------------

    void checkWholeTemplate(Body& body) {
        std::set<std::string> blocks;
        std::function<void(Body&)> visit = [&](Body& b) {
            for (auto& s : b) {
                if (s->kind == StmtKind::Block) {
                    auto& x = static_cast<BlockStmt&>(*s);
                    if (!blocks.insert(x.name).second) failAt(x.pos, "block '" + x.name + "' defined twice");
                }
                if (s->kind == StmtKind::For)
                    walkStmt(*s, [&](NameExpr& n) {
                        if (n.ctx == NameCtx::Store && n.name == "loop")
                            failAt(n.pos, "Can't assign to special loop variable in for-loop target");
                    }, true);
                forEachBody(*s, visit);
            }
        };
        visit(body);
    }

    static void forEachBody(Stmt& s, const std::function<void(Body&)>& fn) {
        switch (s.kind) {
        case StmtKind::If: {
            auto& x = static_cast<IfStmt&>(s);
            fn(x.body);
            for (auto& e : x.elifs) fn(e->body);
            fn(x.orelse);
            break;
        }
        case StmtKind::For:
            fn(static_cast<ForStmt&>(s).body);
            fn(static_cast<ForStmt&>(s).orelse);
            break;
        case StmtKind::AssignBlock: fn(static_cast<AssignBlockStmt&>(s).body); break;
        case StmtKind::Macro: fn(static_cast<MacroStmt&>(s).def->body); break;
        case StmtKind::CallBlock: fn(static_cast<CallBlockStmt&>(s).caller->body); break;
        case StmtKind::FilterBlock: fn(static_cast<FilterBlockStmt&>(s).body); break;
        case StmtKind::With: fn(static_cast<WithStmt&>(s).body); break;
        case StmtKind::Scope: fn(static_cast<ScopeStmt&>(s).body); break;
        case StmtKind::Block: fn(static_cast<BlockStmt&>(s).body); break;
        default: break;
        }
    }
};

} // namespace

void analyzeProgram(Program& program) { Analyzer().run(program); }

} // namespace cmf::engine::chat
