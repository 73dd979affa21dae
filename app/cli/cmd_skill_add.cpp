// cmf skill add — graft a donor checkpoint's changed tensors onto a backbone
// as a skill (§9) with its routing subspace and measured quality; the file
// grows in place, append-only, unless --output names a new one.
// cmf skill bake — a one-task specialist from a corpus alone: calibrate a
// mask, defrag it into a standalone file, record the measured quality.
#include "cmd_skill.h"
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/engine/calibrate.h"
#include "cmf/engine/corpus.h"
#include "cmf/engine/perplexity.h"
#include "cmf/engine/session.h"
#include "cmf/engine/skill_graft.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/format/append.h"
#include "cmf/format/convert.h"
#include "cmf/format/defrag.h"
#include "cmf/format/error.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace cmfcli {
namespace {

namespace fs = std::filesystem;

struct AddOptions {
    std::string path, donor, id, name, layers = "all", tensors = "all", skillQuant, prompts, backbonePrompts, quality, output;
    double minDelta = 1e-3;
    uint32_t phiLayer = UINT32_MAX, rank = 8, ctx = 256;
    bool json = false;
};

// A copy of src at dst through a temporary sibling, so dst appears only complete.
struct StagedCopy {
    std::string temp;
    StagedCopy(const std::string& src, const std::string& dst) : temp(dst + ".cmf-staging") {
        fs::copy_file(src, temp, fs::copy_options::overwrite_existing);
    }
    ~StagedCopy() {
        std::error_code ec;
        if (!temp.empty()) fs::remove(temp, ec);
    }
    void commit(const std::string& dst) {
        fs::rename(temp, dst);
        temp.clear();
    }
};

int skillAdd(const AddOptions& o) {
    const auto model = cmf::engine::Model::open(o.path);
    if (model->file().sharded()) throw cmf::Error(cmf::ErrorKind::Parse, "skill add works on a single file; `cmf compact` a shard set first");
    const auto tok = cmf::engine::tokenizerOf(*model);
    for (const auto& id : model->skillIds())
        if (id == o.id) throw cmf::Error(cmf::ErrorKind::Parse, "the file already has a skill '" + o.id + "'");
    TerminalProgress bar("skill add");
    const cmf::Control control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};

    cmf::engine::GraftOptions g;
    g.donorDir = o.donor;
    g.layers = o.layers;
    g.tensors = o.tensors;
    g.minDelta = o.minDelta;
    if (!o.skillQuant.empty()) {
        g.skillQuant = cmf::quantFromName(o.skillQuant);
        if (!g.skillQuant) throw cmf::Error(cmf::ErrorKind::Parse, "--skill-quant: unknown quant '" + o.skillQuant + "'");
    }
    const auto grafted = cmf::engine::graftTensors(*model, g, control);
    if (grafted.empty())
        throw cmf::Error(cmf::ErrorKind::Parse, "no tensor of the donor differs from the backbone by more than --min-delta " +
                                                    std::to_string(o.minDelta));

    const uint32_t phi = o.phiLayer == UINT32_MAX ? model->config().layers / 2 : o.phiLayer;
    const auto prompts = cmf::engine::tokenizePrompts(tok, cmf::engine::splitPrompts(o.prompts));
    const auto selection = cmf::engine::buildSelection(*model, prompts, phi, o.rank);
    const auto heldout = tok.encode(cmf::engine::readTextFile(o.quality), false);
    const auto quality = cmf::engine::measureOverlay(model, cmf::engine::overlayOf(*model, grafted), heldout, o.ctx,
                                                     cmf::engine::fileSha256(o.quality), control);

    nlohmann::json header = model->header();
    if (!header.contains("skills") || !header["skills"].is_array()) header["skills"] = nlohmann::json::array();
    uint64_t bytes = 0;
    for (const auto& t : grafted) bytes += t.bytes.size();
    header["skills"].push_back({{"id", o.id},
                                {"name", o.name.empty() ? o.id : o.name},
                                {"layers", cmf::engine::graftedLayers(grafted)},
                                {"selection", selection},
                                {"input_mask_task", nullptr},
                                {"quality", quality},
                                {"provenance", {{"tool", "cmf skill add"}, {"donor", fs::path(o.donor).filename().string()},
                                                {"tensors", grafted.size()}, {"bytes", bytes}, {"min_delta", o.minDelta},
                                                {"prompts", prompts.size()}}}});
    if (!o.backbonePrompts.empty()) {
        // The backbone's own subspace: routing then picks "no skill" by the
        // same argmin (skill_routing.h).
        auto& skills = header["skills"];
        for (auto it = skills.begin(); it != skills.end();)
            it = (*it).value("id", "") == "backbone" ? skills.erase(it) : it + 1;
        const auto bp = cmf::engine::tokenizePrompts(tok, cmf::engine::splitPrompts(o.backbonePrompts));
        skills.push_back({{"id", "backbone"},
                          {"name", "backbone (no overlay)"},
                          {"layers", nlohmann::json::array()},
                          {"selection", cmf::engine::buildSelection(*model, bp, phi, o.rank)},
                          {"input_mask_task", nullptr},
                          {"quality", nullptr}});
    }

    cmf::AppendRequest req;
    req.header = header;
    for (const auto& t : grafted) req.tensors.push_back({"skill." + o.id + "." + t.name, t.dtype, t.shape, t.bytes.data(), t.bytes.size()});
    cmf::AppendReport rep;
    if (o.output.empty()) {
        rep = cmf::appendInPlace(o.path, req, control);
    } else {
        StagedCopy staged(o.path, o.output);
        rep = cmf::appendInPlace(staged.temp, req, control);
        staged.commit(o.output);
    }
    bar.finish();
    const nlohmann::json out{{"output", o.output.empty() ? o.path : o.output},
                             {"id", o.id},
                             {"tensors", grafted.size()},
                             {"bytes", bytes},
                             {"layers", cmf::engine::graftedLayers(grafted)},
                             {"quality", quality},
                             {"size_before", rep.oldSize},
                             {"size_after", rep.newSize}};
    if (o.json) {
        std::cout << out.dump(2) << "\n";
    } else {
        std::printf("skill '%s': %zu tensors, %.2f MB appended to %s (%llu -> %llu bytes)\n", o.id.c_str(), grafted.size(), double(bytes) / 1e6,
                    out["output"].get<std::string>().c_str(), (unsigned long long)rep.oldSize, (unsigned long long)rep.newSize);
        std::printf("held-out perplexity: backbone %.4f, with the skill %.4f (%llu tokens of %s)\n", quality["backbone"].get<double>(),
                    quality["overlaid"].get<double>(), (unsigned long long)quality["n_samples"].get<uint64_t>(), o.quality.c_str());
    }
    return kExitOk;
}

struct BakeOptions {
    std::string path, heldout, output, task = "specialist";
    std::vector<std::string> files;
    double keep = 0.5;
    uint32_t ctx = 256;
    bool json = false;
};

int skillBake(const BakeOptions& o) {
    const auto model = cmf::engine::Model::open(o.path);
    const auto tok = cmf::engine::tokenizerOf(*model);
    TerminalProgress bar("skill bake");
    const cmf::Control control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
    const auto docs = cmf::engine::tokenizeFiles(tok, o.files);
    const auto keep = cmf::engine::keepMostImportant(cmf::engine::ffnImportance(model, docs, o.ctx, control), o.keep);
    // Physically cut to a temporary sibling, measure the file itself, then
    // record the figures and rewrite it without the dead header bytes.
    const std::string cut = o.output + ".cmf-bake";
    struct Remove {
        std::string p;
        ~Remove() {
            std::error_code ec;
            fs::remove(p, ec);
        }
    } cleanup{cut};
    const auto d = cmf::defrag(o.path, keep, cut, o.task, control);
    const auto heldout = tok.encode(cmf::engine::readTextFile(o.heldout), false);
    const uint32_t stride = std::max<uint32_t>(1, o.ctx / 2);
    const auto dense = cmf::engine::perplexity(model, heldout, o.ctx, stride, control);
    const auto baked = cmf::engine::perplexity(cmf::engine::Model::open(cut), heldout, o.ctx, stride, control);
    const nlohmann::json quality{{"metric", "heldout_ppl_ratio"}, {"value", baked.perplexity / dense.perplexity},
                                 {"baseline_dense", dense.perplexity}, {"specialist", baked.perplexity},
                                 {"n_samples", baked.tokensPredicted}, {"dataset_sha256", cmf::engine::fileSha256(o.heldout)}};
    {
        auto header = cmf::CmfFile::open(cut)->header();
        header["provenance"]["bake"] = {{"tool", "cmf skill bake"}, {"keep", o.keep}, {"task", o.task}, {"quality", quality}};
        cmf::AppendRequest req;
        req.header = header;
        cmf::appendInPlace(cut, req, control);
    }
    cmf::compact(cut, o.output, control);
    bar.finish();
    const nlohmann::json out{{"output", o.output}, {"pruned_ratio", d.prunedRatio}, {"kept_per_layer", d.keptPerLayer}, {"quality", quality},
                             {"bytes", fs::file_size(o.output)}, {"source_bytes", fs::file_size(o.path)}};
    if (o.json) {
        std::cout << out.dump(2) << "\n";
    } else {
        std::printf("wrote %s: %.1f%% of FFN neurons pruned, %llu -> %llu bytes\n", o.output.c_str(), 100 * d.prunedRatio,
                    (unsigned long long)fs::file_size(o.path), (unsigned long long)fs::file_size(o.output));
        std::printf("held-out perplexity: backbone %.4f, specialist %.4f (ratio %.4f)\n", dense.perplexity, baked.perplexity,
                    baked.perplexity / dense.perplexity);
    }
    return kExitOk;
}

template <class Fn>
void guarded(const std::string& path, int* exitCode, Fn fn) {
    try {
        *exitCode = fn();
    } catch (const cmf::Error& e) {
        printError(path, e);
        *exitCode = e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : kExitUsage;
    } catch (const std::filesystem::filesystem_error& e) {
        printError(path, e);
        *exitCode = kExitUsage;
    }
}

} // namespace

void addSkillAdd(CLI::App& app, int* exitCode) {
    auto* cmd = skillGroup(app)->add_subcommand("add", "Graft a donor checkpoint's changed tensors onto the backbone as a skill (§9)");
    auto o = std::make_shared<AddOptions>();
    cmd->add_option("BACKBONE", o->path, "CMF model (grows in place unless --output)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--from", o->donor, "Donor Hugging Face folder (the same architecture, fine-tuned)")->required()->check(CLI::ExistingDirectory);
    cmd->add_option("--id", o->id, "Skill id (tensors become skill.{id}.{name})")->required();
    cmd->add_option("--name", o->name, "Human-readable name");
    cmd->add_option("--layers", o->layers, "Decoder layers to graft: all, A-B or i,j,k")->capture_default_str();
    cmd->add_option("--tensors", o->tensors, "Tensor families: ffn, attn or all (all also takes embeddings, norms and lm_head)")
        ->capture_default_str()->check(CLI::IsMember({"ffn", "attn", "all"}));
    cmd->add_option("--min-delta", o->minDelta, "Graft a tensor only when ||donor - backbone|| / ||backbone|| exceeds this")->capture_default_str();
    cmd->add_option("--skill-quant", o->skillQuant, "Encoding of the replacement tensors (default: that of the tensor each replaces)");
    cmd->add_option("--prompts", o->prompts, "Example prompts of the skill (.jsonl, or paragraphs) for its routing subspace")
        ->required()->check(CLI::ExistingFile);
    cmd->add_option("--backbone-prompts", o->backbonePrompts,
                    "Example prompts that should keep the backbone: writes its own 'backbone' routing record")
        ->check(CLI::ExistingFile);
    cmd->add_option("--phi-layer", o->phiLayer, "Layer whose residual stream routing reads (default: the middle one)");
    cmd->add_option("--rank", o->rank, "Dimensions of each routing subspace")->capture_default_str();
    cmd->add_option("--quality", o->quality, "Held-out text: perplexity with and without the skill is recorded")->required()->check(CLI::ExistingFile);
    cmd->add_option("--ctx", o->ctx, "Perplexity window in tokens")->capture_default_str();
    cmd->add_option("--output,-o", o->output, "Write a new file instead of growing BACKBONE in place");
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] { guarded(o->path, exitCode, [&] { return skillAdd(*o); }); });
}

void addSkillBake(CLI::App& app, int* exitCode) {
    auto* cmd = skillGroup(app)->add_subcommand("bake", "A one-task specialist from a corpus: calibrate a mask, defrag it, measure it");
    auto o = std::make_shared<BakeOptions>();
    cmd->add_option("BACKBONE", o->path, "CMF model")->required()->check(CLI::ExistingFile);
    cmd->add_option("--files", o->files, "Corpus text files")->required()->check(CLI::ExistingFile);
    cmd->add_option("--keep", o->keep, "Share of FFN neurons each layer keeps")->capture_default_str()->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--heldout", o->heldout, "Held-out text for the quality record")->required()->check(CLI::ExistingFile);
    cmd->add_option("--task", o->task, "Name recorded as the specialist's task")->capture_default_str();
    cmd->add_option("--ctx", o->ctx, "Window in tokens")->capture_default_str();
    cmd->add_option("--output,-o", o->output, "Specialist file to write")->required();
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] { guarded(o->path, exitCode, [&] { return skillBake(*o); }); });
}

} // namespace cmfcli
