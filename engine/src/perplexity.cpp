#include "cmf/engine/perplexity.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/session.h"
#include "cmf/engine/tokenizer.h"

#include "cmf/format/error.h"
#include "kernels/argmax.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>

namespace cmf::engine {

namespace {

void checkWindows(uint32_t ctx, uint32_t stride) {
    if (ctx < 2 || stride == 0 || stride > ctx)
        throw Error(ErrorKind::Parse, "perplexity: need ctx >= 2 and 0 < stride <= ctx");
}

// Calls score(start, end, first) for each window [start, end) whose
// positions first..end-1 predict tokens no earlier window predicted; the
// caller runs the window and scores token t from the logits at t - 1 - start.
void forEachWindow(std::span<const int32_t> ids, uint32_t ctx, uint32_t stride, const Control& control,
                   const std::function<void(uint64_t start, uint64_t end, uint64_t first)>& score) {
    checkWindows(ctx, stride);
    uint64_t scoredUpTo = 1; // token 0 is never predicted
    for (uint64_t start = 0; start + 1 < ids.size() && scoredUpTo < ids.size(); start += stride) {
        control.checkCancel();
        const uint64_t end = std::min<uint64_t>(ids.size(), start + ctx);
        score(start, end, std::max(scoredUpTo, start + 1));
        scoredUpTo = std::max(scoredUpTo, end);
        control.report(scoredUpTo, ids.size(), "scoring");
    }
}

// log Σ exp(l[v]), in double.
double logSumExp(const float* l, size_t V) {
    double mx = l[0];
    for (size_t v = 1; v < V; ++v) mx = std::max(mx, double(l[v]));
    double sum = 0;
    for (size_t v = 0; v < V; ++v) sum += std::exp(double(l[v]) - mx);
    return mx + std::log(sum);
}

void finish(PerplexityResult& r, double nll, std::chrono::steady_clock::time_point t0) {
    r.nllPerToken = r.tokensPredicted ? nll / double(r.tokensPredicted) : 0;
    r.perplexity = std::exp(r.nllPerToken);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double quantile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    return sorted[std::min(sorted.size() - 1, size_t(q * double(sorted.size() - 1) + 0.5))];
}

} // namespace

double PerplexityWindow::perplexity() const { return tokensPredicted ? std::exp(nll / double(tokensPredicted)) : 0; }

PerplexityResult perplexity(std::shared_ptr<const Model> model, std::span<const int32_t> ids, uint32_t ctx, uint32_t stride,
                            const Control& control, const RunnerSetup& setup, KvType kv) {
    const auto t0 = std::chrono::steady_clock::now();
    checkWindows(ctx, stride); // before a runner is made for a ctx that means nothing
    Runner runner(model, ctx, nullptr, kv);
    runner.setup(setup);
    PerplexityResult r;
    double nll = 0;
    forEachWindow(ids, ctx, stride, control, [&](uint64_t start, uint64_t end, uint64_t first) {
        runner.reset();
        const auto logits = runner.forward(ids.subspan(start, end - start), true);
        const size_t V = logits.size() / (end - start);
        PerplexityWindow w{start, 0, 0};
        // Position i of the window predicts token start + i + 1.
        for (uint64_t tok = first; tok < end; ++tok) {
            const float* l = logits.data() + (tok - 1 - start) * V;
            const double t = logSumExp(l, V) - double(l[size_t(ids[tok])]);
            nll += t;
            w.nll += t;
            ++w.tokensPredicted;
        }
        r.tokensPredicted += w.tokensPredicted;
        r.windows.push_back(w);
    });
    finish(r, nll, t0);
    return r;
}

void requireSameVocabulary(const Model& reference, const Model& model) {
    const auto a = tokenizerOf(reference), b = tokenizerOf(model);
    if (a.vocabSize() != b.vocabSize())
        throw Error(ErrorKind::Parse, "the reference's tokenizer has " + std::to_string(a.vocabSize()) + " tokens, the file's " +
                                          std::to_string(b.vocabSize()) + ": the two models must share the tokenizer vocabulary");
    for (size_t id = 0; id < a.vocabSize(); ++id)
        if (a.idToToken(int32_t(id)) != b.idToToken(int32_t(id)))
            throw Error(ErrorKind::Parse, "token id " + std::to_string(id) + " is '" + a.idToToken(int32_t(id)) + "' in the reference, '" +
                                              b.idToToken(int32_t(id)) + "' in the file: the two models must share the tokenizer vocabulary");
    if (reference.embed().rows() != model.embed().rows())
        throw Error(ErrorKind::Parse, "the reference's embedding has " + std::to_string(reference.embed().rows()) + " rows, the file's " +
                                          std::to_string(model.embed().rows()));
}

KlResult klDivergence(std::shared_ptr<const Model> reference, std::shared_ptr<const Model> model, std::span<const int32_t> ids,
                      uint32_t ctx, uint32_t stride, const Control& control, const RunnerSetup& referenceSetup,
                      const RunnerSetup& setup, KvType kv) {
    const auto t0 = std::chrono::steady_clock::now();
    checkWindows(ctx, stride); // before a runner is made for a ctx that means nothing
    requireSameVocabulary(*reference, *model);
    Runner ref(reference, ctx, nullptr, kv), run(model, ctx, nullptr, kv);
    ref.setup(referenceSetup);
    run.setup(setup);
    KlResult r;
    std::vector<double> kl;
    double nllFile = 0, nllRef = 0;
    uint64_t agree = 0;
    forEachWindow(ids, ctx, stride, control, [&](uint64_t start, uint64_t end, uint64_t first) {
        const auto window = ids.subspan(start, end - start);
        ref.reset();
        run.reset();
        const auto lr = ref.forward(window, true);
        control.checkCancel(); // a window of a large model takes a while: stop between the two
        const auto lf = run.forward(window, true);
        const size_t V = lf.size() / (end - start);
        if (lr.size() != lf.size())
            throw Error(ErrorKind::Parse, "the reference gives " + std::to_string(lr.size() / (end - start)) + " logits per token, the file " +
                                              std::to_string(V));
        PerplexityWindow wf{start, 0, 0}, wr{start, 0, 0};
        double windowKl = 0;
        for (uint64_t tok = first; tok < end; ++tok) {
            const float* pf = lf.data() + (tok - 1 - start) * V;
            const float* pr = lr.data() + (tok - 1 - start) * V;
            const double zf = logSumExp(pf, V), zr = logSumExp(pr, V);
            // KL(P_ref || P_file) = Σ_v p_ref(v) (log p_ref(v) − log p_file(v)).
            double d = 0;
            for (size_t v = 0; v < V; ++v) {
                const double logRef = double(pr[v]) - zr;
                d += std::exp(logRef) * (logRef - (double(pf[v]) - zf));
            }
            d = std::max(0.0, d); // rounding can leave −1e-17 where the two agree
            kl.push_back(d);
            windowKl += d;
            const double tf = zf - double(pf[size_t(ids[tok])]), tr = zr - double(pr[size_t(ids[tok])]);
            nllFile += tf;
            nllRef += tr;
            wf.nll += tf;
            wr.nll += tr;
            ++wf.tokensPredicted;
            ++wr.tokensPredicted;
            if (kernels::argmax(pf, V) == kernels::argmax(pr, V)) ++agree;
        }
        r.file.tokensPredicted += wf.tokensPredicted;
        r.reference.tokensPredicted += wr.tokensPredicted;
        r.file.windows.push_back(wf);
        r.reference.windows.push_back(wr);
        r.windowKl.push_back(wf.tokensPredicted ? windowKl / double(wf.tokensPredicted) : 0);
    });
    finish(r.file, nllFile, t0);
    finish(r.reference, nllRef, t0);
    r.positions = kl.size();
    double sum = 0;
    for (double d : kl) sum += d;
    r.klMean = kl.empty() ? 0 : sum / double(kl.size());
    r.top1Agreement = kl.empty() ? 0 : double(agree) / double(kl.size());
    std::sort(kl.begin(), kl.end());
    r.klMedian = quantile(kl, 0.5);
    r.klP90 = quantile(kl, 0.9);
    r.klP99 = quantile(kl, 0.99);
    r.klMax = kl.empty() ? 0 : kl.back();
    return r;
}

} // namespace cmf::engine
