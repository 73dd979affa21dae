#pragma once
// Parser for jinja2 templates: builds the tree of ast.h from the tokens of lexer.h following
// jinja2's grammar (including its precedence quirks, e.g. ** is left-associative), then runs
// the scoping analysis. Syntax errors are cmf::Error(Parse, "template:LINE:COL: message").
#include "chat/ast.h"

#include <memory>
#include <string_view>

namespace cmf::engine::chat {

std::unique_ptr<Program> parseProgram(std::string_view source);

// Nesting bounds: jinja2 itself fails on deeper templates (Python's recursion limit), and the
// interpreter's recursion depth follows from them.
constexpr int kMaxExprDepth = 200;
constexpr int kMaxStmtDepth = 100;

} // namespace cmf::engine::chat
