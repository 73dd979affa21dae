// Speculative decoding (engine/src/speculative.h, draft.h): the output with
// drafts is exactly the output without, whatever the drafts — for greedy and
// for seeded sampling, on dense, MoE and hybrid (recurrent) models, under a
// task mask and with a skill — because a verify block computes, bit for bit,
// the one-token decode's logits at each position.
#include "reference_models.h"
#include "skill_builder.h"
#include "test_support.h"

#include "cmf/engine/draft.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/session.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"

#include <QTest>
#include <cstring>
#include <filesystem>

namespace {

// A dense model (the demo), an MoE model, a hybrid Qwen3.5 (f32 and q8).
std::string modelFile(const std::string& name) {
    if (name == "tiny-qwen3.5" || name == "tiny-qwen3.5-q8") {
        const std::string quant = name == "tiny-qwen3.5" ? "f32" : "q8";
        const std::string out = cmftest::tempDir() + "/qwen35-" + quant + ".cmf";
        if (!std::filesystem::exists(out)) {
            cmf::ConvertOptions o;
            o.modelDir = cmftest::dataPath("models/gdn/tiny-qwen3.5");
            o.output = out;
            o.quant = *cmf::quantFromName(quant);
            cmf::convertHf(o, {});
        }
        return out;
    }
    return cmftest::converted(name, name == "tiny-moe" ? "q8" : "f32");
}

constexpr const char* kModels[] = {"tiny-chat", "tiny-moe", "tiny-qwen3.5", "tiny-qwen3.5-q8"};

// A prompt that repeats itself, so lookup finds matches from the start.
std::vector<int32_t> repetitive() {
    std::vector<int32_t> p;
    for (int r = 0; r < 4; ++r)
        for (int32_t t : {17, 300, 42, 7, 512, 99}) p.push_back(t);
    return p;
}

cmf::engine::GenerationResult run(std::shared_ptr<const cmf::engine::Model> m, const std::vector<int32_t>& prompt,
                                  cmf::engine::DraftOptions draft, cmf::engine::SamplingParams sampling = {}, uint32_t n = 48,
                                  const std::string& task = {}, const std::string& skill = {}) {
    cmf::engine::Session s(m, 512);
    if (!task.empty()) s.setTask(task);
    if (!skill.empty()) s.setSkill(skill);
    cmf::engine::GenerationOptions g;
    g.maxTokens = n;
    g.stopAtEos = false;
    g.sampling = sampling;
    g.draft = std::move(draft);
    return s.generate(prompt, g);
}

cmf::engine::DraftOptions lookup(uint32_t max = 3) {
    cmf::engine::DraftOptions d;
    d.mode = cmf::engine::DraftMode::Lookup;
    d.maxDraft = max;
    return d;
}

} // namespace

class TestSpeculative : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A verify of n tokens gives, bit for bit, the logits n one-token
    // forwards give (blocks of up to Runner::kExactBlock, two blocks here).
    void verifyEqualsDecodeBitForBit_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : kModels) QTest::newRow(m) << QString::fromLatin1(m);
    }
    void verifyEqualsDecodeBitForBit() {
        QFETCH(QString, model);
        const auto m = cmf::engine::Model::open(modelFile(model.toStdString()));
        const auto prompt = repetitive();
        const std::vector<int32_t> block{5, 77, 300, 12, 9, 400, 3};
        cmf::engine::Runner a(m, 128), b(m, 128);
        a.forward(prompt);
        b.forward(prompt);
        const auto rows = a.verify(block);
        const size_t V = m->lmHead().rows();
        QCOMPARE(rows.size(), block.size() * V);
        for (size_t i = 0; i < block.size(); ++i) {
            const auto one = b.forward(std::span<const int32_t>(&block[i], 1));
            QVERIFY2(std::memcmp(one.data(), rows.data() + i * V, V * sizeof(float)) == 0, ("position " + std::to_string(i)).c_str());
        }
        // And back to any position of the block: the next logits are a fresh run's.
        a.rewind(uint32_t(prompt.size() + 2));
        cmf::engine::Runner c(m, 128);
        c.forward(prompt);
        for (size_t i = 0; i < 2; ++i) c.forward(std::span<const int32_t>(&block[i], 1));
        const int32_t next = 11;
        const auto x = a.forward(std::span<const int32_t>(&next, 1)), y = c.forward(std::span<const int32_t>(&next, 1));
        QVERIFY(std::memcmp(x.data(), y.data(), V * sizeof(float)) == 0);
    }

    // Greedy: lookup drafts, a source that is always wrong (every draft
    // rejected, the state rolled back at every position) and one that is
    // always right (long drafts accepted) all give the plain output.
    void greedyOutputIsUnchanged_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : kModels) QTest::newRow(m) << QString::fromLatin1(m);
    }
    void greedyOutputIsUnchanged() {
        QFETCH(QString, model);
        const auto m = cmf::engine::Model::open(modelFile(model.toStdString()));
        const auto prompt = repetitive();
        const auto plain = run(m, prompt, {});
        QCOMPARE(plain.drafted, uint64_t(0));
        QCOMPARE(plain.forwards, uint64_t(plain.generated.size() - 1));

        const auto looked = run(m, prompt, lookup());
        QCOMPARE(looked.generated, plain.generated);
        QVERIFY(looked.drafted > 0);

        auto wrong = lookup(5);
        wrong.source = [&](std::span<const int32_t> ctx, uint32_t max) {
            // The plain continuation at this point, every token off by one.
            std::vector<int32_t> d;
            const size_t at = ctx.size() - prompt.size();
            for (size_t i = at; i < plain.generated.size() && d.size() < max; ++i) d.push_back((plain.generated[i] + 1) % 1000);
            return d;
        };
        const auto rejected = run(m, prompt, wrong);
        QCOMPARE(rejected.generated, plain.generated);
        QVERIFY(rejected.drafted > 0);
        QCOMPARE(rejected.accepted, uint64_t(0));

        auto right = lookup(7);
        right.source = [&](std::span<const int32_t> ctx, uint32_t max) {
            std::vector<int32_t> d;
            for (size_t i = ctx.size() - prompt.size(); i < plain.generated.size() && d.size() < max; ++i) d.push_back(plain.generated[i]);
            return d;
        };
        const auto accepted = run(m, prompt, right);
        QCOMPARE(accepted.generated, plain.generated);
        QCOMPARE(accepted.accepted, accepted.drafted);
        QVERIFY2(double(accepted.generated.size() - 1) / double(accepted.forwards) > 3.0, std::to_string(accepted.forwards).c_str());
        qInfo("%s: lookup drafted %llu, accepted %llu; an always-right source: %.2f tokens per pass over the weights", qPrintable(model),
              (unsigned long long)looked.drafted, (unsigned long long)looked.accepted,
              double(accepted.generated.size() - 1) / double(accepted.forwards));
    }

    // Seeded sampling: one draw per emitted token from the same logits, so
    // the sampled sequence is the plain one for every seed (hence the same
    // distribution), with lookup drafts and with always-wrong ones.
    void sampledOutputIsUnchanged() {
        for (const char* name : {"tiny-chat", "tiny-qwen3.5"}) {
            const auto m = cmf::engine::Model::open(modelFile(name));
            const auto prompt = repetitive();
            for (uint64_t seed = 1; seed <= 6; ++seed) {
                cmf::engine::SamplingParams sp;
                sp.greedy = false;
                sp.temperature = 0.8f;
                sp.seed = seed;
                const auto plain = run(m, prompt, {}, sp, 32);
                QCOMPARE(run(m, prompt, lookup(), sp, 32).generated, plain.generated);
                auto wrong = lookup(4);
                wrong.source = [](std::span<const int32_t> ctx, uint32_t max) {
                    return std::vector<int32_t>(max, int32_t((ctx.back() + 1) % 1000));
                };
                QCOMPARE(run(m, prompt, wrong, sp, 32).generated, plain.generated);
            }
        }
    }

    // Task masks and skills keep working with drafting on: the draft is
    // verified by the same masked or overlaid model.
    void masksAndSkillsWithDrafts() {
        const std::string base = modelFile("tiny-chat"), dir = cmftest::tempDir();
        const auto layout = cmf::maskLayoutOf(*cmf::CmfFile::open(base));
        cmf::MaskBits bits;
        for (uint32_t li = 0; li < layout.rows; ++li) {
            std::vector<bool> row(layout.ffnBits);
            for (size_t i = 0; i < row.size(); ++i) row[i] = i % 3 != 0;
            bits.ffn.push_back(row);
        }
        cmf::NewMask nm;
        nm.name = "thirds";
        nm.blob = cmf::buildMaskBlob(layout, bits);
        cmf::addMask(base, dir + "/spec-masked.cmf", nm);
        const std::string withSkill =
            cmftest::withOwnSkill(dir + "/spec-masked.cmf", dir + "/spec-skill.cmf", "x",
                                  {"model.layers.0.mlp.down_proj.weight", "model.layers.1.mlp.down_proj.weight"}, -1.0f);
        const auto m = cmf::engine::Model::open(withSkill);
        const auto prompt = repetitive();
        for (const auto& [task, skill] : std::vector<std::pair<std::string, std::string>>{{"thirds", ""}, {"", "x"}, {"thirds", "x"}}) {
            const auto plain = run(m, prompt, {}, {}, 40, task, skill);
            const auto drafted = run(m, prompt, lookup(), {}, 40, task, skill);
            QCOMPARE(drafted.generated, plain.generated);
            QCOMPARE(drafted.task, task);
        }
        // The mask and the skill change the output at all (else this proves nothing).
        QVERIFY(run(m, prompt, {}, {}, 40, "thirds").generated != run(m, prompt, {}, {}, 40).generated);
        QVERIFY(run(m, prompt, {}, {}, 40, "", "x").generated != run(m, prompt, {}, {}, 40).generated);
    }

    // Lookup itself: the longest matching tail n-gram, its most recent
    // earlier occurrence, a copy that runs on into itself for a repetition.
    void lookupProposals() {
        using cmf::engine::lookupDraft;
        const std::vector<int32_t> a{1, 2, 3, 4, 9, 2, 3, 5, 7, 2, 3};
        QCOMPARE(lookupDraft(a, 2, 3), (std::vector<int32_t>{5, 7, 2})); // "2 3": most recent earlier at 5
        QCOMPARE(lookupDraft(a, 3, 2), (std::vector<int32_t>{5, 7}));    // no earlier "7 2 3": falls back to "2 3"
        const std::vector<int32_t> b{8, 8, 8};
        QCOMPARE(lookupDraft(b, 3, 4), (std::vector<int32_t>{8, 8, 8, 8}));
        const std::vector<int32_t> c{1, 2, 3};
        QVERIFY(lookupDraft(c, 3, 4).empty());
        QVERIFY(lookupDraft(std::vector<int32_t>{}, 3, 4).empty());
    }

    // Drafting with MTP is not run by this engine: a clear error that names
    // the draft mode every model can use.
    void mtpIsRefusedNamingLookup() {
        const auto m = cmf::engine::Model::open(modelFile("tiny-qwen3.5"));
        cmf::engine::DraftOptions d;
        d.mode = cmf::engine::DraftMode::Mtp;
        try {
            run(m, repetitive(), d);
            QFAIL("--draft mtp ran");
        } catch (const cmf::Error& e) {
            QVERIFY2(std::string(e.what()).find("--draft lookup") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSpeculative)
#include "tst_speculative.moc"
