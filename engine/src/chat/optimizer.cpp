#include "chat/optimizer.h"

#include "chat/errors.h"
#include "chat/interpreter.h"
#include "chat/protocol.h"

#include <cmath>
#include <functional>

namespace cmf::engine::chat {

bool isFoldable(const Expr& e) {
    switch (e.kind) {
    case ExprKind::Name:
    case ExprKind::NSRef:
    case ExprKind::Call: return false;
    case ExprKind::Filter: {
        const auto& f = static_cast<const FilterExpr&>(e);
        if (!f.input || !f.def) return false;
        // Filters that take the render context cannot run at compile time.
        static const char* contextFilters[] = {"map", "select", "reject", "selectattr", "rejectattr", "random"};
        for (const char* n : contextFilters)
            if (f.name == n) return false;
        break;
    }
    case ExprKind::Test:
        if (!static_cast<const TestExpr&>(e).def) return false;
        break;
    default: break;
    }
    bool ok = true;
    forEachChild(const_cast<Expr&>(e), [&](Expr& c) { ok = ok && isFoldable(c); });
    return ok;
}

namespace {

// jinja2's has_safe_repr: what a constant may hold to be written into generated code.
bool safeRepr(const Value& v) {
    switch (v.kind()) {
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Str:
    case Kind::Range: return true;
    case Kind::List:
    case Kind::Tuple: {
        if (v.as<ListObj>().groupTuple) return false;
        DepthGuard guard;
        for (const auto& x : v.items())
            if (!safeRepr(x)) return false;
        return true;
    }
    case Kind::Dict: {
        DepthGuard guard;
        for (const auto& [k, x] : v.dict().entries())
            if (!safeRepr(k) || !safeRepr(x)) return false;
        return true;
    }
    default: return false;
    }
}

// The first non-finite float in repr order: its Python spelling is not a valid expression.
std::string nonFiniteName(const Value& v) {
    switch (v.kind()) {
    case Kind::Float: {
        const double d = v.asFloat();
        return std::isnan(d) ? "nan" : std::isinf(d) ? "inf" : "";
    }
    case Kind::List:
    case Kind::Tuple:
        for (const auto& x : v.items())
            if (auto n = nonFiniteName(x); !n.empty()) return n;
        return "";
    case Kind::Dict:
        for (const auto& [k, x] : v.dict().entries()) {
            if (auto n = nonFiniteName(k); !n.empty()) return n;
            if (auto n = nonFiniteName(x); !n.empty()) return n;
        }
        return "";
    default: return "";
    }
}

class Folder {
public:
    explicit Folder(const Program& p) : interpreter_(p, Value::newDict(), settings()) {}

    void fold(ExprPtr& e) {
        forEachChildPtr(*e, [&](ExprPtr& c) { fold(c); });
        if (e->kind == ExprKind::Const || !isFoldable(*e)) return;
        Value v;
        try {
            v = interpreter_.evalConstant(*e);
        } catch (const Failure&) {
            return; // jinja2's Impossible: left for run time
        }
        if (!safeRepr(v)) return;
        auto c = std::make_unique<ConstExpr>(e->pos, std::move(v));
        c->nameError = nonFiniteName(c->value);
        e = std::move(c);
    }

    void foldBody(Body& body) {
        for (auto& s : body) foldStmt(*s);
    }

private:
    static Settings settings() {
        // Folding is an optimization: anything large is simply left for run time.
        Settings s;
        s.limits.maxBytes = size_t(1) << 20;
        s.limits.maxItems = size_t(1) << 16;
        s.limits.maxSteps = 100000;
        return s;
    }

    void opt(ExprPtr& e) {
        if (e) fold(e);
    }

    void foldArgs(CallArgsNode& a) {
        for (auto& x : a.args) opt(x);
        for (auto& kv : a.kwargs) opt(kv.second);
        opt(a.dynArgs);
        opt(a.dynKwargs);
    }

    void foldMacro(MacroDef& m) {
        for (auto& d : m.defaults) opt(d);
        foldBody(m.body);
    }

    void foldStmt(Stmt& s) {
        switch (s.kind) {
        case StmtKind::Output:
            for (auto& item : static_cast<OutputStmt&>(s).items) opt(item.expr);
            break;
        case StmtKind::If: {
            auto& x = static_cast<IfStmt&>(s);
            opt(x.test);
            foldBody(x.body);
            for (auto& e : x.elifs) foldStmt(*e);
            foldBody(x.orelse);
            break;
        }
        case StmtKind::For: {
            auto& x = static_cast<ForStmt&>(s);
            opt(x.iter);
            opt(x.test);
            foldBody(x.body);
            foldBody(x.orelse);
            break;
        }
        case StmtKind::Assign: opt(static_cast<AssignStmt&>(s).value); break;
        case StmtKind::AssignBlock: {
            auto& x = static_cast<AssignBlockStmt&>(s);
            foldFilterChain(x.filter);
            foldBody(x.body);
            break;
        }
        case StmtKind::Macro: foldMacro(*static_cast<MacroStmt&>(s).def); break;
        case StmtKind::CallBlock: {
            auto& x = static_cast<CallBlockStmt&>(s);
            if (x.call) {
                opt(x.call->callee);
                foldArgs(x.call->args);
            }
            foldMacro(*x.caller);
            break;
        }
        case StmtKind::FilterBlock: {
            auto& x = static_cast<FilterBlockStmt&>(s);
            foldFilterChain(x.filter);
            foldBody(x.body);
            break;
        }
        case StmtKind::With: {
            auto& x = static_cast<WithStmt&>(s);
            for (auto& v : x.values) opt(v);
            foldBody(x.body);
            break;
        }
        case StmtKind::Scope: {
            auto& x = static_cast<ScopeStmt&>(s);
            opt(x.autoescape);
            foldBody(x.body);
            break;
        }
        case StmtKind::Block: foldBody(static_cast<BlockStmt&>(s).body); break;
        case StmtKind::Unsupported: opt(static_cast<UnsupportedStmt&>(s).templateExpr); break;
        case StmtKind::Break:
        case StmtKind::Continue: break;
        }
    }

    // A block's filter chain has no input of its own; only its arguments can fold.
    void foldFilterChain(ExprPtr& e) {
        if (!e) return;
        if (e->kind == ExprKind::Filter) {
            auto& f = static_cast<FilterExpr&>(*e);
            if (f.input && f.input->kind == ExprKind::Filter) foldFilterChain(f.input);
            else opt(f.input);
            foldArgs(f.args);
            return;
        }
        opt(e);
    }

    Interpreter interpreter_;
};

} // namespace

void foldConstants(Program& program) {
    Folder folder(program);
    folder.foldBody(program.body);
}

} // namespace cmf::engine::chat
