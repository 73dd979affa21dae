// cmf defrag | moe-defrag | moe-mask — one task baked into a file (§11,
// §11.1), or kept switchable as a mask's expert area (§5).
#include "commands.h"
#include "write_job.h"

#include "cmf/format/defrag.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/moe_defrag.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {
namespace {

std::string joined(const std::vector<int64_t>& v) {
    std::string s;
    for (auto x : v) s += (s.empty() ? "" : " ") + (x < 0 ? std::string("-") : std::to_string(x));
    return s;
}

// "3/8 4/8 - 8/8": kept of total per layer, "-" for dense layers.
std::string keptText(const std::vector<std::vector<uint32_t>>& kept, const std::vector<uint32_t>& before) {
    std::string s;
    for (size_t l = 0; l < kept.size(); ++l)
        s += (s.empty() ? "" : " ") + (before[l] ? std::to_string(kept[l].size()) + "/" + std::to_string(before[l]) : std::string("-"));
    return s;
}

void addDefragVerb(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("defrag", "Bake one task mask into the weights: pruned FFN neurons are dropped (§11)");
    struct Opts {
        std::string input, task, output;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("FILE", o->input, "CMF file with a masks section")->required();
    cmd->add_option("--task", o->task, "Name of the task mask to bake (see `cmf masks FILE`)")->required();
    cmd->add_option("--output,-o", o->output, "Output .cmf (no masks section: the mask is the identity after pruning)")->required();
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->callback([=] {
        runWriteJob("defrag", o->json, exitCode, [&](const cmf::Control& ctl, TerminalProgress& bar) {
            const auto keep = cmf::keepSetsFromMask(*openInput(o->input), o->task);
            const auto r = cmf::defrag(o->input, keep, o->output, o->task, ctl);
            bar.finish();
            if (o->json) {
                std::cout << jsonText(nlohmann::json{{"output", o->output},
                                            {"source_task", o->task},
                                            {"input_bytes", r.inputBytes},
                                            {"output_bytes", r.write.outputBytes},
                                            {"pre_intermediate", r.preIntermediate},
                                            {"post_intermediate_max", r.postIntermediateMax},
                                            {"kept_per_layer", r.keptPerLayer},
                                            {"pruned_ratio", r.prunedRatio},
                                            {"fallbacks", r.fallbacks}})
                          << "\n";
                return;
            }
            std::printf("task \"%s\": FFN %u -> at most %u neurons per layer, %.1f%% pruned\n", o->task.c_str(), r.preIntermediate,
                        r.postIntermediateMax, 100.0 * r.prunedRatio);
            std::printf("kept per layer: %s\n", joined(r.keptPerLayer).c_str());
            for (const auto& f : r.fallbacks) std::printf("fallback: %s\n", f.c_str());
            std::printf("%s -> %s\nwrote %s\n", megabytes(r.inputBytes).c_str(), megabytes(r.write.outputBytes).c_str(),
                        o->output.c_str());
        });
    });
}

struct MoeOpts {
    std::string input, stats, output, task;
    double cover = 0;
    bool json = false, replace = false;
};

void moeOptions(CLI::App* cmd, const std::shared_ptr<MoeOpts>& o) {
    cmd->add_option("FILE", o->input, "MoE CMF file")->required();
    cmd->add_option("--stats", o->stats,
                    "Expert selection counts: JSON {\"layers\": [[count per expert] per layer]} (\"counts\" also accepted)")
        ->required();
    cmd->add_option("--cover", o->cover, "Share of each layer's routing mass to keep, in (0, 1]")->required()->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--output,-o", o->output, "Output .cmf")->required();
    cmd->add_flag("--json", o->json, "Print the report as JSON");
}

void addMoeDefragVerb(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("moe-defrag", "Drop the experts a task never routes to (§11.1); kept experts are copied verbatim");
    auto o = std::make_shared<MoeOpts>();
    moeOptions(cmd, o);
    cmd->callback([=] {
        runWriteJob("moe-defrag", o->json, exitCode, [&](const cmf::Control& ctl, TerminalProgress& bar) {
            requireValidInput(o->input);
            const auto r = cmf::moeDefrag(o->input, cmf::loadMoeStats(o->stats), o->cover, o->output, ctl);
            bar.finish();
            if (o->json) {
                nlohmann::json kept = nlohmann::json::array();
                for (size_t l = 0; l < r.kept.size(); ++l)
                    kept.push_back(r.expertsBefore[l] ? nlohmann::json(r.kept[l].size()) : nlohmann::json());
                std::cout << jsonText(nlohmann::json{{"output", o->output},
                                            {"cover", o->cover},
                                            {"input_bytes", r.inputBytes},
                                            {"output_bytes", r.write.outputBytes},
                                            {"kept_per_layer", kept},
                                            {"kept_experts", r.kept},
                                            {"experts_per_layer", r.expertsBefore},
                                            {"routing_mass_kept", r.massKept},
                                            {"router_rows", r.routerCopy},
                                            {"notes", r.notes}})
                          << "\n";
                return;
            }
            std::printf("cover %.3f: experts kept per layer %s\n", o->cover, keptText(r.kept, r.expertsBefore).c_str());
            std::printf("routers: %s\n", r.routerCopy.c_str());
            for (const auto& n : r.notes) std::printf("note: %s\n", n.c_str());
            std::printf("%s -> %s\nwrote %s\n", megabytes(r.inputBytes).c_str(), megabytes(r.write.outputBytes).c_str(),
                        o->output.c_str());
        });
    });
}

void addMoeMaskVerb(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("moe-mask", "Add a task mask whose expert area restricts routing to the experts that reach --cover "
                                               "(§5); the runtime twin of moe-defrag, quality null (not measured)");
    auto o = std::make_shared<MoeOpts>();
    moeOptions(cmd, o);
    cmd->add_option("--task", o->task, "Name of the new task mask")->required();
    cmd->add_flag("--replace", o->replace, "Replace a mask of the same name");
    cmd->callback([=] {
        runWriteJob("moe-mask", o->json, exitCode, [&](const cmf::Control& ctl, TerminalProgress& bar) {
            const auto stats = cmf::loadMoeStats(o->stats);
            const auto file = openInput(o->input);
            const cmf::MaskBits bits = cmf::moeMaskBits(*file, stats, o->cover);
            cmf::NewMask m;
            m.name = o->task;
            m.hasExpertFields = true;
            m.blob = cmf::buildMaskBlob(cmf::maskLayoutOf(*file), bits);
            m.quality = nullptr; // not measured
            m.replace = o->replace;
            m.extra = {{"provenance",
                        {{"tool", "cmf moe-mask"},
                         {"cover", o->cover},
                         {"stats", std::filesystem::path(o->stats).filename().string()}}}};
            const auto r = cmf::addMask(o->input, o->output, m, ctl);
            bar.finish();
            const size_t layers = std::min(bits.experts.size(), stats.layers.size());
            std::vector<uint32_t> before(layers);
            std::vector<std::vector<uint32_t>> kept(layers);
            for (size_t l = 0; l < layers; ++l) {
                before[l] = uint32_t(bits.experts[l].size());
                for (size_t e = 0; e < bits.experts[l].size(); ++e)
                    if (bits.experts[l][e]) kept[l].push_back(uint32_t(e));
            }
            if (o->json) {
                nlohmann::json routable = nlohmann::json::array();
                for (size_t l = 0; l < kept.size(); ++l) routable.push_back(before[l] ? nlohmann::json(kept[l].size()) : nlohmann::json());
                std::cout << jsonText(nlohmann::json{{"output", o->output},
                                            {"task", o->task},
                                            {"task_id", r.taskId},
                                            {"replaced", r.replaced},
                                            {"cover", o->cover},
                                            {"routable_per_layer", routable},
                                            {"expert_sparsity", r.expertSparsity},
                                            {"quality", nullptr},
                                            {"input_bytes", r.inputBytes},
                                            {"output_bytes", r.write.outputBytes}})
                          << "\n";
                return;
            }
            std::printf("task \"%s\" (id %u%s): routable experts per layer %s; quality not measured (null)\n", o->task.c_str(),
                        r.taskId, r.replaced ? ", replaced" : "", keptText(kept, before).c_str());
            std::printf("%s -> %s\nwrote %s\n", megabytes(r.inputBytes).c_str(), megabytes(r.write.outputBytes).c_str(),
                        o->output.c_str());
        });
    });
}

} // namespace

void addDefrag(CLI::App& app, int* exitCode) {
    addDefragVerb(app, exitCode);
    addMoeDefragVerb(app, exitCode);
    addMoeMaskVerb(app, exitCode);
}

} // namespace cmfcli
