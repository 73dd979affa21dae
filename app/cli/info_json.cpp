#include "info_json.h"

#include "cmf/format/content_summary.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/shards.h"

#include <filesystem>

namespace cmfcli {

using nlohmann::json;

json envelopeJson(const cmf::Envelope& e) {
    return json{{"version", e.version},
                {"flags", e.flags},
                {"required_features", e.requiredFeatures},
                {"required_features_names", cmf::featureNames(e.requiredFeatures)},
                {"header_off", e.header.off},   {"header_len", e.header.len},
                {"dir_off", e.dir.off},         {"dir_len", e.dir.len},
                {"data_off", e.data.off},       {"data_len", e.data.len},
                {"masks_off", e.masks.off},     {"masks_len", e.masks.len},
                {"vocab_off", e.vocab.off},     {"vocab_len", e.vocab.len},
                {"index_off", e.index.off},     {"index_len", e.index.len},
                {"header_hash", cmf::hex64(e.headerHash)},
                {"dir_hash", cmf::hex64(e.dirHash)}};
}

json tensorsJson(const cmf::CmfFile& f) {
    json out = json::array();
    const auto& d = f.directory();
    for (uint64_t i = 0; i < d.count(); ++i) {
        const auto r = d.record(i);
        out.push_back({{"name", r.name},
                       {"dtype", cmf::dtypeName(r.dtype)},
                       {"dtype_id", uint8_t(r.dtype)},
                       {"shape", r.dims()},
                       {"off", r.off},
                       {"nbytes", r.nbytes},
                       {"hash", cmf::hex64(r.hash)}});
    }
    return out;
}

json masksJson(const cmf::CmfFile& f) {
    json out = json::array();
    if (!f.masks()) return out;
    for (const auto& m : f.masks()->masks) {
        json j{{"name", m.name},
               {"task_id", m.taskId},
               {"sparsity", m.sparsity},
               {"quality", m.quality},
               {"blob_off", m.blobOff},
               {"blob_len", m.blobLen},
               {"ffn_active", m.ffnActive},
               {"heads_active", m.headsActive},
               {"layer_gates", m.layerGates},
               {"tail_bits_zero", m.nonZeroTails.empty()}};
        if (m.hasExpertFields) j["experts_active"] = m.expertsActive;
        out.push_back(std::move(j));
    }
    return out;
}

json skillsJson(const cmf::CmfFile& f) {
    json out = json::array();
    for (const auto& s : f.skills()) {
        json j{{"id", s.id},
               {"name", s.name},
               {"layers", s.layers},
               {"tensors", s.tensors},
               {"has_selection", !s.selection.is_null()},
               {"quality", s.quality}};
        if (s.baseDirHash) {
            j["base_dir_hash"] = cmf::hex64(*s.baseDirHash);
            j["base_arch"] = s.baseArch;
            j["task"] = s.task;
        }
        out.push_back(std::move(j));
    }
    return out;
}

json shardsJson(const cmf::CmfFile& f) {
    json out = json::array();
    const auto tag = f.shard();
    if (!tag) return out;
    const auto name = cmf::parseShardName(f.path());
    for (uint32_t k = 1; k <= tag->count; ++k) {
        json j{{"no", k}};
        if (name && name->count == tag->count) {
            const std::string p = name->pathFor(k);
            j["file"] = std::filesystem::path(p).filename().string();
            j["present"] = std::filesystem::exists(p);
        } else {
            j["file"] = nullptr;
            j["present"] = k == tag->no;
        }
        if (k == tag->no) j["tensors"] = f.directory().count();
        out.push_back(std::move(j));
    }
    return out;
}

namespace {

const json* archField(const cmf::CmfFile& f, const char* key) {
    const auto& h = f.header();
    if (!h.contains("arch") || !h["arch"].is_object() || !h["arch"].contains(key)) return nullptr;
    return &h["arch"][key];
}

} // namespace

json layerScheduleJson(const cmf::CmfFile& f) {
    const json* types = archField(f, "layer_types");
    if (!types || !types->is_array()) return nullptr;
    std::string pattern;
    json counts = json::object();
    for (const auto& t : *types) {
        const std::string kind = t.is_string() ? t.get<std::string>() : t.dump();
        pattern += kind == "LinearAttention" ? 'L' : kind == "FullAttention" ? 'F' : kind == "SlidingAttention" ? 'S' : '?';
        counts[kind] = counts.value(kind, 0) + 1;
    }
    return {{"pattern", pattern}, {"counts", counts}};
}

json linearAttentionJson(const cmf::CmfFile& f) {
    json out = json::object();
    const std::pair<const char*, const char*> fields[] = {
        {"conv_kernel", "linear_conv_kernel_dim"}, {"key_heads", "linear_num_key_heads"},
        {"value_heads", "linear_num_value_heads"}, {"key_head_dim", "linear_key_head_dim"},
        {"value_head_dim", "linear_value_head_dim"}, {"norm_style", "linear_norm_style"}};
    for (const auto& [name, key] : fields)
        if (const json* v = archField(f, key); v && !v->is_null()) out[name] = *v;
    return out.empty() ? json() : out;
}

json mtpJson(const cmf::CmfFile& f) {
    const json* mtp = archField(f, "mtp");
    uint64_t tensors = 0, bytes = 0, params = 0;
    const auto& d = f.directory();
    for (uint64_t i = 0; i < d.count(); ++i) {
        const auto r = d.record(i);
        if (!r.name.starts_with("model.mtp.")) continue;
        ++tensors, bytes += r.nbytes, params += r.count();
    }
    if ((!mtp || !mtp->is_object()) && tensors == 0) return nullptr;
    return {{"layers", mtp && mtp->is_object() && mtp->contains("num_layers") ? (*mtp)["num_layers"] : json()},
            {"tensors", tensors},
            {"bytes", bytes},
            {"parameters", params}};
}

json infoJson(const cmf::CmfFile& f) {
    return json{{"file", f.path()},
                {"size", f.fileSize()},
                {"envelope", envelopeJson(f.envelope())},
                {"header", f.header()},
                {"layer_schedule", layerScheduleJson(f)},
                {"linear_attention", linearAttentionJson(f)},
                {"mtp", mtpJson(f)},
                // Counted once, in the format library: the workbench's overview reads the same function.
                {"summary", cmf::contentSummaryJson(cmf::summarizeContent(f))},
                {"tensors", tensorsJson(f)},
                {"masks", masksJson(f)},
                {"skills", skillsJson(f)},
                {"shards", shardsJson(f)}};
}

} // namespace cmfcli
