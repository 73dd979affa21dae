#pragma once
// JSON in and out. In: the render context arrives as nlohmann::ordered_json (key order is
// observable through tojson and dict iteration, so it must be kept). Out: transformers'
// tojson filter, which is Python's json.dumps(x, ensure_ascii=False, indent=..., separators=...,
// sort_keys=...) and not jinja2's own HTML-safe tojson.
#include "chat/value.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cmf::engine::chat {

// Throws Failure(Value) for strings that are not valid UTF-8, integers beyond 64 bits and
// nesting deeper than the value layer supports.
Value fromJson(const nlohmann::ordered_json& j);

struct JsonDumpOptions {
    bool ensureAscii = false;
    bool indentSet = false;
    std::string indent;          // the indentation unit when indentSet
    std::string itemSeparator = ", ";
    std::string keySeparator = ": ";
    bool sortKeys = false;
};

// json.dumps; TypeError for values JSON cannot represent (Undefined, namespaces, ...).
std::string jsonDumps(const Value& v, const JsonDumpOptions& options);

} // namespace cmf::engine::chat
