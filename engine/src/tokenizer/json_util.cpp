#include "tokenizer/json_util.h"

#include "tokenizer/unicode.h"

#include "cmf/format/error.h"

#include <cmath>
#include <limits>

namespace cmf::engine::tok {

std::string joinPath(const std::string& base, std::string_view key) {
    if (base.empty()) return std::string(key);
    std::string p = base;
    p += '.';
    p += key;
    return p;
}

std::string indexPath(const std::string& base, size_t index) {
    return base + "[" + std::to_string(index) + "]";
}

void parseError(const std::string& path, const std::string& what) {
    throw Error(ErrorKind::Parse, "tokenizer.json: " + (path.empty() ? std::string() : path + ": ") + what);
}

std::string describe(const Json& j) {
    switch (j.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    default: return "an unexpected value";
    }
}

void expectObject(const Json& j, const std::string& path) {
    if (!j.is_object()) parseError(path, "expected an object, got " + describe(j));
}

void expectArray(const Json& j, const std::string& path) {
    if (!j.is_array()) parseError(path, "expected an array, got " + describe(j));
}

const Json& require(const Json& obj, const std::string& path, const char* key) {
    expectObject(obj, path);
    const auto it = obj.find(key);
    if (it == obj.end()) parseError(joinPath(path, key), "missing");
    return *it;
}

const Json* optional(const Json& obj, const char* key) {
    if (!obj.is_object()) return nullptr;
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return nullptr;
    return &*it;
}

std::string asString(const Json& j, const std::string& path) {
    if (!j.is_string()) parseError(path, "expected a string, got " + describe(j));
    return j.get<std::string>();
}

bool asBool(const Json& j, const std::string& path) {
    if (!j.is_boolean()) parseError(path, "expected true or false, got " + describe(j));
    return j.get<bool>();
}

int64_t asInt(const Json& j, const std::string& path, int64_t min, int64_t max) {
    int64_t v = 0;
    if (j.is_number_unsigned()) {
        const auto u = j.get<uint64_t>();
        if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            parseError(path, "integer " + std::to_string(u) + " is out of range");
        v = static_cast<int64_t>(u);
    } else if (j.is_number_integer()) {
        v = j.get<int64_t>();
    } else if (j.is_number_float()) {
        // serde accepts 3.0 for an integer field nowhere; neither do we.
        parseError(path, "expected an integer, got " + j.dump());
    } else {
        parseError(path, "expected an integer, got " + describe(j));
    }
    if (v < min || v > max)
        parseError(path, "integer " + std::to_string(v) + " is out of range [" + std::to_string(min) + ", " +
                             std::to_string(max) + "]");
    return v;
}

double asNumber(const Json& j, const std::string& path) {
    if (!j.is_number()) parseError(path, "expected a number, got " + describe(j));
    const double v = j.get<double>();
    if (!std::isfinite(v)) parseError(path, "expected a finite number");
    return v;
}

int32_t asId(const Json& j, const std::string& path) {
    return static_cast<int32_t>(asInt(j, path, 0, std::numeric_limits<int32_t>::max()));
}

std::string getString(const Json& obj, const std::string& path, const char* key) {
    return asString(require(obj, path, key), joinPath(path, key));
}

std::optional<std::string> getOptString(const Json& obj, const std::string& path, const char* key) {
    expectObject(obj, path);
    const Json* j = optional(obj, key);
    if (!j) return std::nullopt;
    return asString(*j, joinPath(path, key));
}

bool getBool(const Json& obj, const std::string& path, const char* key, std::optional<bool> fallback) {
    expectObject(obj, path);
    const auto it = obj.find(key);
    if (it == obj.end() && fallback) return *fallback;
    if (it == obj.end()) parseError(joinPath(path, key), "missing");
    return asBool(*it, joinPath(path, key));
}

int64_t getInt(const Json& obj, const std::string& path, const char* key, int64_t min, int64_t max,
               std::optional<int64_t> fallback) {
    expectObject(obj, path);
    const auto it = obj.find(key);
    if (it == obj.end() && fallback) return *fallback;
    if (it == obj.end()) parseError(joinPath(path, key), "missing");
    return asInt(*it, joinPath(path, key), min, max);
}

char32_t getChar(const Json& obj, const std::string& path, const char* key, std::optional<char32_t> fallback) {
    expectObject(obj, path);
    const auto it = obj.find(key);
    if (it == obj.end() && fallback) return *fallback;
    const std::string s = it == obj.end() ? (parseError(joinPath(path, key), "missing"), std::string())
                                          : asString(*it, joinPath(path, key));
    size_t i = 0;
    if (s.empty()) parseError(joinPath(path, key), "expected one character, got an empty string");
    const char32_t c = nextChar(s, i);
    if (i != s.size()) parseError(joinPath(path, key), "expected one character, got \"" + s + "\"");
    return c;
}

} // namespace cmf::engine::tok
