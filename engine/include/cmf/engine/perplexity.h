#pragma once
// Perplexity over a token stream with a sliding window: window k starts at
// k·stride and holds up to ctx tokens, each window is scored from position 0,
// and every token after the first is predicted exactly once (by the first
// window that sees it with context before it).
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"
#include "cmf/format/progress.h"

#include <span>

namespace cmf::engine {

struct PerplexityResult {
    uint64_t tokensPredicted = 0;
    double nllPerToken = 0;
    double perplexity = 0;
    double seconds = 0;
};

PerplexityResult perplexity(std::shared_ptr<const Model> model, std::span<const int32_t> ids, uint32_t ctx, uint32_t stride,
                            const Control& control = {}, const RunnerSetup& setup = {}, KvType kv = KvType::F32);

} // namespace cmf::engine
