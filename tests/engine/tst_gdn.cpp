// Qwen3.5's hybrid layers (Gated DeltaNet LinearAttention + gated full
// attention, tests/data/models/gdn/README.md) against the float64 references
// of the Hugging Face semantics, and the recurrent state's bookkeeping:
// batched prefill equals token-by-token decode, a rewind restores exactly the
// state a fresh run reaches, the memory estimate counts the state.
#include "reference_models.h"
#include "test_support.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/session.h"
#include "cmf/engine/skill_graft.h"
#include "cmf/engine/task_mask.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/error.h"
#include "cmf/format/masks.h"
#include "cmf/format/writer.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>

namespace {

// The shared two (dense text layout, tied, MTP; MoE conditional layout) and
// the converter's own (text-layout MoE without MTP; conditional dense,
// untied, one value head per key head, LLLFL).
constexpr const char* kModels[] = {"tiny-qwen3.5", "tiny-qwen3.5-moe", "tiny-qwen3.5-moe-text", "tiny-qwen3.5-cond-untied"};

std::string gdnModel(const std::string& name, const std::string& quant = "f32") {
    const std::string out = cmftest::tempDir() + "/" + name + "-" + quant + ".cmf";
    if (!std::filesystem::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/gdn/" + name);
        o.output = out;
        o.quant = *cmf::quantFromName(quant);
        cmf::convertHf(o, {});
    }
    return out;
}

nlohmann::json reference(const std::string& name) { return cmftest::loadJson(cmftest::dataPath("models/gdn/" + name + "/reference.json")); }

double maxDiff(const std::vector<float>& a, const std::vector<float>& b) {
    double d = 0;
    for (size_t i = 0; i < a.size(); ++i) d = std::max(d, double(std::fabs(a[i] - b[i])));
    return d;
}

std::vector<int32_t> someIds(size_t n, uint32_t seed) {
    std::vector<int32_t> ids;
    for (size_t i = 0; i < n; ++i) ids.push_back(int32_t((seed * 2654435761u + i * 40503u) % 1000));
    return ids;
}

} // namespace

class TestGdn : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // At f32: every compared step's top-10 logits within 2e-3 of the float64
    // reference (the prompt position included), greedy ids equal up to the
    // first near-tie.
    void matchesReference_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("prompt");
        for (const char* m : kModels) {
            const auto ref = reference(m);
            for (size_t p = 0; p < ref["prompts"].size(); ++p)
                QTest::newRow((std::string(m) + "/" + ref["prompts"][p]["name"].get<std::string>()).c_str()) << QString::fromLatin1(m) << int(p);
        }
    }
    void matchesReference() {
        QFETCH(QString, model);
        QFETCH(int, prompt);
        const auto m = cmf::engine::Model::open(gdnModel(model.toStdString()));
        cmf::engine::Runner r(m, 512);
        cmftest::followReference(r, reference(model.toStdString())["prompts"][size_t(prompt)], model.toStdString());
    }

    // One forward of n tokens and n forwards of one token reach the same
    // logits at every position (the batched projections and the sequential
    // recurrence are the same math).
    void batchedPrefillEqualsDecode() {
        for (const char* name : kModels) {
            const auto m = cmf::engine::Model::open(gdnModel(name));
            const auto ids = someIds(70, 3); // past one 64-query attention chunk
            cmf::engine::Runner batched(m, 128), single(m, 128);
            const auto all = batched.forward(ids, true);
            const size_t V = m->config().vocab;
            double worst = 0;
            for (size_t t = 0; t < ids.size(); ++t) {
                const auto one = single.forward(std::span<const int32_t>(&ids[t], 1));
                worst = std::max(worst, maxDiff(one, std::vector<float>(all.begin() + t * V, all.begin() + (t + 1) * V)));
            }
            qInfo("%s: batched vs one token at a time, largest logit difference %.3g", name, worst);
            QVERIFY2(worst <= 1e-4, std::to_string(worst).c_str());
        }
    }

    // Going back restores the state a fresh run has there: to the position
    // before a prompt's last token (regenerate), to where a prefill started
    // (an edit), to a point between checkpoints (run again from the one
    // before), and to 0.
    void rewindRestoresTheState() {
        const auto m = cmf::engine::Model::open(gdnModel("tiny-qwen3.5"));
        const auto turn1 = someIds(20, 5), turn2 = someIds(15, 7), reply = someIds(6, 11);
        std::vector<int32_t> all = turn1;
        all.insert(all.end(), reply.begin(), reply.end());
        all.insert(all.end(), turn2.begin(), turn2.end());
        auto fresh = [&](size_t upTo, int32_t next) {
            cmf::engine::Runner r(m, 128);
            if (upTo) r.forward(std::span<const int32_t>(all.data(), upTo));
            return r.forward(std::span<const int32_t>(&next, 1));
        };
        cmf::engine::Runner r(m, 128);
        r.forward(turn1);
        for (int32_t t : reply) r.forward(std::span<const int32_t>(&t, 1)); // decode: no checkpoints
        r.forward(turn2);
        QCOMPARE(r.position(), uint32_t(all.size()));
        for (const size_t to : {all.size() - 1, turn1.size() + reply.size(), turn1.size() - 1, size_t(23), size_t(3), size_t(0)}) {
            const uint64_t before = r.replayedTokens();
            r.rewind(uint32_t(to));
            QCOMPARE(r.position(), uint32_t(to));
            const auto got = r.forward(std::span<const int32_t>(&all[to], 1));
            const auto want = fresh(to, all[to]);
            QVERIFY2(maxDiff(got, want) <= 1e-5, ("rewind to " + std::to_string(to) + ": " + std::to_string(maxDiff(got, want))).c_str());
            // A checkpoint at the position wanted needs nothing run again.
            if (to == all.size() - 1 || to == turn1.size() + reply.size()) QCOMPARE(r.replayedTokens(), before);
            qInfo("rewind to %zu: %llu tokens run again", to, (unsigned long long)(r.replayedTokens() - before));
            r.rewind(uint32_t(to)); // back to the state before `all[to]`, for the next case
            r.forward(std::span<const int32_t>(all.data() + to, all.size() - to));
        }
    }

    // A chat's next turn runs only its new tokens; regenerate runs nothing
    // again and gives the same reply; a fresh session gives the same replies.
    void sessionReusesThePrefix() {
        const auto m = cmf::engine::Model::open(gdnModel("tiny-qwen3.5"));
        cmf::engine::GenerationOptions g;
        g.maxTokens = 8;
        g.stopAtEos = false;
        cmf::engine::Session s(m, 256);
        const auto p1 = someIds(12, 1);
        const auto r1 = s.generate(p1, g);
        QCOMPARE(r1.promptTokensEvaluated, p1.size());
        std::vector<int32_t> p2 = p1;
        p2.insert(p2.end(), r1.generated.begin(), r1.generated.end());
        const auto extra = someIds(9, 2);
        p2.insert(p2.end(), extra.begin(), extra.end());
        const auto r2 = s.generate(p2, g);
        // cached: the prompt and every reply token but the last (never run)
        QCOMPARE(r2.promptTokensEvaluated, size_t(1 + extra.size()));
        const auto again = s.generate(p2, g); // regenerate
        QCOMPARE(again.promptTokensEvaluated, size_t(1));
        QCOMPARE(again.generated, r2.generated);
        cmf::engine::Session fresh(m, 256);
        QCOMPARE(fresh.generate(p2, g).generated, r2.generated);
    }

    // A 3-turn conversation: each turn runs only what follows the history the
    // previous turn ended with (the template renders a past reply without
    // the generation prompt's think block, so the reply and its header run
    // again, as they would with a KV cache), not the conversation before it;
    // regenerate runs one token; the replies equal fresh sessions'.
    void conversationRunsOnlyNewTokens() {
        const auto m = cmf::engine::Model::open(gdnModel("tiny-qwen3.5"));
        cmf::engine::GenerationOptions g;
        g.maxTokens = 10;
        g.stopAtEos = false;
        cmf::engine::Session s(m, 512);
        size_t historyEnd = 0;
        std::vector<std::string> replies;
        for (const char* user : {"Hello there", "What is two plus two?", "Tell me more about it"}) {
            const auto r = s.reply(user, g);
            replies.push_back(r.text);
            if (historyEnd) QCOMPARE(r.promptTokensEvaluated, r.promptIds.size() - historyEnd);
            else QCOMPARE(r.promptTokensEvaluated, r.promptIds.size());
            // The history this prompt shared with the next one: the conversation
            // without its generation prompt (nor the reply, rendered otherwise later).
            cmf::engine::Session probe(m, 512);
            for (size_t i = 0; i + 1 < s.messages().size(); ++i) probe.addMessage(s.messages()[i]["role"], s.messages()[i]["content"]);
            historyEnd = probe.tokenizer()->encode(probe.renderPrompt(false), false).size();
            QVERIFY(historyEnd + 3 < r.promptIds.size());
        }
        const auto again = s.regenerate(g);
        QCOMPARE(again.promptTokensEvaluated, size_t(1));
        QCOMPARE(again.text, replies.back());
        // Fresh sessions over the same conversations give the same replies.
        for (size_t turn = 0; turn < replies.size(); ++turn) {
            cmf::engine::Session fresh(m, 512);
            for (size_t i = 0; i < turn; ++i) {
                fresh.addMessage("user", s.messages()[2 * i]["content"]);
                fresh.addMessage("assistant", replies[i]);
            }
            QCOMPARE(fresh.reply(s.messages()[2 * turn]["content"], g).text, replies[turn]);
        }
    }

    // The memory estimate counts the recurrent state and its checkpoints and
    // no KV cache for LinearAttention layers; the runner's state is that size.
    void memoryEstimateCountsTheState() {
        const auto path = gdnModel("tiny-qwen3.5");
        const auto m = cmf::engine::Model::open(path);
        const auto e = cmf::engine::estimateMemory(m->file(), "", "", 100);
        // LLLF: one attention layer with 2 KV heads × head_dim 64; three
        // linear layers of (4−1)·128 conv values + 4·16·16 state values.
        QCOMPARE(e.kvBytesPerToken, uint64_t(1 * 2 * 2 * 64 * 4));
        QCOMPARE(e.stateBytes, uint64_t(3 * (3 * 128 + 4 * 16 * 16) * 4));
        QVERIFY(e.checkpointBytes >= e.stateBytes);
        cmf::engine::Runner r(m, 100);
        QCOMPARE(uint64_t(r.recurrentStateBytes()), e.stateBytes);
        r.forward(someIds(10, 1));
        QVERIFY(r.checkpointBytes() <= e.checkpointBytes);
        QVERIFY(r.checkpointBytes() > 0);
    }

    // Operators by tensor presence (§2): linear_attn.* makes a layer a
    // Gated DeltaNet one, a q_proj of twice the heads' rows an output gate.
    // A head bit counts attention heads; a LinearAttention layer has none, so
    // a mask that clears one there is refused by name; FFN bits and layer
    // gates run as on any layer.
    void masksOnHybridLayers() {
        const auto base = gdnModel("tiny-qwen3.5");
        const auto m = cmf::engine::Model::open(base);
        QVERIFY(m->layers()[0].linear.present() && !m->layers()[0].outputGate);
        QVERIFY(!m->layers()[3].linear.present() && m->layers()[3].outputGate);
        const auto layout = cmf::maskLayoutOf(*cmf::CmfFile::open(base));
        auto withMask = [&](const std::string& name, const cmf::MaskBits& bits) {
            const std::string out = cmftest::tempDir() + "/gdn-mask-" + name + ".cmf";
            cmf::NewMask nm;
            nm.name = name;
            nm.blob = cmf::buildMaskBlob(layout, bits);
            cmf::addMask(base, out, nm);
            return cmf::engine::Model::open(out);
        };
        cmf::MaskBits heads;
        heads.heads.assign(4, std::vector<bool>(4, true));
        heads.heads[1][2] = false; // layer 1: LinearAttention
        const auto hm = withMask("heads", heads);
        try {
            cmf::engine::taskPlan(*hm, "heads");
            QFAIL("a head bit on a LinearAttention layer was accepted");
        } catch (const cmf::Error& e) {
            QVERIFY2(std::string(e.what()).find("layer 1, a LinearAttention layer") != std::string::npos, e.what());
        }
        heads.heads[1][2] = true;
        heads.heads[3][2] = false; // layer 3: full attention, as on any model
        QVERIFY(cmf::engine::taskPlan(*withMask("heads3", heads), "heads3")->heads[3][2] == false);
        // Half the FFN of every layer and layer 2 gated off: runs, and differs from dense.
        cmf::MaskBits ffn;
        for (int li = 0; li < 4; ++li) {
            std::vector<bool> row(192);
            for (size_t i = 0; i < row.size(); ++i) row[i] = i % 2 == 0;
            ffn.ffn.push_back(row);
        }
        ffn.gates = {true, true, false, true};
        const auto fm = withMask("ffn", ffn);
        cmf::engine::Runner dense(fm, 64), masked(fm, 64);
        masked.setTask(cmf::engine::taskPlan(*fm, "ffn"));
        const auto ids = someIds(8, 9);
        QVERIFY(maxDiff(dense.forward(ids), masked.forward(ids)) > 1e-3);
    }

    // A skill's replacement of a 3-D tensor (linear_attn.conv1d [conv_dim, 1,
    // K]) is read with the directory's shape: conv_dim × K values, not 1 × K.
    void skillOverlayOfAConvKernel() {
        const auto m = cmf::engine::Model::open(gdnModel("tiny-qwen3.5"));
        const auto& conv = m->layers()[0].linear.conv;
        std::vector<float> changed(conv.size());
        for (size_t i = 0; i < changed.size(); ++i) changed[i] = conv[i] + 0.25f;
        cmf::engine::GraftedTensor g;
        g.name = "model.layers.0.linear_attn.conv1d.weight";
        g.dtype = cmf::DType::F32;
        g.shape = {128, 1, 4};
        g.bytes.resize(changed.size() * sizeof(float));
        std::memcpy(g.bytes.data(), changed.data(), g.bytes.size());
        const auto overlay = cmf::engine::overlayOf(*m, {g});
        QCOMPARE(overlay->layers[0].linear.conv, changed);
        QCOMPARE(overlay->layers[1].linear.conv, m->layers()[1].linear.conv);
    }

    // Every field of the linear layers is checked: a wrong dimension is an
    // error naming it, never a read past a tensor.
    void wrongDimensionsAreRefused() {
        const auto base = gdnModel("tiny-qwen3.5");
        const auto f = cmf::Model::open(base);
        for (const auto& [key, value] : std::vector<std::pair<std::string, nlohmann::json>>{
                 {"linear_num_value_heads", 3}, {"linear_key_head_dim", 8}, {"linear_conv_kernel_dim", 5}, {"linear_norm_style", "rms"}}) {
            nlohmann::json header = f.primary().header();
            header.erase("section_hashes");
            header["arch"][key] = value;
            const std::string out = cmftest::tempDir() + "/gdn-" + key + ".cmf";
            std::vector<std::string> names;
            for (const auto& t : f.tensors()) names.emplace_back(t.record.name);
            cmf::Writer w(out, header, names, {});
            for (const auto& t : f.tensors()) {
                const auto b = f.tensorBytes(t);
                w.write(std::string(t.record.name), t.record.dtype, t.record.dims(), b.data, b.nbytes);
            }
            w.commit();
            try {
                cmf::engine::Model::open(out);
                QFAIL(("opened with arch." + key + " = " + value.dump()).c_str());
            } catch (const cmf::Error& e) {
                const std::string why = e.what();
                QVERIFY2(why.find("linear") != std::string::npos, why.c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestGdn)
#include "tst_gdn.moc"
