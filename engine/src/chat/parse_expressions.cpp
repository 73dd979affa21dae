// Expressions with jinja2's precedence (conditional < or < and < not < comparisons < + - < ~
// < * / // % < ** < unary minus/plus < postfix, filters and tests) and its assignment targets.
#include "chat/parser_impl.h"

#include "chat/builtins.h"

#include <set>

namespace cmf::engine::chat {

void Parser::setCtx(Expr& e, NameCtx ctx) {
    if (e.kind == ExprKind::Name) static_cast<NameExpr&>(e).ctx = ctx;
    else if (e.kind == ExprKind::Tuple)
        for (auto& item : static_cast<SeqExpr&>(e).items) setCtx(*item, ctx);
}

bool Parser::canAssign(const Expr& e) {
    if (e.kind == ExprKind::Name || e.kind == ExprKind::NSRef) return true;
    if (e.kind != ExprKind::Tuple) return false;
    for (const auto& item : static_cast<const SeqExpr&>(e).items)
        if (!canAssign(*item)) return false;
    return true;
}

const char* Parser::nodeTypeName(const Expr& e) {
    switch (e.kind) {
    case ExprKind::Const: return "const";
    case ExprKind::List: return "list";
    case ExprKind::Tuple: return "tuple";
    case ExprKind::Dict: return "dict";
    case ExprKind::Getattr: return "getattr";
    case ExprKind::Getitem: return "getitem";
    case ExprKind::Call: return "call";
    case ExprKind::Filter: return "filter";
    default: return "expression";
    }
}

ExprPtr Parser::parseAssignTarget(bool withTuple, bool nameOnly, const EndRules* extraEnd, bool withNamespace) {
    ExprPtr target;
    if (nameOnly) {
        const Token& tok = expectName();
        target = std::make_unique<NameExpr>(posOf(tok), tok.text, NameCtx::Store);
    } else {
        target = withTuple ? parseTuple(true, true, extraEnd, false, withNamespace) : parsePrimary(withNamespace);
        setCtx(*target, NameCtx::Store);
    }
    if (!canAssign(*target)) failAt(target->pos, std::string("can't assign to '") + nodeTypeName(*target) + "'");
    return target;
}

bool Parser::isTupleEnd(const EndRules* extraEnd) const {
    const Tok t = cur().type;
    if (t == Tok::VariableEnd || t == Tok::BlockEnd || isOp(")")) return true;
    return atEnd(extraEnd);
}

ExprPtr Parser::parseTuple(bool simplified, bool withCondexpr, const EndRules* extraEnd, bool explicitParens,
                          bool withNamespace) {
    const Pos at = pos();
    std::vector<ExprPtr> items;
    bool isTuple = false;
    for (;;) {
        if (!items.empty()) expectOp(",");
        if (isTupleEnd(extraEnd)) break;
        items.push_back(simplified ? parsePrimary(withNamespace) : parseExpression(withCondexpr));
        if (isOp(",")) isTuple = true;
        else break;
    }
    if (!isTuple) {
        if (!items.empty()) return std::move(items[0]);
        if (!explicitParens) failAt(cur(), "Expected an expression, got " + quoted(describeToken(cur())));
    }
    auto t = std::make_unique<SeqExpr>(ExprKind::Tuple, at);
    t->items = std::move(items);
    return seal(std::move(t));
}

ExprPtr Parser::parseExpression(bool withCondexpr) {
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    return withCondexpr ? parseCondexpr() : parseOr();
}

ExprPtr Parser::parseCondexpr() {
    Pos at = pos();
    ExprPtr expr1 = parseOr();
    while (skipName("if")) {
        auto c = std::make_unique<CondExpr>(at);
        c->test = parseOr();
        if (skipName("else")) {
            DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
            c->otherwise = parseCondexpr();
        }
        c->then = std::move(expr1);
        expr1 = seal(std::move(c));
        at = pos();
    }
    return expr1;
}

ExprPtr Parser::logic(ExprKind kind, Pos at, ExprPtr l, ExprPtr r) {
    return seal(std::make_unique<BinaryExpr>(kind, at, std::move(l), std::move(r)));
}

ExprPtr Parser::parseOr() {
    ExprPtr left = parseAnd();
    for (Pos at = pos(); skipName("or"); at = pos()) left = logic(ExprKind::Or, at, std::move(left), parseAnd());
    return left;
}

ExprPtr Parser::parseAnd() {
    ExprPtr left = parseNot();
    for (Pos at = pos(); skipName("and"); at = pos()) left = logic(ExprKind::And, at, std::move(left), parseNot());
    return left;
}

ExprPtr Parser::parseNot() {
    if (isName("not")) {
        DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
        const Pos at = posOf(next());
        return seal(std::make_unique<UnaryExpr>(ExprKind::Not, at, parseNot()));
    }
    return parseCompare();
}

ExprPtr Parser::parseCompare() {
    ExprPtr expr = parseMath1();
    std::unique_ptr<CompareExpr> cmp;
    for (;;) {
        const Pos at = pos();
        CmpOp op;
        if (isOp("==")) op = CmpOp::Eq;
        else if (isOp("!=")) op = CmpOp::Ne;
        else if (isOp("<")) op = CmpOp::Lt;
        else if (isOp("<=")) op = CmpOp::Le;
        else if (isOp(">")) op = CmpOp::Gt;
        else if (isOp(">=")) op = CmpOp::Ge;
        else if (isName("in")) op = CmpOp::In;
        else if (isName("not") && look().isName("in")) {
            next();
            op = CmpOp::NotIn;
        } else {
            break;
        }
        next();
        if (!cmp) cmp = std::make_unique<CompareExpr>(at, std::move(expr));
        cmp->rest.emplace_back(op, parseMath1());
    }
    if (!cmp) return expr;
    return seal(std::move(cmp));
}

ExprPtr Parser::binary(BinOp op, Pos at, ExprPtr l, ExprPtr r) {
    auto b = std::make_unique<BinaryExpr>(ExprKind::Binary, at, std::move(l), std::move(r));
    b->op = op;
    return seal(std::move(b));
}

ExprPtr Parser::parseMath1() {
    ExprPtr left = parseConcat();
    for (;;) {
        const Pos at = pos();
        if (skipOp("+")) left = binary(BinOp::Add, at, std::move(left), parseConcat());
        else if (skipOp("-")) left = binary(BinOp::Sub, at, std::move(left), parseConcat());
        else return left;
    }
}

ExprPtr Parser::parseConcat() {
    ExprPtr first = parseMath2();
    if (!isOp("~")) return first;
    auto c = std::make_unique<ConcatExpr>(pos());
    c->parts.push_back(std::move(first));
    while (skipOp("~")) c->parts.push_back(parseMath2());
    return seal(std::move(c));
}

ExprPtr Parser::parseMath2() {
    ExprPtr left = parsePow();
    for (;;) {
        const Pos at = pos();
        BinOp op;
        if (isOp("*")) op = BinOp::Mul;
        else if (isOp("/")) op = BinOp::Div;
        else if (isOp("//")) op = BinOp::FloorDiv;
        else if (isOp("%")) op = BinOp::Mod;
        else return left;
        next();
        left = binary(op, at, std::move(left), parsePow());
    }
}

ExprPtr Parser::parsePow() {
    ExprPtr left = parseUnary(true);
    for (Pos at = pos(); skipOp("**"); at = pos()) left = binary(BinOp::Pow, at, std::move(left), parseUnary(true));
    return left;
}

ExprPtr Parser::parseUnary(bool withFilter) {
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    const Pos at = pos();
    ExprPtr node;
    if (skipOp("-")) node = seal(std::make_unique<UnaryExpr>(ExprKind::Neg, at, parseUnary(false)));
    else if (skipOp("+")) node = seal(std::make_unique<UnaryExpr>(ExprKind::Pos, at, parseUnary(false)));
    else node = parsePrimary(false);
    node = parsePostfix(std::move(node));
    if (withFilter) node = parseFilterExpr(std::move(node));
    return node;
}

ExprPtr Parser::parsePrimary(bool withNamespace) {
    const Token& tok = cur();
    const Pos at = posOf(tok);
    if (tok.type == Tok::Name) {
        const std::string name = next().text;
        if (name == "true" || name == "True") return std::make_unique<ConstExpr>(at, Value::boolean(true));
        if (name == "false" || name == "False") return std::make_unique<ConstExpr>(at, Value::boolean(false));
        if (name == "none" || name == "None") return std::make_unique<ConstExpr>(at, Value::none());
        if (withNamespace && isOp(".")) {
            next();
            return std::make_unique<NSRefExpr>(at, name, expectName().text);
        }
        return std::make_unique<NameExpr>(at, name, NameCtx::Load);
    }
    if (tok.type == Tok::String) {
        std::string s = next().text;
        while (cur().type == Tok::String) s += next().text; // adjacent literals concatenate
        return std::make_unique<ConstExpr>(at, Value::str(std::move(s)));
    }
    if (tok.type == Tok::Integer) return std::make_unique<ConstExpr>(at, Value::integer(next().ival));
    if (tok.type == Tok::Float) return std::make_unique<ConstExpr>(at, Value::floating(next().fval));
    if (tok.isOp("(")) {
        next();
        DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
        ExprPtr e = parseTuple(false, true, nullptr, true);
        expectOp(")");
        return e;
    }
    if (tok.isOp("[")) return parseList();
    if (tok.isOp("{")) return parseDict();
    failAt(tok, "unexpected " + quoted(describeToken(tok)));
}

ExprPtr Parser::parseList() {
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    auto l = std::make_unique<SeqExpr>(ExprKind::List, posOf(expectOp("[")));
    while (!isOp("]")) {
        if (!l->items.empty()) expectOp(",");
        if (isOp("]")) break;
        l->items.push_back(parseExpression(true));
    }
    expectOp("]");
    return seal(std::move(l));
}

ExprPtr Parser::parseDict() {
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    auto d = std::make_unique<DictExpr>(posOf(expectOp("{")));
    while (!isOp("}")) {
        if (!d->items.empty()) expectOp(",");
        if (isOp("}")) break;
        ExprPtr key = parseExpression(true);
        expectOp(":");
        d->items.emplace_back(std::move(key), parseExpression(true));
    }
    expectOp("}");
    return seal(std::move(d));
}

ExprPtr Parser::parsePostfix(ExprPtr node) {
    for (;;) {
        if (isOp(".") || isOp("[")) node = parseSubscript(std::move(node));
        else if (isOp("(")) node = parseCall(std::move(node));
        else return node;
    }
}

ExprPtr Parser::parseFilterExpr(ExprPtr node) {
    for (;;) {
        if (isOp("|")) node = parseFilter(std::move(node), false);
        else if (isName("is")) node = parseTest(std::move(node));
        else if (isOp("(")) node = parseCall(std::move(node));
        else return node;
    }
}

ExprPtr Parser::parseSubscript(ExprPtr node) {
    const Token& tok = next();
    const Pos at = posOf(tok);
    if (tok.isOp(".")) {
        const Token& attr = next();
        if (attr.type == Tok::Name) return seal(std::make_unique<GetattrExpr>(at, std::move(node), attr.text));
        if (attr.type != Tok::Integer) failAt(attr, "expected name or number");
        auto key = std::make_unique<ConstExpr>(posOf(attr), Value::integer(attr.ival));
        return seal(std::make_unique<GetitemExpr>(at, std::move(node), std::move(key)));
    }
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    std::vector<ExprPtr> args;
    while (!isOp("]")) {
        if (!args.empty()) expectOp(",");
        args.push_back(parseSubscribed());
    }
    expectOp("]");
    ExprPtr key;
    if (args.size() == 1) {
        key = std::move(args[0]);
    } else {
        auto t = std::make_unique<SeqExpr>(ExprKind::Tuple, at);
        t->items = std::move(args);
        key = seal(std::move(t));
    }
    return seal(std::make_unique<GetitemExpr>(at, std::move(node), std::move(key)));
}

ExprPtr Parser::parseSubscribed() {
    const Pos at = pos();
    auto slice = std::make_unique<SliceExpr>(at);
    if (isOp(":")) {
        next();
    } else {
        ExprPtr e = parseExpression(true);
        if (!isOp(":")) return e;
        next();
        slice->start = std::move(e);
    }
    if (!isOp(":") && !isOp("]") && !isOp(",")) slice->stop = parseExpression(true);
    if (isOp(":")) {
        next();
        if (!isOp("]") && !isOp(",")) slice->step = parseExpression(true);
    }
    return seal(std::move(slice));
}

void Parser::parseCallArgs(CallArgsNode& out) {
    const Token& open = expectOp("(");
    bool requireComma = false;
    auto ensure = [&](bool ok) {
        if (!ok) failAt(open, "invalid syntax for function call expression");
    };
    while (!isOp(")")) {
        if (requireComma) {
            expectOp(",");
            if (isOp(")")) break; // trailing comma
        }
        if (isOp("*")) {
            ensure(!out.dynArgs && !out.dynKwargs);
            next();
            out.dynArgs = parseExpression(true);
        } else if (isOp("**")) {
            ensure(!out.dynKwargs);
            next();
            out.dynKwargs = parseExpression(true);
        } else if (cur().type == Tok::Name && look().isOp("=")) {
            ensure(!out.dynKwargs);
            const Token& keyTok = next();
            std::string key = keyTok.text;
            for (const auto& kw : out.kwargs)
                if (kw.first == key) failAt(keyTok, "keyword argument repeated: " + key); // Python rejects it
            next();
            out.kwargs.emplace_back(std::move(key), parseExpression(true));
        } else {
            ensure(!out.dynArgs && !out.dynKwargs && out.kwargs.empty());
            out.args.push_back(parseExpression(true));
        }
        requireComma = true;
    }
    expectOp(")");
}

ExprPtr Parser::parseCall(ExprPtr node) {
    DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
    auto c = std::make_unique<CallExpr>(pos(), std::move(node));
    parseCallArgs(c->args);
    return seal(std::move(c));
}

std::string Parser::dottedName() {
    std::string name = expectName().text;
    while (isOp(".")) {
        next();
        name += "." + expectName().text;
    }
    return name;
}

// `| name(args)` repeatedly; with startInline the first filter has no pipe (filter blocks).
ExprPtr Parser::parseFilter(ExprPtr node, bool startInline) {
    while (isOp("|") || startInline) {
        if (!startInline) next();
        startInline = false;
        const Pos at = pos();
        auto f = std::make_unique<FilterExpr>(at, std::move(node), dottedName());
        f->def = findFilter(f->name);
        if (isOp("(")) {
            DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
            parseCallArgs(f->args);
        }
        node = seal(std::move(f));
    }
    return node;
}

ExprPtr Parser::parseTest(ExprPtr node) {
    const Pos at = posOf(next()); // 'is'
    const bool negated = skipName("not");
    const Pos namePos = pos();
    auto t = std::make_unique<TestExpr>(namePos, std::move(node), dottedName());
    t->def = findTest(t->name);
    const Token& c = cur();
    if (c.isOp("(")) {
        DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
        parseCallArgs(t->args);
    } else if ((c.type == Tok::Name || c.type == Tok::String || c.type == Tok::Integer || c.type == Tok::Float ||
                c.isOp("(") || c.isOp("[") || c.isOp("{")) &&
               !c.isName("else") && !c.isName("or") && !c.isName("and")) {
        if (c.isName("is")) failAt(c, "You cannot chain multiple tests with is");
        DepthGuard guard(*this, exprDepth_, kMaxExprDepth, "expression");
        t->args.args.push_back(parsePostfix(parsePrimary(false)));
    }
    ExprPtr result = seal(std::move(t));
    if (negated) result = seal(std::make_unique<UnaryExpr>(ExprKind::Not, at, std::move(result)));
    return result;
}

} // namespace cmf::engine::chat
