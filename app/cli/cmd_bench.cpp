// cmf bench — llama-bench's contract on the embedded engine (engine/bench.h,
// shared with the workbench's Measure view): ppN and tgN tokens per second,
// medians, spreads and peak RSS.
#include "commands.h"
#include "draft_options.h"
#include "kv_option.h"
#include "memory_check.h"
#include "specialist_options.h"
#include "terminal_progress.h"

#include "cmf/engine/bench.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <unistd.h>

namespace cmfcli {
namespace {

struct BenchOptions {
    std::string path;
    uint32_t pp = 512, tg = 128, reps = 3, threads = 0;
    uint32_t depth = 0; // tokens already in the cache before each pp and tg run (llama-bench -d)
    bool json = false, ignoreMemory = false;
    cmf::engine::KvType kv = cmf::engine::KvType::F32;
    SpecialistOptions spec;
    cmf::engine::DraftOptions draft;
};

int bench(const BenchOptions& o) {
    const int threads = o.threads ? int(o.threads) : tbb::info::default_concurrency();
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    requireValidInput(o.path);
    const auto model = cmf::engine::Model::open(o.path);
    cmf::engine::BenchOptions b;
    b.pp = o.pp;
    b.tg = o.tg;
    b.reps = o.reps;
    b.depth = o.depth;
    b.kv = o.kv;
    b.draft = o.draft;
    requireMemory(o.ignoreMemory, *model, o.spec, cmf::engine::benchContext(b), o.kv);
    const auto prompt = cmf::engine::benchPrompt(*model, o.pp);
    b.setup = runnerSetup(*model, o.spec, prompt);
    const bool showReps = !o.json && isatty(2);
    const auto r = cmf::engine::bench(model, b,
                                      cmf::Control{[&](uint64_t done, uint64_t total, std::string_view) {
                                                       if (showReps && done) std::fprintf(stderr, "\rrep %llu/%llu", (unsigned long long)done, (unsigned long long)total);
                                                   },
                                                   interruptFlag()});
    if (showReps) std::fprintf(stderr, "\n");

    const bool drafting = o.draft.mode != cmf::engine::DraftMode::None;
    const auto& lastDrafted = r.drafted;
    const double bytesPerToken = r.decodeBytesPerToken;
    nlohmann::json out{{"file", o.path},
                             {"pp", o.pp},
                             {"tg", o.tg},
                             {"depth", o.depth},
                             {"kv", cmf::engine::kvTypeName(o.kv)},
                             {"pp_tok_s", r.ppTokS},
                             {"tg_tok_s", r.tgTokS},
                             {"pp_runs", r.ppRuns},
                             {"tg_runs", r.tgRuns},
                             {"threads", threads},
                             {"rss_mb", cmf::engine::peakRssMb()},
                             {"panel_bytes", model->panelBytes()},
                             {"decode_bytes_per_token", bytesPerToken},
                             {"tg_read_gb_s", r.tgReadGbS}};
    // With drafts: the last tg run's figures (tokens after the first, as cmf run counts them).
    if (drafting && o.tg) {
        out["draft"] = cmf::engine::draftModeName(o.draft.mode);
        out.update(draftJson(lastDrafted.drafted, lastDrafted.accepted, lastDrafted.forwards, lastDrafted.tokens.size()));
    }
    if (o.json) {
        std::cout << jsonText(out) << "\n";
    } else {
        const auto spread = [](const std::vector<double>& v) {
            if (v.empty()) return std::string("-");
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.1f-%.1f", *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
            return std::string(buf);
        };
        std::printf("%-14s %12s %16s\n", "test", "tok/s", "min-max");
        const std::string at = o.depth ? " @ d" + std::to_string(o.depth) : std::string();
        if (o.pp) std::printf("%-14s %12.2f %16s\n", ("pp" + std::to_string(o.pp) + at).c_str(), r.ppTokS, spread(r.ppRuns).c_str());
        if (o.tg) std::printf("%-14s %12.2f %16s\n", ("tg" + std::to_string(o.tg) + at).c_str(), r.tgTokS, spread(r.tgRuns).c_str());
        if (o.tg) std::printf("decode reads %.1f MB per token: %.2f GB/s\n", bytesPerToken / 1e6, bytesPerToken * r.tgTokS / 1e9);
        if (const uint64_t panels = model->panelBytes())
            std::printf("weights packed at load as int8 panels: %.1f MB (a model this small is bound by instructions, not memory)\n", double(panels) / 1e6);
        if (drafting && o.tg)
            std::printf("drafts (%s): %llu proposed, %llu accepted, %.2f tokens per pass over the weights\n",
                        cmf::engine::draftModeName(o.draft.mode), (unsigned long long)lastDrafted.drafted,
                        (unsigned long long)lastDrafted.accepted,
                        lastDrafted.forwards ? double(lastDrafted.tokens.size()) / double(lastDrafted.forwards) : 0.0);
        std::printf("threads %d, peak RSS %.0f MiB\n", threads, cmf::engine::peakRssMb());
    }
    return kExitOk;
}

} // namespace

void addBench(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("bench", "Prefill and decode speed of a model (llama-bench style: ppN and tgN tokens per second)");
    auto o = std::make_shared<BenchOptions>();
    cmd->add_option("FILE", o->path, "CMF model")->required();
    cmd->add_option("--pp", o->pp, "Prompt tokens prefilled in one batch (0 = skip)")->capture_default_str();
    cmd->add_option("--tg", o->tg, "Tokens decoded one at a time (0 = skip)")->capture_default_str();
    cmd->add_option("--reps", o->reps, "Repetitions after one warmup")->capture_default_str()->check(CLI::Range(1u, 1000u));
    cmd->add_option("--depth", o->depth,
                    "Tokens already in the cache before each pp and tg run (llama-bench -d): speed at a long context")
        ->capture_default_str();
    cmd->add_option("--threads", o->threads, "Worker threads (default: all cores)");
    addSpecialistOptions(cmd, o->spec);
    addDraftOptions(cmd, o->draft);
    addKvOption(cmd, o->kv);
    addMemoryCheckOption(cmd, o->ignoreMemory);
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] {
        try {
            *exitCode = bench(*o);
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
        }
    });
}

} // namespace cmfcli
