// Multimodal checkpoint layouts to the text model's canonical names
// (tests/data/models/families/README.md "Checkpoint layouts").
#include "cmf/format/error.h"
#include "cmf/format/hf_import.h"

#include <map>
#include <string_view>

namespace cmf::hf {
namespace {

// Wrapper prefixes of a text model inside a multimodal one, and what replaces them.
constexpr std::pair<std::string_view, std::string_view> kTextPrefixes[] = {
    {"language_model.model.", "model."},   // Gemma 3 4B+ as released (transformers 4.50)
    {"language_model.lm_head.", "lm_head."},
    {"model.language_model.", "model."},   // the same saved by transformers >= 4.52
};

// Parts of a multimodal model the text model never reads.
constexpr std::string_view kSkipped[] = {
    "vision_tower.", "model.vision_tower.", "multi_modal_projector.", "model.multi_modal_projector.",
};

} // namespace

TensorNameMap mapTensorNames(const std::vector<std::string>& names) {
    TensorNameMap m;
    std::map<std::string, std::string> seen; // canonical -> source
    for (const auto& n : names) {
        const std::string_view v(n);
        bool skip = false;
        for (const auto p : kSkipped) skip = skip || v.starts_with(p);
        if (skip) {
            m.skipped.push_back(n);
            continue;
        }
        std::string canonical = n;
        for (const auto& [from, to] : kTextPrefixes)
            if (v.starts_with(from)) {
                canonical = std::string(to) + std::string(v.substr(from.size()));
                break;
            }
        if (const auto [it, fresh] = seen.emplace(canonical, n); !fresh)
            throw Error(ErrorKind::Parse, "checkpoint holds both " + it->second + " and " + n + ", which are the same tensor " + canonical);
        m.canonical.push_back(std::move(canonical));
        m.source.push_back(n);
    }
    return m;
}

} // namespace cmf::hf
