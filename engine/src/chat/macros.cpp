// Macro invocation: jinja2.runtime.Macro's argument binding (positional, keyword, caller,
// varargs, kwargs) and a fresh frame whose parent is the frame the macro was defined in.
#include "chat/builtins.h"
#include "chat/dunders.h"
#include "chat/filter_util.h"
#include "chat/interpreter.h"
#include "chat/interpreter_guards.h"
#include "chat/objects.h"
#include "chat/protocol.h"
#include "chat/pyops.h"

namespace cmf::engine::chat {

Value Interpreter::invokeMacro(const MacroDef& def, const FramePtr& closure, bool autoescapeResult, CallArgs& args) {
    Restore<int> calls(callDepth_, callDepth_ + 1);
    if (callDepth_ > settings_.maxCallDepth)
        fail(Fault::Limit, "macro calls nested more than " + std::to_string(settings_.maxCallDepth) + " deep");
    DepthGuard depth(*this);

    // Argument binding of jinja2.runtime.Macro.__call__.
    const size_t count = def.params.size();
    std::vector<Value> bound(count, Value::missing());
    auto& kw = args.kw;
    auto popKw = [&](const std::string& name, Value& out) {
        for (auto it = kw.begin(); it != kw.end(); ++it)
            if (it->first == name) {
                out = std::move(it->second);
                kw.erase(it);
                return true;
            }
        return false;
    };
    const size_t positional = std::min(args.pos.size(), count);
    for (size_t i = 0; i < positional; ++i) bound[i] = args.pos[i];
    bool foundCaller = false;
    if (positional != count) {
        for (size_t i = positional; i < count; ++i) {
            popKw(def.params[i]->name, bound[i]);
            if (def.params[i]->name == "caller") foundCaller = true;
        }
    } else {
        for (const auto& p : def.params)
            if (p->name == "caller") foundCaller = true;
    }
    Value caller;
    if (def.acceptsCaller && !foundCaller) {
        if (!popKw("caller", caller) || caller.isNone()) caller = Value::undefinedHint("No caller defined");
    }
    Value kwargs;
    if (def.catchKwargs) {
        kwargs = Value::newDict();
        for (auto& [k, v] : kw) kwargs.dict().set(Value::str(k), v);
    } else if (!kw.empty()) {
        for (const auto& [k, v] : kw)
            if (k == "caller")
                fail(Fault::Type, "macro '" + def.name +
                                      "' was invoked with two values for the special caller argument. This is most likely a bug.");
        fail(Fault::Type, "macro '" + def.name + "' takes no keyword argument '" + kw.front().first + "'");
    }
    Value varargs;
    if (def.catchVarargs) {
        varargs = Value::tuple(args.pos.size() > count ? std::vector<Value>(args.pos.begin() + static_cast<std::ptrdiff_t>(count), args.pos.end())
                                                       : std::vector<Value>{});
    } else if (args.pos.size() > count) {
        fail(Fault::Type, "macro '" + def.name + "' takes not more than " + std::to_string(count) + " argument(s)");
    }

    FrameSwitch scope(frame_, std::make_shared<RtFrame>(&def.frame, closure), true);
    initSlots(*frame_);
    for (size_t i = 0; i < count; ++i) frame_->slots[static_cast<size_t>(def.paramSlots[i])] = bound[i];
    if (def.callerSlot >= 0) frame_->slots[static_cast<size_t>(def.callerSlot)] = caller;
    if (def.kwargsSlot >= 0) frame_->slots[static_cast<size_t>(def.kwargsSlot)] = kwargs;
    if (def.varargsSlot >= 0) frame_->slots[static_cast<size_t>(def.varargsSlot)] = varargs;
    Restore<bool> escape(autoescape_, autoescapeResult);
    const size_t firstDefault = count - def.defaults.size();
    for (size_t i = 0; i < count; ++i) {
        Value& slot = frame_->slots[static_cast<size_t>(def.paramSlots[i])];
        if (!slot.is(Kind::Missing)) continue;
        if (i >= firstDefault) slot = eval(*def.defaults[i - firstDefault]);
        else slot = Value::undefinedHint("parameter '" + def.params[i]->name + "' was not provided");
    }
    std::string buffer;
    {
        OutputCapture capture(out_, buffer);
        execBody(def.body);
    }
    return Value::str(std::move(buffer), autoescapeResult);
}

} // namespace cmf::engine::chat
