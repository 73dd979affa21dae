// Per-token weights copied into huge pages at load (engine/src/
// weight_residency.h): which weights move out of the mapping and which stay
// (the embedding, routed experts), that a skill's view shares the copies of
// what it does not replace, that CMF_WEIGHTS keeps them mapped, and that the
// logits are the mapped run's bit for bit.
#include "reference_models.h"
#include "skill_builder.h"
#include "test_support.h"

#include "cmf/engine/runner.h"

#include <QTest>

namespace {

using cmf::engine::Model;
using cmf::engine::Weight;

std::shared_ptr<const Model> openWith(const std::string& file, const char* weights) {
    if (weights) qputenv("CMF_WEIGHTS", weights);
    auto m = Model::open(file);
    qunsetenv("CMF_WEIGHTS");
    return m;
}

bool inFile(const Model& m, const Weight& w) {
    for (const auto& f : m.file().files()) {
        const auto& map = f->mapping();
        if (w.bytes.data >= map.data() && w.bytes.data + w.bytes.nbytes <= map.data() + map.size()) return true;
    }
    return false;
}

std::vector<float> logitsOf(const std::shared_ptr<const Model>& m, const std::string& skill = {}) {
    cmf::engine::Runner r(m, 32);
    if (!skill.empty()) r.setWeights(m->weights(skill));
    const std::vector<int32_t> ids = {785, 6722, 315, 3838, 374};
    return r.forward(ids, true);
}

} // namespace

class TestWeightResidency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void perTokenWeightsMoveExpertsAndEmbeddingStay() {
        // f32: nothing to pack as int8 panels, so the copies apply.
        const auto m = openWith(cmftest::converted("tiny-moe", "f32"), nullptr);
        uint64_t copied = 0;
        int experts = 0;
        cmf::engine::forEachWeight(*m->weights(), [&](const Weight& w, bool perToken) {
            QCOMPARE(inFile(*m, w), !perToken);
            copied += perToken ? (w.bytes.nbytes + 63) / 64 * 64 : 0;
            experts += !perToken;
        });
        QVERIFY(experts > 0);
        QVERIFY(inFile(*m, m->embed())); // untied: read a row a token, from the mapping
        QCOMPARE(m->residentBytes(), copied);
        // Mapped when asked.
        const auto mapped = openWith(cmftest::converted("tiny-moe", "f32"), "mapped");
        QCOMPARE(mapped->residentBytes(), uint64_t(0));
        cmf::engine::forEachWeight(*mapped->weights(), [&](const Weight& w, bool) { QVERIFY(inFile(*mapped, w)); });
        QVERIFY(logitsOf(m) == logitsOf(mapped));
        // A model opened to look at its structure is left in the mapping.
        const auto inspected = Model::open(cmftest::converted("tiny-moe", "f32"), Model::Use::Inspect);
        QCOMPARE(inspected->residentBytes(), uint64_t(0));
        cmf::engine::forEachWeight(*inspected->weights(), [&](const Weight& w, bool) { QVERIFY(inFile(*inspected, w)); });
    }

    void aSkillSharesTheCopies() {
        const std::string dir = cmftest::tempDir();
        const std::string replaced = "model.layers.1.mlp.down_proj.weight";
        const std::string file = cmftest::withOwnSkill(cmftest::converted("tiny-chat", "f32"), dir + "/resident-skill.cmf", "x", {replaced}, -1.0f);
        const auto m = openWith(file, nullptr);
        const uint64_t backbone = m->residentBytes();
        QVERIFY(backbone > 0);
        const auto skill = m->weights("x");
        const auto& base = m->weights()->layers[1];
        QVERIFY(!inFile(*m, skill->layers[1].mlpDown) && skill->layers[1].mlpDown.bytes.data != base.mlpDown.bytes.data);
        QCOMPARE(skill->layers[1].mlpUp.bytes.data, base.mlpUp.bytes.data);
        QCOMPARE(m->residentBytes(), backbone + (skill->layers[1].mlpDown.bytes.nbytes + 63) / 64 * 64);
        const auto mapped = openWith(file, "mapped");
        QVERIFY(logitsOf(m, "x") == logitsOf(mapped, "x"));
        QVERIFY(logitsOf(m, "x") != logitsOf(m));
    }
};

QTEST_GUILESS_MAIN(TestWeightResidency)
#include "tst_weight_residency.moc"
