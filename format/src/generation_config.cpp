#include "cmf/format/generation_config.h"
#include "cmf/format/error.h"

#include <cmath>
#include <string>

namespace cmf {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& where, const char* key, const std::string& what) {
    throw Error(ErrorKind::Parse, where + ": \"" + key + "\" " + what);
}

// A number key within [lo, hi] (or (lo, hi] when openLow); absent or null → nullopt.
std::optional<double> number(const json& j, const std::string& where, const char* key, double lo, double hi, const char* range,
                             bool openLow = false) {
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return std::nullopt;
    if (!it->is_number()) bad(where, key, "is not a number");
    const double v = it->get<double>();
    const bool low = openLow ? v > lo : v >= lo;
    if (!std::isfinite(v) || !low || v > hi) bad(where, key, "is " + it->dump() + ", outside " + range);
    return v;
}

} // namespace

bool GenerationConfig::empty() const {
    return !doSample && !temperature && !topK && !topP && !minP && !repetitionPenalty && eosTokenIds.empty();
}

json GenerationConfig::toJson() const {
    json j = json::object();
    if (doSample) j["do_sample"] = *doSample;
    if (temperature) j["temperature"] = *temperature;
    if (topK) j["top_k"] = *topK;
    if (topP) j["top_p"] = *topP;
    if (minP) j["min_p"] = *minP;
    if (repetitionPenalty) j["repetition_penalty"] = *repetitionPenalty;
    if (!eosTokenIds.empty()) j["eos_token_ids"] = eosTokenIds;
    return j;
}

GenerationConfig generationConfigFromJson(const json& j, const std::string& where) {
    if (!j.is_object()) throw Error(ErrorKind::Parse, where + ": is not a JSON object");
    GenerationConfig g;
    constexpr double inf = HUGE_VAL;
    if (const auto it = j.find("do_sample"); it != j.end() && !it->is_null()) {
        if (!it->is_boolean()) bad(where, "do_sample", "is not true or false");
        g.doSample = it->get<bool>();
    }
    g.temperature = number(j, where, "temperature", 0, inf, "[0, ∞)");
    if (const auto it = j.find("top_k"); it != j.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 0) bad(where, "top_k", "is " + it->dump() + ", not an integer ≥ 0");
        g.topK = it->get<int64_t>();
    }
    g.topP = number(j, where, "top_p", 0, 1, "(0, 1]", true);
    g.minP = number(j, where, "min_p", 0, 1, "[0, 1]");
    g.repetitionPenalty = number(j, where, "repetition_penalty", 0, inf, "(0, ∞)", true);
    // generation_config.json: "eos_token_id" (an integer or a list); the header: "eos_token_ids".
    for (const char* key : {"eos_token_id", "eos_token_ids"}) {
        const auto it = j.find(key);
        if (it == j.end() || it->is_null()) continue;
        const json list = it->is_array() ? *it : json::array({*it});
        for (const auto& v : list) {
            if (!v.is_number_integer()) bad(where, key, "is not an integer or a list of them");
            g.eosTokenIds.push_back(v.get<int64_t>());
        }
    }
    return g;
}

std::optional<GenerationConfig> parseGenerationConfig(const json& header) {
    const auto it = header.find("generation_config");
    if (it == header.end() || it->is_null()) return std::nullopt;
    return generationConfigFromJson(*it, "header: generation_config");
}

} // namespace cmf
