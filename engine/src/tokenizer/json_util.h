#pragma once
// Checked access to tokenizer.json. Every failure is a cmf::Error (Parse) whose
// message names the field, e.g.
//   tokenizer.json: model.merges[12]: expected "a b" or ["a", "b"]
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cmf::engine::tok {

using Json = nlohmann::json;

// "model" + "merges" -> "model.merges"; "" + "model" -> "model".
std::string joinPath(const std::string& base, std::string_view key);
// "model.merges" + 12 -> "model.merges[12]".
std::string indexPath(const std::string& base, size_t index);

[[noreturn]] void parseError(const std::string& path, const std::string& what);

// "a string", "an array", "null" ... for "expected X, got Y" messages.
std::string describe(const Json& j);

// The member `key` of `obj` (an object at `path`); throws when it is missing.
const Json& require(const Json& obj, const std::string& path, const char* key);
// The member `key`, or nullptr when it is missing or null.
const Json* optional(const Json& obj, const char* key);

void expectObject(const Json& j, const std::string& path);
void expectArray(const Json& j, const std::string& path);

std::string asString(const Json& j, const std::string& path);
bool asBool(const Json& j, const std::string& path);
int64_t asInt(const Json& j, const std::string& path, int64_t min, int64_t max);
double asNumber(const Json& j, const std::string& path);
// A token id: an integer in [0, INT32_MAX].
int32_t asId(const Json& j, const std::string& path);

std::string getString(const Json& obj, const std::string& path, const char* key);
// Missing or null -> nullopt.
std::optional<std::string> getOptString(const Json& obj, const std::string& path, const char* key);
bool getBool(const Json& obj, const std::string& path, const char* key, std::optional<bool> fallback = std::nullopt);
int64_t getInt(const Json& obj, const std::string& path, const char* key, int64_t min, int64_t max,
               std::optional<int64_t> fallback = std::nullopt);
// A string field that must hold exactly one character (Metaspace's replacement...).
char32_t getChar(const Json& obj, const std::string& path, const char* key, std::optional<char32_t> fallback = std::nullopt);

} // namespace cmf::engine::tok
