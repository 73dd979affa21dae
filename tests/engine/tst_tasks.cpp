// Task masks and skills as the forward pass executes them (§5, §9), each
// held against the same computation written another way: a masked neuron,
// head or layer gives what zeroed weights give; a restricted expert area
// gives what a router that can never pick the others gives; recon-argmin
// energies and blend weights equal hand-computed values; subspaces built
// from prompts route held-back prompts of the same family to themselves.
#include "reference_models.h"
#include "test_support.h"

#include "cmf/engine/calibrate.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/format/base64.h"
#include "cmf/format/encode.h"
#include "column_gather.h"
#include "cmf/format/error.h"

#include <QTest>
#include <cmath>
#include <numeric>

using namespace cmf::engine;

namespace {

std::shared_ptr<const Model> tinyChat() {
    static const auto m = Model::open(cmftest::converted("tiny-chat", "f32"));
    return m;
}
std::shared_ptr<const Model> tinyMoe() {
    static const auto m = Model::open(cmftest::converted("tiny-moe", "f32"));
    return m;
}

const std::vector<int32_t> kPrompt = {3838, 374, 220, 16, 17, 488, 220, 18, 15, 30, 8168, 198, 785, 3081};

// A weight's float32 copy, owned by w, edited by fn(row, col, value&).
template <class Fn>
Weight edited(Weights& w, const Weight& src, Fn fn) {
    const uint64_t rows = src.rows(), cols = src.cols();
    std::vector<float> v(rows * cols);
    cmf::decodeRows(src.bytes, 0, rows, v.data());
    for (uint64_t r = 0; r < rows; ++r)
        for (uint64_t c = 0; c < cols; ++c) fn(r, c, v[r * cols + c]);
    auto& store = w.owned.emplace_back(std::move(v));
    Weight out;
    out.bytes = cmf::TensorBytes{cmf::DType::F32, {rows, cols}, reinterpret_cast<const uint8_t*>(store.data()), rows * cols * 4};
    return out;
}

// Logits of every prompt position: prefill (batched) and decode (one token at a time) both.
std::vector<float> logitsOf(Runner& r, const std::vector<int32_t>& ids) {
    r.reset();
    auto all = r.forward(std::span<const int32_t>(ids).first(ids.size() - 2), true);
    for (size_t i = ids.size() - 2; i < ids.size(); ++i) {
        const auto one = r.forward(std::span<const int32_t>(&ids[i], 1));
        all.insert(all.end(), one.begin(), one.end());
    }
    return all;
}

double maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
    double m = a.size() == b.size() ? 0 : INFINITY;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) m = std::max(m, double(std::fabs(a[i] - b[i])));
    return m;
}

} // namespace

class TestTasks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void maskedNeuronsEqualZeroedDownColumns_data() {
        QTest::addColumn<QString>("quant");
        // f32 and q8: the kept down columns are gathered; q4t: the full down
        // projection sees zeros for the masked neurons.
        for (const char* qn : {"f32", "q8", "q8_2f", "q4t"}) QTest::newRow(qn) << QString(qn);
    }
    void maskedNeuronsEqualZeroedDownColumns() {
        QFETCH(QString, quant);
        const auto m = quant == "f32" ? tinyChat() : Model::open(cmftest::converted("tiny-chat", quant.toStdString()));
        // Keep every third neuron in layer 0, the even ones in layer 2, all elsewhere.
        std::vector<std::vector<uint32_t>> keep(m->layers().size());
        for (size_t li = 0; li < keep.size(); ++li)
            for (uint32_t i = 0; i < m->layers()[li].mlpGate.rows(); ++i)
                if ((li == 0 && i % 3 == 0) || (li == 2 && i % 2 == 0) || (li != 0 && li != 2)) keep[li].push_back(i);
        const auto plan = planFromKeep(*m, keep, "t");
        QVERIFY(std::fabs(plan->sparsity - (1.0 - (256.0 + 384.0 + 2 * 768.0) / (4 * 768.0))) < 1e-12);
        Runner masked(m, 64);
        masked.setTask(plan);
        auto zeroed = std::make_shared<Weights>(*m->weights());
        for (size_t li : {size_t(0), size_t(2)}) {
            std::vector<bool> kept(m->layers()[li].mlpGate.rows(), false);
            for (uint32_t i : keep[li]) kept[i] = true;
            zeroed->layers[li].mlpDown = edited(*zeroed, m->layers()[li].mlpDown, [&](uint64_t, uint64_t c, float& v) {
                if (!kept[c]) v = 0;
            });
        }
        Runner reference(m, 64);
        reference.setWeights(zeroed);
        Runner dense(m, 64);
        const auto a = logitsOf(masked, kPrompt), b = logitsOf(reference, kPrompt), d = logitsOf(dense, kPrompt);
        // The reference reads those two down projections as float32; the int8
        // paths quantize their activations (about 1-2% of a logit here).
        const double bound = quant == "f32" ? 1e-4 : 0.3;
        QVERIFY2(maxAbsDiff(a, b) < bound, std::to_string(maxAbsDiff(a, b)).c_str());
        qInfo("%s: masked vs zeroed %.4f, masked vs dense %.4f", qPrintable(quant), maxAbsDiff(a, b), maxAbsDiff(a, d));
        QVERIFY(maxAbsDiff(a, d) > 10 * bound); // the mask does change the output
    }
    void gatheredColumnsAreExact_data() {
        QTest::addColumn<int>("dtype");
        for (auto d : {cmf::DType::F32, cmf::DType::F16, cmf::DType::BF16, cmf::DType::Q8Row, cmf::DType::Q8_2F})
            QTest::newRow(std::string(cmf::dtypeName(d)).c_str()) << int(d);
    }
    void gatheredColumnsAreExact() {
        QFETCH(int, dtype);
        const uint64_t rows = 5, cols = 70;
        std::vector<float> w(rows * cols);
        for (size_t i = 0; i < w.size(); ++i) w[i] = std::sin(float(i) * 0.37f) * (1.0f + float(i % 7));
        const auto bytes = cmf::encode(cmf::DType(dtype), {rows, cols}, w.data());
        const cmf::TensorBytes t{cmf::DType(dtype), {rows, cols}, bytes.data(), bytes.size()};
        std::vector<float> full(rows * cols);
        cmf::decodeRows(t, 0, rows, full.data());
        const std::vector<uint32_t> keep = {0, 3, 4, 5, 31, 32, 33, 69};
        const auto g = gatherColumns(t, keep);
        QVERIFY(g);
        const cmf::TensorBytes gt{cmf::DType(dtype), {rows, keep.size()}, g->data(), g->size()};
        cmf::validatePayload(gt);
        std::vector<float> got(rows * keep.size());
        cmf::decodeRows(gt, 0, rows, got.data());
        for (uint64_t r = 0; r < rows; ++r)
            for (size_t j = 0; j < keep.size(); ++j) QCOMPARE(got[r * keep.size() + j], full[r * cols + keep[j]]);
    }
    void groupScaledLayoutsDoNotGather() {
        std::vector<float> w(4 * 64, 0.5f);
        const auto bytes = cmf::encode(cmf::DType::Q4Tiled, {4, 64}, w.data());
        QVERIFY(!gatherColumns({cmf::DType::Q4Tiled, {4, 64}, bytes.data(), bytes.size()}, std::vector<uint32_t>{1, 2}));
    }
    void maskedHeadsAndLayerGatesEqualZeroedProjections() {
        const auto m = tinyChat();
        std::vector<std::vector<uint32_t>> keep;
        for (const auto& l : m->layers()) {
            keep.emplace_back(l.mlpGate.rows());
            std::iota(keep.back().begin(), keep.back().end(), 0u);
        }
        auto plan = std::make_shared<TaskPlan>(*planFromKeep(*m, keep, "h"));
        plan->heads[1][2] = false; // layer 1, query head 2
        plan->layers[3] = false;   // layer 3 skipped
        const uint32_t hd = m->config().headDim;
        auto zeroed = std::make_shared<Weights>(*m->weights());
        zeroed->layers[1].o = edited(*zeroed, m->layers()[1].o, [&](uint64_t, uint64_t c, float& v) {
            if (c / hd == 2) v = 0;
        });
        zeroed->layers[3].o = edited(*zeroed, m->layers()[3].o, [](uint64_t, uint64_t, float& v) { v = 0; });
        zeroed->layers[3].mlpDown = edited(*zeroed, m->layers()[3].mlpDown, [](uint64_t, uint64_t, float& v) { v = 0; });
        Runner masked(m, 64), reference(m, 64);
        masked.setTask(plan);
        reference.setWeights(zeroed);
        // Long enough for the batched attention path (16+ queries) as well as decode.
        std::vector<int32_t> ids;
        for (int k = 0; k < 3; ++k) ids.insert(ids.end(), kPrompt.begin(), kPrompt.end());
        const auto a = logitsOf(masked, ids), b = logitsOf(reference, ids);
        QVERIFY2(maxAbsDiff(a, b) < 1e-4, std::to_string(maxAbsDiff(a, b)).c_str());
    }
    void expertAreaRestrictsSelection() {
        const auto m = tinyMoe();
        std::vector<std::vector<uint32_t>> keep(m->layers().size());
        auto plan = std::make_shared<TaskPlan>(*planFromKeep(*m, keep, "e"));
        const size_t E = m->layers()[0].experts.size();
        // Layer 0: experts 1, 4, 6 routable; layer 2: all but expert 0.
        plan->routable[0].assign(E, false);
        for (size_t e : {1, 4, 6}) plan->routable[0][e] = true;
        plan->routable[2].assign(E, true);
        plan->routable[2][0] = false;
        // With the mask no token selects a masked expert, every token still
        // gets top_k experts, and the output differs from the dense run.
        ForwardProbe probe;
        Runner masked(m, 64);
        masked.setTask(plan);
        masked.setProbe(&probe);
        masked.forward(kPrompt);
        for (size_t e = 0; e < E; ++e) {
            if (!plan->routable[0][e]) QCOMPARE(probe.expertCounts[0][e], uint64_t(0));
        }
        QCOMPARE(probe.expertCounts[2][0], uint64_t(0));
        uint64_t layer0 = 0;
        for (auto c : probe.expertCounts[0]) layer0 += c;
        QCOMPARE(layer0, uint64_t(kPrompt.size() * m->config().topK));
        // And the output changes only through those layers' routing: an
        // unrestricted plan equals the dense run exactly.
        auto open = std::make_shared<TaskPlan>(*planFromKeep(*m, keep, "o"));
        Runner a(m, 64), b(m, 64);
        a.setTask(open);
        QCOMPARE(logitsOf(a, kPrompt), logitsOf(b, kPrompt));
        QVERIFY(maxAbsDiff(logitsOf(masked, kPrompt), logitsOf(b, kPrompt)) > 1e-3);
    }
    void routeRenormalisesOverTheRoutableSet() {
        // Hand-computed: logits (0, ln 2, ln 3, ln 4); experts 1 and 3 routable,
        // top-1, renormalised: expert 3 with weight 1; without renormalisation
        // its weight is 4 / (2 + 4).
        const float logits[] = {0.0f, std::log(2.0f), std::log(3.0f), std::log(4.0f)};
        const std::vector<bool> routable = {false, true, false, true};
        const auto r = route(logits, 4, {}, 1, false, false, 1.0, &routable);
        QCOMPARE(r.experts, std::vector<uint32_t>{3});
        QVERIFY(std::fabs(r.weights[0] - 4.0f / 6.0f) < 1e-6f);
        const auto all = route(logits, 4, {}, 2, false, false, 1.0, nullptr);
        QCOMPARE(all.experts, (std::vector<uint32_t>{3, 2}));
        QVERIFY(std::fabs(all.weights[1] - 0.3f) < 1e-6f);
    }
    void energyIsTheUnexplainedShare() {
        // hidden 4, rank 1: mean (1,0,0,0), basis e2. φ = (1,3,4,0): r = (0,3,4,0),
        // BBᵀr = (0,3,0,0), ‖r − BBᵀr‖² = 16, ‖φ‖² = 26.
        SkillSubspace s;
        s.mean = {1, 0, 0, 0};
        s.basis = {0, 1, 0, 0};
        QCOMPARE(s.rank(), 1u);
        QVERIFY(std::fabs(subspaceEnergy(s, {1, 3, 4, 0}) - 16.0 / 26.0) < 1e-12);
        s.basis = {0, 1, 0, 0, 0, 0, 1, 0}; // rank 2 explains all of r
        QVERIFY(subspaceEnergy(s, {1, 3, 4, 0}) < 1e-12);
    }
    void blendWeightsAreSoftmaxOfMinusEnergyOverT() {
        SkillChoice c;
        c.energies = {{"a", false, 0.2}, {"b", true, 0.5}, {"c", false, 0.9}};
        const auto w = blendWeights(c, 0.1);
        const double za = 1, zb = std::exp(-3.0), zc = std::exp(-7.0), z = za + zb + zc;
        QVERIFY(std::fabs(w[0] - za / z) < 1e-12);
        QVERIFY(std::fabs(w[1] - zb / z) < 1e-12);
        QVERIFY(std::fabs(w[2] - zc / z) < 1e-12);
        QVERIFY_THROWS_EXCEPTION(cmf::Error, blendWeights(c, 0.0));
    }
    void selectionFromPromptsRoutesLikePromptsBack() {
        // Two families of prompts; each family's subspace explains its own
        // held-back members better than the other family's subspace does.
        const auto m = tinyChat();
        std::vector<std::vector<int32_t>> digits, words;
        for (int k = 0; k < 6; ++k) {
            digits.push_back({16 + k, 17, 488, 220, 18 + k, 15, 30, 220, 16 + (k % 3)});
            words.push_back({3838, 374, 279, 3409, int32_t(1000 + 37 * k), 3076, 30});
        }
        const auto sd = buildSelection(*m, {digits.begin(), digits.begin() + 5}, 1, 3);
        const auto sw = buildSelection(*m, {words.begin(), words.begin() + 5}, 1, 3);
        QCOMPARE(sd["phi_layer"].get<int>(), 1);
        QCOMPARE(sd["rank"].get<int>(), 3);
        auto sub = [&](const nlohmann::json& j) {
            SkillSubspace s;
            s.mean = cmf::f16FromBase64(j["mean"].get<std::string>());
            s.basis = cmf::f16FromBase64(j["basis"].get<std::string>());
            return s;
        };
        const auto d = sub(sd), w = sub(sw);
        QCOMPARE(d.rank(), 3u);
        // The basis is orthonormal (to f16 precision).
        const size_t H = d.mean.size();
        for (uint32_t a = 0; a < 3; ++a)
            for (uint32_t b = 0; b < 3; ++b) {
                double dot = 0;
                for (size_t i = 0; i < H; ++i) dot += double(d.basis[a * H + i]) * d.basis[b * H + i];
                QVERIFY2(std::fabs(dot - (a == b ? 1.0 : 0.0)) < 2e-3, std::to_string(dot).c_str());
            }
        const auto phiD = promptPhi(*m, digits[5], 1), phiW = promptPhi(*m, words[5], 1);
        QVERIFY(subspaceEnergy(d, phiD) < subspaceEnergy(w, phiD));
        QVERIFY(subspaceEnergy(w, phiW) < subspaceEnergy(d, phiW));
    }
    void unknownTaskAndSkillAreNamed() {
        const auto m = tinyChat();
        try {
            taskPlan(*m, "nope");
            QFAIL("no error");
        } catch (const cmf::Error& e) {
            QVERIFY(std::string(e.what()).find("'nope'") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(cmf::Error, m->weights("nope"));
    }
};

QTEST_GUILESS_MAIN(TestTasks)
#include "tst_tasks.moc"
