#pragma once
// Perplexity over a token stream with a sliding window: window k starts at
// k·stride and holds up to ctx tokens, each window is scored from position 0,
// and every token after the first is predicted exactly once (by the first
// window that sees it with context before it).
//
// klDivergence scores the same windows with a reference model beside the
// file (llama-perplexity --kl-divergence): at every predicted position the
// KL divergence KL(P_ref || P_file) of the two next-token distributions and
// whether their argmax agrees.
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"
#include "cmf/format/progress.h"

#include <span>
#include <vector>

namespace cmf::engine {

// One window's share: the tokens it predicted (those no earlier window did)
// and the sum of their negative log-likelihoods, so a chart can show
// perplexity per window: exp(nll / tokensPredicted).
struct PerplexityWindow {
    uint64_t start = 0; // first token of the window
    uint64_t tokensPredicted = 0;
    double nll = 0;
    double perplexity() const;
};

struct PerplexityResult {
    uint64_t tokensPredicted = 0;
    double nllPerToken = 0;
    double perplexity = 0;
    double seconds = 0;
    std::vector<PerplexityWindow> windows;
};

PerplexityResult perplexity(std::shared_ptr<const Model> model, std::span<const int32_t> ids, uint32_t ctx, uint32_t stride,
                            const Control& control = {}, const RunnerSetup& setup = {}, KvType kv = KvType::F32);

struct KlResult {
    PerplexityResult file;      // the model under test
    PerplexityResult reference; // the same windows on the reference
    uint64_t positions = 0;     // predicted positions compared (= file.tokensPredicted)
    double klMean = 0;          // nats per predicted token
    double klMedian = 0, klP90 = 0, klP99 = 0, klMax = 0;
    double top1Agreement = 0;   // share of positions where both argmaxes are the same token
    std::vector<double> windowKl; // mean KL per window, beside file.windows
};

// Throws Error(Parse) naming the difference when the two models do not share
// the tokenizer vocabulary (size, or the first id spelled differently): the
// ids mean the same tokens to both or the comparison means nothing.
void requireSameVocabulary(const Model& reference, const Model& model);

KlResult klDivergence(std::shared_ptr<const Model> reference, std::shared_ptr<const Model> model, std::span<const int32_t> ids,
                      uint32_t ctx, uint32_t stride, const Control& control = {}, const RunnerSetup& referenceSetup = {},
                      const RunnerSetup& setup = {}, KvType kv = KvType::F32);

} // namespace cmf::engine
