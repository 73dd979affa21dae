// jinja2's LoopContext: index/first/last/length and friends, with the same lazy look-ahead
// (loop.last and loop.nextitem pull one item early; loop.length drains the rest when the
// iterable has no len()), which decides when a loop filter gets evaluated.
#include "chat/errors.h"
#include "chat/objects.h"
#include "chat/protocol.h"

namespace cmf::engine::chat {

bool LoopObj::pull(Value& out) {
    if (bufferedPos < buffered.size()) {
        out = std::move(buffered[bufferedPos++]);
        if (bufferedPos == buffered.size()) {
            buffered.clear();
            bufferedPos = 0;
        }
        return true;
    }
    return source && source->next(out);
}

std::optional<Value>& LoopObj::peek() {
    if (!peeked) {
        Value v;
        if (pull(v)) peeked.emplace(std::move(v));
        else peeked.emplace(std::nullopt);
    }
    return *peeked;
}

bool LoopObj::advance(Value& out) {
    if (peeked) {
        if (!*peeked) return false;
        out = std::move(**peeked);
        peeked.reset();
    } else if (!pull(out)) {
        return false;
    }
    ++index0;
    before = current;
    current = out;
    return true;
}

int64_t LoopObj::totalLength() {
    if (lengthCache) return *lengthCache;
    if (source) {
        if (const auto n = source->knownLength()) return *(lengthCache = n);
    }
    // Drain what is left; the items stay queued for the loop.
    std::vector<Value> rest(buffered.begin() + static_cast<std::ptrdiff_t>(bufferedPos), buffered.end());
    Value v;
    while (source && source->next(v)) {
        rest.push_back(std::move(v));
        checkItems(rest.size());
    }
    buffered = std::move(rest);
    bufferedPos = 0;
    const bool hasAfter = peeked && *peeked;
    lengthCache = static_cast<int64_t>(buffered.size()) + index0 + 1 + (hasAfter ? 1 : 0);
    return *lengthCache;
}

std::string LoopObj::repr() const {
    auto* self = const_cast<LoopObj*>(this);
    return "<LoopContext " + std::to_string(index0 + 1) + "/" + std::to_string(self->totalLength()) + ">";
}

namespace {

Value cycle(Interpreter&, const Value& self, CallArgs& args) {
    if (!args.kw.empty()) fail(Fault::Type, "cycle() got an unexpected keyword argument");
    if (args.pos.empty()) fail(Fault::Type, "no items for cycling given");
    const auto n = static_cast<int64_t>(args.pos.size());
    const int64_t i = self.as<LoopObj>().index0;
    return args.pos[static_cast<size_t>(((i % n) + n) % n)];
}

Value changed(Interpreter&, const Value& self, CallArgs& args) {
    auto& loop = self.as<LoopObj>();
    const Value now = Value::tuple(args.pos);
    if (loop.lastChanged.is(Kind::Missing) || !pyEquals(loop.lastChanged, now)) {
        loop.lastChanged = now;
        return Value::boolean(true);
    }
    return Value::boolean(false);
}

} // namespace

bool LoopObj::getAttr(Interpreter&, std::string_view name, Value& out) {
    if (name == "index0") out = Value::integer(index0);
    else if (name == "index") out = Value::integer(index0 + 1);
    else if (name == "revindex") out = Value::integer(totalLength() - index0);
    else if (name == "revindex0") out = Value::integer(totalLength() - index0 - 1);
    else if (name == "first") out = Value::boolean(index0 == 0);
    else if (name == "last") out = Value::boolean(!peek().has_value());
    else if (name == "length") out = Value::integer(totalLength());
    else if (name == "depth") out = Value::integer(depth0 + 1);
    else if (name == "depth0") out = Value::integer(depth0);
    else if (name == "previtem")
        out = before.is(Kind::Missing) ? Value::undefinedHint("there is no previous item") : before;
    else if (name == "nextitem") {
        auto& next = peek();
        out = next ? *next : Value::undefinedHint("there is no next item");
    } else if (name == "cycle" || name == "changed") {
        // Bound to a shared reference: the method may outlive the loop in a variable.
        const Value self = Value::fromObj(Kind::Object, shared_from_this());
        out = Value::fromObj(Kind::Object, std::make_shared<BoundMethodObj>(self, std::string(name),
                                                                            name == "cycle" ? cycle : changed));
    } else {
        return false;
    }
    return true;
}

Value LoopObj::call(Interpreter& in, CallArgs& args) {
    if (!recursiveStmt) fail(Fault::Type, "The loop must have the 'recursive' marker to be called recursively.");
    if (args.pos.size() != 1 || !args.kw.empty()) fail(Fault::Type, "loop() takes exactly one argument");
    const FramePtr outer = outerFrame.lock();
    if (!outer) fail(Fault::Runtime, "the recursive loop has finished");
    return in.renderRecursiveLoop(*recursiveStmt, outer, args.pos[0], depth0 + 1);
}

void LoopObj::clearReferences() {
    current = Value();
    before = Value::missing();
    peeked.reset();
    buffered.clear();
    lastChanged = Value::missing();
    source.reset();
}

} // namespace cmf::engine::chat
