#pragma once
// Python's operators as jinja2 compiles them: + - * / // % ** with int/float/str/list rules,
// comparisons, `in`, unary minus, plus markupsafe's escaping where Markup takes part.
#include "chat/ast.h"
#include "chat/value.h"

#include <string>
#include <string_view>

namespace cmf::engine::chat {

Value binaryOp(BinOp op, const Value& a, const Value& b);
Value negate(const Value& v);
Value unaryPlus(const Value& v);
bool compareOp(CmpOp op, const Value& a, const Value& b);
// `item in container`.
bool contains(const Value& container, const Value& item);

// markupsafe.escape(): & < > " ' as entities; Markup passes through unchanged.
std::string escapeHtml(std::string_view s);
Value markupEscape(const Value& v);
// Markup + str escapes the str: markupsafe's __add__/__radd__.
Value concatMarkup(const Value& a, const Value& b);

// Python slice index adjustment (PySlice_AdjustIndices): the slice's first index, step and
// length for a sequence of len items. Arguments are Int/Bool or None; others are TypeError.
struct SliceSpec {
    int64_t start = 0, step = 1, count = 0;
};
SliceSpec sliceIndices(int64_t len, const Value& start, const Value& stop, const Value& step);
// obj[start:stop:step] as Python evaluates it (jinja2 does not route slices through its
// forgiving getitem, so errors propagate).
Value sliceValue(const Value& obj, const Value& start, const Value& stop, const Value& step);

// Checked 64-bit integer arithmetic: Python would switch to big integers, this engine fails.
int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);

} // namespace cmf::engine::chat
