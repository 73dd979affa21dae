// cmf bench — llama-bench's contract on the embedded engine: prefill of --pp
// tokens into an empty cache (logits of the last one) and --tg single-token
// decodes from an empty cache, each timed separately, one warmup then --reps
// repetitions; medians, spreads and peak RSS. Prompt tokens are drawn from
// the vocabulary with a fixed seed; decode feeds back the greedy token.
#include "commands.h"
#include "draft_options.h"
#include "kv_option.h"
#include "memory_check.h"
#include "specialist_options.h"
#include "terminal_progress.h"

#include "cmf/engine/runner.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <sys/resource.h>
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

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double peakRssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

// Bytes a decode step reads: every weight once (of the routed experts, the
// top-k share), the embedding row, and the KV cache at the average position
// of a tg run after `depth` cached tokens (a sliding layer reads its window
// at most). tokens/s × this is the memory traffic to set against the
// machine's read bandwidth (tests/bench/bench_bandwidth).
double decodeBytesPerToken(const cmf::engine::Model& m, uint32_t tg, uint32_t depth, cmf::engine::KvType kv) {
    double bytes = 0;
    const auto add = [&](const cmf::engine::Weight& w) { bytes += w.present() ? double(w.bytes.nbytes) : 0.0; };
    for (const auto& l : m.layers()) {
        for (const auto* w : {&l.q, &l.k, &l.v, &l.o, &l.gateProj, &l.mlpGate, &l.mlpUp, &l.mlpDown, &l.router, &l.sharedGate,
                              &l.shared.gate, &l.shared.up, &l.shared.down, &l.linear.qkv, &l.linear.z, &l.linear.b, &l.linear.a,
                              &l.linear.out})
            add(*w);
        double experts = 0;
        for (const auto& e : l.experts)
            for (const auto* w : {&e.gate, &e.up, &e.down}) experts += w->present() ? double(w->bytes.nbytes) : 0.0;
        if (!l.experts.empty()) bytes += experts * std::min<double>(1.0, double(m.config().topK) / double(l.experts.size()));
    }
    add(m.lmHead());
    if (m.embed().rows()) bytes += double(m.embed().bytes.nbytes) / double(m.embed().rows());
    const auto& c = m.config();
    // The KV cache of attention layers (the depth and half the tg steps on
    // average); a LinearAttention layer reads its recurrent state instead, once per token.
    double positions = 0, linear = 0;
    const double average = double(depth) + tg / 2.0;
    for (const auto& l : m.layers()) {
        if (l.linear.present()) linear += 1;
        else positions += l.sliding && c.slidingWindow ? std::min<double>(c.slidingWindow, average) : average;
    }
    bytes += positions * 2.0 * c.kvHeads * c.headDim * double(cmf::engine::kvElementBytes(kv));
    const auto& d = c.linear;
    bytes += linear * double(d.stateFloats()) * sizeof(float);
    return bytes;
}

int32_t argmax(const std::vector<float>& v) { return int32_t(std::max_element(v.begin(), v.end()) - v.begin()); }

int bench(const BenchOptions& o) {
    const int threads = o.threads ? int(o.threads) : tbb::info::default_concurrency();
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    requireValidInput(o.path);
    const auto model = cmf::engine::Model::open(o.path);
    const uint32_t vocab = uint32_t(model->embed().rows());
    const uint32_t ctx = o.depth + std::max<uint32_t>(1, std::max(o.pp, o.tg + 1));
    requireMemory(o.ignoreMemory, *model, o.spec, ctx, o.kv);
    cmf::engine::Runner runner(model, ctx, nullptr, o.kv);
    std::mt19937 rng(1234);
    std::vector<int32_t> prompt(o.pp), context(o.depth);
    for (auto& t : prompt) t = int32_t(rng() % vocab);
    for (auto& t : context) t = int32_t(rng() % vocab);
    runner.setup(runnerSetup(*model, o.spec, prompt.empty() ? std::span<const int32_t>() : std::span<const int32_t>(prompt)));
    const auto* stop = interruptFlag();
    using Clock = std::chrono::steady_clock;

    // The depth's tokens, untimed: run once in chunks (a checkpoint of the
    // recurrent state at the depth, for hybrid models), later rewound to.
    bool filled = false;
    const auto toDepth = [&] {
        if (filled) {
            runner.rewind(o.depth);
            return;
        }
        runner.reset();
        if (!o.depth) return;
        runner.requestCheckpoint(o.depth);
        for (uint32_t at = 0; at < o.depth && !stop->load(); at += 512)
            runner.forward(std::span<const int32_t>(context).subspan(at, std::min<uint32_t>(512, o.depth - at)));
        filled = !stop->load();
    };
    const auto prefill = [&] {
        toDepth();
        const auto t0 = Clock::now();
        runner.forward(prompt);
        return double(o.pp) / std::chrono::duration<double>(Clock::now() - t0).count();
    };
    const bool drafting = o.draft.mode != cmf::engine::DraftMode::None;
    cmf::engine::DraftedDecode lastDrafted;
    const auto decode = [&] {
        toDepth();
        int32_t next = prompt.empty() ? 0 : prompt[0];
        const auto t0 = Clock::now();
        if (drafting) { // the same tg tokens forwarded, with drafts verified in blocks
            runner.keepHidden(o.draft.mode == cmf::engine::DraftMode::Mtp);
            auto logits = runner.forward(std::span<const int32_t>(&next, 1));
            std::vector<int32_t> held(context);
            held.push_back(next);
            lastDrafted = cmf::engine::decodeWithDrafts(runner, std::move(held), std::move(logits), o.tg - 1, o.draft);
            runner.keepHidden(false);
        } else {
            for (uint32_t i = 0; i < o.tg && !stop->load(); ++i) next = argmax(runner.forward(std::span<const int32_t>(&next, 1)));
        }
        return double(o.tg) / std::chrono::duration<double>(Clock::now() - t0).count();
    };

    // Warmup: pages the weights in and sizes the caches, as llama-bench's warmup run does.
    {
        const int32_t first = prompt.empty() ? 0 : prompt[0];
        runner.reset();
        runner.forward(std::span<const int32_t>(&first, 1));
        if (o.pp) prefill();
    }
    std::vector<double> ppRuns, tgRuns;
    for (uint32_t r = 0; r < o.reps && !stop->load(); ++r) {
        if (o.pp) ppRuns.push_back(prefill());
        if (o.tg) tgRuns.push_back(decode());
        if (!o.json && isatty(2)) std::fprintf(stderr, "\rrep %u/%u", r + 1, o.reps);
    }
    if (!o.json && isatty(2)) std::fprintf(stderr, "\n");
    if (stop->load()) throw cmf::Error(cmf::ErrorKind::Cancelled, "interrupted");

    const double bytesPerToken = decodeBytesPerToken(*model, o.tg, o.depth, o.kv);
    nlohmann::json out{{"file", o.path},
                             {"pp", o.pp},
                             {"tg", o.tg},
                             {"depth", o.depth},
                             {"kv", cmf::engine::kvTypeName(o.kv)},
                             {"pp_tok_s", median(ppRuns)},
                             {"tg_tok_s", median(tgRuns)},
                             {"pp_runs", ppRuns},
                             {"tg_runs", tgRuns},
                             {"threads", threads},
                             {"rss_mb", peakRssMb()},
                             {"decode_bytes_per_token", bytesPerToken},
                             {"tg_read_gb_s", bytesPerToken * median(tgRuns) / 1e9}};
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
        if (o.pp) std::printf("%-14s %12.2f %16s\n", ("pp" + std::to_string(o.pp) + at).c_str(), median(ppRuns), spread(ppRuns).c_str());
        if (o.tg) std::printf("%-14s %12.2f %16s\n", ("tg" + std::to_string(o.tg) + at).c_str(), median(tgRuns), spread(tgRuns).c_str());
        if (o.tg) std::printf("decode reads %.1f MB per token: %.2f GB/s\n", bytesPerToken / 1e6, bytesPerToken * median(tgRuns) / 1e9);
        if (drafting && o.tg)
            std::printf("drafts (%s): %llu proposed, %llu accepted, %.2f tokens per pass over the weights\n",
                        cmf::engine::draftModeName(o.draft.mode), (unsigned long long)lastDrafted.drafted,
                        (unsigned long long)lastDrafted.accepted,
                        lastDrafted.forwards ? double(lastDrafted.tokens.size()) / double(lastDrafted.forwards) : 0.0);
        std::printf("threads %d, peak RSS %.0f MiB\n", threads, peakRssMb());
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
