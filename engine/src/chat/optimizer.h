#pragma once
// jinja2's compile-time constant folding, reproduced because it is observable: a constant
// subexpression is evaluated once with jinja2's forgiving item lookup, so `(1)[1:]|e` renders
// "" where evaluating it at run time would raise, and a folded inf or nan turns into a
// NameError in the generated code.
#include "chat/ast.h"

namespace cmf::engine::chat {

// No variables, calls or context-needing filters: jinja2's as_const can evaluate it.
bool isFoldable(const Expr& e);

// Replaces every foldable subexpression whose value jinja2 can embed in code (None, bools,
// numbers, strings, and lists/tuples/dicts of those) by a constant, bottom-up.
void foldConstants(Program& program);

} // namespace cmf::engine::chat
