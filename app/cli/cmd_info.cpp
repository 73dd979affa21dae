// cmf info FILE [--json]
#include "commands.h"
#include "info_json.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/content_summary.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/printable.h"

#include <cstdio>
#include <iostream>

namespace cmfcli {
namespace {

std::string human(uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 4) v /= 1024.0, ++u;
    char buf[32];
    std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", v, units[u]);
    return buf;
}

// " + 1.2 MB of recurrent state (+ 4.8 MB of checkpoints)" for a model with LinearAttention layers.
std::string stateText(const nlohmann::json& memory) {
    const double state = memory.value("recurrent_state", 0.0), checkpoints = memory.value("state_checkpoints", 0.0);
    if (state == 0) return {};
    char buf[128];
    std::snprintf(buf, sizeof buf, " + %.1f MB of recurrent state (+ %.1f MB of checkpoints)", state / 1e6, checkpoints / 1e6);
    return buf;
}

void printSummary(const cmf::CmfFile& f) {
    const auto& e = f.envelope();
    const auto& h = f.header();
    std::string features;
    for (const auto& n : cmf::featureNames(e.requiredFeatures)) features += (features.empty() ? "" : " ") + n;
    std::printf("%s  (%s, %llu bytes)\n", cmf::printable(f.path()).c_str(), human(f.fileSize()).c_str(), (unsigned long long)f.fileSize());
    std::printf("CMF v%u  required_features 0x%x: %s\n\n", e.version, e.requiredFeatures, features.c_str());
    std::printf("%-10s %14s %14s  %s\n", "section", "offset", "length", "");
    const std::pair<const char*, cmf::Section> secs[] = {{"header", e.header}, {"directory", e.dir}, {"data", e.data},
                                                         {"masks", e.masks},   {"vocab", e.vocab},   {"index", e.index}};
    for (const auto& [name, s] : secs) {
        if (s.present())
            std::printf("%-10s %14llu %14llu  %s\n", name, (unsigned long long)s.off, (unsigned long long)s.len, human(s.len).c_str());
        else
            std::printf("%-10s %14s %14s\n", name, "absent", "");
    }
    std::printf("header hash %s   directory hash %s\n\n", cmf::hex64(e.headerHash).c_str(), cmf::hex64(e.dirHash).c_str());

    if (h.contains("arch") && h["arch"].is_object()) {
        const auto& a = h["arch"];
        auto val = [&](const char* k) {
            if (!a.contains(k)) return std::string("-");
            return cmf::printable(a[k].is_string() ? a[k].get<std::string>() : jsonText(a[k], -1));
        };
        std::printf("arch %s: hidden %s, layers %s, heads %s/%s kv, head_dim %s, ffn %s, vocab %s, norm %s\n",
                    val("arch_name").c_str(), val("hidden_size").c_str(), val("num_layers").c_str(),
                    val("num_attention_heads").c_str(), val("num_kv_heads").c_str(), val("head_dim").c_str(),
                    val("intermediate_size").c_str(), val("vocab_size").c_str(), val("norm_style").c_str());
        if (const auto schedule = layerScheduleJson(f); !schedule.is_null()) {
            const std::pair<const char*, const char*> kinds[] = {
                {"LinearAttention", "linear attention"}, {"FullAttention", "full attention"}, {"SlidingAttention", "sliding attention"}};
            std::string counts;
            for (const auto& [kind, words] : kinds)
                if (schedule["counts"].contains(kind))
                    counts += (counts.empty() ? "" : ", ") + std::to_string(schedule["counts"][kind].get<int>()) + " " + words;
            for (const auto& [kind, n] : schedule["counts"].items())
                if (kind != "LinearAttention" && kind != "FullAttention" && kind != "SlidingAttention")
                    counts += (counts.empty() ? "" : ", ") + std::to_string(n.get<int>()) + " " + kind;
            std::printf("layer schedule: %s (%s)\n", schedule["pattern"].get<std::string>().c_str(), cmf::printable(counts).c_str());
        }
        if (a.contains("linear_num_key_heads")) {
            const auto& g = a.contains("linear_norm_style") ? a["linear_norm_style"] : nlohmann::json();
            std::printf("linear attention: conv kernel %s, %s key heads x %s, %s value heads x %s, gated norm %s\n",
                        val("linear_conv_kernel_dim").c_str(), val("linear_num_key_heads").c_str(), val("linear_key_head_dim").c_str(),
                        val("linear_num_value_heads").c_str(), val("linear_value_head_dim").c_str(),
                        g == "qwen" ? "x̂·w (qwen)" : g == "gemma" ? "x̂·(1+w) (gemma)" : val("linear_norm_style").c_str());
        }
        if (a.contains("moe") && a["moe"].is_object()) std::printf("moe %s\n", cmf::printable(jsonText(a["moe"], -1)).c_str());
        if (const auto mtp = mtpJson(f); !mtp.is_null())
            std::printf("mtp: %s layer%s, %llu tensors, %llu parameters, %s\n",
                        mtp["layers"].is_null() ? "?" : jsonText(mtp["layers"], -1).c_str(), mtp["layers"] == 1 ? "" : "s",
                        (unsigned long long)mtp["tensors"].get<uint64_t>(), (unsigned long long)mtp["parameters"].get<uint64_t>(),
                        human(mtp["bytes"].get<uint64_t>()).c_str());
        // RoPE per layer kind: base and variant (with its parameters).
        auto variant = [&](const char* key) -> std::string {
            if (!a.contains(key) || !a[key].is_object()) return "default";
            const auto& o = a[key];
            std::string name = std::string(key) == "yarn" ? "yarn" : "default", params;
            for (const char* k : {"rope_type", "type"})
                if (std::string(key) != "yarn" && o.contains(k) && o[k].is_string()) {
                    name = o[k].get<std::string>();
                    break;
                }
            for (const auto& [k, v] : o.items())
                if (k != "rope_type" && k != "type") params += (params.empty() ? "" : ", ") + k + " " + jsonText(v, -1);
            return cmf::printable(name + (params.empty() ? "" : " (" + params + ")"));
        };
        std::printf("rope: theta %s, %s\n", val("rope_theta").c_str(), variant(a.contains("yarn") ? "yarn" : "rope_scaling").c_str());
        if (a.contains("rope_local_base_freq"))
            std::printf("rope of sliding layers: theta %s, %s; window %s\n", val("rope_local_base_freq").c_str(),
                        variant("rope_local_scaling").c_str(), val("sliding_window").c_str());
        std::string extras;
        for (const char* k : {"hidden_act", "embed_scale", "query_pre_attn_scalar", "attn_logit_softcapping", "final_logit_softcapping"})
            if (a.contains(k) && !a[k].is_null()) extras += (extras.empty() ? "" : ", ") + std::string(k) + " " + val(k);
        if (!extras.empty()) std::printf("%s\n", extras.c_str());
    }
    if (h.contains("quant_type") && h["quant_type"].is_string())
        std::printf("quant_type %s\n", cmf::printable(h["quant_type"].get<std::string>()).c_str());

    const auto summary = cmf::summarizeContent(f); // as --json "summary" and the workbench's overview
    std::printf("\n%llu tensors, %llu parameters\n", (unsigned long long)summary.tensors, (unsigned long long)summary.parameters);
    for (const auto& t : summary.dtypes)
        std::printf("  %-9s %8llu tensors %12s\n", t.dtype.c_str(), (unsigned long long)t.tensors, human(t.bytes).c_str());

    if (f.masks()) {
        std::printf("\n%u masks (default task %s)\n", f.masks()->nMasks, cmf::printable(f.masks()->defaultTask).c_str());
        for (const auto& m : f.masks()->masks)
            std::printf("  [%u] %-20s sparsity %.3f  quality %s\n", m.taskId, cmf::printable(m.name).c_str(), m.sparsity,
                        m.quality.is_null() ? "NOT MEASURED" : cmf::printable(jsonText(m.quality, -1)).c_str());
    }
    if (!f.skills().empty()) {
        std::printf("\n%zu skills\n", f.skills().size());
        for (const auto& s : f.skills())
            std::printf("  %-20s %-24s %zu replacement tensors%s\n", cmf::printable(s.id).c_str(), cmf::printable(s.name).c_str(), s.tensors.size(),
                        s.baseDirHash ? (" (standalone, base " + cmf::hex64(*s.baseDirHash) + ")").c_str() : "");
    }
    if (const auto tag = f.shard())
        std::printf("\nshard %u of %u%s\n", tag->no, tag->count, tag->set ? (" of set " + *tag->set).c_str() : "");
    std::printf("\ntokenizer: %s\n", e.vocab.present() ? (human(e.vocab.len) + " of tokenizer.json").c_str() : "none (no vocab section)");
    if (const auto& c = f.chatBundle()) {
        std::string eos;
        for (auto id : c->eosTokenIds) eos += (eos.empty() ? "" : ", ") + std::to_string(id);
        std::printf("chat template: %zu characters; eos ids [%s]%s%s\n", c->chatTemplate.size(), eos.c_str(),
                    c->bosTokenId ? (", bos " + std::to_string(*c->bosTokenId)).c_str() : "",
                    c->padTokenId ? (", pad " + std::to_string(*c->padTokenId)).c_str() : "");
    } else {
        std::printf("chat template: none in the file (runtimes fall back to ChatML)\n");
    }
    if (const auto& g = f.generationConfig())
        std::printf("generation defaults: %s\n", cmf::printable(jsonText(g->toJson(), -1)).c_str());
    else
        std::printf("generation defaults: none in the file (greedy unless asked to sample)\n");
}

} // namespace

void addInfo(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("info", "Summarise a CMF file: envelope, sections, arch, tensors, masks, skills");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    struct Mem {
        std::string task, skill;
        uint32_t ctx = 4096;
    };
    auto mem = std::make_shared<Mem>();
    cmd->add_option("FILE", *path, "CMF file")->required();
    cmd->add_flag("--json", *json, "Print the full description as JSON");
    cmd->add_option("--task", mem->task, "For the memory estimate: run under this task mask");
    cmd->add_option("--skill", mem->skill, "For the memory estimate: with this skill's overlay");
    cmd->add_option("--ctx", mem->ctx, "For the memory estimate: KV cache for this many tokens (default: 4096, at most the model's)");
    cmd->callback([=] {
        try {
            const auto f = openInput(*path);
            // What running it would hold (null for a file that is not a runnable model).
            nlohmann::json memory;
            std::string modelError; // why the file is not a runnable model (a shard of a broken set)
            try {
                const auto model = cmf::Model::open(*path);
                const uint64_t maxPos = cmf::archUnsigned(model.primary().header(), "max_position_embeddings").value_or(0);
                const uint32_t ctx = maxPos ? uint32_t(std::min<uint64_t>(mem->ctx, maxPos)) : mem->ctx;
                memory = cmf::engine::estimateMemory(model, mem->task, mem->skill, ctx).toJson();
            } catch (const cmf::Error& e) {
                if (!mem->task.empty() || !mem->skill.empty()) throw; // asked for: say what is wrong
                modelError = cmf::printable(e.what());
            }
            if (*json) {
                auto out = infoJson(*f);
                out["memory"] = memory;
                if (!modelError.empty()) out["model_error"] = modelError;
                std::cout << jsonText(out) << "\n";
            } else {
                printSummary(*f);
                if (!memory.is_null())
                    std::printf("memory to run: %.1f MB of weights + %.1f MB of KV cache at %u tokens%s = %.1f MB\n",
                                memory["weights"].get<double>() / 1e6, memory["kv"].get<double>() / 1e6, memory["ctx"].get<uint32_t>(),
                                stateText(memory).c_str(), memory["total"].get<double>() / 1e6);
                else if (!modelError.empty())
                    std::printf("does not run as a model: %s\n", modelError.c_str());
            }
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(*path, e, *json);
        }
    });
}

} // namespace cmfcli
