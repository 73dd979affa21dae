// The forward pass against the reference (PyTorch float32 on the stored
// bf16 weights, models/*/reference.json): each model converted at f32 must
// give the prompt's top-10 logits within 1e-3 and the reference's greedy
// continuation token for token up to the first near-tie (margin < 0.01).
// At bf16 and f16 greedy agrees too; q8 and q4 agree on the first tokens.
#include "test_support.h"

#include "cmf/engine/perplexity.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/tokenizer.h"
#include "cmf/format/convert.h"
#include "cmf/format/error.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <filesystem>

namespace {

std::string modelDir(const std::string& name) {
    return name == "tiny-chat" ? cmftest::dataPath("../../resources/demo-model") : cmftest::dataPath("models/" + name);
}

// Converts once per (model, quant) for the whole test run.
std::string converted(const std::string& model, const std::string& quant) {
    const std::string out = cmftest::tempDir() + "/" + model + "-" + quant + ".cmf";
    if (!std::filesystem::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = modelDir(model);
        o.output = out;
        o.quant = *cmf::quantFromName(quant);
        cmf::convertHf(o, {});
    }
    return out;
}

int32_t argmax(const std::vector<float>& v) { return int32_t(std::max_element(v.begin(), v.end()) - v.begin()); }

// Greedy continuation of prompt, n tokens, no stop at EOS.
std::vector<int32_t> greedy(cmf::engine::Runner& r, const std::vector<int32_t>& prompt, size_t n, std::vector<float>* firstLogits = nullptr) {
    auto logits = r.forward(prompt);
    if (firstLogits) *firstLogits = logits;
    std::vector<int32_t> out;
    for (size_t i = 0; i < n; ++i) {
        out.push_back(argmax(logits));
        if (i + 1 < n) logits = r.forward(std::span<const int32_t>(&out.back(), 1));
    }
    return out;
}

} // namespace

class TestReference : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void f32MatchesReference_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("prompt");
        for (const char* m : {"tiny-chat", "tiny-chat-code", "tiny-moe"}) {
            const auto ref = cmftest::loadJson(cmftest::dataPath(std::string("models/") + m + "/reference.json"));
            for (size_t p = 0; p < ref["prompts"].size(); ++p)
                QTest::newRow((std::string(m) + "/" + ref["prompts"][p]["name"].get<std::string>()).c_str()) << QString::fromLatin1(m) << int(p);
        }
    }
    void f32MatchesReference() {
        QFETCH(QString, model);
        QFETCH(int, prompt);
        const auto ref = cmftest::loadJson(cmftest::dataPath("models/" + model.toStdString() + "/reference.json"));
        const auto& p = ref["prompts"][size_t(prompt)];
        const auto m = cmf::engine::Model::open(converted(model.toStdString(), "f32"));
        cmf::engine::Runner r(m, 256);
        std::vector<float> logits;
        const auto ids = p["prompt_ids"].get<std::vector<int32_t>>();
        const auto expected = p["greedy_ids"].get<std::vector<int32_t>>();
        const auto margins = p["greedy_top1_top2_margins"].get<std::vector<double>>();
        const auto got = greedy(r, ids, expected.size(), &logits);
        for (const auto& pair : p["last_position_logits_top10"]) {
            const int id = pair[0];
            const double want = pair[1];
            QVERIFY2(std::fabs(logits[size_t(id)] - want) <= 1e-3,
                     ("id " + std::to_string(id) + ": " + std::to_string(logits[size_t(id)]) + " vs " + std::to_string(want)).c_str());
        }
        size_t compared = 0;
        for (size_t i = 0; i < expected.size() && margins[i] >= 0.01; ++i, ++compared)
            QVERIFY2(got[i] == expected[i], ("step " + std::to_string(i)).c_str());
        QVERIFY(compared >= 5);
    }
    void quantizedGreedyAgrees_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("quant");
        QTest::addColumn<int>("tokens");
        for (const char* m : {"tiny-chat", "tiny-moe"}) {
            QTest::newRow((std::string(m) + "/bf16").c_str()) << QString::fromLatin1(m) << QStringLiteral("bf16") << 32;
            QTest::newRow((std::string(m) + "/f16").c_str()) << QString::fromLatin1(m) << QStringLiteral("f16") << 32;
            QTest::newRow((std::string(m) + "/q8").c_str()) << QString::fromLatin1(m) << QStringLiteral("q8") << 16;
        }
    }
    void quantizedGreedyAgrees() {
        QFETCH(QString, model);
        QFETCH(QString, quant);
        QFETCH(int, tokens);
        const auto ref = cmftest::loadJson(cmftest::dataPath("models/" + model.toStdString() + "/reference.json"));
        for (const auto& p : ref["prompts"]) {
            const auto expected = p["greedy_ids"].get<std::vector<int32_t>>();
            const auto margins = p["greedy_top1_top2_margins"].get<std::vector<double>>();
            const auto m = cmf::engine::Model::open(converted(model.toStdString(), quant.toStdString()));
            cmf::engine::Runner r(m, 256);
            const auto got = greedy(r, p["prompt_ids"].get<std::vector<int32_t>>(), size_t(tokens));
            for (size_t i = 0; i < size_t(tokens) && margins[i] >= 0.05; ++i)
                QVERIFY2(got[i] == expected[i], (p["name"].get<std::string>() + " step " + std::to_string(i)).c_str());
        }
    }
    void batchedPrefillEqualsTokenByToken() {
        const auto m = cmf::engine::Model::open(converted("tiny-moe", "f32"));
        const std::vector<int32_t> ids{8167, 872, 198, 3838, 374, 220, 16, 17, 488};
        cmf::engine::Runner a(m, 64), b(m, 64);
        const auto batched = a.forward(ids, true);
        for (size_t t = 0; t < ids.size(); ++t) {
            const auto one = b.forward(std::span<const int32_t>(&ids[t], 1));
            for (size_t v = 0; v < one.size(); v += 97)
                QVERIFY(std::fabs(one[v] - batched[t * one.size() + v]) < 1e-4f);
        }
    }
    void perplexityMatchesReference() {
        // The reference's method: windows of 257 tokens every 256, each scored
        // from position 0, special tokens in the text recognised.
        const auto ref = cmftest::loadJson(cmftest::dataPath("models/tiny-chat/reference.json"));
        const auto m = cmf::engine::Model::open(converted("tiny-chat", "f32"));
        const auto vocab = m->file().primary().vocab();
        const auto tok = cmf::engine::Tokenizer::fromJson(std::string_view(reinterpret_cast<const char*>(vocab.data()), vocab.size()));
        const auto bytes = cmftest::readBytes(cmftest::dataPath("models/heldout_prose.txt"));
        const auto ids = tok.encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), false);
        const auto r = cmf::engine::perplexity(m, ids, 257, 256);
        const auto& want = ref["heldout_perplexity"]["prose"];
        QCOMPARE(r.tokensPredicted, want["tokens_predicted"].get<uint64_t>());
        QVERIFY2(std::fabs(r.perplexity / want["perplexity"].get<double>() - 1) < 0.005,
                 (std::to_string(r.perplexity) + " vs " + std::to_string(want["perplexity"].get<double>())).c_str());
    }
    void contextLimits() {
        const auto m = cmf::engine::Model::open(converted("tiny-chat", "f32"));
        try {
            cmf::engine::Runner r(m, 4096); // max_position_embeddings is 2048
            QFAIL("a context past max_position_embeddings was accepted");
        } catch (const cmf::Error& e) {
            QVERIFY(std::string(e.what()).find("max_position_embeddings") != std::string::npos);
        }
        cmf::engine::Runner r(m, 4);
        const std::vector<int32_t> ids{1, 2, 3, 4, 5};
        try {
            r.forward(ids);
            QFAIL("context overflow accepted");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Bounds);
        }
    }
};

QTEST_GUILESS_MAIN(TestReference)
#include "tst_reference.moc"
