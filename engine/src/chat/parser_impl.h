#pragma once
// The parser's shared state: the token stream, nesting bounds and error helpers. Its grammar is
// split by topic: statements in parse_statements.cpp, expressions and assignment targets in
// parse_expressions.cpp; both follow jinja2's parser rule for rule.
#include "chat/ast.h"
#include "chat/lexer.h"
#include "chat/parser.h"

#include <algorithm>
#include <string>
#include <vector>

namespace cmf::engine::chat {

// End rules such as jinja2's "name:endfor": a name token with that text.
using EndRules = std::vector<std::string>;

std::string describeToken(const Token& t);
inline std::string quoted(const std::string& s) { return "'" + s + "'"; }

class Parser {
public:
    explicit Parser(std::vector<Token> tokens) : t_(std::move(tokens)) {}

    Body parseTemplate() { return subparse(nullptr); }

private:
    // ---- token stream -------------------------------------------------------------------

    const Token& cur() const { return t_[i_]; }
    const Token& look() const { return t_[std::min(i_ + 1, t_.size() - 1)]; }
    const Token& next() {
        const Token& t = t_[i_];
        if (i_ + 1 < t_.size()) ++i_;
        return t;
    }
    static Pos posOf(const Token& t) { return {t.line, t.col}; }
    Pos pos() const { return posOf(cur()); }

    [[noreturn]] void failAt(const Token& t, const std::string& m) const { throwSyntaxError(t.line, t.col, m); }
    [[noreturn]] void failAt(Pos p, const std::string& m) const { throwSyntaxError(p.line, p.col, m); }

    bool isOp(std::string_view op) const { return cur().isOp(op); }
    bool isName(std::string_view n) const { return cur().isName(n); }
    bool skipOp(std::string_view op) {
        if (!isOp(op)) return false;
        next();
        return true;
    }
    bool skipName(std::string_view n) {
        if (!isName(n)) return false;
        next();
        return true;
    }

    [[noreturn]] void expected(const std::string& what) const {
        if (cur().type == Tok::Eof) failAt(cur(), "unexpected end of template, expected " + quoted(what) + ".");
        failAt(cur(), "expected token " + quoted(what) + ", got " + quoted(describeToken(cur())));
    }
    const Token& expectOp(std::string_view op) {
        if (!isOp(op)) expected(std::string(op));
        return next();
    }
    const Token& expectName() {
        if (cur().type != Tok::Name) expected("name");
        return next();
    }
    const Token& expectName(std::string_view n) {
        if (!isName(n)) expected(std::string(n));
        return next();
    }
    void expectType(Tok type, const char* what) {
        if (cur().type != type) expected(what);
        next();
    }
    void expectBlockEnd() { expectType(Tok::BlockEnd, "end of statement block"); }

    // ---- depth bounds -----------------------------------------------------------------

    struct DepthGuard {
        DepthGuard(Parser& p, int& counter, int limit, const char* what) : c(counter) {
            if (++c > limit) p.failAt(p.cur(), std::string(what) + " nested too deeply");
        }
        ~DepthGuard() { --c; }
        int& c;
    };

    template <class T> std::unique_ptr<T> seal(std::unique_ptr<T> e) {
        int d = 0;
        forEachChild(*e, [&](Expr& c) { d = std::max<int>(d, c.depth); });
        if (d + 1 > kMaxExprDepth) failAt(e->pos, "expression nested too deeply");
        e->depth = static_cast<uint16_t>(d + 1);
        return e;
    }

    // ---- statements (parse_statements.cpp) ---------------------------------------------

    bool atEnd(const EndRules* rules) const;
    Body subparse(const EndRules* endRules);
    Body parseStatements(const EndRules& endRules, bool dropNeedle);
    [[noreturn]] void failUnknownTagOrEof(const std::string* name, const Token& at) const;
    void parseStatement(Body& out);
    StmtPtr parseLoopControl(const std::string& name);
    StmtPtr parseFor();
    StmtPtr parseIf();
    StmtPtr parseBlock();
    StmtPtr parseLoaderStmt(const std::string& what);
    StmtPtr parsePrint();
    std::string parseNameTarget();
    void parseSignature(MacroDef& def);
    // Macro and call bodies compile to separate Python functions: break/continue inside them
    // cannot reach an enclosing loop.
    Body parseFunctionBody(const EndRules& end);
    StmtPtr parseMacro();
    StmtPtr parseCallBlock();
    StmtPtr parseGeneration();
    StmtPtr parseFilterBlock();
    StmtPtr parseSet();
    StmtPtr parseWith();
    StmtPtr parseAutoescape();

    // ---- assignment targets and expressions (parse_expressions.cpp) --------------------

    static void setCtx(Expr& e, NameCtx ctx);
    static bool canAssign(const Expr& e);
    static const char* nodeTypeName(const Expr& e);
    ExprPtr parseAssignTarget(bool withTuple, bool nameOnly, const EndRules* extraEnd, bool withNamespace);
    bool isTupleEnd(const EndRules* extraEnd) const;
    ExprPtr parseTuple(bool simplified, bool withCondexpr, const EndRules* extraEnd, bool explicitParens,
                       bool withNamespace = false);
    ExprPtr parseExpression(bool withCondexpr);
    ExprPtr parseCondexpr();
    ExprPtr logic(ExprKind kind, Pos at, ExprPtr l, ExprPtr r);
    ExprPtr parseOr();
    ExprPtr parseAnd();
    ExprPtr parseNot();
    ExprPtr parseCompare();
    ExprPtr binary(BinOp op, Pos at, ExprPtr l, ExprPtr r);
    ExprPtr parseMath1();
    ExprPtr parseConcat();
    ExprPtr parseMath2();
    ExprPtr parsePow();
    ExprPtr parseUnary(bool withFilter);
    ExprPtr parsePrimary(bool withNamespace);
    ExprPtr parseList();
    ExprPtr parseDict();
    ExprPtr parsePostfix(ExprPtr node);
    ExprPtr parseFilterExpr(ExprPtr node);
    ExprPtr parseSubscript(ExprPtr node);
    ExprPtr parseSubscribed();
    void parseCallArgs(CallArgsNode& out);
    ExprPtr parseCall(ExprPtr node);
    std::string dottedName();
    // `| name(args)` repeatedly; with startInline the first filter has no pipe (filter blocks).
    ExprPtr parseFilter(ExprPtr node, bool startInline);
    ExprPtr parseTest(ExprPtr node);

    std::vector<Token> t_;
    size_t i_ = 0;
    std::vector<EndRules> endStack_;
    std::vector<std::string> tagStack_;
    int loopDepth_ = 0;
    int exprDepth_ = 0;
    int stmtDepth_ = 0;
};

} // namespace cmf::engine::chat
