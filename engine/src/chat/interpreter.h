#pragma once
// Executes a parsed template the way jinja2's generated Python code would: frames initialized
// per the scoping analysis, Python semantics for every operation, output buffered per macro
// and block. One Interpreter renders once.
#include "chat/ast.h"
#include "chat/errors.h"
#include "chat/value.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cmf::engine::chat {

struct LocalTimeFields {
    int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, microsecond = 0;
};

struct Settings {
    std::optional<LocalTimeFields> now; // what strftime_now formats; nullopt: the clock
    bool allowMutation = false;         // list.append & co. (the sandbox forbids them)
    int maxCallDepth = 100;             // macro / caller / recursive-loop nesting
    Limits limits;
};

struct RtFrame {
    RtFrame(const FrameInfo* i, std::shared_ptr<RtFrame> p) : info(i), slots(i->slots.size(), Value::missing()), parent(std::move(p)) {}
    ~RtFrame() { releaseDeep(slots); }
    const FrameInfo* info;
    std::vector<Value> slots;
    std::shared_ptr<RtFrame> parent;
};
using FramePtr = std::shared_ptr<RtFrame>;

enum class Flow : uint8_t { Normal, Break, Continue };

class Interpreter {
public:
    Interpreter(const Program& program, Value contextVars, const Settings& settings);
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    std::string render();
    // Evaluates a variable-free expression as jinja2's compile-time folding does.
    Value evalConstant(const Expr& e);

    // ---- services for filters, tests, methods and globals ---------------------------------
    const Settings& settings() const { return settings_; }
    bool autoescape() const { return autoescape_; }
    // jinja2's (sandboxed) environment.getattr / getitem: never raise for a missing attribute
    // or key, returning Undefined instead.
    Value getAttr(const Value& obj, std::string_view name);
    Value getItem(const Value& obj, const Value& key);
    // Python's getattr() alone (the attribute filter): no fallback to items.
    Value pythonAttribute(const Value& obj, std::string_view name);
    Value call(const Value& callee, CallArgs& args);
    // Objects that can take part in reference cycles are cleared when the render ends.
    void track(const std::shared_ptr<Obj>& obj);

    // Used by the loop object.
    Value renderRecursiveLoop(const ForStmt& stmt, const FramePtr& outer, const Value& iterable, int depth0);
    Value invokeMacro(const MacroDef& def, const FramePtr& closure, bool autoescapeResult, CallArgs& args);

private:
    Flow execBody(const Body& body);
    Flow exec(const Stmt& s);
    Value eval(const Expr& e);
    Value evalUnchecked(const Expr& e);

    Flow execOutput(const OutputStmt& s);
    Flow execIf(const IfStmt& s);
    Flow execFor(const ForStmt& s, const Value* recursiveIterable = nullptr, int depth0 = 0);
    Flow execAssignBlock(const AssignBlockStmt& s);
    Flow execCallBlock(const CallBlockStmt& s);
    Flow execFilterBlock(const FilterBlockStmt& s);
    Flow execWith(const WithStmt& s);
    Flow execScope(const ScopeStmt& s);
    Flow execBlock(const BlockStmt& s);

    Value evalCall(const CallExpr& c, const Value* caller);
    void evalArgs(const CallArgsNode& node, CallArgs& out);
    Value evalFilter(const FilterExpr& f);
    Value evalGetitem(const GetitemExpr& g);
    Value evalCompare(const CompareExpr& c);

    // Variables.
    FramePtr enterFrame(const FrameInfo& info, FramePtr parent);
    void initSlots(RtFrame& frame);
    Value resolve(const std::string& name);
    Value load(const NameExpr& n);
    Value& slotAt(const VarRef& ref);
    void assign(const Expr& target, const Value& value, RtFrame* byName = nullptr);
    void storeName(const NameExpr& n, const Value& value, RtFrame* byName);

    void write(const Value& v);
    void writeText(const std::string& text);

    class PosGuard;
    class DepthGuard;
    friend class PosGuard;
    friend class DepthGuard;

    const Program& program_;
    Value vars_; // the render context: a dict of template arguments
    Settings settings_;
    FramePtr frame_;
    FramePtr root_;
    DictObj exported_; // top-level assignments, visible to blocks through the context
    std::vector<std::pair<std::string, Value>> blockLocals_; // scoped block's view of locals
    std::string* out_ = nullptr;
    const Value* blockInput_ = nullptr; // body text a filter block / set block filters
    bool autoescape_ = false;
    bool constMode_ = false; // evaluating as jinja2's compile-time constant folding would
    int callDepth_ = 0;
    int nesting_ = 0;
    Pos pos_;
    std::vector<std::weak_ptr<Obj>> tracked_;
    size_t trackedCompactAt_ = 64;
};

} // namespace cmf::engine::chat
