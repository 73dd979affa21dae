#include "cmf/engine/perplexity.h"
#include "cmf/engine/runner.h"

#include "cmf/format/error.h"

#include <chrono>
#include <cmath>

namespace cmf::engine {

PerplexityResult perplexity(std::shared_ptr<const Model> model, std::span<const int32_t> ids, uint32_t ctx, uint32_t stride,
                            const Control& control, const RunnerSetup& setup, KvType kv) {
    if (ctx < 2 || stride == 0 || stride > ctx)
        throw Error(ErrorKind::Parse, "perplexity: need ctx >= 2 and 0 < stride <= ctx");
    const auto t0 = std::chrono::steady_clock::now();
    Runner runner(model, ctx, nullptr, kv);
    runner.setup(setup);
    PerplexityResult r;
    double nll = 0;
    uint64_t scoredUpTo = 1; // token 0 is never predicted
    for (uint64_t start = 0; start + 1 < ids.size() && scoredUpTo < ids.size(); start += stride) {
        control.checkCancel();
        const uint64_t end = std::min<uint64_t>(ids.size(), start + ctx);
        runner.reset();
        const auto logits = runner.forward(ids.subspan(start, end - start), true);
        const size_t V = logits.size() / (end - start);
        // Position i of the window predicts token start + i + 1.
        for (uint64_t tok = std::max(scoredUpTo, start + 1); tok < end; ++tok) {
            const float* l = logits.data() + (tok - 1 - start) * V;
            double mx = l[0];
            for (size_t v = 1; v < V; ++v) mx = std::max(mx, double(l[v]));
            double sum = 0;
            for (size_t v = 0; v < V; ++v) sum += std::exp(double(l[v]) - mx);
            nll += (mx + std::log(sum)) - double(l[size_t(ids[tok])]);
            ++r.tokensPredicted;
        }
        scoredUpTo = std::max(scoredUpTo, end);
        control.report(scoredUpTo, ids.size(), "scoring");
    }
    r.nllPerToken = r.tokensPredicted ? nll / double(r.tokensPredicted) : 0;
    r.perplexity = std::exp(r.nllPerToken);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace cmf::engine
