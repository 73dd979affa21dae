// Multimodal checkpoint layouts to the text model's canonical names
// (tests/data/models/families/README.md "Checkpoint layouts",
// tests/data/models/gdn/README.md "Layouts" for Qwen3.5), the MTP head's
// canonical names (§2.1) and fused expert banks split per expert (§2.2).
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
    {"model.language_model.", "model."},   // the same saved by transformers >= 4.52; Qwen3.5 as released
};

// Parts of a multimodal model the text model never reads.
constexpr std::string_view kSkipped[] = {
    "vision_tower.", "model.vision_tower.", "multi_modal_projector.", "model.multi_modal_projector.",
    "model.visual.", "visual.", // Qwen3.5's vision tower and merger (and the older Qwen-VL spelling)
};

// Qwen3.5's MTP head under the names the reference converter gives it (§2.1).
constexpr std::pair<std::string_view, std::string_view> kMtpNames[] = {
    {"mtp.fc.weight", "model.mtp.eh_proj.weight"},
    {"mtp.pre_fc_norm_embedding.weight", "model.mtp.enorm.weight"},
    {"mtp.pre_fc_norm_hidden.weight", "model.mtp.hnorm.weight"},
};

std::string canonicalName(std::string_view v) {
    for (const auto& [from, to] : kTextPrefixes)
        if (v.starts_with(from)) return std::string(to) + std::string(v.substr(from.size()));
    for (const auto& [from, to] : kMtpNames)
        if (v == from) return std::string(to);
    if (v.starts_with("mtp.")) return "model." + std::string(v); // mtp.norm, mtp.layers.{i}.*
    return std::string(v);
}

// Fused banks (transformers v5 MoE layout), by the suffix of their name.
constexpr std::string_view kGateUp = ".mlp.experts.gate_up_proj", kDown = ".mlp.experts.down_proj";

const std::vector<uint64_t>& bankShape(const std::string& name, size_t i, const std::vector<std::vector<uint64_t>>& shapes) {
    if (i >= shapes.size()) throw Error(ErrorKind::Parse, name + ": a fused expert bank is split by its shape, which is not known here");
    const auto& s = shapes[i];
    if (s.size() != 3 || s[0] == 0 || (std::string_view(name).ends_with(kGateUp) && s[1] % 2 != 0)) {
        std::string dims;
        for (uint64_t d : s) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
        throw Error(ErrorKind::Parse, name + " has shape [" + dims + "]; a fused expert bank is [experts, " +
                                          (std::string_view(name).ends_with(kGateUp) ? "2 x ff, hidden]" : "hidden, ff]"));
    }
    return s;
}

} // namespace

TensorNameMap mapTensorNames(const std::vector<std::string>& names, const std::vector<std::vector<uint64_t>>& shapes) {
    TensorNameMap m;
    std::map<std::string, std::string> seen; // canonical -> source
    auto keep = [&](std::string canonical, const std::string& source, std::optional<TensorSlice> slice) {
        if (const auto [it, fresh] = seen.emplace(canonical, source); !fresh)
            throw Error(ErrorKind::Parse, "checkpoint holds both " + it->second + " and " + source + ", which are the same tensor " + canonical);
        m.canonical.push_back(std::move(canonical));
        m.source.push_back(source);
        m.slice.push_back(slice);
    };
    for (size_t i = 0; i < names.size(); ++i) {
        const std::string& n = names[i];
        const std::string_view v(n);
        bool skip = false;
        for (const auto p : kSkipped) skip = skip || v.starts_with(p);
        if (skip) {
            m.skipped.push_back(n);
            continue;
        }
        const std::string canonical = canonicalName(v);
        const std::string_view c(canonical);
        if (c.ends_with(kGateUp)) { // [E, 2ff, h]: expert e's gate is rows 0..ff-1 of entry e, its up rows ff..2ff-1
            const auto& s = bankShape(n, i, shapes);
            const std::string base(c.substr(0, c.size() - std::string_view("gate_up_proj").size()));
            for (uint64_t e = 0; e < s[0]; ++e)
                keep(base + std::to_string(e) + ".gate_proj.weight", n, TensorSlice{e, 0, s[1] / 2});
            for (uint64_t e = 0; e < s[0]; ++e)
                keep(base + std::to_string(e) + ".up_proj.weight", n, TensorSlice{e, s[1] / 2, s[1]});
        } else if (c.ends_with(kDown)) { // [E, h, ff]: entry e is expert e's down_proj
            const auto& s = bankShape(n, i, shapes);
            const std::string base(c.substr(0, c.size() - std::string_view("down_proj").size()));
            for (uint64_t e = 0; e < s[0]; ++e) keep(base + std::to_string(e) + ".down_proj.weight", n, TensorSlice{e, 0, s[1]});
        } else {
            keep(canonical, n, std::nullopt);
        }
    }
    return m;
}

} // namespace cmf::hf
