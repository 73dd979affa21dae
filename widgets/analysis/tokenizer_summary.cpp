#include "analysis/tokenizer_summary.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cmfw {

namespace {

std::string typeOf(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || j[key].is_null()) return {};
    const auto& v = j[key];
    if (v.is_object() && v.contains("type") && v["type"].is_string()) {
        std::string t = v["type"].get<std::string>();
        // Sequences list their parts: "Sequence(Split, ByteLevel)".
        for (const char* list : {"normalizers", "pretokenizers", "processors", "decoders"}) {
            if (!v.contains(list) || !v[list].is_array()) continue;
            std::string parts;
            for (const auto& p : v[list])
                if (p.is_object() && p.contains("type") && p["type"].is_string())
                    parts += (parts.empty() ? "" : ", ") + p["type"].get<std::string>();
            t += "(" + parts + ")";
        }
        return t;
    }
    return v.is_string() ? v.get<std::string>() : v.type_name();
}

} // namespace

TokenizerSummary summarizeTokenizer(std::span<const uint8_t> bytes, const std::vector<int64_t>& ids,
                                    const cmf::Control& control) {
    TokenizerSummary s;
    s.bytes = bytes.size();
    control.report(0, 2, "reading tokenizer");
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(bytes.begin(), bytes.end());
    } catch (const nlohmann::json::exception& e) {
        s.error = e.what();
        return s;
    }
    control.checkCancel();
    control.report(1, 2, "reading tokenizer");
    if (!j.is_object() || !j.contains("model") || !j["model"].is_object()) {
        s.error = "the JSON has no \"model\" object, so it is not a Hugging Face tokenizer.json";
        return s;
    }
    const auto& m = j["model"];
    if (m.contains("type") && m["type"].is_string()) s.modelType = m["type"].get<std::string>();
    s.normalizer = typeOf(j, "normalizer");
    s.preTokenizer = typeOf(j, "pre_tokenizer");
    s.postProcessor = typeOf(j, "post_processor");
    s.decoder = typeOf(j, "decoder");
    if (m.contains("byte_fallback") && m["byte_fallback"].is_boolean()) s.byteFallback = m["byte_fallback"].get<bool>();
    if (m.contains("merges") && m["merges"].is_array()) s.merges = m["merges"].size();

    std::vector<int64_t> wanted(ids);
    std::sort(wanted.begin(), wanted.end());
    auto want = [&](int64_t id) { return std::binary_search(wanted.begin(), wanted.end(), id); };
    if (m.contains("vocab")) {
        const auto& v = m["vocab"];
        if (v.is_object()) { // BPE, WordPiece, WordLevel: {token: id}
            s.vocabSize = v.size();
            for (auto it = v.begin(); it != v.end(); ++it)
                if (it.value().is_number_integer() && want(it.value().get<int64_t>()))
                    s.tokenText[it.value().get<int64_t>()] = it.key();
        } else if (v.is_array()) { // Unigram: [[token, score], ...]
            s.vocabSize = v.size();
            for (const int64_t id : wanted)
                if (id >= 0 && uint64_t(id) < v.size() && v[size_t(id)].is_array() && !v[size_t(id)].empty() &&
                    v[size_t(id)][0].is_string())
                    s.tokenText[id] = v[size_t(id)][0].get<std::string>();
        }
    }
    if (j.contains("added_tokens") && j["added_tokens"].is_array()) {
        for (const auto& a : j["added_tokens"]) {
            if (!a.is_object() || !a.contains("id") || !a["id"].is_number_integer()) continue;
            TokenizerSummary::AddedToken t;
            t.id = a["id"].get<int64_t>();
            if (a.contains("content") && a["content"].is_string()) t.content = a["content"].get<std::string>();
            if (a.contains("special") && a["special"].is_boolean()) t.special = a["special"].get<bool>();
            if (want(t.id)) s.tokenText[t.id] = t.content;
            s.added.push_back(std::move(t));
        }
    }
    control.report(2, 2, "done");
    return s;
}

} // namespace cmfw
