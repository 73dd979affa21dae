// Python attributes starting with "_" that exist on each kind of object (generated from
// Python 3.11 with jinja2 3.1.6). The sandbox refuses them: reading one gives an Undefined
// instead of the fallback to an item or an UndefinedError.
#include "chat/dunders.h"

#include <algorithm>
#include <iterator>

namespace cmf::engine::chat {
namespace {

const char* const kStr[] = {
    "__add__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getitem__", "__getnewargs__", "__getstate__",
    "__gt__", "__hash__", "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__",
    "__mod__", "__mul__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__rmod__",
    "__rmul__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kMarkup[] = {
    "__add__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getitem__", "__getnewargs__", "__getstate__",
    "__gt__", "__hash__", "__html__", "__html_format__", "__init__", "__init_subclass__", "__iter__",
    "__le__", "__len__", "__lt__", "__mod__", "__module__", "__mul__", "__ne__", "__new__", "__radd__",
    "__reduce__", "__reduce_ex__", "__repr__", "__rmod__", "__rmul__", "__setattr__", "__sizeof__",
    "__slots__", "__str__", "__subclasshook__",
};

const char* const kList[] = {
    "__add__", "__class__", "__class_getitem__", "__contains__", "__delattr__", "__delitem__",
    "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__", "__getitem__",
    "__getstate__", "__gt__", "__hash__", "__iadd__", "__imul__", "__init__", "__init_subclass__",
    "__iter__", "__le__", "__len__", "__lt__", "__mul__", "__ne__", "__new__", "__reduce__",
    "__reduce_ex__", "__repr__", "__reversed__", "__rmul__", "__setattr__", "__setitem__",
    "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kTuple[] = {
    "__add__", "__class__", "__class_getitem__", "__contains__", "__delattr__", "__dir__", "__doc__",
    "__eq__", "__format__", "__ge__", "__getattribute__", "__getitem__", "__getnewargs__",
    "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__iter__", "__le__",
    "__len__", "__lt__", "__mul__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__",
    "__rmul__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kDict[] = {
    "__class__", "__class_getitem__", "__contains__", "__delattr__", "__delitem__", "__dir__",
    "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__", "__getitem__", "__getstate__",
    "__gt__", "__hash__", "__init__", "__init_subclass__", "__ior__", "__iter__", "__le__", "__len__",
    "__lt__", "__ne__", "__new__", "__or__", "__reduce__", "__reduce_ex__", "__repr__", "__reversed__",
    "__ror__", "__setattr__", "__setitem__", "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kInt[] = {
    "__abs__", "__add__", "__and__", "__bool__", "__ceil__", "__class__", "__delattr__", "__dir__",
    "__divmod__", "__doc__", "__eq__", "__float__", "__floor__", "__floordiv__", "__format__",
    "__ge__", "__getattribute__", "__getnewargs__", "__getstate__", "__gt__", "__hash__", "__index__",
    "__init__", "__init_subclass__", "__int__", "__invert__", "__le__", "__lshift__", "__lt__",
    "__mod__", "__mul__", "__ne__", "__neg__", "__new__", "__or__", "__pos__", "__pow__", "__radd__",
    "__rand__", "__rdivmod__", "__reduce__", "__reduce_ex__", "__repr__", "__rfloordiv__",
    "__rlshift__", "__rmod__", "__rmul__", "__ror__", "__round__", "__rpow__", "__rrshift__",
    "__rshift__", "__rsub__", "__rtruediv__", "__rxor__", "__setattr__", "__sizeof__", "__str__",
    "__sub__", "__subclasshook__", "__truediv__", "__trunc__", "__xor__",
};

const char* const kFloat[] = {
    "__abs__", "__add__", "__bool__", "__ceil__", "__class__", "__delattr__", "__dir__", "__divmod__",
    "__doc__", "__eq__", "__float__", "__floor__", "__floordiv__", "__format__", "__ge__",
    "__getattribute__", "__getformat__", "__getnewargs__", "__getstate__", "__gt__", "__hash__",
    "__init__", "__init_subclass__", "__int__", "__le__", "__lt__", "__mod__", "__mul__", "__ne__",
    "__neg__", "__new__", "__pos__", "__pow__", "__radd__", "__rdivmod__", "__reduce__",
    "__reduce_ex__", "__repr__", "__rfloordiv__", "__rmod__", "__rmul__", "__round__", "__rpow__",
    "__rsub__", "__rtruediv__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__",
    "__truediv__", "__trunc__",
};


const char* const kNone[] = {
    "__bool__", "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__le__", "__lt__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__",
    "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kRange[] = {
    "__bool__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getitem__", "__getstate__", "__gt__", "__hash__",
    "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__",
    "__reduce__", "__reduce_ex__", "__repr__", "__reversed__", "__setattr__", "__sizeof__", "__str__",
    "__subclasshook__",
};

const char* const kKeys[] = {
    "__and__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__", "__or__",
    "__rand__", "__reduce__", "__reduce_ex__", "__repr__", "__reversed__", "__ror__", "__rsub__",
    "__rxor__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__", "__xor__",
};

const char* const kValues[] = {
    "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__", "__reduce__", "__reduce_ex__",
    "__repr__", "__reversed__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
};

const char* const kItems[] = {
    "__and__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__", "__or__",
    "__rand__", "__reduce__", "__reduce_ex__", "__repr__", "__reversed__", "__ror__", "__rsub__",
    "__rxor__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__", "__xor__",
};

const char* const kGenerator[] = {
    "__class__", "__del__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__iter__", "__le__", "__lt__", "__name__", "__ne__", "__new__", "__next__", "__qualname__",
    "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
    "__subclasshook__",
};

const char* const kUndefined[] = {
    "__add__", "__aiter__", "__bool__", "__call__", "__class__", "__complex__", "__delattr__",
    "__dir__", "__div__", "__doc__", "__eq__", "__float__", "__floordiv__", "__format__", "__ge__",
    "__getattr__", "__getattribute__", "__getitem__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__int__", "__iter__", "__le__", "__len__", "__lt__", "__mod__", "__module__",
    "__mul__", "__ne__", "__neg__", "__new__", "__pos__", "__pow__", "__radd__", "__rdiv__",
    "__reduce__", "__reduce_ex__", "__repr__", "__rfloordiv__", "__rmod__", "__rmul__", "__rpow__",
    "__rsub__", "__rtruediv__", "__setattr__", "__sizeof__", "__slots__", "__str__", "__sub__",
    "__subclasshook__", "__truediv__", "_fail_with_undefined_error", "_undefined_exception",
    "_undefined_hint", "_undefined_message", "_undefined_name", "_undefined_obj",
};

const char* const kNamespace[] = {
    "_Namespace__attrs", "__class__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__",
    "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__le__", "__lt__", "__module__", "__ne__", "__new__", "__reduce__",
    "__reduce_ex__", "__repr__", "__setattr__", "__setitem__", "__sizeof__", "__str__",
    "__subclasshook__", "__weakref__",
};

const char* const kLoop[] = {
    "__annotations__", "__call__", "__class__", "__delattr__", "__dict__", "__dir__", "__doc__",
    "__eq__", "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__",
    "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__module__", "__ne__",
    "__new__", "__next__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__",
    "__str__", "__subclasshook__", "__weakref__", "_after", "_before", "_current", "_iterable",
    "_iterator", "_last_changed_value", "_length", "_peek_next", "_recurse", "_to_iterator",
    "_undefined",
};

const char* const kMacro[] = {
    "__call__", "__class__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__",
    "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__le__", "__lt__", "__module__", "__ne__", "__new__", "__reduce__",
    "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
    "__weakref__", "_argument_count", "_async_invoke", "_default_autoescape", "_environment", "_func",
    "_invoke",
};

const char* const kFunction[] = {
    "__call__", "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__le__", "__lt__", "__module__", "__name__", "__ne__", "__new__", "__qualname__", "__reduce__",
    "__reduce_ex__", "__repr__", "__self__", "__setattr__", "__sizeof__", "__str__",
    "__subclasshook__", "__text_signature__",
};

const char* const kMethod[] = {
    "__call__", "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__le__", "__lt__", "__module__", "__name__", "__ne__", "__new__", "__qualname__", "__reduce__",
    "__reduce_ex__", "__repr__", "__self__", "__setattr__", "__sizeof__", "__str__",
    "__subclasshook__", "__text_signature__",
};

const char* const kCycler[] = {
    "__class__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
    "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__le__", "__lt__", "__module__", "__ne__", "__new__", "__next__", "__reduce__", "__reduce_ex__",
    "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__", "__weakref__",
};

const char* const kJoiner[] = {
    "__call__", "__class__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__",
    "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
    "__init_subclass__", "__le__", "__lt__", "__module__", "__ne__", "__new__", "__reduce__",
    "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
    "__weakref__",
};

template <size_t N> bool in(const char* const (&names)[N], std::string_view name) {
    return std::binary_search(std::begin(names), std::end(names), name,
                              [](std::string_view a, std::string_view b) { return a < b; });
}

} // namespace

bool hasPrivateAttribute(const Value& v, std::string_view name) {
    if (name.empty() || name[0] != '_') return false;
    switch (v.kind()) {
    case Kind::Str: return v.isMarkup() ? in(kMarkup, name) : in(kStr, name);
    case Kind::List: return in(kList, name);
    case Kind::Tuple: return in(kTuple, name);
    case Kind::Dict: return in(kDict, name);
    case Kind::Int: return in(kInt, name);
    case Kind::Float: return in(kFloat, name);
    case Kind::Bool: return in(kInt, name); // bool subclasses int and adds no dunder of its own
    case Kind::None: return in(kNone, name);
    case Kind::Range: return in(kRange, name);
    case Kind::View: {
        const auto w = v.as<ViewObj>().which;
        return w == ViewObj::Keys ? in(kKeys, name) : w == ViewObj::Values ? in(kValues, name) : in(kItems, name);
    }
    case Kind::Iterator: return in(kGenerator, name);
    case Kind::Missing:
    case Kind::Undefined: return in(kUndefined, name);
    case Kind::Namespace: return in(kNamespace, name);
    case Kind::Object: {
        const auto type = v.as<CustomObj>().typeName();
        if (type == "LoopContext") return in(kLoop, name);
        if (type == "Macro") return in(kMacro, name);
        if (type == "Cycler") return in(kCycler, name);
        if (type == "Joiner") return in(kJoiner, name);
        if (type == "builtin_function_or_method") return in(kMethod, name);
        return in(kFunction, name);
    }
    }
    return false;
}

} // namespace cmf::engine::chat
