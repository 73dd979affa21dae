#pragma once
// The syntax tree the parser builds, shaped like jinja2's nodes so the scoping analysis and
// the interpreter can follow jinja2's compiler rule for rule.
#include "chat/value.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cmf::engine::chat {

struct Pos {
    uint32_t line = 0;
    uint32_t col = 0;
};

// ---- scoping: where a name lives at run time ---------------------------------------------

// How a frame initializes a slot when it is entered (jinja2's VAR_LOAD_*).
enum class LoadKind : uint8_t {
    Parameter, // set by the construct: loop target, macro argument, `loop`, `caller`
    Resolve,   // looked up in the render context (template arguments, then globals)
    Alias,     // copied from the enclosing frame's variable of the same name
    Undefined, // starts missing
};

// A variable reference resolved at analysis time: walk `up` frames outward, take `slot`.
// kDynamic means the analysis found no frame for it (jinja2 itself would fail to compile such
// a template); it is then resolved from the context at run time.
struct VarRef {
    static constexpr uint16_t kDynamic = 0xFFFF;
    uint16_t up = kDynamic;
    uint16_t slot = 0;
};

struct SlotInfo {
    std::string name;
    LoadKind load = LoadKind::Undefined;
    VarRef alias; // for LoadKind::Alias: the enclosing variable, counted from this frame (up >= 1)
};

struct FrameInfo {
    std::vector<SlotInfo> slots;
    int slotOf(const std::string& name) const;
};

// ---- expressions ----------------------------------------------------------------------------

enum class ExprKind : uint8_t {
    Const, Name, NSRef, Getattr, Getitem, Slice, Call, Filter, Test, Not, Neg, Pos, Binary, Concat,
    Compare, And, Or, CondExpr, List, Tuple, Dict,
};

enum class BinOp : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow };
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn };
enum class NameCtx : uint8_t { Load, Store, Param };

struct Expr {
    Expr(ExprKind k, Pos p) : kind(k), pos(p) {}
    virtual ~Expr() = default;
    ExprKind kind;
    uint16_t depth = 1; // height of the subtree, bounded by the parser
    Pos pos;
};
using ExprPtr = std::unique_ptr<Expr>;

struct ConstExpr : Expr {
    ConstExpr(Pos p, Value v) : Expr(ExprKind::Const, p), value(std::move(v)) {}
    Value value;
    // Set by constant folding when the value holds inf or nan: jinja2 writes such a constant
    // into its generated Python as `inf`, which then fails with NameError when run.
    std::string nameError;
};

struct NameExpr : Expr {
    NameExpr(Pos p, std::string n, NameCtx c) : Expr(ExprKind::Name, p), name(std::move(n)), ctx(c) {}
    std::string name;
    NameCtx ctx;
    VarRef ref;
};

// `ns.attr` as an assignment target of {% set %}.
struct NSRefExpr : Expr {
    NSRefExpr(Pos p, std::string n, std::string a) : Expr(ExprKind::NSRef, p), name(std::move(n)), attr(std::move(a)) {}
    std::string name;
    std::string attr;
    VarRef ref;
};

struct GetattrExpr : Expr {
    GetattrExpr(Pos p, ExprPtr o, std::string a) : Expr(ExprKind::Getattr, p), obj(std::move(o)), attr(std::move(a)) {}
    ExprPtr obj;
    std::string attr;
};

struct GetitemExpr : Expr {
    GetitemExpr(Pos p, ExprPtr o, ExprPtr k) : Expr(ExprKind::Getitem, p), obj(std::move(o)), key(std::move(k)) {}
    ExprPtr obj;
    ExprPtr key;
};

struct SliceExpr : Expr {
    explicit SliceExpr(Pos p) : Expr(ExprKind::Slice, p) {}
    ExprPtr start, stop, step; // each may be null
};

struct CallArgsNode {
    std::vector<ExprPtr> args;
    std::vector<std::pair<std::string, ExprPtr>> kwargs;
    ExprPtr dynArgs;   // *args
    ExprPtr dynKwargs; // **kwargs
};

struct CallExpr : Expr {
    CallExpr(Pos p, ExprPtr c) : Expr(ExprKind::Call, p), callee(std::move(c)) {}
    ExprPtr callee;
    CallArgsNode args;
};

struct FilterDef;
struct TestDef;

struct FilterExpr : Expr {
    FilterExpr(Pos p, ExprPtr in, std::string n) : Expr(ExprKind::Filter, p), input(std::move(in)), name(std::move(n)) {}
    ExprPtr input; // null for the filter of a filter block or set block: applied to the body
    std::string name;
    const FilterDef* def = nullptr;
    CallArgsNode args;
};

struct TestExpr : Expr {
    TestExpr(Pos p, ExprPtr in, std::string n) : Expr(ExprKind::Test, p), input(std::move(in)), name(std::move(n)) {}
    ExprPtr input;
    std::string name;
    const TestDef* def = nullptr;
    CallArgsNode args;
};

struct UnaryExpr : Expr {
    UnaryExpr(ExprKind k, Pos p, ExprPtr o) : Expr(k, p), operand(std::move(o)) {}
    ExprPtr operand;
};

struct BinaryExpr : Expr {
    BinaryExpr(ExprKind k, Pos p, ExprPtr l, ExprPtr r) : Expr(k, p), left(std::move(l)), right(std::move(r)) {}
    BinOp op = BinOp::Add; // for ExprKind::Binary; And/Or use only left and right
    ExprPtr left, right;
};

struct ConcatExpr : Expr {
    explicit ConcatExpr(Pos p) : Expr(ExprKind::Concat, p) {}
    std::vector<ExprPtr> parts;
};

struct CompareExpr : Expr {
    CompareExpr(Pos p, ExprPtr f) : Expr(ExprKind::Compare, p), first(std::move(f)) {}
    ExprPtr first;
    std::vector<std::pair<CmpOp, ExprPtr>> rest;
};

// `then if test else otherwise`; evaluation (and jinja2's analysis) visits test first.
struct CondExpr : Expr {
    explicit CondExpr(Pos p) : Expr(ExprKind::CondExpr, p) {}
    ExprPtr test, then, otherwise; // otherwise may be null
};

struct SeqExpr : Expr {
    SeqExpr(ExprKind k, Pos p) : Expr(k, p) {}
    std::vector<ExprPtr> items; // List or Tuple
};

struct DictExpr : Expr {
    explicit DictExpr(Pos p) : Expr(ExprKind::Dict, p) {}
    std::vector<std::pair<ExprPtr, ExprPtr>> items;
};

// ---- statements ---------------------------------------------------------------------------

enum class StmtKind : uint8_t {
    Output, If, For, Assign, AssignBlock, Macro, CallBlock, FilterBlock, With, Scope, Block, Break, Continue,
    Unsupported,
};

struct Stmt {
    Stmt(StmtKind k, Pos p) : kind(k), pos(p) {}
    virtual ~Stmt() = default;
    StmtKind kind;
    Pos pos;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

// Template text and {{ }} expressions; an item with a null expr is text.
struct OutputStmt : Stmt {
    explicit OutputStmt(Pos p) : Stmt(StmtKind::Output, p) {}
    struct Item {
        std::string text;
        ExprPtr expr;
        // jinja2 evaluates a fully constant {{ }} expression when compiling, with its forgiving
        // getitem even for slices: {{ none[1:] }} prints "" where a variable would raise.
        bool foldable = false;
    };
    std::vector<Item> items;
};

struct IfStmt : Stmt {
    explicit IfStmt(Pos p) : Stmt(StmtKind::If, p) {}
    ExprPtr test;
    Body body;
    std::vector<std::unique_ptr<IfStmt>> elifs;
    Body orelse;
};

struct ForStmt : Stmt {
    explicit ForStmt(Pos p) : Stmt(StmtKind::For, p) {}
    ExprPtr target, iter, test; // test may be null
    Body body, orelse;
    bool recursive = false;
    FrameInfo loopFrame, elseFrame, testFrame;
    int loopSlot = -1; // slot of `loop` in loopFrame when the body uses it
};

struct AssignStmt : Stmt {
    explicit AssignStmt(Pos p) : Stmt(StmtKind::Assign, p) {}
    ExprPtr target, value;
};

struct AssignBlockStmt : Stmt {
    explicit AssignBlockStmt(Pos p) : Stmt(StmtKind::AssignBlock, p) {}
    ExprPtr target;
    ExprPtr filter; // FilterExpr chain whose innermost input is null, or null
    Body body;
    FrameInfo frame;
};

// The callable part shared by {% macro %}, the caller of {% call %} and {% generation %}.
struct MacroDef {
    std::string name;
    std::vector<std::unique_ptr<NameExpr>> params;
    std::vector<ExprPtr> defaults; // for the last defaults.size() params
    Body body;
    FrameInfo frame;
    bool catchKwargs = false;
    bool catchVarargs = false;
    bool acceptsCaller = false; // the body refers to `caller`
    bool explicitCaller = false;
    int kwargsSlot = -1, varargsSlot = -1, callerSlot = -1;
    std::vector<int> paramSlots;
};

struct MacroStmt : Stmt {
    explicit MacroStmt(Pos p) : Stmt(StmtKind::Macro, p) {}
    std::unique_ptr<MacroDef> def;
    VarRef nameRef;
};

// {% call(args) callee(...) %}body{% endcall %}; also {% generation %}, which transformers
// implements as a call block whose callee returns caller() unchanged (callExpr is null then).
struct CallBlockStmt : Stmt {
    explicit CallBlockStmt(Pos p) : Stmt(StmtKind::CallBlock, p) {}
    std::unique_ptr<CallExpr> call;
    std::unique_ptr<MacroDef> caller;
};

struct FilterBlockStmt : Stmt {
    explicit FilterBlockStmt(Pos p) : Stmt(StmtKind::FilterBlock, p) {}
    ExprPtr filter;
    Body body;
    FrameInfo frame;
};

struct WithStmt : Stmt {
    explicit WithStmt(Pos p) : Stmt(StmtKind::With, p) {}
    std::vector<ExprPtr> targets, values;
    Body body;
    FrameInfo frame;
};

// {% autoescape expr %}: a scope that switches output escaping.
struct ScopeStmt : Stmt {
    explicit ScopeStmt(Pos p) : Stmt(StmtKind::Scope, p) {}
    ExprPtr autoescape;
    Body body;
    FrameInfo frame;
};

struct BlockStmt : Stmt {
    explicit BlockStmt(Pos p) : Stmt(StmtKind::Block, p) {}
    std::string name;
    bool scoped = false, required = false;
    Body body;
    FrameInfo frame;
    std::vector<std::string> visibleStores; // names a scoped block sees from enclosing frames
    std::vector<VarRef> visibleRefs;
};

// include / import / from-import / extends: parsed, but a template with no loader cannot run
// them (jinja2 fails the same way when one is reached).
struct UnsupportedStmt : Stmt {
    UnsupportedStmt(Pos p, std::string w) : Stmt(StmtKind::Unsupported, p), what(std::move(w)) {}
    std::string what;
    ExprPtr templateExpr;
    std::vector<std::string> storedNames;
};

struct Program {
    Body body;
    FrameInfo rootFrame;
};

// The children of an expression as owning pointers, in jinja2's field order (the order its
// symbol analysis visits them), so a pass can also replace them (constant folding).
template <class F> void forEachChildPtr(Expr& e, F&& f) {
    auto visit = [&](ExprPtr& c) {
        if (c) f(c);
    };
    auto visitArgs = [&](CallArgsNode& a) {
        for (auto& x : a.args) visit(x);
        for (auto& kv : a.kwargs) visit(kv.second);
        visit(a.dynArgs);
        visit(a.dynKwargs);
    };
    switch (e.kind) {
    case ExprKind::Const:
    case ExprKind::Name:
    case ExprKind::NSRef: break;
    case ExprKind::Getattr: visit(static_cast<GetattrExpr&>(e).obj); break;
    case ExprKind::Getitem:
        visit(static_cast<GetitemExpr&>(e).obj);
        visit(static_cast<GetitemExpr&>(e).key);
        break;
    case ExprKind::Slice: {
        auto& s = static_cast<SliceExpr&>(e);
        visit(s.start);
        visit(s.stop);
        visit(s.step);
        break;
    }
    case ExprKind::Call:
        visit(static_cast<CallExpr&>(e).callee);
        visitArgs(static_cast<CallExpr&>(e).args);
        break;
    case ExprKind::Filter:
        visit(static_cast<FilterExpr&>(e).input);
        visitArgs(static_cast<FilterExpr&>(e).args);
        break;
    case ExprKind::Test:
        visit(static_cast<TestExpr&>(e).input);
        visitArgs(static_cast<TestExpr&>(e).args);
        break;
    case ExprKind::Not:
    case ExprKind::Neg:
    case ExprKind::Pos: visit(static_cast<UnaryExpr&>(e).operand); break;
    case ExprKind::Binary:
    case ExprKind::And:
    case ExprKind::Or:
        visit(static_cast<BinaryExpr&>(e).left);
        visit(static_cast<BinaryExpr&>(e).right);
        break;
    case ExprKind::Concat:
        for (auto& p : static_cast<ConcatExpr&>(e).parts) visit(p);
        break;
    case ExprKind::Compare:
        visit(static_cast<CompareExpr&>(e).first);
        for (auto& [op, x] : static_cast<CompareExpr&>(e).rest) visit(x);
        break;
    case ExprKind::CondExpr: {
        auto& c = static_cast<CondExpr&>(e);
        visit(c.test);
        visit(c.then);
        visit(c.otherwise);
        break;
    }
    case ExprKind::List:
    case ExprKind::Tuple:
        for (auto& x : static_cast<SeqExpr&>(e).items) visit(x);
        break;
    case ExprKind::Dict:
        for (auto& [k, v] : static_cast<DictExpr&>(e).items) {
            visit(k);
            visit(v);
        }
        break;
    }
}

// Children in jinja2's field order (the order its symbol analysis visits them); null
// children are skipped.
template <class F> void forEachChild(Expr& e, F&& f) {
    forEachChildPtr(e, [&](ExprPtr& c) { f(*c); });
}

} // namespace cmf::engine::chat
