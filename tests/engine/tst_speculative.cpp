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
#include "mtp_draft.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

namespace {

// A dense model (the demo), an MoE model, a hybrid Qwen3.5 (f32 and q8).
std::string modelFile(const std::string& name) {
    if (name.starts_with("tiny-qwen3.5")) {
        const bool q8 = name.ends_with("-q8");
        const std::string folder = q8 ? name.substr(0, name.size() - 3) : name, quant = q8 ? "q8" : "f32";
        const std::string out = cmftest::tempDir() + "/" + folder + "-" + quant + ".cmf";
        if (!std::filesystem::exists(out)) {
            cmf::ConvertOptions o;
            o.modelDir = cmftest::dataPath("models/gdn/" + folder);
            o.output = out;
            o.quant = *cmf::quantFromName(quant);
            cmf::convertHf(o, {});
        }
        return out;
    }
    return cmftest::converted(name, name == "tiny-moe" ? "q8" : "f32");
}

constexpr const char* kModels[] = {"tiny-chat", "tiny-moe", "tiny-qwen3.5", "tiny-qwen3.5-q8"};
// The Qwen3.5 models with an MTP head (tests/data/models/gdn: dense tied, MoE conditional layout, dense untied).
constexpr const char* kMtpModels[] = {"tiny-qwen3.5", "tiny-qwen3.5-moe", "tiny-qwen3.5-cond-untied"};

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

cmf::engine::DraftOptions mtp(uint32_t max = 0) {
    cmf::engine::DraftOptions d;
    d.mode = cmf::engine::DraftMode::Mtp;
    d.maxDraft = max;
    d.paceByTime = false;
    return d;
}

// Pearson's chi-square of counts against probabilities, bins with an
// expected count under 5 pooled into one; df = bins − 1.
std::pair<double, size_t> chiSquare(const std::map<int32_t, uint64_t>& counts, const cmf::engine::TokenDistribution& p, uint64_t draws) {
    double chi = 0, pooledExpected = 0, pooledSeen = 0;
    size_t bins = 0;
    std::map<int32_t, double> expected;
    for (const auto& [t, v] : p) expected[t] = v * double(draws);
    for (const auto& [t, e] : expected) {
        const double seen = counts.count(t) ? double(counts.at(t)) : 0.0;
        if (e < 5) {
            pooledExpected += e;
            pooledSeen += seen;
            continue;
        }
        chi += (seen - e) * (seen - e) / e;
        ++bins;
    }
    for (const auto& [t, c] : counts)
        if (!expected.count(t)) pooledSeen += double(c); // a token p cannot give
    if (pooledExpected > 0 || pooledSeen > 0) {
        chi += (pooledSeen - pooledExpected) * (pooledSeen - pooledExpected) / std::max(pooledExpected, 1e-9);
        ++bins;
    }
    return {chi, bins - 1};
}

// The chi-square distribution's 0.999 quantile (Wilson–Hilferty).
double chiSquare999(size_t df) {
    const double k = double(df), z = 3.0902;
    return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
}

cmf::engine::DraftOptions lookup(uint32_t max = 3) {
    cmf::engine::DraftOptions d;
    d.mode = cmf::engine::DraftMode::Lookup;
    d.maxDraft = max;
    d.paceByTime = false; // draft counts that do not depend on the machine's speed
    d.ngram = 1;          // single-token matches too: random weights seldom repeat two tokens in a row
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
        QTest::addColumn<bool>("f16Cache");
        for (const char* m : kModels) {
            QTest::newRow(m) << QString::fromLatin1(m) << false;
            QTest::newRow((std::string(m) + ", f16 KV cache").c_str()) << QString::fromLatin1(m) << true;
        }
    }
    void verifyEqualsDecodeBitForBit() {
        QFETCH(QString, model);
        QFETCH(bool, f16Cache);
        const auto m = cmf::engine::Model::open(modelFile(model.toStdString()));
        const auto prompt = repetitive();
        const std::vector<int32_t> block{5, 77, 300, 12, 9, 400, 3};
        const auto kv = f16Cache ? cmf::engine::KvType::F16 : cmf::engine::KvType::F32;
        cmf::engine::Runner a(m, 128, nullptr, kv), b(m, 128, nullptr, kv);
        a.forward(prompt);
        b.forward(prompt);
        const auto rows = a.verify(block);
        const size_t V = m->lmHead().rows();
        QCOMPARE(rows.size(), block.size() * V);
        for (size_t i = 0; i < block.size(); ++i) {
            const auto one = b.forward(std::span<const int32_t>(&block[i], 1));
            QVERIFY2(std::memcmp(one.data(), rows.data() + i * V, V * sizeof(float)) == 0, ("position " + std::to_string(i)).c_str());
        }
        // And back to any position of the block: the next logits are a fresh
        // run's. On the hybrid model the block keeps the states after its
        // tokens but the last: the second chunk's start (4) is the copy of
        // where the first ended, the end (7) the live state. Its start (0,
        // before the token the decode loop sampled, which it never goes back
        // past) comes from a checkpoint and the prompt's last token run
        // again alone: the floats of a fresh run's batch within rounding
        // (tst_gdn::rewindRestoresTheState), not bit for bit.
        const int32_t next = 11;
        for (const size_t back : {0u, 1u, 2u, 4u, 5u, 7u}) {
            cmf::engine::Runner v(m, 128, nullptr, kv), c(m, 128, nullptr, kv);
            v.forward(prompt);
            v.verify(block);
            v.rewind(uint32_t(prompt.size() + back));
            c.forward(prompt);
            for (size_t i = 0; i < back; ++i) c.forward(std::span<const int32_t>(&block[i], 1));
            const auto x = v.forward(std::span<const int32_t>(&next, 1)), y = c.forward(std::span<const int32_t>(&next, 1));
            if (back == 0) {
                float diff = 0, scale = 0;
                for (size_t i = 0; i < V; ++i) diff = std::max(diff, std::abs(x[i] - y[i])), scale = std::max(scale, std::abs(y[i]));
                QVERIFY2(diff <= 1e-5f * scale, ("back to the block's start: " + std::to_string(diff) + " of " + std::to_string(scale)).c_str());
            } else {
                QVERIFY2(std::memcmp(x.data(), y.data(), V * sizeof(float)) == 0, ("back to block position " + std::to_string(back)).c_str());
            }
        }
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
        if (m->mtp()) // one MTP draft per step, and chains of three
            for (uint32_t max : {0u, 3u}) {
                const auto drafted = run(m, prompt, mtp(max));
                QCOMPARE(drafted.generated, plain.generated);
                QVERIFY(drafted.drafted > 0);
            }

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
        cmftest::withThirdsMask(base, dir + "/spec-masked.cmf");
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

    // Lookup itself: the longest matching tail n-gram (two tokens at
    // least), its most recent earlier occurrence, a copy that runs on into
    // itself for a repetition.
    void lookupProposals() {
        using cmf::engine::lookupDraft;
        const std::vector<int32_t> a{1, 2, 3, 4, 9, 2, 3, 5, 7, 2, 3};
        QCOMPARE(lookupDraft(a, 2, 3), (std::vector<int32_t>{5, 7, 2})); // "2 3": most recent earlier at 5
        QCOMPARE(lookupDraft(a, 3, 2), (std::vector<int32_t>{5, 7}));    // no earlier "7 2 3": falls back to "2 3"
        const std::vector<int32_t> b{8, 8, 8};
        QCOMPARE(lookupDraft(b, 3, 4), (std::vector<int32_t>{8, 8, 8, 8}));
        const std::vector<int32_t> c{1, 2, 3};
        QVERIFY(lookupDraft(c, 3, 4).empty());
        // A lone token's match drafts only when one token is all that was asked for.
        const std::vector<int32_t> d{1, 5, 6, 7, 5};
        QVERIFY(lookupDraft(d, 3, 2).empty());
        QCOMPARE(lookupDraft(d, 1, 2), (std::vector<int32_t>{6, 7}));
        QVERIFY(lookupDraft(std::vector<int32_t>{}, 3, 4).empty());
    }

    // The MTP head (§2.1) against a float64 forward of the README's
    // semantics (mtp_reference.py): the first draft after each prompt, its
    // top-10 logits within 2e-3, whether the head made its entries for the
    // prompt at once or beforehand, and the second, chained draft's token.
    void mtpHeadMatchesReference_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : kMtpModels) QTest::newRow(m) << QString::fromLatin1(m);
    }
    void mtpHeadMatchesReference() {
        QFETCH(QString, model);
        const auto m = cmf::engine::Model::open(modelFile(model.toStdString()));
        QVERIFY(m->mtp());
        const auto ref = cmftest::loadJson(cmftest::dataPath("models/gdn/" + model.toStdString() + "/mtp_reference.json"));
        QVERIFY(ref["prompts"].size() >= 5);
        for (const auto& pr : ref["prompts"]) {
            const auto ids = pr["prompt_ids"].get<std::vector<int32_t>>();
            const std::string name = pr["name"];
            cmf::engine::Runner r(m, 512);
            r.keepHidden(true);
            r.forward(std::span<const int32_t>(ids).first(ids.size() - 1)); // the last prompt token "was just sampled"
            cmf::engine::MtpDrafter d(m, 512);
            d.observe(r.hidden(), r.hiddenStart());
            const auto logits = d.logitsAfter(ids);
            QCOMPARE(logits.size(), size_t(m->lmHead().rows()));
            double worst = 0;
            for (const auto& e : pr["draft1_top10"]) worst = std::max(worst, std::fabs(double(logits[e[0].get<size_t>()]) - e[1].get<double>()));
            QVERIFY2(worst < 2e-3, (name + ": " + std::to_string(worst)).c_str());
            const int32_t d1 = int32_t(std::max_element(logits.begin(), logits.end()) - logits.begin());
            QCOMPARE(d1, pr["draft1"].get<int32_t>());
            // A second drafter over the same states: two chained drafts.
            cmf::engine::MtpDrafter chain(m, 512);
            chain.observe(r.hidden(), r.hiddenStart());
            const auto two = chain.draft(ids, 2);
            QCOMPARE(two.size(), size_t(2));
            QCOMPARE(two[0], d1);
            const auto& t2 = pr["draft2_top10"];
            if (t2[0][1].get<double>() - t2[1][1].get<double>() > 0.01) QCOMPARE(two[1], pr["draft2"].get<int32_t>());
            // A drafter that ran over the prompt first (DecodeStepper does,
            // with the prefill), then made only the last entry for the draft.
            cmf::engine::MtpDrafter early(m, 512);
            early.observe(r.hidden(), r.hiddenStart());
            early.catchUp(std::span<const int32_t>(ids).first(ids.size() - 1));
            const auto late = early.logitsAfter(ids);
            QCOMPARE(late.size(), logits.size());
            double off = 0;
            for (const auto& e : pr["draft1_top10"]) off = std::max(off, std::fabs(double(late[e[0].get<size_t>()]) - e[1].get<double>()));
            QVERIFY2(off < 2e-3, (name + ", caught up first: " + std::to_string(off)).c_str());
            QCOMPARE(int32_t(std::max_element(late.begin(), late.end()) - late.begin()), d1);
        }
    }

    // Speculative sampling's rule keeps the target distribution: drafts drawn
    // from the MTP head's distribution q, kept or resampled against the
    // model's p (both real, at one step of the tiny Qwen3.5): 10⁴ results fit
    // p (chi-square at 0.999), while the raw drafts do not (the test can fail).
    void speculativeSamplingKeepsTheTargetDistribution() {
        const auto m = cmf::engine::Model::open(modelFile("tiny-qwen3.5"));
        const auto ids = repetitive();
        cmf::engine::Runner r(m, 128);
        r.keepHidden(true);
        const auto pl = r.forward(ids);
        cmf::engine::MtpDrafter d(m, 128);
        d.observe(r.hidden(), r.hiddenStart());
        std::vector<int32_t> ctx = ids;
        ctx.push_back(int32_t(std::max_element(pl.begin(), pl.end()) - pl.begin()));
        const auto pNext = r.forward(std::span<const int32_t>(&ctx.back(), 1)); // p: the model's next-token logits
        d.observe(r.hidden(), r.hiddenStart());
        ctx.push_back(77);
        const auto qNext = d.logitsAfter(ctx); // q: the head's, for the same position's successor
        QVERIFY(!qNext.empty());
        cmf::engine::SamplingParams sp;
        sp.greedy = false;
        sp.temperature = 1.5f; // flat enough that p and q overlap and differ
        sp.topK = 0;
        sp.topP = 1.0f;
        sp.seed = 2024;
        cmf::engine::Sampler s(sp);
        const auto p = s.distribution(pNext, ctx), q = s.distribution(qNext, ctx);
        constexpr uint64_t kDraws = 10000;
        std::map<int32_t, uint64_t> kept, drafts;
        uint64_t accepted = 0;
        for (uint64_t i = 0; i < kDraws; ++i) {
            const int32_t draft = s.draw(q);
            const int32_t t = s.acceptOrResample(p, q, draft);
            ++kept[t];
            ++drafts[draft];
            accepted += t == draft;
        }
        const auto [chi, df] = chiSquare(kept, p, kDraws);
        const auto [chiDrafts, dfDrafts] = chiSquare(drafts, p, kDraws);
        qInfo("chi-square %.1f (df %zu, 0.999 quantile %.1f); raw drafts %.1f; %llu of %llu drafts kept", chi, df, chiSquare999(df),
              chiDrafts, (unsigned long long)accepted, (unsigned long long)kDraws);
        QVERIFY(df >= 5);
        QVERIFY2(chi < chiSquare999(df), std::to_string(chi).c_str());
        QVERIFY2(chiDrafts > chiSquare999(dfDrafts), std::to_string(chiDrafts).c_str());
        QVERIFY(accepted > 0 && accepted < kDraws); // both branches of the rule ran
    }

    // Sampling with MTP drafts end to end: drafts are drawn and verified, and
    // a run is repeatable with its seed.
    void sampledMtpRuns() {
        const auto m = cmf::engine::Model::open(modelFile("tiny-qwen3.5"));
        cmf::engine::SamplingParams sp;
        sp.greedy = false;
        sp.temperature = 0.8f;
        sp.seed = 9;
        const auto a = run(m, repetitive(), mtp(2), sp, 32), b = run(m, repetitive(), mtp(2), sp, 32);
        QCOMPARE(a.generated, b.generated);
        QCOMPARE(a.generated.size(), size_t(32));
        QVERIFY(a.drafted > 0);
    }

    // A file without an MTP head: a clear error that names the draft mode every model can use.
    void mtpWithoutAHeadNamesLookup() {
        const auto m = cmf::engine::Model::open(modelFile("tiny-chat"));
        QVERIFY(!m->mtp());
        try {
            run(m, repetitive(), mtp());
            QFAIL("--draft mtp ran without a head");
        } catch (const cmf::Error& e) {
            QVERIFY2(std::string(e.what()).find("no MTP head") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("--draft lookup") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSpeculative)
#include "tst_speculative.moc"
