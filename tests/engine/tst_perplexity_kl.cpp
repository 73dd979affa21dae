// KL divergence of a file from a reference over perplexity's windows
// (engine/perplexity.h klDivergence, `cmf ppl --kl-reference`): a file
// against itself gives exactly 0 and full top-1 agreement; the demo at q4
// against q8 gives KL > 0 and agreement < 1, equal to a KL summed by hand in
// double from the runners' logits (and close to one from logits decoded a
// token at a time through the KV cache); per-window nll adds up
// to the whole; a model with another vocabulary is refused by name; the bench
// (engine/bench.h) counts what it was asked to.
#include "reference_models.h"
#include "test_support.h"

#include "cmf/engine/bench.h"
#include "cmf/engine/perplexity.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/session.h"
#include "cmf/engine/tokenizer.h"
#include "cmf/format/error.h"

#include <QTest>
#include <atomic>
#include <cmath>
#include <fstream>
#include <iterator>

namespace {

using cmf::engine::Model;

std::shared_ptr<const Model> demo(const char* quant) { return Model::open(cmftest::converted("demo-model", quant)); }

std::vector<int32_t> heldoutIds(const Model& m, size_t n) {
    std::ifstream in(cmftest::dataPath("models/heldout_prose.txt"), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto ids = cmf::engine::tokenizerOf(m).encode(text, false);
    if (ids.size() > n) ids.resize(n);
    return ids;
}

// log-softmax of one row, in double.
std::vector<double> logSoftmax(const std::vector<float>& l) {
    double mx = -INFINITY;
    for (float v : l) mx = std::max(mx, double(v));
    double s = 0;
    for (float v : l) s += std::exp(double(v) - mx);
    std::vector<double> out(l.size());
    for (size_t i = 0; i < l.size(); ++i) out[i] = double(l[i]) - mx - std::log(s);
    return out;
}

} // namespace

class TstPerplexityKl : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void selfIsZero() {
        const auto m = demo("q8");
        const auto ids = heldoutIds(*m, 300);
        const auto r = cmf::engine::klDivergence(m, m, ids, 128, 64);
        QCOMPARE(r.klMean, 0.0);
        QCOMPARE(r.klMax, 0.0);
        QCOMPARE(r.top1Agreement, 1.0);
        QCOMPARE(r.positions, uint64_t(ids.size() - 1));
        QCOMPARE(r.file.perplexity, r.reference.perplexity);
        // The file's side is what perplexity() gives on the same windows.
        const auto p = cmf::engine::perplexity(m, ids, 128, 64);
        QCOMPARE(r.file.nllPerToken, p.nllPerToken);
        QCOMPARE(r.file.windows.size(), p.windows.size());
    }

    void windowsAddUp() {
        const auto m = demo("q8");
        const auto ids = heldoutIds(*m, 300);
        const auto p = cmf::engine::perplexity(m, ids, 128, 64);
        // 300 tokens, windows at 0, 64, 128, 192 (the one at 192 reaches the end): 127 + 64 + 64 + 44 predicted.
        QCOMPARE(p.windows.size(), size_t(4));
        const uint64_t want[] = {127, 64, 64, 44};
        double nll = 0;
        uint64_t n = 0;
        for (size_t i = 0; i < p.windows.size(); ++i) {
            QCOMPARE(p.windows[i].start, uint64_t(64 * i));
            QCOMPARE(p.windows[i].tokensPredicted, want[i]);
            nll += p.windows[i].nll;
            n += p.windows[i].tokensPredicted;
        }
        QCOMPARE(n, p.tokensPredicted);
        QVERIFY(std::fabs(nll / double(n) - p.nllPerToken) < 1e-12);
    }

    void q4AgainstQ8MatchesAHandSum() {
        const auto ref = demo("q8"), file = demo("q4");
        const auto ids = heldoutIds(*ref, 48);
        QCOMPARE(ids.size(), size_t(48));
        const auto r = cmf::engine::klDivergence(ref, file, ids, 48, 48); // one window: positions 0..46 predict 1..47
        QVERIFY2(r.klMean > 0, std::to_string(r.klMean).c_str());
        QVERIFY2(r.top1Agreement < 1, std::to_string(r.top1Agreement).c_str());
        QVERIFY(r.klMedian <= r.klP90 && r.klP90 <= r.klP99 && r.klP99 <= r.klMax);

        // By hand, in double, from the logits of one batched forward of the window per model.
        const auto byHand = [&](const std::vector<float>& la, const std::vector<float>& lb, size_t V, double& kl, double& nllRef,
                                double& nllFile, int& agree) {
            for (size_t t = 0; t + 1 < ids.size(); ++t) {
                const std::vector<float> ra(la.begin() + std::ptrdiff_t(t * V), la.begin() + std::ptrdiff_t((t + 1) * V));
                const std::vector<float> rb(lb.begin() + std::ptrdiff_t(t * V), lb.begin() + std::ptrdiff_t((t + 1) * V));
                const auto pa = logSoftmax(ra), pb = logSoftmax(rb);
                double d = 0;
                for (size_t v = 0; v < V; ++v) d += std::exp(pa[v]) * (pa[v] - pb[v]);
                kl += d;
                nllRef -= pa[size_t(ids[t + 1])];
                nllFile -= pb[size_t(ids[t + 1])];
                agree += std::max_element(ra.begin(), ra.end()) - ra.begin() == std::max_element(rb.begin(), rb.end()) - rb.begin();
            }
        };
        const double n = double(ids.size() - 1);
        {
            cmf::engine::Runner a(ref, 48), b(file, 48);
            const auto la = a.forward(ids, true), lb = b.forward(ids, true);
            double kl = 0, nllRef = 0, nllFile = 0;
            int agree = 0;
            byHand(la, lb, la.size() / ids.size(), kl, nllRef, nllFile, agree);
            QVERIFY2(std::fabs(kl / n / r.klMean - 1) < 1e-9, (std::to_string(kl / n) + " vs " + std::to_string(r.klMean)).c_str());
            QVERIFY(std::fabs(nllRef / n - r.reference.nllPerToken) < 1e-12);
            QVERIFY(std::fabs(nllFile / n - r.file.nllPerToken) < 1e-12);
            QCOMPARE(agree / n, r.top1Agreement);
        }
        {
            // Another path through the runner: one token at a time through the KV cache. The
            // quantized kernels of a batch and of a single token round activations differently
            // (measured: KL 0.01693 decoded against 0.01677 batched), so only close.
            cmf::engine::Runner a(ref, 48), b(file, 48);
            std::vector<float> la, lb;
            for (size_t t = 0; t + 1 < ids.size(); ++t) {
                const auto sa = a.forward(std::span<const int32_t>(&ids[t], 1));
                const auto sb = b.forward(std::span<const int32_t>(&ids[t], 1));
                la.insert(la.end(), sa.begin(), sa.end());
                lb.insert(lb.end(), sb.begin(), sb.end());
            }
            double kl = 0, nllRef = 0, nllFile = 0;
            int agree = 0;
            byHand(la, lb, la.size() / (ids.size() - 1), kl, nllRef, nllFile, agree);
            QVERIFY2(std::fabs(kl / n / r.klMean - 1) < 0.05, (std::to_string(kl / n) + " vs " + std::to_string(r.klMean)).c_str());
            QVERIFY(std::fabs(nllFile / n - r.file.nllPerToken) < 1e-2);
        }
    }

    void anotherVocabularyIsRefused() {
        const auto m = demo("q8");
        const auto other = Model::open(cmftest::converted("tiny-llama3", "f32"));
        const auto ids = heldoutIds(*m, 40);
        try {
            cmf::engine::klDivergence(other, m, ids, 32, 16);
            QFAIL("no error");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
            QVERIFY2(std::string(e.what()).find("tokenizer vocabulary") != std::string::npos, e.what());
        }
    }

    void cancelStops() {
        const auto m = demo("q8");
        const auto ids = heldoutIds(*m, 300);
        std::atomic<bool> stop{true};
        QVERIFY_THROWS_EXCEPTION(cmf::Error, cmf::engine::klDivergence(m, m, ids, 64, 32, cmf::Control{{}, &stop}));
        QVERIFY_THROWS_EXCEPTION(cmf::Error, cmf::engine::bench(m, {}, cmf::Control{{}, &stop}));
    }

    void benchCountsWhatItWasAsked() {
        const auto m = demo("q8");
        cmf::engine::BenchOptions o;
        o.pp = 16;
        o.tg = 4;
        o.reps = 3;
        std::vector<uint64_t> reports;
        const auto r = cmf::engine::bench(m, o, cmf::Control{[&](uint64_t done, uint64_t, std::string_view) { reports.push_back(done); }});
        QCOMPARE(r.ppRuns.size(), size_t(3));
        QCOMPARE(r.tgRuns.size(), size_t(3));
        QCOMPARE(reports, (std::vector<uint64_t>{0, 1, 2, 3}));
        for (double v : r.ppRuns) QVERIFY(v > 0 && std::isfinite(v));
        auto sorted = r.tgRuns;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(r.tgTokS, sorted[1]);
        QVERIFY(r.decodeBytesPerToken > 0);
        QCOMPARE(cmf::engine::benchContext(o), uint32_t(16));
        // The prompt is the seed's: the same tokens every time, within the vocabulary.
        const auto p = cmf::engine::benchPrompt(*m, 16);
        QCOMPARE(p, cmf::engine::benchPrompt(*m, 16));
        for (int32_t t : p) QVERIFY(t >= 0 && size_t(t) < m->embed().rows());
    }
};

QTEST_GUILESS_MAIN(TstPerplexityKl)
#include "tst_perplexity_kl.moc"
