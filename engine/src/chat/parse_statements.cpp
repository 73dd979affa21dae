// Statements: {% for %}, {% if %}, {% set %}, {% macro %}, {% call %}, {% filter %},
// {% with %}, {% block %}, the loader tags jinja2 accepts but cannot run without a loader, and
// the extension tags transformers enables (break, continue, generation).
#include "chat/parser_impl.h"

#include "chat/builtins.h"
#include "chat/optimizer.h"
#include "chat/scope.h"

#include <set>

namespace cmf::engine::chat {

std::string describeToken(const Token& t) {
    switch (t.type) {
    case Tok::Eof: return "end of template";
    case Tok::Data: return "template data / text";
    case Tok::VariableBegin: return "begin of print statement";
    case Tok::VariableEnd: return "end of print statement";
    case Tok::BlockBegin: return "begin of statement block";
    case Tok::BlockEnd: return "end of statement block";
    case Tok::String: return "string";
    case Tok::Integer: return "integer";
    case Tok::Float: return "float";
    case Tok::Name:
    case Tok::Operator: return t.text;
    }
    return "token";
}

bool Parser::atEnd(const EndRules* rules) const {
    if (!rules) return false;
    for (const auto& r : *rules)
        if (isName(r)) return true;
    return false;
}

Body Parser::subparse(const EndRules* endRules) {
    DepthGuard guard(*this, stmtDepth_, kMaxStmtDepth, "statements");
    if (endRules) endStack_.push_back(*endRules);
    Body body;
    std::unique_ptr<OutputStmt> out;
    auto flush = [&] {
        if (out) body.push_back(std::move(out));
    };
    while (cur().type != Tok::Eof) {
        const Token& tok = cur();
        if (tok.type == Tok::Data) {
            if (!out) out = std::make_unique<OutputStmt>(posOf(tok));
            out->items.push_back({tok.text, nullptr});
            next();
        } else if (tok.type == Tok::VariableBegin) {
            if (!out) out = std::make_unique<OutputStmt>(posOf(tok));
            next();
            out->items.push_back({{}, parseTuple(false, true, nullptr, false)});
            expectType(Tok::VariableEnd, "end of print statement");
        } else if (tok.type == Tok::BlockBegin) {
            flush();
            next();
            if (atEnd(endRules)) {
                if (endRules) endStack_.pop_back();
                return body;
            }
            parseStatement(body);
            expectBlockEnd();
        } else {
            failAt(tok, "unexpected " + quoted(describeToken(tok)));
        }
    }
    flush();
    if (endRules) endStack_.pop_back();
    return body;
}

Body Parser::parseStatements(const EndRules& endRules, bool dropNeedle) {
    skipOp(":");
    expectBlockEnd();
    Body body = subparse(&endRules);
    if (cur().type == Tok::Eof) {
        endStack_.push_back(endRules); // jinja2 reports what it was still looking for
        failUnknownTagOrEof(nullptr, cur());
    }
    if (dropNeedle) next();
    return body;
}

void Parser::failUnknownTagOrEof(const std::string* name, const Token& at) const {
    std::set<std::string> expected;
    for (const auto& rules : endStack_) expected.insert(rules.begin(), rules.end());
    std::string looking;
    if (!endStack_.empty())
        for (const auto& r : endStack_.back()) looking += (looking.empty() ? "" : " or ") + quoted(r);
    std::string msg = name ? "Encountered unknown tag " + quoted(*name) + "." : "Unexpected end of template.";
    if (!looking.empty()) {
        if (name && expected.count(*name))
            msg += " You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for " +
                   looking + ".";
        else
            msg += " Jinja was looking for the following tags: " + looking + ".";
    }
    if (!tagStack_.empty()) msg += " The innermost block that needs to be closed is " + quoted(tagStack_.back()) + ".";
    failAt(at, msg);
}

void Parser::parseStatement(Body& out) {
    const Token& tok = cur();
    if (tok.type != Tok::Name) failAt(tok, "tag name expected");
    const std::string name = tok.text;
    static const std::set<std::string> known = {"for", "if", "block", "extends", "print", "macro", "include",
                                                "from", "import", "set", "with", "autoescape", "call",
                                                "filter", "break", "continue", "generation"};
    if (!known.count(name)) failUnknownTagOrEof(&name, tok);
    tagStack_.push_back(name);
    StmtPtr s;
    if (name == "for") s = parseFor();
    else if (name == "if") s = parseIf();
    else if (name == "block") s = parseBlock();
    else if (name == "extends" || name == "include" || name == "import" || name == "from") s = parseLoaderStmt(name);
    else if (name == "print") s = parsePrint();
    else if (name == "macro") s = parseMacro();
    else if (name == "set") s = parseSet();
    else if (name == "with") s = parseWith();
    else if (name == "autoescape") s = parseAutoescape();
    else if (name == "call") s = parseCallBlock();
    else if (name == "filter") s = parseFilterBlock();
    else if (name == "generation") s = parseGeneration();
    else s = parseLoopControl(name);
    tagStack_.pop_back();
    out.push_back(std::move(s));
}

StmtPtr Parser::parseLoopControl(const std::string& name) {
    const Token& tok = next();
    // loopcontrols compiles these to Python's break/continue, which Python rejects outside
    // a loop of the same function (macro and call bodies are separate functions).
    if (loopDepth_ == 0) failAt(tok, quoted(name) + " outside of a loop");
    return std::make_unique<Stmt>(name == "break" ? StmtKind::Break : StmtKind::Continue, posOf(tok));
}

StmtPtr Parser::parseFor() {
    auto s = std::make_unique<ForStmt>(posOf(next()));
    EndRules inRule{"in"};
    s->target = parseAssignTarget(true, false, &inRule, false);
    expectName("in");
    EndRules recRule{"recursive"};
    s->iter = parseTuple(false, false, &recRule, false);
    if (skipName("if")) s->test = parseExpression(true);
    s->recursive = skipName("recursive");
    ++loopDepth_;
    s->body = parseStatements({"endfor", "else"}, false);
    --loopDepth_;
    if (next().text != "endfor") s->orelse = parseStatements({"endfor"}, true);
    return s;
}

StmtPtr Parser::parseIf() {
    auto result = std::make_unique<IfStmt>(posOf(next()));
    IfStmt* node = result.get();
    for (;;) {
        node->test = parseTuple(false, false, nullptr, false);
        node->body = parseStatements({"elif", "else", "endif"}, false);
        const Token& tok = next();
        if (tok.isName("elif")) {
            result->elifs.push_back(std::make_unique<IfStmt>(pos()));
            node = result->elifs.back().get();
            continue;
        }
        if (tok.isName("else")) result->orelse = parseStatements({"endif"}, true);
        break;
    }
    return result;
}

StmtPtr Parser::parseBlock() {
    auto s = std::make_unique<BlockStmt>(posOf(next()));
    s->name = expectName().text;
    s->scoped = skipName("scoped");
    s->required = skipName("required");
    if (isOp("-"))
        failAt(cur(), "Block names in Jinja have to be valid Python identifiers and may not contain hyphens, "
                      "use an underscore instead.");
    const int savedLoop = loopDepth_;
    loopDepth_ = 0; // a block renders in its own function
    s->body = parseStatements({"endblock"}, true);
    loopDepth_ = savedLoop;
    skipName(s->name);
    return s;
}

StmtPtr Parser::parseLoaderStmt(const std::string& what) {
    auto s = std::make_unique<UnsupportedStmt>(posOf(next()), what);
    s->templateExpr = parseExpression(true);
    auto context = [&] {
        if ((isName("with") || isName("without")) && look().isName("context")) {
            next();
            next();
            return true;
        }
        return false;
    };
    if (what == "include") {
        if (isName("ignore") && look().isName("missing")) {
            next();
            next();
        }
        context();
    } else if (what == "import") {
        expectName("as");
        s->storedNames.push_back(parseNameTarget());
        context();
    } else if (what == "from") {
        expectName("import");
        bool first = true;
        for (;;) {
            if (!first) expectOp(",");
            first = false;
            if (cur().type == Tok::Name) {
                if (context()) break;
                const Pos at = pos();
                std::string target = parseNameTarget();
                if (!target.empty() && target[0] == '_') failAt(at, "names starting with an underline can not be imported");
                if (skipName("as")) target = parseNameTarget();
                s->storedNames.push_back(target);
                if (context() || !isOp(",")) break;
            } else {
                expectName();
            }
        }
    }
    return s;
}

StmtPtr Parser::parsePrint() {
    auto s = std::make_unique<OutputStmt>(posOf(next()));
    while (cur().type != Tok::BlockEnd) {
        if (!s->items.empty()) expectOp(",");
        s->items.push_back({{}, parseExpression(true)});
    }
    return s;
}

std::string Parser::parseNameTarget() {
    const Token& tok = expectName();
    static const std::set<std::string> consts = {"true", "false", "none", "True", "False", "None"};
    if (consts.count(tok.text)) failAt(tok, "can't assign to 'name'");
    return tok.text;
}

void Parser::parseSignature(MacroDef& def) {
    expectOp("(");
    while (!isOp(")")) {
        if (!def.params.empty()) expectOp(",");
        const Pos at = pos();
        auto param = std::make_unique<NameExpr>(at, parseNameTarget(), NameCtx::Param);
        if (skipOp("=")) def.defaults.push_back(parseExpression(true));
        else if (!def.defaults.empty()) failAt(at, "non-default argument follows default argument");
        def.params.push_back(std::move(param));
    }
    expectOp(")");
}

// Macro and call bodies compile to separate Python functions: break/continue inside them
// cannot reach an enclosing loop.
Body Parser::parseFunctionBody(const EndRules& end) {
    const int savedLoop = loopDepth_;
    loopDepth_ = 0;
    Body body = parseStatements(end, true);
    loopDepth_ = savedLoop;
    return body;
}

StmtPtr Parser::parseMacro() {
    auto s = std::make_unique<MacroStmt>(posOf(next()));
    s->def = std::make_unique<MacroDef>();
    s->def->name = parseNameTarget();
    parseSignature(*s->def);
    s->def->body = parseFunctionBody({"endmacro"});
    return s;
}

StmtPtr Parser::parseCallBlock() {
    auto s = std::make_unique<CallBlockStmt>(posOf(next()));
    s->caller = std::make_unique<MacroDef>();
    s->caller->name = "caller";
    if (isOp("(")) parseSignature(*s->caller);
    ExprPtr call = parseExpression(true);
    if (call->kind != ExprKind::Call) failAt(s->pos, "expected call");
    s->call.reset(static_cast<CallExpr*>(call.release()));
    s->caller->body = parseFunctionBody({"endcall"});
    return s;
}

StmtPtr Parser::parseGeneration() {
    auto s = std::make_unique<CallBlockStmt>(posOf(next()));
    s->caller = std::make_unique<MacroDef>();
    s->caller->name = "caller";
    s->caller->body = parseFunctionBody({"endgeneration"});
    return s;
}

StmtPtr Parser::parseFilterBlock() {
    auto s = std::make_unique<FilterBlockStmt>(posOf(next()));
    s->filter = parseFilter(nullptr, true);
    s->body = parseStatements({"endfilter"}, true);
    return s;
}

StmtPtr Parser::parseSet() {
    const Pos at = posOf(next());
    ExprPtr target = parseAssignTarget(true, false, nullptr, true);
    if (skipOp("=")) {
        auto s = std::make_unique<AssignStmt>(at);
        s->target = std::move(target);
        s->value = parseTuple(false, true, nullptr, false);
        return s;
    }
    auto s = std::make_unique<AssignBlockStmt>(at);
    s->target = std::move(target);
    s->filter = parseFilter(nullptr, false);
    s->body = parseStatements({"endset"}, true);
    return s;
}

StmtPtr Parser::parseWith() {
    auto s = std::make_unique<WithStmt>(posOf(next()));
    while (cur().type != Tok::BlockEnd) {
        if (!s->targets.empty()) expectOp(",");
        ExprPtr target = parseAssignTarget(true, false, nullptr, false);
        setCtx(*target, NameCtx::Param);
        s->targets.push_back(std::move(target));
        expectOp("=");
        s->values.push_back(parseExpression(true));
    }
    s->body = parseStatements({"endwith"}, true);
    return s;
}

StmtPtr Parser::parseAutoescape() {
    auto s = std::make_unique<ScopeStmt>(posOf(next()));
    s->autoescape = parseExpression(true);
    s->body = parseStatements({"endautoescape"}, true);
    return s;
}

std::unique_ptr<Program> parseProgram(std::string_view source) {
    const std::string normalized = normalizeSource(source);
    auto program = std::make_unique<Program>();
    program->body = Parser(tokenize(normalized)).parseTemplate();
    foldConstants(*program); // jinja2 optimizes before it compiles
    analyzeProgram(*program);
    return program;
}

} // namespace cmf::engine::chat
