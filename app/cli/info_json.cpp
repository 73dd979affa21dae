#include "info_json.h"

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

json infoJson(const cmf::CmfFile& f) {
    return json{{"file", f.path()},
                {"size", f.fileSize()},
                {"envelope", envelopeJson(f.envelope())},
                {"header", f.header()},
                {"tensors", tensorsJson(f)},
                {"masks", masksJson(f)},
                {"skills", skillsJson(f)},
                {"shards", shardsJson(f)}};
}

} // namespace cmfcli
