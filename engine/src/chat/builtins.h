#pragma once
// Registries of the filters, tests and globals jinja2 provides, as transformers configures it
// (its own tojson, raise_exception and strftime_now). The parser looks filters and tests up by
// name; a missing one is a syntax error unless it sits where jinja2 defers the check (inside
// an if or a conditional expression), then it fails when evaluated.
#include "chat/value.h"

#include <string_view>

namespace cmf::engine::chat {

class Interpreter;

using FilterFn = Value (*)(Interpreter& in, const Value& input, CallArgs& args);
using TestFn = bool (*)(Interpreter& in, const Value& input, CallArgs& args);

struct FilterDef {
    const char* name;
    FilterFn fn;
};

struct TestDef {
    const char* name;
    TestFn fn;
};

const FilterDef* findFilter(std::string_view name);
const TestDef* findTest(std::string_view name);

// Calls a filter or test by name at run time (map('upper'), select('odd'), ...).
Value callFilter(Interpreter& in, std::string_view name, const Value& input, CallArgs& args);
bool callTest(Interpreter& in, std::string_view name, const Value& input, CallArgs& args);

// The global functions every template sees: range, dict, namespace, cycler, joiner, lipsum,
// raise_exception, strftime_now. nullptr-free lookup: returns false when there is no such name.
bool findGlobal(std::string_view name, Value& out);

// Python attributes of str, list, tuple, dict, range and number values: the bound method for
// obj.name (or a plain attribute such as range.start), false when the type has no such
// attribute. `mutating` reports methods the immutable sandbox refuses (list.append, ...).
bool findMethod(const Value& obj, std::string_view name, Value& out, bool& mutating);

} // namespace cmf::engine::chat
