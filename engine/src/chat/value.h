#pragma once
// The values templates compute with: the Python objects jinja2 hands around, as far as a chat
// template can observe them. Containers have Python's reference semantics (two names, one
// list), which shared ownership gives; strings and tuples are immutable and shared freely.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cmf::engine::chat {

class Interpreter;
class Value;

enum class Kind : uint8_t {
    Missing,   // an unassigned frame slot (jinja's `missing`); reading one yields Undefined
    Undefined, // jinja2.Undefined: prints "", iterates empty, fails on most operations
    None,
    Bool,
    Int,       // Python int, limited to 64 bits (overflow is an error, not a bigint)
    Float,
    Str,       // str, or markupsafe.Markup when isMarkup()
    List,
    Tuple,
    Dict,      // insertion-ordered, Python key equality (1 == 1.0 == True)
    Range,     // range(start, stop, step)
    View,      // dict.keys() / values() / items()
    Iterator,  // generators returned by filters such as select and map: single pass
    Namespace, // jinja2.utils.Namespace
    Object,    // everything else: macros, functions, bound methods, loop, cycler, joiner
};

struct Obj {
    virtual ~Obj() = default;
};

struct CallArgs {
    std::vector<Value> pos;
    std::vector<std::pair<std::string, Value>> kw;
};

class Value {
public:
    Value() = default; // a plain Undefined
    static Value missing();
    static Value none();
    static Value boolean(bool b);
    static Value integer(int64_t i);
    static Value floating(double d);
    static Value str(std::string s, bool markup = false);
    static Value list(std::vector<Value> items = {});
    static Value tuple(std::vector<Value> items = {});
    static Value newDict();
    static Value range(int64_t start, int64_t stop, int64_t step);
    static Value fromObj(Kind kind, std::shared_ptr<Obj> obj);

    // Undefined values remember why they are undefined, for the message when one is misused.
    static Value undefinedHint(std::string hint);
    static Value undefinedName(std::string_view name);              // "'x' is undefined"
    static Value undefinedAttr(const Value& owner, const Value& key); // "'dict object' has no attribute 'x'"
    static Value unsafeAttr(const Value& owner, std::string_view attr); // sandbox refusal

    Kind kind() const { return kind_; }
    bool is(Kind k) const { return kind_ == k; }
    bool isUndefined() const { return kind_ == Kind::Undefined; }
    bool isNone() const { return kind_ == Kind::None; }
    bool isStr() const { return kind_ == Kind::Str; }
    bool isMarkup() const { return kind_ == Kind::Str && markup_; }
    bool isNumber() const { return kind_ == Kind::Int || kind_ == Kind::Float || kind_ == Kind::Bool; }
    bool isIntegral() const { return kind_ == Kind::Int || kind_ == Kind::Bool; } // Python int incl. bool
    bool isSequence() const { return kind_ == Kind::List || kind_ == Kind::Tuple; }

    bool asBool() const { return b_; }
    int64_t asInt() const { return kind_ == Kind::Bool ? int64_t(b_) : i_; }
    double asFloat() const { return kind_ == Kind::Float ? f_ : double(asInt()); }
    const std::string& asStr() const;
    std::vector<Value>& items() const; // List or Tuple
    class DictObj& dict() const;
    template <class T> T& as() const { return static_cast<T&>(*obj_); }
    const std::shared_ptr<Obj>& obj() const { return obj_; }
    bool sameObject(const Value& o) const { return obj_ && obj_ == o.obj_; }
    // Hands over the heap part (used to free deep structures iteratively).
    std::shared_ptr<Obj> releaseObj() {
        kind_ = Kind::Undefined;
        return std::move(obj_);
    }

private:
    Kind kind_ = Kind::Undefined;
    bool markup_ = false;
    union {
        bool b_;
        int64_t i_ = 0;
        double f_;
    };
    std::shared_ptr<Obj> obj_;
};

struct StrObj : Obj {
    explicit StrObj(std::string v) : s(std::move(v)) {}
    std::string s;
};

// Releases children without recursing once nesting gets deep: a list nested a million levels
// (easy to build with a namespace in a loop) would otherwise overflow the stack when freed.
void releaseDeep(std::vector<Value>& values);

struct ListObj : Obj {
    explicit ListObj(std::vector<Value> v) : items(std::move(v)) {}
    ~ListObj() override { releaseDeep(items); }
    std::vector<Value> items;
    bool groupTuple = false; // the (grouper, list) namedtuple the groupby filter returns
};

class DictObj : public Obj {
public:
    ~DictObj() override;
    size_t size() const { return entries_.size(); }
    const std::vector<std::pair<Value, Value>>& entries() const { return entries_; }
    // Python semantics: throws TypeError for an unhashable key.
    const Value* find(const Value& key) const;
    void set(const Value& key, Value value);
    bool erase(const Value& key);
    void clear();

private:
    std::ptrdiff_t indexOf(const Value& key) const;
    void rebuildIndex();
    std::vector<std::pair<Value, Value>> entries_;
    // Hash -> positions, kept only once a dict grows past a handful of keys. Maintained by the
    // writers so lookups never write: folded constant dicts are read by concurrent renders.
    std::vector<std::vector<uint32_t>> buckets_;
};

struct UndefinedObj : Obj {
    std::string hint;     // explicit message, or empty
    std::string nameRepr; // repr() of the missing name or key
    bool nameIsStr = true;
    bool hasOwner = false;
    std::string ownerType; // object_type_repr() of the owner, e.g. "dict object"
    bool security = false; // sandbox refusal: SecurityError instead of UndefinedError
    std::string message() const;
};

struct RangeObj : Obj {
    RangeObj(int64_t a, int64_t b, int64_t s) : start(a), stop(b), step(s) {}
    int64_t start, stop, step;
    int64_t length() const;
    int64_t at(int64_t i) const { return start + i * step; }
};

struct ViewObj : Obj {
    enum Which : uint8_t { Keys, Values, Items };
    ViewObj(std::shared_ptr<DictObj> d, Which w) : dict(std::move(d)), which(w) {}
    std::shared_ptr<DictObj> dict;
    Which which;
};

// A generator: the items are computed when the filter runs (filters and tests have no side
// effects), but consumption is single-pass and shared like Python's. A failure Python would
// raise partway through iteration is replayed at the same point.
struct IteratorObj : Obj {
    std::vector<Value> items;
    size_t pos = 0;
    std::string typeName = "generator";
    std::string reprName; // function name shown by repr(): <generator object NAME at ...>
    bool hasError = false;
    uint8_t errorFault = 0;
    std::string errorMessage;
    ~IteratorObj() override { releaseDeep(items); }
};

struct NamespaceObj : Obj {
    DictObj attrs;
};

// Everything without a dedicated kind: macros, builtins, bound methods, loop, cycler, joiner.
struct CustomObj : Obj {
    virtual std::string_view typeName() const = 0;
    virtual std::string_view moduleName() const { return "builtins"; }
    virtual std::string repr() const = 0;
    virtual bool getAttr(Interpreter& in, std::string_view name, Value& out);
    virtual bool isCallable() const { return false; }
    virtual Value call(Interpreter& in, CallArgs& args);
    virtual std::optional<int64_t> length() { return std::nullopt; }
    // Break reference cycles at the end of a render (macros keep their defining frame alive).
    virtual void clearReferences() {}
};

// Python type name as in error messages ("str", "dict", "NoneType", "generator", ...).
std::string typeName(const Value& v);
// object_type_repr() of jinja2's Undefined messages ("dict object", "None").
std::string objectTypeRepr(const Value& v);

} // namespace cmf::engine::chat
