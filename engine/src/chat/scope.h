#pragma once
// jinja2's compile-time scoping, reproduced: which frame each name lives in and how a frame
// initializes its variables when entered. It decides observable behaviour, e.g. that a
// variable set in a loop body starts over from the outer value on every iteration, and that a
// loop body reading a name which the template sets only later sees it undefined even when the
// render context provides it. Also performs jinja2's other compile-time checks: unknown
// filters and tests outside conditionals, assignments to `loop`, duplicate block names.
#include "chat/ast.h"

namespace cmf::engine::chat {

void analyzeProgram(Program& program);

} // namespace cmf::engine::chat
