// cmf skill add — graft a donor checkpoint's changed tensors onto a backbone
// as a skill (§9) with its routing subspace and measured quality; the file
// grows in place, append-only, unless --output names a new one.
// cmf skill bake — a one-task specialist from a corpus alone: calibrate a
// mask, defrag it into a standalone file, record the measured quality.
#include "choice_option.h"
#include "cmd_skill.h"
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/engine/task_tools.h"
#include "cmf/format/error.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace cmfcli {
namespace {

struct AddOptions {
    std::string path, donor, id, name, layers = "all", tensors = "all", skillQuant, prompts, backbonePrompts, quality, output;
    std::string promptsFormat = "auto";
    double minDelta = 1e-3;
    uint32_t phiLayer = UINT32_MAX, rank = 8, ctx = 256;
    bool json = false;
};

int skillAdd(const AddOptions& o) {
    TerminalProgress bar("skill add");
    cmf::engine::SkillAddRequest r;
    r.backbone = o.path, r.donorDir = o.donor, r.id = o.id, r.name = o.name, r.layers = o.layers, r.tensors = o.tensors;
    r.skillQuant = o.skillQuant, r.minDelta = o.minDelta, r.prompts = o.prompts, r.backbonePrompts = o.backbonePrompts;
    r.promptsFormat = cmf::engine::promptsFormatFromName(o.promptsFormat);
    r.quality = o.quality, r.phiLayer = o.phiLayer, r.rank = o.rank, r.ctx = o.ctx, r.output = o.output;
    const auto res = cmf::engine::addSkill(r, cmf::Control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()});
    bar.finish();
    const nlohmann::json out{{"output", res.output},          {"id", o.id},       {"tensors", res.tensors},
                             {"bytes", res.bytes},             {"layers", res.layers}, {"quality", res.quality},
                             {"size_before", res.sizeBefore}, {"size_after", res.sizeAfter}};
    if (o.json) {
        std::cout << jsonText(out) << "\n";
    } else {
        std::printf("skill '%s': %llu tensors, %.2f MB appended to %s (%llu -> %llu bytes)\n", o.id.c_str(), (unsigned long long)res.tensors,
                    double(res.bytes) / 1e6, res.output.c_str(), (unsigned long long)res.sizeBefore, (unsigned long long)res.sizeAfter);
        std::printf("held-out perplexity: backbone %.4f, with the skill %.4f (%llu tokens of %s)\n", res.quality["backbone"].get<double>(),
                    res.quality["overlaid"].get<double>(), (unsigned long long)res.quality["n_samples"].get<uint64_t>(), o.quality.c_str());
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
    TerminalProgress bar("skill bake");
    cmf::engine::BakeRequest r;
    r.backbone = o.path, r.heldout = o.heldout, r.output = o.output, r.task = o.task, r.files = o.files, r.keep = o.keep, r.ctx = o.ctx;
    const auto res = cmf::engine::bakeSpecialist(r, cmf::Control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()});
    bar.finish();
    const nlohmann::json out{{"output", o.output},   {"pruned_ratio", res.prunedRatio}, {"kept_per_layer", res.keptPerLayer},
                             {"quality", res.quality}, {"bytes", res.bytes},           {"source_bytes", res.sourceBytes}};
    if (o.json) {
        std::cout << jsonText(out) << "\n";
    } else {
        std::printf("wrote %s: %.1f%% of FFN neurons pruned, %llu -> %llu bytes\n", o.output.c_str(), 100 * res.prunedRatio,
                    (unsigned long long)res.sourceBytes, (unsigned long long)res.bytes);
        std::printf("held-out perplexity: backbone %.4f, specialist %.4f (ratio %.4f)\n", res.quality["baseline_dense"].get<double>(),
                    res.quality["specialist"].get<double>(), res.quality["value"].get<double>());
    }
    return kExitOk;
}

template <class Fn>
void guarded(const std::string& path, int* exitCode, Fn fn) {
    try {
        requireValidInput(path);
        *exitCode = fn();
    } catch (const std::exception& e) {
        *exitCode = reportFailure(path, e);
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
        ->capture_default_str()->transform(oneOf({"ffn", "attn", "all"}, "tensor family"));
    cmd->add_option("--min-delta", o->minDelta, "Graft a tensor only when ||donor - backbone|| / ||backbone|| exceeds this")->capture_default_str();
    cmd->add_option("--skill-quant", o->skillQuant, "Encoding of the replacement tensors (default: that of the tensor each replaces)");
    cmd->add_option("--prompts", o->prompts,
                    "Example prompts of the skill for its routing subspace: one per line (blank lines skipped), "
                    "or a .jsonl file; see --prompts-format")
        ->required()->check(CLI::ExistingFile);
    cmd->add_option("--backbone-prompts", o->backbonePrompts,
                    "Example prompts that should keep the backbone (read as --prompts is): writes its own 'backbone' routing record")
        ->check(CLI::ExistingFile);
    cmd->add_option("--prompts-format", o->promptsFormat,
                    "How the prompts files are read: lines (one prompt per line), paragraphs (split at blank lines and "
                    "<|endoftext|>), jsonl, or auto (.jsonl is jsonl, anything else lines)")
        ->capture_default_str()->transform(oneOf({"auto", "lines", "paragraphs", "jsonl"}, "prompts format"));
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
