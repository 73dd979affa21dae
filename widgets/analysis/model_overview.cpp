#include "analysis/model_overview.h"

#include "chat/chat_settings.h"


#include <algorithm>

namespace cmfw {

namespace {

std::optional<uint64_t> moeUnsigned(const nlohmann::json& moe, const char* key) {
    if (!moe.contains(key) || !moe[key].is_number_unsigned()) return std::nullopt;
    return moe[key].get<uint64_t>();
}

} // namespace

ModelOverview describeModel(const cmf::CmfFile& f, const cmf::Model* set) {
    ModelOverview o;
    // The arch, tokenizer and chat bundle of a set live in its first shard.
    const cmf::CmfFile& first = set ? set->primary() : f;
    const auto& h = first.header();
    o.hasArch = h.contains("arch") && h["arch"].is_object();
    if (o.hasArch) {
        const auto& a = h["arch"];
        if (a.contains("arch_name") && a["arch_name"].is_string()) o.family = a["arch_name"].get<std::string>();
        o.layers = cmf::archUnsigned(h, "num_layers");
        o.hidden = cmf::archUnsigned(h, "hidden_size");
        o.heads = cmf::archUnsigned(h, "num_attention_heads");
        o.kvHeads = cmf::archUnsigned(h, "num_kv_heads");
        o.headDim = cmf::archUnsigned(h, "head_dim");
        o.intermediate = cmf::archUnsigned(h, "intermediate_size");
        o.vocab = cmf::archUnsigned(h, "vocab_size");
        o.context = cmf::archUnsigned(h, "max_position_embeddings");
        o.slidingWindow = cmf::archUnsigned(h, "sliding_window");
        uint64_t tagged = 0;
        if (a.contains("layer_types") && a["layer_types"].is_array())
            for (const auto& t : a["layer_types"]) {
                ++o.attention[t.is_string() ? t.get<std::string>() : t.dump()];
                ++tagged;
            }
        if (o.layers && *o.layers > tagged) o.attention["FullAttention"] += *o.layers - tagged;
        if (a.contains("moe") && a["moe"].is_object()) {
            const auto& m = a["moe"];
            ModelOverview::Moe moe;
            moe.experts = moeUnsigned(m, "num_experts").value_or(0);
            moe.topK = moeUnsigned(m, "top_k").value_or(0);
            moe.sharedExpert = m.contains("shared_expert_intermediate_size") && !m["shared_expert_intermediate_size"].is_null();
            o.moe = moe;
        }
        if (a.contains("mtp") && a["mtp"].is_object() && a["mtp"].contains("num_layers") && a["mtp"]["num_layers"].is_number_unsigned())
            o.mtpLayers = a["mtp"]["num_layers"].get<uint64_t>();
    }
    if (h.contains("quant_type") && h["quant_type"].is_string()) o.quantType = h["quant_type"].get<std::string>();

    o.fileSize = f.fileSize();
    o.content = cmf::summarizeContent(f);
    if (const auto tag = f.shard()) {
        o.shardNo = tag->no;
        o.shardCount = tag->count;
        if (set) {
            cmf::ContentSummary all;
            for (const auto& part : set->files()) {
                all += cmf::summarizeContent(*part);
                o.setFileSize += part->fileSize();
            }
            o.setContent = all;
        }
    }

    o.tokenizer = first.envelope().vocab.present();
    o.tokenizerBytes = first.envelope().vocab.len;
    o.chatTemplate = first.chatBundle() && !first.chatBundle()->chatTemplate.empty();
    if (first.masks())
        for (const auto& m : first.masks()->masks) o.masks.push_back({m.name, m.sparsity, m.quality});
    for (const auto& s : first.skills()) o.skills.push_back({s.id, s.name, s.quality});
    o.generation = first.generationConfig();
    return o;
}

ChatMemory chatMemory(const cmf::CmfFile& f, const cmf::Model* set) {
    ChatMemory out;
    const uint64_t maxPos = cmf::archUnsigned((set ? set->primary() : f).header(), "max_position_embeddings").value_or(0);
    out.ctx = uint32_t(maxPos ? std::min<uint64_t>(ChatSettings{}.ctx, maxPos) : ChatSettings{}.ctx);
    try {
        out.estimate = set ? cmf::engine::estimateMemory(*set, {}, {}, out.ctx) : cmf::engine::estimateMemory(f, {}, {}, out.ctx);
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

} // namespace cmfw
