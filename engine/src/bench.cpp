#include "cmf/engine/bench.h"

#include "cmf/format/error.h"
#include "kernels/argmax.h"
#include "kernels/int8_panels.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <sys/resource.h>

namespace cmf::engine {

namespace {

constexpr uint32_t kSeed = 1234;

} // namespace

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

double decodeBytesPerToken(const Model& m, uint32_t tg, uint32_t depth, KvType kv) {
    double bytes = 0;
    // A packed weight is read as its panels; a token reads top_k of a MoE layer's experts.
    const auto size = [](const Weight& w) { return w.panels ? double(w.panels->bytes()) : double(w.bytes.nbytes); };
    for (const auto& l : m.layers()) {
        double experts = 0;
        forEachLayerWeight(l, [&](const Weight& w, bool perToken) { (perToken ? bytes : experts) += size(w); });
        if (!l.experts.empty()) bytes += experts * std::min<double>(1.0, double(m.config().topK) / double(l.experts.size()));
    }
    bytes += size(m.lmHead());
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
    bytes += positions * 2.0 * c.kvHeads * c.headDim * double(kvElementBytes(kv));
    const auto& d = c.linear;
    bytes += linear * double(d.stateFloats()) * sizeof(float);
    return bytes;
}

uint32_t benchContext(const BenchOptions& o) { return o.depth + std::max<uint32_t>(1, std::max(o.pp, o.tg + 1)); }

std::vector<int32_t> benchPrompt(const Model& model, uint32_t pp) {
    const uint32_t vocab = uint32_t(model.embed().rows());
    std::mt19937 rng(kSeed);
    std::vector<int32_t> prompt(pp);
    for (auto& t : prompt) t = int32_t(rng() % vocab);
    return prompt;
}

BenchResult bench(std::shared_ptr<const Model> model, const BenchOptions& o, const Control& control) {
    const uint32_t vocab = uint32_t(model->embed().rows());
    Runner runner(model, benchContext(o), nullptr, o.kv);
    // The prompt, then the depth's tokens, from one generator (the prompt's draws first).
    std::mt19937 rng(kSeed);
    std::vector<int32_t> prompt(o.pp), context(o.depth);
    for (auto& t : prompt) t = int32_t(rng() % vocab);
    for (auto& t : context) t = int32_t(rng() % vocab);
    runner.setup(o.setup);
    using Clock = std::chrono::steady_clock;
    const auto stopped = [&] { return control.cancelled(); };

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
        for (uint32_t at = 0; at < o.depth && !stopped(); at += 512)
            runner.forward(std::span<const int32_t>(context).subspan(at, std::min<uint32_t>(512, o.depth - at)));
        filled = !stopped();
    };
    const auto prefill = [&] {
        toDepth();
        const auto t0 = Clock::now();
        runner.forward(prompt);
        return double(o.pp) / std::chrono::duration<double>(Clock::now() - t0).count();
    };
    const bool drafting = o.draft.mode != DraftMode::None;
    BenchResult r;
    const auto decode = [&] {
        toDepth();
        int32_t next = prompt.empty() ? 0 : prompt[0];
        const auto t0 = Clock::now();
        if (drafting) { // the same tg tokens forwarded, with drafts verified in blocks
            runner.keepHidden(o.draft.mode == DraftMode::Mtp);
            auto logits = runner.forward(std::span<const int32_t>(&next, 1));
            std::vector<int32_t> held(context);
            held.push_back(next);
            r.drafted = decodeWithDrafts(runner, std::move(held), std::move(logits), o.tg - 1, o.draft);
            runner.keepHidden(false);
        } else {
            for (uint32_t i = 0; i < o.tg && !stopped(); ++i) {
                const auto logits = runner.forward(std::span<const int32_t>(&next, 1));
                next = int32_t(kernels::argmax(logits.data(), logits.size()));
            }
        }
        return double(o.tg) / std::chrono::duration<double>(Clock::now() - t0).count();
    };

    // Warmup: pages the weights in and sizes the caches, as llama-bench's warmup run does.
    control.report(0, o.reps, "bench");
    {
        const int32_t first = prompt.empty() ? 0 : prompt[0];
        runner.reset();
        runner.forward(std::span<const int32_t>(&first, 1));
        if (o.pp && !stopped()) prefill();
    }
    for (uint32_t rep = 0; rep < o.reps && !stopped(); ++rep) {
        if (o.pp) r.ppRuns.push_back(prefill());
        if (o.tg && !stopped()) r.tgRuns.push_back(decode());
        control.report(rep + 1, o.reps, "bench");
    }
    if (stopped()) throw Error(ErrorKind::Cancelled, "interrupted");
    r.ppTokS = median(r.ppRuns);
    r.tgTokS = median(r.tgRuns);
    r.decodeBytesPerToken = decodeBytesPerToken(*model, o.tg, o.depth, o.kv);
    r.tgReadGbS = r.decodeBytesPerToken * r.tgTokS / 1e9;
    return r;
}

} // namespace cmf::engine
