#include "chat/value.h"

#include "chat/errors.h"
#include "chat/protocol.h"

namespace cmf::engine::chat {

Value Value::missing() {
    Value v;
    v.kind_ = Kind::Missing;
    return v;
}

Value Value::none() {
    Value v;
    v.kind_ = Kind::None;
    return v;
}

Value Value::boolean(bool b) {
    Value v;
    v.kind_ = Kind::Bool;
    v.b_ = b;
    return v;
}

Value Value::integer(int64_t i) {
    Value v;
    v.kind_ = Kind::Int;
    v.i_ = i;
    return v;
}

Value Value::floating(double d) {
    Value v;
    v.kind_ = Kind::Float;
    v.f_ = d;
    return v;
}

Value Value::str(std::string s, bool markup) {
    Value v;
    v.kind_ = Kind::Str;
    v.markup_ = markup;
    v.obj_ = std::make_shared<StrObj>(std::move(s));
    return v;
}

Value Value::list(std::vector<Value> items) {
    Value v;
    v.kind_ = Kind::List;
    v.obj_ = std::make_shared<ListObj>(std::move(items));
    return v;
}

Value Value::tuple(std::vector<Value> items) {
    Value v;
    v.kind_ = Kind::Tuple;
    v.obj_ = std::make_shared<ListObj>(std::move(items));
    return v;
}

Value Value::newDict() {
    Value v;
    v.kind_ = Kind::Dict;
    v.obj_ = std::make_shared<DictObj>();
    return v;
}

Value Value::range(int64_t start, int64_t stop, int64_t step) {
    Value v;
    v.kind_ = Kind::Range;
    v.obj_ = std::make_shared<RangeObj>(start, stop, step);
    return v;
}

Value Value::fromObj(Kind kind, std::shared_ptr<Obj> obj) {
    Value v;
    v.kind_ = kind;
    v.obj_ = std::move(obj);
    return v;
}

Value Value::undefinedHint(std::string hint) {
    auto u = std::make_shared<UndefinedObj>();
    u->hint = std::move(hint);
    return fromObj(Kind::Undefined, std::move(u));
}

Value Value::undefinedName(std::string_view name) {
    auto u = std::make_shared<UndefinedObj>();
    u->nameRepr = strRepr(name);
    return fromObj(Kind::Undefined, std::move(u));
}

Value Value::undefinedAttr(const Value& owner, const Value& key) {
    auto u = std::make_shared<UndefinedObj>();
    u->hasOwner = true;
    u->ownerType = objectTypeRepr(owner);
    u->nameIsStr = key.isStr();
    // Building the repr of a huge key only to maybe show it in a message is wasteful and can
    // exceed limits; keys that large never make useful messages anyway.
    if (key.isStr() && key.asStr().size() > 200) u->nameRepr = strRepr(key.asStr().substr(0, 200) + "...");
    else u->nameRepr = repr(key);
    return fromObj(Kind::Undefined, std::move(u));
}

Value Value::unsafeAttr(const Value& owner, std::string_view attr) {
    auto u = std::make_shared<UndefinedObj>();
    u->security = true;
    u->hint = "access to attribute " + strRepr(attr) + " of " + strRepr(typeName(owner)) + " object is unsafe.";
    u->nameRepr = strRepr(attr);
    return fromObj(Kind::Undefined, std::move(u));
}

const std::string& Value::asStr() const { return static_cast<const StrObj&>(*obj_).s; }
std::vector<Value>& Value::items() const { return static_cast<ListObj&>(*obj_).items; }
DictObj& Value::dict() const { return static_cast<DictObj&>(*obj_); }

void releaseDeep(std::vector<Value>& values) {
    thread_local int depth = 0;
    thread_local std::vector<std::shared_ptr<Obj>> pending;
    if (depth > 32) {
        // Too deep to recurse further: park the children and let the outermost call free them.
        for (auto& v : values)
            if (v.obj()) pending.push_back(v.releaseObj());
        values.clear();
        return;
    }
    ++depth;
    values.clear();
    if (depth == 1) {
        while (!pending.empty()) {
            std::shared_ptr<Obj> o = std::move(pending.back());
            pending.pop_back();
            o.reset();
        }
    }
    --depth;
}

DictObj::~DictObj() { clear(); }

void DictObj::clear() {
    std::vector<Value> all;
    all.reserve(entries_.size() * 2);
    for (auto& [k, v] : entries_) {
        all.push_back(std::move(k));
        all.push_back(std::move(v));
    }
    entries_.clear();
    buckets_.clear();
    releaseDeep(all);
}

namespace {
constexpr size_t kLinearLimit = 8;
} // namespace

void DictObj::rebuildIndex() {
    buckets_.clear();
    if (entries_.size() <= kLinearLimit) return;
    size_t n = 16;
    while (n < entries_.size() * 2) n *= 2;
    buckets_.assign(n, {});
    for (size_t i = 0; i < entries_.size(); ++i)
        buckets_[pyHash(entries_[i].first) & (n - 1)].push_back(static_cast<uint32_t>(i));
}

std::ptrdiff_t DictObj::indexOf(const Value& key) const {
    const size_t h = pyHash(key); // also rejects unhashable keys, as Python does
    if (buckets_.empty()) {
        for (size_t i = 0; i < entries_.size(); ++i)
            if (pyEquals(entries_[i].first, key)) return static_cast<std::ptrdiff_t>(i);
        return -1;
    }
    for (const uint32_t i : buckets_[h & (buckets_.size() - 1)])
        if (pyEquals(entries_[i].first, key)) return i;
    return -1;
}

const Value* DictObj::find(const Value& key) const {
    const auto i = indexOf(key);
    return i < 0 ? nullptr : &entries_[static_cast<size_t>(i)].second;
}

void DictObj::set(const Value& key, Value value) {
    const auto i = indexOf(key);
    if (i >= 0) {
        entries_[static_cast<size_t>(i)].second = std::move(value);
        return;
    }
    checkItems(entries_.size() + 1);
    entries_.emplace_back(key, std::move(value));
    if (buckets_.size() < entries_.size() * 2) rebuildIndex();
    else buckets_[pyHash(key) & (buckets_.size() - 1)].push_back(static_cast<uint32_t>(entries_.size() - 1));
}

bool DictObj::erase(const Value& key) {
    const auto i = indexOf(key);
    if (i < 0) return false;
    entries_.erase(entries_.begin() + i);
    rebuildIndex();
    return true;
}

std::string UndefinedObj::message() const {
    if (!hint.empty()) return hint;
    if (!hasOwner) return nameRepr + " is undefined";
    if (!nameIsStr) return ownerType + " has no element " + nameRepr;
    return strRepr(ownerType) + " has no attribute " + nameRepr;
}

int64_t RangeObj::length() const {
    // Computed in unsigned arithmetic: stop - start can overflow int64 for extreme bounds.
    if (step > 0 && start < stop) return int64_t((uint64_t(stop) - uint64_t(start) - 1) / uint64_t(step) + 1);
    if (step < 0 && start > stop)
        return int64_t((uint64_t(start) - uint64_t(stop) - 1) / (uint64_t(0) - uint64_t(step)) + 1);
    return 0;
}

bool CustomObj::getAttr(Interpreter&, std::string_view, Value&) { return false; }

Value CustomObj::call(Interpreter&, CallArgs&) {
    std::string message = "'"; // built by appending: GCC 12 misreports prepending (PR105651)
    message += typeName();
    message += "' object is not callable";
    fail(Fault::Type, message);
}

std::string typeName(const Value& v) {
    switch (v.kind()) {
    case Kind::Missing:
    case Kind::Undefined: return "Undefined";
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::Str: return v.isMarkup() ? "Markup" : "str";
    case Kind::List: return "list";
    case Kind::Tuple: return v.as<ListObj>().groupTuple ? "_GroupTuple" : "tuple";
    case Kind::Dict: return "dict";
    case Kind::Range: return "range";
    case Kind::View: {
        const auto w = v.as<ViewObj>().which;
        return w == ViewObj::Keys ? "dict_keys" : w == ViewObj::Values ? "dict_values" : "dict_items";
    }
    case Kind::Iterator: return v.as<IteratorObj>().typeName;
    case Kind::Namespace: return "Namespace";
    case Kind::Object: return std::string(v.as<CustomObj>().typeName());
    }
    return "object";
}

std::string objectTypeRepr(const Value& v) {
    switch (v.kind()) {
    case Kind::None: return "None";
    case Kind::Missing:
    case Kind::Undefined: return "jinja2.runtime.Undefined object";
    case Kind::Namespace: return "jinja2.utils.Namespace object";
    case Kind::Str:
        if (v.isMarkup()) return "markupsafe.Markup object";
        break;
    case Kind::Tuple:
        if (v.as<ListObj>().groupTuple) return "jinja2.filters._GroupTuple object";
        break;
    case Kind::Object: {
        const auto& o = v.as<CustomObj>();
        if (o.moduleName() != "builtins")
            return std::string(o.moduleName()) + "." + std::string(o.typeName()) + " object";
        break;
    }
    default:
        break;
    }
    return typeName(v) + " object";
}

} // namespace cmf::engine::chat
