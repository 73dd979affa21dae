// cmf calibrate — a task mask from a corpus, with its held-out quality;
// cmf route-stats — per-layer expert selection counts over a corpus.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/engine/calibrate.h"
#include "cmf/engine/corpus.h"
#include "cmf/engine/session.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/writer.h"

#include <cstdio>
#include <iostream>

namespace cmfcli {
namespace {

struct CalibrateOptions {
    std::string path, task, heldout, output, description;
    std::vector<std::string> corpus;
    double keep = 0.5;
    uint32_t ctx = 256;
    bool replace = false, json = false;
};

int calibrate(const CalibrateOptions& o) {
    const auto model = cmf::engine::Model::open(o.path);
    const auto tok = cmf::engine::tokenizerOf(*model);
    TerminalProgress bar("calibrate");
    const cmf::Control control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
    const auto docs = cmf::engine::tokenizeFiles(tok, o.corpus);
    const auto importance = cmf::engine::ffnImportance(model, docs, o.ctx, control);
    const auto keep = cmf::engine::keepMostImportant(importance, o.keep);
    const auto plan = cmf::engine::planFromKeep(*model, keep, o.task);

    cmf::NewMask mask;
    mask.name = o.task;
    mask.description = o.description;
    mask.replace = o.replace;
    uint64_t corpusTokens = 0;
    for (const auto& d : docs) corpusTokens += d.size();
    mask.extra = {{"provenance", {{"tool", "cmf calibrate"}, {"keep", o.keep}, {"corpus_tokens", corpusTokens},
                                  {"importance", "sum |act| * ||down_proj[:, i]||"}}}};
    if (!o.heldout.empty()) {
        const auto ids = tok.encode(cmf::engine::readTextFile(o.heldout), false);
        auto q = cmf::engine::measureMask(model, ids, plan, o.ctx, control);
        q.datasetSha256 = cmf::engine::fileSha256(o.heldout);
        mask.quality = q.toJson();
    } else {
        std::cerr << "cmf: warning: no --heldout: the mask's quality is written as null (not measured, §5.1)\n";
    }
    const auto& file = model->file().primary();
    cmf::MaskBits bits;
    for (size_t li = 0; li < keep.size(); ++li) {
        std::vector<bool> row;
        if (!model->layers()[li].moe()) {
            row.assign(model->layers()[li].mlpGate.rows(), false);
            for (uint32_t i : keep[li]) row[i] = true;
        }
        bits.ffn.push_back(std::move(row));
    }
    mask.blob = cmf::buildMaskBlob(cmf::maskLayoutOf(file), bits);
    const auto r = cmf::addMask(o.path, o.output, mask, control);
    bar.finish();
    nlohmann::json out{{"output", o.output}, {"task", o.task}, {"task_id", r.taskId}, {"sparsity", r.sparsity},
                       {"quality", mask.quality}};
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& k : keep) kept.push_back(k.size());
    out["kept_per_layer"] = kept;
    if (o.json) {
        std::cout << out.dump(2) << "\n";
    } else {
        std::printf("wrote %s: task '%s' (id %u), FFN sparsity %.4f, kept per layer %s\n", o.output.c_str(), o.task.c_str(), r.taskId,
                    r.sparsity, kept.dump().c_str());
        if (!mask.quality.is_null())
            std::printf("held-out perplexity %.4f dense -> %.4f masked (ratio %.4f over %llu tokens)\n",
                        mask.quality["baseline_dense"].get<double>(), mask.quality["masked"].get<double>(),
                        mask.quality["value"].get<double>(), (unsigned long long)mask.quality["n_samples"].get<uint64_t>());
    }
    return kExitOk;
}

} // namespace

void addCalibrate(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("calibrate", "Build a task mask (§5) from the FFN activation mass on a corpus and measure it on held-out text");
    auto o = std::make_shared<CalibrateOptions>();
    cmd->add_option("FILE", o->path, "CMF model")->required()->check(CLI::ExistingFile);
    cmd->add_option("--task", o->task, "Name of the new mask")->required();
    cmd->add_option("--corpus", o->corpus, "Text files the task is about")->required()->check(CLI::ExistingFile);
    cmd->add_option("--keep", o->keep, "Share of FFN neurons each layer keeps")->capture_default_str()->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--heldout", o->heldout, "Held-out text: its perplexity ratio (masked / dense) becomes the mask's quality")
        ->check(CLI::ExistingFile);
    cmd->add_option("--ctx", o->ctx, "Window in tokens for the corpus and the held-out text")->capture_default_str();
    cmd->add_option("--description", o->description, "Description stored in the mask's meta");
    cmd->add_option("--output,-o", o->output, "Output file (the input is not changed)")->required();
    cmd->add_flag("--replace", o->replace, "Replace a mask of the same name");
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] {
        try {
            *exitCode = calibrate(*o);
        } catch (const cmf::Error& e) {
            printError(o->path, e);
            *exitCode = e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : kExitUsage;
        }
    });
}

void addRouteStats(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("route-stats", "Count which experts each MoE layer selects over a corpus (the B-field), as JSON");
    struct Opts {
        std::string path, output;
        std::vector<std::string> corpus;
        uint32_t ctx = 256;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("FILE", o->path, "CMF model with MoE layers")->required()->check(CLI::ExistingFile);
    cmd->add_option("--corpus", o->corpus, "Text files")->required()->check(CLI::ExistingFile);
    cmd->add_option("--ctx", o->ctx, "Window in tokens")->capture_default_str();
    cmd->add_option("--output,-o", o->output, "Statistics JSON to write")->required();
    cmd->callback([=] {
        try {
            const auto model = cmf::engine::Model::open(o->path);
            bool moe = false;
            for (const auto& l : model->layers()) moe |= l.moe();
            if (!moe) throw cmf::Error(cmf::ErrorKind::Parse, "the model has no MoE layer: nothing to count");
            const auto tok = cmf::engine::tokenizerOf(*model);
            TerminalProgress bar("route-stats");
            auto stats = cmf::engine::routeStatistics(model, cmf::engine::tokenizeFiles(tok, o->corpus), o->ctx,
                                                      cmf::Control{bar.callback(), interruptFlag()});
            bar.finish();
            stats["corpus"] = o->corpus;
            stats["model"] = o->path;
            const std::string text = stats.dump(1) + "\n";
            cmf::writeFileAtomic(o->output, text.data(), text.size());
            std::printf("wrote %s: %llu tokens over %zu layers\n", o->output.c_str(), (unsigned long long)stats["tokens"].get<uint64_t>(),
                        stats["layers"].size());
            *exitCode = kExitOk;
        } catch (const cmf::Error& e) {
            printError(o->path, e);
            *exitCode = e.kind() == cmf::ErrorKind::Cancelled ? kExitInterrupted : kExitUsage;
        }
    });
}

} // namespace cmfcli
