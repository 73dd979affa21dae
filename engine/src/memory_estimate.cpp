#include "cmf/engine/memory_estimate.h"

#include "cmf/format/error.h"
#include "recurrent_state.h"
#include "weight_panels.h"

#include <algorithm>
#include <map>
#include <optional>

namespace cmf::engine {
namespace {

// "model.layers.{i}.…" → i.
std::optional<uint32_t> layerOf(std::string_view name) {
    constexpr std::string_view prefix = "model.layers.";
    if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
    uint32_t v = 0;
    size_t i = prefix.size();
    if (i >= name.size() || name[i] < '0' || name[i] > '9') return std::nullopt;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) v = v * 10 + uint32_t(name[i] - '0');
    return v;
}

bool endsWith(std::string_view s, std::string_view t) { return s.size() >= t.size() && s.substr(s.size() - t.size()) == t; }

// Down projections whose kept columns the runner gathers into a copy (column_gather.h).
bool gathers(DType d) { return d == DType::F32 || d == DType::F16 || d == DType::BF16 || d == DType::Q8Row || d == DType::Q8_2F; }

} // namespace

nlohmann::json MemoryEstimate::toJson() const {
    return {{"weights", weightBytes}, {"kv_per_token", kvBytesPerToken}, {"kv", kvBytes}, {"recurrent_state", stateBytes},
            {"state_checkpoints", checkpointBytes}, {"panels", panelBytes}, {"ctx", ctx}, {"total", totalBytes()}};
}

namespace {

// primary: the file with the header, masks and registry (shard 1); records:
// every tensor of the model (all shards).
MemoryEstimate estimate(const CmfFile& primary, const std::vector<TensorRecord>& records, const std::string& task, const std::string& skill,
                        uint32_t ctx, KvType kv) {
    const auto& h = primary.header();
    if (!h.contains("arch") || !h["arch"].is_object()) throw Error(ErrorKind::Parse, "header: no arch block, not a model");
    // Missing or mistyped sizes count as absent (the estimate is of what the directory holds).
    const auto arch = [&](const char* key, uint64_t fallback) { return archUnsigned(h, key).value_or(fallback); };
    const uint64_t layers = arch("num_layers", 0), heads = arch("num_attention_heads", 1), hidden = arch("hidden_size", 0);
    const uint64_t kvHeads = arch("num_kv_heads", heads), headDim = arch("head_dim", hidden / std::max<uint64_t>(1, heads));
    MemoryEstimate e;
    e.ctx = ctx;
    // LinearAttention layers keep a fixed-size state instead of K and V.
    uint64_t linear = 0;
    if (const auto& a = h["arch"]; a.contains("layer_types") && a["layer_types"].is_array())
        for (const auto& t : a["layer_types"]) linear += t == "LinearAttention";
    linear = std::min(linear, layers);
    e.kvBytesPerToken = (layers - linear) * 2 * kvHeads * headDim * kvElementBytes(kv);
    e.kvBytes = e.kvBytesPerToken * ctx;
    if (linear) {
        ModelConfig::Linear d;
        d.keyHeads = uint32_t(arch("linear_num_key_heads", 0));
        d.valueHeads = uint32_t(arch("linear_num_value_heads", 0));
        d.keyDim = uint32_t(arch("linear_key_head_dim", 0));
        d.valueDim = uint32_t(arch("linear_value_head_dim", 0));
        d.kernel = uint32_t(arch("linear_conv_kernel_dim", 1));
        e.stateBytes = linear * d.stateFloats() * sizeof(float);
        e.checkpointBytes = RecurrentState::kCheckpoints * e.stateBytes;
    }

    const std::string prefix = skill.empty() ? std::string() : "skill." + skill + ".";
    if (!skill.empty()) {
        bool found = false;
        for (const auto& s : primary.skills()) found |= s.id == skill;
        if (!found) throw unknownSkill(skill, primary.skills(), primary.path());
    }
    const Mask* mask = nullptr;
    const auto& masks = primary.masks();
    if (!task.empty()) {
        mask = masks ? masks->find(task) : nullptr;
        if (!mask) throw Error(ErrorKind::Parse, "no task mask '" + task + "' in " + primary.path());
    }
    // Which entry serves each backbone name: the skill's replacement when it has one.
    std::map<std::string_view, const TensorRecord*> serving;
    for (const auto& t : records) {
        const std::string_view n = t.name;
        if (n.substr(0, 6) == "skill.") continue;
        if (n.substr(0, 10) == "model.mtp.") continue; // not run by this engine
        serving[n] = &t;
    }
    if (!prefix.empty())
        for (const auto& t : records) {
            const std::string_view n = t.name;
            if (n.substr(0, prefix.size()) == prefix) serving[n.substr(prefix.size())] = &t;
        }
    const bool tied = !serving.count("lm_head.weight");
    const bool panels = panelsPay(panelBytesOf(records));
    for (const auto& [name, t] : serving) {
        const auto& r = *t;
        if (panels) e.panelBytes += panelBytesOf(name, r, !tied);
        const uint64_t bytes = r.ndim == 1 ? r.count() * sizeof(float) : r.nbytes; // 1-D tensors are expanded to float32
        double share = 1.0;
        if (mask) {
            const auto li = layerOf(name);
            const auto& l = masks->layout;
            if (li && *li < l.rows) {
                if (*li < mask->layerGates.size() && !mask->layerGates[*li]) continue; // the layer is skipped
                const double kept = l.ffnBits ? double(mask->ffnActive[*li]) / double(l.ffnBits) : 1.0;
                const bool dense = name.find(".mlp.experts.") == std::string_view::npos && name.find(".shared_expert") == std::string_view::npos;
                if (dense && (endsWith(name, "mlp.gate_proj.weight") || endsWith(name, "mlp.up_proj.weight"))) share = kept;
                if (dense && endsWith(name, "mlp.down_proj.weight") && gathers(r.dtype)) share = kept; // the gathered copy instead
                if (mask->hasExpertFields && name.find(".mlp.experts.") != std::string_view::npos) {
                    const auto rest = name.substr(name.find(".mlp.experts.") + 13);
                    const uint32_t expert = uint32_t(std::stoul(std::string(rest.substr(0, rest.find('.')))));
                    if (expert < l.expertBits && !mask->expertBit(l, *li, expert)) continue; // never routed to
                }
            }
        }
        e.weightBytes += uint64_t(double(bytes) * share);
    }
    (void)tied; // a tied lm_head is the embedding, already counted once
    return e;
}

} // namespace

MemoryEstimate estimateMemory(const cmf::Model& file, const std::string& task, const std::string& skill, uint32_t ctx, KvType kv) {
    std::vector<TensorRecord> records;
    for (const auto& t : file.tensors()) records.push_back(t.record);
    return estimate(file.primary(), records, task, skill, ctx, kv);
}

MemoryEstimate estimateMemory(const CmfFile& file, const std::string& task, const std::string& skill, uint32_t ctx, KvType kv) {
    std::vector<TensorRecord> records;
    for (uint64_t i = 0; i < file.directory().count(); ++i) records.push_back(file.directory().record(i));
    return estimate(file, records, task, skill, ctx, kv);
}

} // namespace cmf::engine
