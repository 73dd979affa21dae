// Each forward-pass operator against small cases computed by hand.
#include "test_support.h"

#include "cmf/engine/ops.h"
#include "cmf/engine/sampler.h"

#include <QTest>
#include <cmath>

namespace {
bool near(double a, double b, double tol = 1e-5) { return std::fabs(a - b) <= tol; }
} // namespace

class TestOps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rmsNormBothStyles() {
        const float x[4] = {1, 2, 3, 4};
        const float ones[4] = {1, 1, 1, 1}, zeros[4] = {0, 0, 0, 0}, half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
        float y[4];
        const double rms = std::sqrt(7.5); // mean of 1, 4, 9, 16
        cmf::engine::rmsNorm(x, ones, 4, 0.0, false, y);
        for (int i = 0; i < 4; ++i) QVERIFY(near(y[i], (i + 1) / rms));
        cmf::engine::rmsNorm(x, zeros, 4, 0.0, true, y); // gemma: x̂·(1 + 0)
        for (int i = 0; i < 4; ++i) QVERIFY(near(y[i], (i + 1) / rms));
        cmf::engine::rmsNorm(x, half, 4, 0.0, true, y); // gemma: x̂·1.5
        QVERIFY(near(y[3], 1.5 * 4 / rms));
        cmf::engine::rmsNorm(x, half, 4, 0.0, false, y); // qwen: x̂·0.5
        QVERIFY(near(y[3], 0.5 * 4 / rms));
        cmf::engine::rmsNorm(x, ones, 4, 2.5, false, y); // eps inside the root
        QVERIFY(near(y[0], 1 / std::sqrt(10.0)));
    }
    void ropeFullAndPartial() {
        cmf::engine::RopeConfig c;
        c.theta = 10000;
        auto r = cmf::engine::makeRope(c, 4);
        QCOMPARE(r.rotDim, 4u);
        QVERIFY(near(r.invFreq[0], 1.0) && near(r.invFreq[1], 0.01, 1e-12));
        float x[4] = {1, 0, 0, 0};
        cmf::engine::applyRope(r, x, 1); // pairs (0, 2) and (1, 3): rotate-half layout
        QVERIFY(near(x[0], std::cos(1.0)) && near(x[2], std::sin(1.0)) && x[1] == 0 && x[3] == 0);
        float y[4] = {0, 3, 0, 0};
        cmf::engine::applyRope(r, y, 2);
        QVERIFY(near(y[1], 3 * std::cos(0.02)) && near(y[3], 3 * std::sin(0.02)));
        c.partialRotaryFactor = 0.5; // only the first 2 of 4 dims rotate
        r = cmf::engine::makeRope(c, 4);
        QCOMPARE(r.rotDim, 2u);
        float z[4] = {1, 0, 5, 7};
        cmf::engine::applyRope(r, z, 1);
        QVERIFY(near(z[0], std::cos(1.0)) && near(z[1], std::sin(1.0)) && z[2] == 5 && z[3] == 7);
    }
    void ropeYarn() {
        // dim 8, theta 1e4, factor 4, original 4096: correction dims
        // floor(1.309) = 1 and ceil(2.814) = 3, so frequency 0 and 1 keep
        // their value, 2 is half interpolated, 3 is divided by the factor.
        cmf::engine::RopeConfig c;
        c.theta = 10000;
        c.yarnFactor = 4;
        c.yarnOriginalMax = 4096;
        c.yarnAttentionFactor = 0.1 * std::log(4.0) + 1;
        const auto r = cmf::engine::makeRope(c, 8);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-12));
        QVERIFY(near(r.invFreq[1], 0.1, 1e-12));
        QVERIFY(near(r.invFreq[2], 0.5 * 0.01 + 0.5 * 0.01 / 4, 1e-12));
        QVERIFY(near(r.invFreq[3], 0.001 / 4, 1e-12));
        QVERIFY(near(r.attentionFactor, 1.138629, 1e-5));
        float x[8] = {1, 0, 0, 0, 0, 0, 0, 0};
        cmf::engine::applyRope(r, x, 0); // position 0: only the mscale
        QVERIFY(near(x[0], 1.138629, 1e-5));
    }
    void attentionWindow() {
        // Keys and values at positions 0..2 (head_dim 2), query [1, 0].
        const float K[6] = {1, 0, 0, 1, 1, 1}, V[6] = {1, 0, 0, 2, 3, 3}, q[2] = {1, 0};
        float out[2];
        const double e = std::exp(1.0);
        cmf::engine::attendHead(q, K, V, 2, 0, 2, 2, 1.0f, out); // scores 1, 0, 1
        const double z = 2 * e + 1;
        QVERIFY(near(out[0], (e * 1 + 1 * 0 + e * 3) / z) && near(out[1], (0 + 2 + e * 3) / z));
        cmf::engine::attendHead(q, K, V, 2, 1, 2, 2, 1.0f, out); // a window of 2: positions 1 and 2
        QVERIFY(near(out[0], 3 * e / (1 + e)) && near(out[1], (2 + 3 * e) / (1 + e)));
        cmf::engine::attendHead(q, K, V, 2, 0, 0, 2, 1.0f, out); // causal: the first position sees itself
        QVERIFY(near(out[0], 1) && near(out[1], 0));
    }
    void moeRoutingSoftmax() {
        const float logits[4] = {1, 3, 2, 3};
        auto r = cmf::engine::route(logits, 4, {}, 2, false, false, 1.0);
        QCOMPARE(r.experts, (std::vector<uint32_t>{1, 3})); // a tie goes to the lower index
        const double z = std::exp(1.0) + 2 * std::exp(3.0) + std::exp(2.0);
        QVERIFY(near(r.weights[0], std::exp(3.0) / z));
        r = cmf::engine::route(logits, 4, {}, 2, false, true, 1.0); // renormalised over the selected
        QVERIFY(near(r.weights[0], 0.5) && near(r.weights[1], 0.5));
        r = cmf::engine::route(logits, 4, {}, 2, false, true, 2.5); // routed_scaling_factor
        QVERIFY(near(r.weights[0], 1.25));
        const std::vector<bool> routable{true, false, true, false}; // a task's expert area
        r = cmf::engine::route(logits, 4, {}, 2, false, false, 1.0, &routable);
        QCOMPARE(r.experts, (std::vector<uint32_t>{2, 0}));
        QVERIFY(near(r.weights[0], std::exp(2.0) / (std::exp(2.0) + std::exp(1.0))));
    }
    void moeRoutingSigmoidWithBias() {
        const float logits[3] = {0, 1, -1};
        // The bias changes which experts are selected, not their weights.
        const std::vector<float> bias{0, 0, 5};
        const auto r = cmf::engine::route(logits, 3, bias, 2, true, false, 2.0);
        QCOMPARE(r.experts, (std::vector<uint32_t>{2, 1}));
        QVERIFY(near(r.weights[0], 2.0 / (1 + std::exp(1.0))));
        QVERIFY(near(r.weights[1], 2.0 / (1 + std::exp(-1.0))));
    }
    void gatingAndActivations() {
        QVERIFY(near(cmf::engine::softplus(0), std::log(2.0)));
        QVERIFY(near(cmf::engine::softplus(30), 30));
        QVERIFY(near(cmf::engine::silu(1), 1 / (1 + std::exp(-1.0))));
        QVERIFY(near(cmf::engine::gelu(1), 0.841192, 1e-5));
    }
    void samplerGreedyAndFilters() {
        const std::vector<float> logits{0.f, 2.f, 1.f, 2.f};
        cmf::engine::Sampler greedy({});
        QCOMPARE(greedy.sample(logits, {}), 1); // first maximum
        cmf::engine::SamplingParams p;
        p.greedy = false;
        p.temperature = 1.0f;
        p.topK = 1;
        cmf::engine::Sampler topk(p);
        for (int i = 0; i < 20; ++i) QCOMPARE(topk.sample(logits, {}), 1);
        p.topK = 0;
        p.minP = 0.9f; // only the two tokens at the maximum survive
        cmf::engine::Sampler minp(p);
        for (int i = 0; i < 50; ++i) {
            const int t = minp.sample(logits, {});
            QVERIFY(t == 1 || t == 3);
        }
        cmf::engine::SamplingParams rep;
        rep.repetitionPenalty = 4.0f; // 2 / 4 = 0.5 < 1: token 2 wins once 1 and 3 were seen
        cmf::engine::Sampler penal(rep);
        const std::vector<int32_t> history{1, 3};
        QCOMPARE(penal.sample(logits, history), 2);
        p = {};
        p.greedy = false;
        p.seed = 42;
        cmf::engine::Sampler a(p), b(p);
        for (int i = 0; i < 20; ++i) QCOMPARE(a.sample(logits, {}), b.sample(logits, {})); // seeded: repeatable
    }
    void batchedAttentionEqualsPerHead_data() {
        QTest::addColumn<uint32_t>("window");
        QTest::addColumn<uint32_t>("pos0");
        QTest::newRow("causal") << 0u << 0u;
        QTest::newRow("after a cached prefix") << 0u << 23u;
        QTest::newRow("sliding window") << 7u << 11u;
    }
    void batchedAttentionEqualsPerHead() {
        // 2 KV heads × 3 query heads each, head_dim 20; 37 new queries after pos0 cached
        // positions. The batched form (two GEMMs per KV head) must give attendHead's rows.
        QFETCH(uint32_t, window);
        QFETCH(uint32_t, pos0);
        const uint32_t hd = 20, kvHeads = 2, group = 3, heads = kvHeads * group, n = 37, total = pos0 + n;
        const size_t kvw = size_t(kvHeads) * hd, qw = size_t(heads) * hd;
        std::vector<float> q(n * qw), K(total * kvw), V(total * kvw);
        uint32_t state = 12345;
        const auto rnd = [&] { state = state * 1664525u + 1013904223u; return float(state >> 8) / float(1u << 24) - 0.5f; };
        for (auto* v : {&q, &K, &V})
            for (auto& x : *v) x = 2 * rnd();
        const float scale = 1.0f / std::sqrt(float(hd));
        std::vector<float> batched(n * qw, -1.0f), single(hd);
        const cmf::engine::AttentionBatch a{q.data(), qw, K.data(), V.data(), kvw, pos0, hd, group, window, scale};
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh) {
            cmf::engine::attendBatch(a, 0, 16, kvh, batched.data()); // two chunks, as the runner splits them
            cmf::engine::attendBatch(a, 16, n - 16, kvh, batched.data());
        }
        for (uint32_t t = 0; t < n; ++t)
            for (uint32_t h = 0; h < heads; ++h) {
                const uint32_t p = pos0 + t, start = window && p + 1 > window ? p + 1 - window : 0;
                cmf::engine::attendHead(q.data() + t * qw + h * hd, K.data() + (h / group) * hd, V.data() + (h / group) * hd, kvw, start, p,
                                        hd, scale, single.data());
                for (uint32_t i = 0; i < hd; ++i) QVERIFY(std::fabs(batched[t * qw + h * hd + i] - single[i]) < 1e-5f);
            }
    }
};

QTEST_GUILESS_MAIN(TestOps)
#include "tst_ops.moc"
