#pragma once
// llama-bench's contract on the embedded engine, shared by `cmf bench` and
// the workbench's Measure view: prefill of pp tokens into an empty cache
// (logits of the last one) and tg single-token decodes from an empty cache,
// each timed separately, one warmup then reps repetitions. Prompt tokens are
// drawn from the vocabulary with a fixed seed; decode feeds back the greedy
// token. Threads are the caller's (a tbb::global_control around the call).
#include "cmf/engine/draft.h"
#include "cmf/engine/kv_cache.h"
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cmf::engine {

struct BenchOptions {
    uint32_t pp = 512, tg = 128, reps = 3;
    uint32_t depth = 0; // tokens already in the cache before each pp and tg run (llama-bench -d)
    KvType kv = KvType::F32;
    RunnerSetup setup;  // task mask / skill (specialistSetup, routed on benchPrompt)
    DraftOptions draft;
};

struct BenchResult {
    std::vector<double> ppRuns, tgRuns; // tokens per second of each repetition
    double ppTokS = 0, tgTokS = 0;      // their medians
    double decodeBytesPerToken = 0;
    double tgReadGbS = 0;               // decodeBytesPerToken × tgTokS
    DraftedDecode drafted;              // with drafts: the last tg run's
};

// The runner's context: the depth and the longer of a pp run and a tg run.
uint32_t benchContext(const BenchOptions& o);
// The pp prompt tokens (the seed's first draws), for routing --skill auto on them.
std::vector<int32_t> benchPrompt(const Model& model, uint32_t pp);

// Reports (repetitions done, reps, "bench") after each repetition; throws
// Error(Cancelled) when control's flag is raised (checked between tokens).
BenchResult bench(std::shared_ptr<const Model> model, const BenchOptions& o, const Control& control = {});

// Bytes a decode step reads: every weight once (of the routed experts, the
// top-k share), the embedding row, and the KV cache at the average position
// of a tg run after `depth` cached tokens (a sliding layer reads its window
// at most). tokens/s × this is the memory traffic to set against the
// machine's read bandwidth (tests/bench/bench_bandwidth).
double decodeBytesPerToken(const Model& m, uint32_t tg, uint32_t depth, KvType kv);

double median(std::vector<double> v);
// The process's peak resident set (getrusage), MiB.
double peakRssMb();

} // namespace cmf::engine
