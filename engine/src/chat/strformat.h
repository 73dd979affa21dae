#pragma once
// Python string formatting: printf-style `str % args` (also the `format` filter) and the
// str.format() mini-language, which jinja2's sandbox runs with its own attribute lookup.
// Locale-independent, like Python.
#include "chat/value.h"

#include <string>
#include <string_view>

namespace cmf::engine::chat {

class Interpreter;

// fmt % args; a Markup format escapes its arguments and returns Markup.
Value percentFormat(const Value& fmt, const Value& args);
// fmt.format(*args, **kwargs).
Value strFormat(Interpreter& in, const Value& fmt, CallArgs& args);
// format(value, spec).
std::string formatValue(const Value& v, std::string_view spec);

} // namespace cmf::engine::chat
