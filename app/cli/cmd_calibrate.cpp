// cmf calibrate — a task mask from a corpus, with its held-out quality;
// cmf route-stats — per-layer expert selection counts over a corpus.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/engine/task_tools.h"
#include "cmf/format/error.h"
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
    requireValidInput(o.path);
    TerminalProgress bar("calibrate");
    cmf::engine::CalibrateRequest r;
    r.input = o.path, r.output = o.output, r.task = o.task, r.description = o.description;
    r.corpus = o.corpus, r.heldout = o.heldout, r.keep = o.keep, r.ctx = o.ctx, r.replace = o.replace;
    const auto res = cmf::engine::calibrateTask(r, cmf::Control{o.json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()});
    bar.finish();
    for (const auto& w : res.warnings) std::cerr << "cmf: warning: " << w << "\n";
    const nlohmann::json out{{"output", o.output},       {"task", o.task},         {"task_id", res.taskId},
                             {"sparsity", res.sparsity}, {"quality", res.quality}, {"kept_per_layer", res.keptPerLayer}};
    if (o.json) {
        std::cout << jsonText(out) << "\n";
    } else {
        std::printf("wrote %s: task '%s' (id %u), FFN sparsity %.4f, kept per layer %s\n", o.output.c_str(), o.task.c_str(), res.taskId,
                    res.sparsity, out["kept_per_layer"].dump().c_str());
        if (!res.quality.is_null())
            std::printf("held-out perplexity %.4f dense -> %.4f masked (ratio %.4f over %llu tokens)\n",
                        res.quality["baseline_dense"].get<double>(), res.quality["masked"].get<double>(), res.quality["value"].get<double>(),
                        (unsigned long long)res.quality["n_samples"].get<uint64_t>());
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
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
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
            requireValidInput(o->path);
            TerminalProgress bar("route-stats");
            const auto stats = cmf::engine::routeStatsOfFiles(o->path, o->corpus, o->ctx, cmf::Control{bar.callback(), interruptFlag()});
            bar.finish();
            const std::string text = stats.dump(1) + "\n";
            cmf::writeFileAtomic(o->output, text.data(), text.size());
            std::printf("wrote %s: %llu tokens over %zu layers\n", o->output.c_str(), (unsigned long long)stats["tokens"].get<uint64_t>(),
                        stats["layers"].size());
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
        }
    });
}

} // namespace cmfcli
