// jinja2's sandboxed attribute and item access: obj.name tries Python attributes first and then
// obj['name'], obj[key] the other way round; neither raises for a missing name (an Undefined
// stands in), private attributes and mutating methods are refused.
#include "chat/builtins.h"
#include "chat/dunders.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/interpreter_guards.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

namespace cmf::engine::chat {

namespace {

bool pythonAttr(Interpreter& in, const Value& obj, std::string_view name, Value& out, bool allowMutation) {
    switch (obj.kind()) {
    case Kind::Namespace:
        if (const Value* v = obj.as<NamespaceObj>().attrs.find(Value::str(std::string(name)))) {
            out = !name.empty() && name[0] == '_' ? Value::unsafeAttr(obj, name) : *v;
            return true;
        }
        return false;
    case Kind::Object:
        if (obj.as<CustomObj>().getAttr(in, name, out)) {
            if (!name.empty() && name[0] == '_') out = Value::unsafeAttr(obj, name);
            return true;
        }
        return false;
    default: {
        bool mutating = false;
        if (!findMethod(obj, name, out, mutating)) return false;
        // The immutable sandbox refuses methods that modify lists and dicts.
        if (mutating && !allowMutation) out = Value::unsafeAttr(obj, name);
        return true;
    }
    }
}

} // namespace

Value Interpreter::getAttr(const Value& obj, std::string_view name) {
    if (hasPrivateAttribute(obj, name)) return Value::unsafeAttr(obj, name);
    rejectUndefined(obj);
    if (obj.is(Kind::Missing)) failUndefined(obj);
    Value out;
    if (pythonAttr(*this, obj, name, out, settings_.allowMutation)) return out;
    const Value key = Value::str(std::string(name));
    if (obj.is(Kind::Dict))
        if (const Value* v = obj.dict().find(key)) return *v;
    return Value::undefinedAttr(obj, key);
}

Value Interpreter::pythonAttribute(const Value& obj, std::string_view name) {
    if (hasPrivateAttribute(obj, name)) return Value::unsafeAttr(obj, name);
    rejectUndefined(obj);
    Value out;
    if (pythonAttr(*this, obj, name, out, settings_.allowMutation)) return out;
    return Value::undefinedAttr(obj, Value::str(std::string(name)));
}

Value Interpreter::getItem(const Value& obj, const Value& key) {
    rejectUndefined(obj);
    switch (obj.kind()) {
    case Kind::Dict:
        if (isHashable(key))
            if (const Value* v = obj.dict().find(key)) return *v;
        break;
    case Kind::List:
    case Kind::Tuple:
    case Kind::Str:
    case Kind::Range: {
        if (!key.isIntegral()) break;
        const int64_t n = lenOrFail(obj);
        int64_t i = key.asInt();
        if (i < 0) i += n;
        if (i < 0 || i >= n) break;
        if (obj.is(Kind::Range)) return Value::integer(obj.as<RangeObj>().at(i));
        if (obj.isStr()) return sliceValue(obj, Value::integer(i), Value::integer(i + 1), Value::none());
        return obj.items()[static_cast<size_t>(i)];
    }
    default: break;
    }
    if (key.isStr()) {
        if (hasPrivateAttribute(obj, key.asStr())) return Value::unsafeAttr(obj, key.asStr());
        Value out;
        if (pythonAttr(*this, obj, key.asStr(), out, settings_.allowMutation)) return out;
    }
    return Value::undefinedAttr(obj, key);
}

} // namespace cmf::engine::chat
