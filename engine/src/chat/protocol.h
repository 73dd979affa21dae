#pragma once
// Python's object protocol over Value: truth, equality, ordering, hashing, len(), iter(),
// str() and repr(). jinja2 compiles templates to Python, so these decide most of what a
// template prints (lists print as ['a', 1], 1 == 1.0, "" != false, ...).
#include "chat/value.h"

#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::chat {

bool truthy(const Value& v);
bool pyEquals(const Value& a, const Value& b);
// a < b; throws TypeError for unorderable types and UndefinedError for Undefined operands.
bool pyLess(const Value& a, const Value& b);
// hash(); throws TypeError for unhashable values (list, dict).
size_t pyHash(const Value& v);
bool isHashable(const Value& v);
// len(); nullopt when the type has no len().
std::optional<int64_t> pyLen(const Value& v);
int64_t lenOrFail(const Value& v);
bool isIterable(const Value& v);
// iter() drained into a vector; consumes generators; throws TypeError when not iterable.
std::vector<Value> iterate(const Value& v);

// str(): what {{ value }} prints.
std::string toStr(const Value& v);
void appendStr(std::string& out, const Value& v);
// repr(): how values print inside containers.
std::string repr(const Value& v);
void appendRepr(std::string& out, const Value& v);
// Python's repr() of a str: single quotes unless the text holds ' and no ".
void appendStrRepr(std::string& out, std::string_view s);
std::string strRepr(std::string_view s);
// float.__repr__: the shortest string that round-trips, '1.0', '1e+16', 'inf'.
std::string floatRepr(double d);

// Raise the UndefinedError (or SecurityError) an Undefined value stands for.
[[noreturn]] void failUndefined(const Value& v);
// Operations that fail on Undefined call this first.
inline void rejectUndefined(const Value& v) {
    if (v.isUndefined()) failUndefined(v);
}

// Guards the recursion of the functions above on deeply nested values, like Python's
// RecursionError.
class DepthGuard {
public:
    DepthGuard();
    ~DepthGuard();
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
};

} // namespace cmf::engine::chat
