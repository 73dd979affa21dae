#include "chat/json.h"

#include "chat/errors.h"
#include "chat/protocol.h"
#include "chat/unicode.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cmf::engine::chat {
namespace {

constexpr int kMaxJsonDepth = 200;

Value convert(const nlohmann::ordered_json& j, int depth) {
    if (depth > kMaxJsonDepth) fail(Fault::Value, "context JSON is nested too deeply");
    using T = nlohmann::ordered_json::value_t;
    switch (j.type()) {
    case T::null: return Value::none();
    case T::boolean: return Value::boolean(j.get<bool>());
    case T::number_integer: return Value::integer(j.get<int64_t>());
    case T::number_unsigned: {
        const auto u = j.get<uint64_t>();
        if (u > static_cast<uint64_t>(INT64_MAX))
            fail(Fault::Overflow, "context integer " + std::to_string(u) + " does not fit in 64 bits");
        return Value::integer(static_cast<int64_t>(u));
    }
    case T::number_float: return Value::floating(j.get<double>());
    case T::string: {
        const auto& s = j.get_ref<const std::string&>();
        if (findInvalidUtf8(s) != std::string::npos) fail(Fault::Value, "context string is not valid UTF-8");
        checkBytes(s.size());
        return Value::str(s);
    }
    case T::array: {
        std::vector<Value> items;
        items.reserve(j.size());
        for (const auto& x : j) items.push_back(convert(x, depth + 1));
        return Value::list(std::move(items));
    }
    case T::object: {
        Value d = Value::newDict();
        for (const auto& [k, v] : j.items()) {
            if (findInvalidUtf8(k) != std::string::npos) fail(Fault::Value, "context key is not valid UTF-8");
            d.dict().set(Value::str(k), convert(v, depth + 1));
        }
        return d;
    }
    default: fail(Fault::Value, "context holds a value JSON templates cannot see (binary data)");
    }
}

void appendQuoted(std::string& out, std::string_view s, bool ascii) {
    static const char* hex = "0123456789abcdef";
    auto u4 = [&](unsigned v) {
        out += "\\u";
        for (int k = 3; k >= 0; --k) out += hex[(v >> (4 * k)) & 0xF];
    };
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const auto byte = static_cast<unsigned char>(s[i]);
        if (byte >= 0x80) {
            const size_t start = i;
            const char32_t c = decodeAt(s, i);
            if (!ascii) {
                out.append(s.substr(start, i - start));
            } else if (c >= 0x10000) {
                const char32_t v = c - 0x10000;
                u4(0xD800 | (v >> 10));
                u4(0xDC00 | (v & 0x3FF));
            } else {
                u4(c);
            }
            continue;
        }
        ++i;
        switch (byte) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (byte < 0x20) u4(byte);
            else out += static_cast<char>(byte);
        }
    }
    out += '"';
}

std::string floatJson(double d) {
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    return floatRepr(d);
}

class Dumper {
public:
    explicit Dumper(const JsonDumpOptions& o) : o_(o) {}

    void encode(std::string& out, const Value& v, int level) {
        switch (v.kind()) {
        case Kind::None: out += "null"; return;
        case Kind::Bool: out += v.asBool() ? "true" : "false"; return;
        case Kind::Int: out += std::to_string(v.asInt()); return;
        case Kind::Float: out += floatJson(v.asFloat()); return;
        case Kind::Str: appendQuoted(out, v.asStr(), o_.ensureAscii); break;
        case Kind::List:
        case Kind::Tuple: array(out, v, level); break;
        case Kind::Dict: object(out, v, level); break;
        default: fail(Fault::Type, "Object of type " + typeName(v) + " is not JSON serializable");
        }
        checkBytes(out.size());
    }

private:
    class Marker {
    public:
        Marker(Dumper& d, const Obj* o) : d_(d) {
            if (std::find(d.active_.begin(), d.active_.end(), o) != d.active_.end())
                fail(Fault::Value, "Circular reference detected");
            d.active_.push_back(o);
        }
        ~Marker() { d_.active_.pop_back(); }
        Marker(const Marker&) = delete;
        Marker& operator=(const Marker&) = delete;

    private:
        Dumper& d_;
    };

    void newline(std::string& out, int level) {
        out += '\n';
        for (int i = 0; i < level; ++i) out += o_.indent;
        checkBytes(out.size());
    }

    void array(std::string& out, const Value& v, int level) {
        const auto& items = v.items();
        if (items.empty()) {
            out += "[]";
            return;
        }
        Marker mark(*this, v.obj().get());
        DepthGuard depth;
        out += '[';
        if (o_.indentSet) newline(out, level + 1);
        for (size_t i = 0; i < items.size(); ++i) {
            if (i) {
                out += o_.itemSeparator;
                if (o_.indentSet) newline(out, level + 1);
            }
            encode(out, items[i], level + 1);
        }
        if (o_.indentSet) newline(out, level);
        out += ']';
    }

    static std::string keyText(const Value& k) {
        switch (k.kind()) {
        case Kind::Str: return k.asStr();
        case Kind::Float: return floatJson(k.asFloat());
        case Kind::Bool: return k.asBool() ? "true" : "false";
        case Kind::None: return "null";
        case Kind::Int: return std::to_string(k.asInt());
        default: fail(Fault::Type, "keys must be str, int, float, bool or None, not " + typeName(k));
        }
    }

    void object(std::string& out, const Value& v, int level) {
        const auto& d = v.dict();
        if (d.size() == 0) {
            out += "{}";
            return;
        }
        Marker mark(*this, v.obj().get());
        DepthGuard depth;
        std::vector<const std::pair<Value, Value>*> entries;
        for (const auto& e : d.entries()) entries.push_back(&e);
        if (o_.sortKeys)
            std::stable_sort(entries.begin(), entries.end(),
                             [](const auto* a, const auto* b) { return pyLess(a->first, b->first); });
        out += '{';
        if (o_.indentSet) newline(out, level + 1);
        bool first = true;
        for (const auto* e : entries) {
            if (!first) {
                out += o_.itemSeparator;
                if (o_.indentSet) newline(out, level + 1);
            }
            first = false;
            appendQuoted(out, keyText(e->first), o_.ensureAscii);
            out += o_.keySeparator;
            encode(out, e->second, level + 1);
        }
        if (o_.indentSet) newline(out, level);
        out += '}';
    }

    const JsonDumpOptions& o_;
    std::vector<const Obj*> active_;
};

} // namespace

Value fromJson(const nlohmann::ordered_json& j) { return convert(j, 0); }

std::string jsonDumps(const Value& v, const JsonDumpOptions& options) {
    std::string out;
    Dumper(options).encode(out, v, 0);
    return out;
}

} // namespace cmf::engine::chat
