// Each forward-pass operator against small cases computed by hand.
#include "test_support.h"

#include "cmf/engine/ops.h"
#include "cmf/engine/sampler.h"
#include "cmf/format/error.h"

#include <QTest>
#include <cmath>
#include <random>
#include <vector>

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
    // Rows side by side give each row the floats of that row alone: its
    // squares summed in order in double (written out here), for 1-19 rows
    // (the groups of eight and their remainders), padded strides, in place.
    void rmsNormRowsIsEachRowsNorm() {
        std::mt19937 rng(5);
        std::normal_distribution<float> nd(0.0f, 2.0f);
        for (size_t n : {size_t(37), size_t(64)})
            for (size_t rows = 1; rows <= 19; ++rows)
                for (bool gemma : {false, true}) {
                    const size_t stride = n + 3;
                    std::vector<float> x(rows * stride), w(n), out(rows * stride, -1.0f);
                    for (auto& v : x) v = nd(rng);
                    for (auto& v : w) v = nd(rng);
                    cmf::engine::rmsNormRows(x.data(), stride, rows, w.data(), n, 1e-6, gemma, out.data(), stride);
                    std::vector<float> inPlace = x;
                    cmf::engine::rmsNormRows(inPlace.data(), stride, rows, w.data(), n, 1e-6, gemma, inPlace.data(), stride);
                    for (size_t r = 0; r < rows; ++r) {
                        const float* xr = x.data() + r * stride;
                        double ss = 0;
                        for (size_t i = 0; i < n; ++i) ss += double(xr[i]) * double(xr[i]);
                        const float inv = float(1.0 / std::sqrt(ss / double(n) + 1e-6));
                        for (size_t i = 0; i < n; ++i) {
                            const float want = (xr[i] * inv) * (gemma ? 1.0f + w[i] : w[i]);
                            QCOMPARE(out[r * stride + i], want);
                            QCOMPARE(inPlace[r * stride + i], want);
                        }
                        QCOMPARE(out[r * stride + n], -1.0f); // the padding is not written
                    }
                }
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
        // The spec's yarn block: no attention_factor, so 0.1·ln(4) + 1.
        cmf::engine::applyScaling(c, {{"factor", 4.0}, {"original_max_position_embeddings", 4096}}, true, 0, "arch.yarn");
        auto r = cmf::engine::makeRope(c, 8);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-12));
        QVERIFY(near(r.invFreq[1], 0.1, 1e-12));
        QVERIFY(near(r.invFreq[2], 0.5 * 0.01 + 0.5 * 0.01 / 4, 1e-12));
        QVERIFY(near(r.invFreq[3], 0.001 / 4, 1e-12));
        QVERIFY(near(r.attentionFactor, 1.138629, 1e-5));
        float x[8] = {1, 0, 0, 0, 0, 0, 0, 0};
        cmf::engine::applyRope(r, x, 0); // position 0: only the mscale
        QVERIFY(near(x[0], 1.138629, 1e-5));
        // truncate false: the correction range is the unrounded 1.309 .. 2.814,
        // so pair 2 sits at (2 - 1.309) / 1.505 of the ramp.
        c = {};
        cmf::engine::applyScaling(c, {{"rope_type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 4096}, {"truncate", false}},
                                  false, 0, "arch.rope_scaling");
        r = cmf::engine::makeRope(c, 8);
        QVERIFY(near(r.invFreq[1], 0.1, 1e-12));
        QVERIFY(near(r.invFreq[2], 0.006556971521129435, 1e-12));
        // mscale / mscale_all_dim (DeepSeek): (0.1·2·ln4 + 1) / (0.1·ln4 + 1).
        c = {};
        cmf::engine::applyScaling(c, {{"rope_type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 4096}, {"mscale", 2.0},
                                      {"mscale_all_dim", 1.0}}, false, 0, "arch.rope_scaling");
        QVERIFY(near(cmf::engine::makeRope(c, 8).attentionFactor, 1.121751143713058, 1e-6));
    }
    void ropeLinear() {
        cmf::engine::RopeConfig c;
        cmf::engine::applyScaling(c, {{"rope_type", "linear"}, {"factor", 8.0}}, false, 0, "arch.rope_scaling");
        const auto r = cmf::engine::makeRope(c, 4); // theta 1e4: 1, 0.01, each divided by 8
        QVERIFY(near(r.invFreq[0], 0.125, 1e-15) && near(r.invFreq[1], 0.00125, 1e-15));
        QCOMPARE(r.attentionFactor, 1.0f);
    }
    void ropeLlama3() {
        // d 8, theta 1e4: frequencies 1, 0.1, 0.01, 0.001, wavelengths 2π/f =
        // 6.28, 62.8, 628, 6283. original 1024, low 1, high 4: wavelengths
        // below 256 stay, above 1024 divide by the factor (8), and 628 is in
        // the band: s = (1024 / 628.3 - 1) / 3 = 0.2099, f' = (1 - s)·f/8 + s·f.
        cmf::engine::RopeConfig c;
        cmf::engine::applyScaling(c, {{"rope_type", "llama3"}, {"factor", 8.0}, {"low_freq_factor", 1.0}, {"high_freq_factor", 4.0},
                                      {"original_max_position_embeddings", 1024}}, false, 0, "arch.rope_scaling");
        const auto r = cmf::engine::makeRope(c, 8);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-15));
        QVERIFY(near(r.invFreq[1], 0.1, 1e-15));
        QVERIFY(near(r.invFreq[2], 0.003086760967011274, 1e-15));
        QVERIFY(near(r.invFreq[3], 0.001 / 8, 1e-15));
        QCOMPARE(r.attentionFactor, 1.0f); // no attention factor
        // The older key "type" names the variant too.
        cmf::engine::RopeConfig old;
        cmf::engine::applyScaling(old, {{"type", "linear"}, {"factor", 2.0}}, false, 0, "arch.rope_scaling");
        QCOMPARE(old.scaling, cmf::engine::RopeScaling::Linear);
    }
    void ropeDynamic() {
        // factor 2, max_position_embeddings 100: plain up to length 100; at
        // length 200 the base is 1e4·(2·200/100 − 1)^(4/2) = 9e4.
        cmf::engine::RopeConfig c;
        cmf::engine::applyScaling(c, {{"rope_type", "dynamic"}, {"factor", 2.0}}, false, 100, "arch.rope_scaling");
        auto r = cmf::engine::makeRope(c, 4, 100);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-15) && near(r.invFreq[1], 0.01, 1e-15));
        r = cmf::engine::makeRope(c, 4, 200);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-15) && near(r.invFreq[1], 1.0 / 300, 1e-15));
        QCOMPARE(cmf::engine::ropeFixedUpTo(c), uint64_t(100));
        // No max_position_embeddings: the length it scales from is unknown.
        cmf::engine::RopeConfig none;
        QVERIFY_THROWS_EXCEPTION(cmf::Error, cmf::engine::applyScaling(none, {{"rope_type", "dynamic"}, {"factor", 2.0}}, false, 0, "x"));
    }
    void ropeLongRope() {
        // original 100, max_position_embeddings 400: factor 4, attention factor
        // sqrt(1 + ln 4 / ln 100); short factors up to length 100, long past it.
        cmf::engine::RopeConfig c;
        cmf::engine::applyScaling(c, {{"rope_type", "longrope"}, {"original_max_position_embeddings", 100}, {"short_factor", {1.0, 2.0}},
                                      {"long_factor", {3.0, 4.0}}}, false, 400, "arch.rope_scaling");
        auto r = cmf::engine::makeRope(c, 4, 50);
        QVERIFY(near(r.invFreq[0], 1.0, 1e-15) && near(r.invFreq[1], 0.005, 1e-15));
        QVERIFY(near(r.attentionFactor, 1.1406270186454384, 1e-6));
        r = cmf::engine::makeRope(c, 4, 101);
        QVERIFY(near(r.invFreq[0], 1.0 / 3, 1e-15) && near(r.invFreq[1], 0.0025, 1e-15));
        QCOMPARE(cmf::engine::ropeFixedUpTo(c), uint64_t(100));
    }
    void ropeRefusesWhatItDoesNotImplement() {
        auto message = [](const nlohmann::json& o) -> std::string {
            cmf::engine::RopeConfig c;
            try {
                cmf::engine::applyScaling(c, o, false, 4096, "arch.rope_scaling");
            } catch (const cmf::Error& e) {
                return e.what();
            }
            return {};
        };
        // An unknown variant is named, not run as plain RoPE.
        QVERIFY(message({{"rope_type", "ntk-by-parts"}, {"factor", 2.0}}).find("\"ntk-by-parts\"") != std::string::npos);
        // A key the variant does not read would change the output: refused by name.
        QVERIFY(message({{"rope_type", "linear"}, {"factor", 2.0}, {"low_freq_factor", 1.0}}).find("low_freq_factor") != std::string::npos);
        // A variant without a key it needs.
        QVERIFY(message({{"rope_type", "llama3"}, {"factor", 8.0}}).find("low_freq_factor") != std::string::npos);
        QVERIFY(message({{"rope_type", "linear"}, {"factor", 2.0}}).empty());
    }
    void softCapAndGelu() {
        // c·tanh(x/c): 50·tanh(1) for x = 50; no cap leaves x.
        QVERIFY(near(cmf::engine::softcap(50.0f, 50.0f), 50 * std::tanh(1.0), 1e-4));
        QCOMPARE(cmf::engine::softcap(123.0f, 0.0f), 123.0f);
        QVERIFY(near(cmf::engine::softcap(-3.0f, 30.0f), -30 * std::tanh(0.1), 1e-5));
        // Exact GELU: x·Φ(x); Φ(1) = 0.841345.
        QVERIFY(near(cmf::engine::geluErf(1.0f), 0.841345, 1e-6));
        // Soft-capped scores in a head: the scores 2 and 0 capped at 1 are tanh(2) and 0.
        const float K[4] = {1, 0, 0, 1}, V[4] = {1, 0, 0, 1}, q[2] = {2, 0};
        float out[2];
        cmf::engine::attendHead(q, K, V, 2, 0, 1, 2, 1.0f, out, 1.0f);
        const double a = std::exp(std::tanh(2.0));
        QVERIFY(near(out[0], a / (a + 1)) && near(out[1], 1 / (a + 1)));
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
        // Frequency penalty: per time seen. Token 1 seen twice and 3 once,
        // 0.75 each: 2 − 1.5 = 0.5 for token 1, 2 − 0.75 = 1.25 for token 3
        // (the logits above: token 3 best now; presence alone would tie them).
        cmf::engine::SamplingParams freq;
        freq.frequencyPenalty = 0.75f;
        cmf::engine::Sampler byCount(freq);
        const std::vector<int32_t> twice{1, 1, 3};
        const auto d = byCount.distribution(logits, twice);
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(byCount.sample(logits, twice), 3);
        p = {};
        p.greedy = false;
        p.seed = 42;
        cmf::engine::Sampler a(p), b(p);
        for (int i = 0; i < 20; ++i) QCOMPARE(a.sample(logits, {}), b.sample(logits, {})); // seeded: repeatable
    }
    void batchedAttentionEqualsPerHead_data() {
        QTest::addColumn<uint32_t>("window");
        QTest::addColumn<uint32_t>("pos0");
        QTest::addColumn<float>("cap");
        QTest::newRow("causal") << 0u << 0u << 0.0f;
        QTest::newRow("after a cached prefix") << 0u << 23u << 0.0f;
        QTest::newRow("sliding window") << 7u << 11u << 0.0f;
        QTest::newRow("soft-capped, sliding") << 7u << 11u << 0.5f; // a cap below the scores' range: it bites

    }
    void batchedAttentionEqualsPerHead() {
        // 2 KV heads × 3 query heads each, head_dim 20; 37 new queries after pos0 cached
        // positions. The batched form (two GEMMs per KV head) must give attendHead's rows.
        QFETCH(uint32_t, window);
        QFETCH(uint32_t, pos0);
        QFETCH(float, cap);
        const uint32_t hd = 20, kvHeads = 2, group = 3, heads = kvHeads * group, n = 37, total = pos0 + n;
        const size_t kvw = size_t(kvHeads) * hd, qw = size_t(heads) * hd;
        std::vector<float> q(n * qw), K(total * kvw), V(total * kvw);
        uint32_t state = 12345;
        const auto rnd = [&] { state = state * 1664525u + 1013904223u; return float(state >> 8) / float(1u << 24) - 0.5f; };
        for (auto* v : {&q, &K, &V})
            for (auto& x : *v) x = 2 * rnd();
        const float scale = 1.0f / std::sqrt(float(hd));
        std::vector<float> batched(n * qw, -1.0f), single(hd);
        const cmf::engine::AttentionBatch a{q.data(), qw, {K.data(), V.data(), kvw, hd, cmf::engine::KvType::F32}, pos0, hd, group, window, scale, cap};
        for (uint32_t kvh = 0; kvh < kvHeads; ++kvh) {
            cmf::engine::attendBatch(a, 0, 16, kvh, batched.data()); // two chunks, as the runner splits them
            cmf::engine::attendBatch(a, 16, n - 16, kvh, batched.data());
        }
        for (uint32_t t = 0; t < n; ++t)
            for (uint32_t h = 0; h < heads; ++h) {
                const uint32_t p = pos0 + t, start = window && p + 1 > window ? p + 1 - window : 0;
                cmf::engine::attendHead(q.data() + t * qw + h * hd, K.data() + (h / group) * hd, V.data() + (h / group) * hd, kvw, start, p,
                                        hd, scale, single.data(), cap);
                for (uint32_t i = 0; i < hd; ++i) QVERIFY(std::fabs(batched[t * qw + h * hd + i] - single[i]) < 1e-5f);
            }
    }
};

QTEST_GUILESS_MAIN(TestOps)
#include "tst_ops.moc"
