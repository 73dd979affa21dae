// Int8 panels at the model level (engine/src/weight_panels.h): which models
// are packed (the compact ones, where this CPU has the kernel; CMF_PANELS
// decides instead), that the memory estimate counts what the loader packs,
// that a skill's view shares the backbone's panels for the tensors it does
// not replace, and that a packed model's forward gives every token the
// floats a one-token decode gives it (prefill, verify blocks and decode are
// one product; attention, batched from 16 queries, is checked below that).
#include "reference_models.h"
#include "skill_builder.h"
#include "test_support.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/engine/runner.h"
#include "kernels/int8_panels.h"

#include <QTest>
#include <set>

namespace {

using cmf::engine::Model;
using cmf::engine::Weight;

bool vnni() { return std::string_view(cmf::engine::kernels::panelsImplementation()) == "avx512-vnni"; }

std::shared_ptr<const Model> openWith(const std::string& file, const char* panels) {
    if (panels) qputenv("CMF_PANELS", panels);
    auto m = Model::open(file);
    qunsetenv("CMF_PANELS");
    return m;
}

// Every matmul weight a forward pass of w runs.
std::vector<const Weight*> matmulWeights(const cmf::engine::Weights& w) {
    std::vector<const Weight*> out{&w.lmHead};
    for (const auto& l : w.layers)
        for (const Weight* x : {&l.q, &l.k, &l.v, &l.o, &l.mlpGate, &l.mlpUp, &l.mlpDown, &l.router})
            if (x->present()) out.push_back(x);
    return out;
}

uint64_t distinctPanelBytes(const cmf::engine::Weights& w) {
    std::set<const cmf::engine::kernels::Int8Panels*> seen;
    uint64_t bytes = 0;
    for (const Weight* x : matmulWeights(w))
        if (x->panels && seen.insert(x->panels.get()).second) bytes += x->panels->bytes();
    return bytes;
}

} // namespace

class TestPanels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compactModelsArePackedWhereTheKernelRuns() {
        const std::string q8 = cmftest::converted("tiny-chat", "q8");
        const auto m = openWith(q8, nullptr);
        const auto weights = matmulWeights(*m->weights());
        // The embedding is read a row at a time: never packed.
        QVERIFY(!m->embed().panels);
        for (const Weight* w : weights) QCOMPARE(w->panels != nullptr, vnni());
        const auto e = cmf::engine::estimateMemory(m->file(), "", "", 64);
        QCOMPARE(e.panelBytes, distinctPanelBytes(*m->weights()));
        if (vnni()) QVERIFY(e.panelBytes > e.weightBytes / 2);
        // CMF_PANELS decides over the size rule, both ways.
        const auto off = openWith(q8, "off");
        for (const Weight* w : matmulWeights(*off->weights())) QVERIFY(!w->panels);
        qputenv("CMF_PANELS", "off");
        QCOMPARE(cmf::engine::estimateMemory(off->file(), "", "", 64).panelBytes, uint64_t(0));
        qunsetenv("CMF_PANELS");
        const auto on = openWith(q8, "on");
        for (const Weight* w : matmulWeights(*on->weights())) QVERIFY(w->panels);
        // Opened to look at its structure: nothing packed.
        const auto inspected = Model::open(q8, Model::Use::Inspect);
        for (const Weight* w : matmulWeights(*inspected->weights())) QVERIFY(!w->panels);
        // Float weights have no int8 codes to pack.
        const auto f32 = openWith(cmftest::converted("tiny-chat", "f32"), "on");
        for (const Weight* w : matmulWeights(*f32->weights())) QVERIFY(!w->panels);
    }

    void aSkillSharesTheBackbonesPanels() {
        const std::string dir = cmftest::tempDir();
        const std::string replaced = "model.layers.1.mlp.down_proj.weight";
        const std::string file = cmftest::withOwnSkill(cmftest::converted("tiny-chat", "q8"), dir + "/panels-skill.cmf", "x", {replaced}, -1.0f);
        const auto m = openWith(file, "on");
        const auto skill = m->weights("x");
        const auto& base = m->weights()->layers[1];
        QVERIFY(skill->layers[1].mlpDown.panels && skill->layers[1].mlpDown.panels != base.mlpDown.panels);
        QCOMPARE(skill->layers[1].mlpUp.panels, base.mlpUp.panels);
        QCOMPARE(skill->lmHead.panels, m->weights()->lmHead.panels);
    }

    // Nine tokens in one forward (below the batched attention's 16 queries)
    // against the same tokens one at a time: the same logits, bit for bit.
    void forwardEqualsOneTokenDecode() {
        const auto m = openWith(cmftest::converted("tiny-chat", "q8"), "on");
        const std::vector<int32_t> ids = {785, 6722, 315, 3838, 374, 12, 4791, 1879, 30};
        cmf::engine::Runner batch(m, 64), each(m, 64);
        const auto all = batch.forward(ids, true);
        const size_t vocab = m->config().vocab;
        for (size_t t = 0; t < ids.size(); ++t) {
            const auto one = each.forward(std::span(&ids[t], 1));
            QVERIFY2(std::equal(one.begin(), one.end(), all.begin() + long(t * vocab)), ("token " + std::to_string(t)).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestPanels)
#include "tst_panels.moc"
