// jinja2's tests (`x is defined`, `x is divisibleby 3`, ...), with Python's notion of what a
// sequence, mapping or iterable is (an Undefined counts as iterable and as a sequence).
#include "chat/builtins.h"
#include "chat/errors.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"
#include "chat/pystr.h"

#include <algorithm>
#include <string_view>

namespace cmf::engine::chat {
namespace {

Value arg(const char* test, CallArgs& args, const char* name) {
    auto bound = bindArgs(test, args, {name}, {}, 1);
    return bound[0];
}

void noArgs(const char* test, CallArgs& args) { bindArgs(test, args, {}, {}); }

bool modEquals(const Value& v, const Value& divisor, int64_t expected) {
    return pyEquals(binaryOp(BinOp::Mod, v, divisor), Value::integer(expected));
}

bool isObjectOfType(const Value& v, std::string_view type) {
    return v.is(Kind::Object) && v.as<CustomObj>().typeName() == type;
}

#define TEST(name) bool name(Interpreter& in, const Value& v, CallArgs& args)

TEST(testOdd) {
    (void)in;
    noArgs("test_odd", args);
    return modEquals(v, Value::integer(2), 1);
}
TEST(testEven) {
    (void)in;
    noArgs("test_even", args);
    return modEquals(v, Value::integer(2), 0);
}
TEST(testDivisibleby) {
    (void)in;
    return modEquals(v, arg("test_divisibleby", args, "num"), 0);
}
TEST(testDefined) {
    (void)in;
    noArgs("test_defined", args);
    return !v.isUndefined();
}
TEST(testUndefined) {
    (void)in;
    noArgs("test_undefined", args);
    return v.isUndefined();
}
TEST(testFilter) {
    (void)in;
    noArgs("test_filter", args);
    return v.isStr() && findFilter(v.asStr()) != nullptr;
}
TEST(testTest) {
    (void)in;
    noArgs("test_test", args);
    return v.isStr() && findTest(v.asStr()) != nullptr;
}
TEST(testNone) {
    (void)in;
    noArgs("test_none", args);
    return v.isNone();
}
TEST(testBoolean) {
    (void)in;
    noArgs("test_boolean", args);
    return v.is(Kind::Bool);
}
TEST(testFalse) {
    (void)in;
    noArgs("test_false", args);
    return v.is(Kind::Bool) && !v.asBool();
}
TEST(testTrue) {
    (void)in;
    noArgs("test_true", args);
    return v.is(Kind::Bool) && v.asBool();
}
TEST(testInteger) {
    (void)in;
    noArgs("test_integer", args);
    return v.is(Kind::Int);
}
TEST(testFloat) {
    (void)in;
    noArgs("test_float", args);
    return v.is(Kind::Float);
}
TEST(testLower) {
    (void)in;
    noArgs("test_lower", args);
    return pystr::is(toStr(v), pystr::Pred::Lower);
}
TEST(testUpper) {
    (void)in;
    noArgs("test_upper", args);
    return pystr::is(toStr(v), pystr::Pred::Upper);
}
TEST(testString) {
    (void)in;
    noArgs("test_string", args);
    return v.isStr();
}
TEST(testMapping) {
    (void)in;
    noArgs("test_mapping", args);
    return v.is(Kind::Dict);
}
TEST(testNumber) {
    (void)in;
    noArgs("test_number", args);
    return v.isNumber();
}
// len(value) and value.__getitem__ both exist.
TEST(testSequence) {
    (void)in;
    noArgs("test_sequence", args);
    switch (v.kind()) {
    case Kind::Undefined:
    case Kind::Str:
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
    case Kind::Range: return true;
    default: return false;
    }
}
TEST(testIterable) {
    (void)in;
    noArgs("test_iterable", args);
    return isIterable(v) || isObjectOfType(v, "LoopContext");
}
TEST(testCallable) {
    (void)in;
    noArgs("test_callable", args);
    if (v.isUndefined()) return true; // Undefined defines __call__ (to fail)
    return v.is(Kind::Object) && v.as<CustomObj>().isCallable();
}
// `is`: identity. Python shares None/True/False and small ints; containers by reference.
TEST(testSameas) {
    (void)in;
    const Value other = arg("test_sameas", args, "other");
    if (v.isNone() || v.is(Kind::Bool)) return v.kind() == other.kind() && pyEquals(v, other);
    if (v.is(Kind::Int) && other.is(Kind::Int)) return v.asInt() == other.asInt() && v.asInt() >= -5 && v.asInt() <= 256;
    return v.sameObject(other);
}
TEST(testEscaped) {
    (void)in;
    noArgs("test_escaped", args);
    return v.isMarkup();
}
TEST(testIn) {
    (void)in;
    return contains(arg("test_in", args, "seq"), v);
}

template <CmpOp op> bool compareTest(Interpreter&, const Value& v, CallArgs& args) {
    return compareOp(op, v, arg("compare", args, "other"));
}

const TestDef kTests[] = {
    {"!=", compareTest<CmpOp::Ne>},
    {"<", compareTest<CmpOp::Lt>},
    {"<=", compareTest<CmpOp::Le>},
    {"==", compareTest<CmpOp::Eq>},
    {">", compareTest<CmpOp::Gt>},
    {">=", compareTest<CmpOp::Ge>},
    {"boolean", testBoolean},
    {"callable", testCallable},
    {"defined", testDefined},
    {"divisibleby", testDivisibleby},
    {"eq", compareTest<CmpOp::Eq>},
    {"equalto", compareTest<CmpOp::Eq>},
    {"escaped", testEscaped},
    {"even", testEven},
    {"false", testFalse},
    {"filter", testFilter},
    {"float", testFloat},
    {"ge", compareTest<CmpOp::Ge>},
    {"greaterthan", compareTest<CmpOp::Gt>},
    {"gt", compareTest<CmpOp::Gt>},
    {"in", testIn},
    {"integer", testInteger},
    {"iterable", testIterable},
    {"le", compareTest<CmpOp::Le>},
    {"lessthan", compareTest<CmpOp::Lt>},
    {"lower", testLower},
    {"lt", compareTest<CmpOp::Lt>},
    {"mapping", testMapping},
    {"ne", compareTest<CmpOp::Ne>},
    {"none", testNone},
    {"number", testNumber},
    {"odd", testOdd},
    {"sameas", testSameas},
    {"sequence", testSequence},
    {"string", testString},
    {"test", testTest},
    {"true", testTrue},
    {"undefined", testUndefined},
    {"upper", testUpper},
};

} // namespace

const TestDef* findTest(std::string_view name) {
    const auto* it = std::lower_bound(std::begin(kTests), std::end(kTests), name,
                                      [](const TestDef& t, std::string_view n) { return std::string_view(t.name) < n; });
    return it != std::end(kTests) && name == it->name ? it : nullptr;
}

bool callTest(Interpreter& in, std::string_view name, const Value& input, CallArgs& args) {
    const TestDef* t = findTest(name);
    if (!t) fail(Fault::Runtime, "No test named '" + std::string(name) + "'.");
    return t->fn(in, input, args);
}

} // namespace cmf::engine::chat
