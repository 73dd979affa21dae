#include "chat/objects.h"

#include "chat/errors.h"
#include "chat/protocol.h"

namespace cmf::engine::chat {

std::string MacroObj::repr() const { return "<Macro " + strRepr(def->name) + ">"; }

bool MacroObj::getAttr(Interpreter&, std::string_view name, Value& out) {
    if (name == "name") {
        out = Value::str(def->name);
    } else if (name == "arguments") {
        std::vector<Value> names;
        for (const auto& p : def->params) names.push_back(Value::str(p->name));
        out = Value::tuple(std::move(names));
    } else if (name == "catch_kwargs") {
        out = Value::boolean(def->catchKwargs);
    } else if (name == "catch_varargs") {
        out = Value::boolean(def->catchVarargs);
    } else if (name == "caller") {
        out = Value::boolean(def->acceptsCaller);
    } else {
        return false;
    }
    return true;
}

Value MacroObj::call(Interpreter& in, CallArgs& args) { return in.invokeMacro(*def, closure, autoescape, args); }

std::string BoundMethodObj::repr() const {
    return "<built-in method " + name + " of " + chat::typeName(self) + " object at 0x7f0000000000>";
}

std::string SliceObj::repr() const { return "slice(" + chat::repr(start) + ", " + chat::repr(stop) + ", " + chat::repr(step) + ")"; }

std::vector<Value> bindArgs(const char* function, CallArgs& args, std::initializer_list<const char*> params,
                            std::vector<Value> defaults, size_t required) {
    const size_t n = params.size();
    defaults.resize(n, Value::missing());
    std::vector<bool> given(n, false);
    if (args.pos.size() > n)
        fail(Fault::Type, std::string(function) + "() takes at most " + std::to_string(n) + " positional argument" +
                              (n == 1 ? "" : "s") + " (" + std::to_string(args.pos.size()) + " given)");
    for (size_t i = 0; i < args.pos.size(); ++i) {
        defaults[i] = args.pos[i];
        given[i] = true;
    }
    for (auto& [key, value] : args.kw) {
        size_t i = 0;
        for (const char* p : params) {
            if (key == p) break;
            ++i;
        }
        if (i == n) fail(Fault::Type, std::string(function) + "() got an unexpected keyword argument '" + key + "'");
        if (given[i]) fail(Fault::Type, std::string(function) + "() got multiple values for argument '" + key + "'");
        defaults[i] = value;
        given[i] = true;
    }
    for (size_t i = 0; i < required; ++i)
        if (!given[i])
            fail(Fault::Type, std::string(function) + "() missing required argument: '" + *(params.begin() + i) + "'");
    return defaults;
}

} // namespace cmf::engine::chat
