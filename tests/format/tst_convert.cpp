// cmf convert on the real trained models (tiny-chat, tiny-chat-code,
// tiny-moe) at every main quant: files verify clean, carry a complete arch,
// tokenizer and chat bundle, and dequantize to the source within each
// dtype's bound (measured here against the safetensors, independently of
// the converter's own report).
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/error.h"
#include "cmf/format/safetensors.h"
#include "cmf/format/shards.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string modelDir(const std::string& name) {
    return cmftest::dataPath("models/" + name);
}

double rel(const std::vector<float>& a, const std::vector<float>& b) {
    double num = 0, den = 0;
    for (size_t i = 0; i < a.size(); ++i) num += double(a[i] - b[i]) * double(a[i] - b[i]), den += double(a[i]) * double(a[i]);
    return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

// Bound on the relative RMS error of a 2-D weight matrix in this dtype.
double boundFor(cmf::DType t) {
    switch (t) {
    case cmf::DType::F32:
    case cmf::DType::BF16: return 0.0; // the source is bf16: both are exact
    case cmf::DType::F16: return 2e-3;
    case cmf::DType::Q8Row:
    case cmf::DType::Q8_2F: return 0.02;
    case cmf::DType::Q4Block:
    case cmf::DType::Q4Tiled: return 0.2;
    case cmf::DType::Q4TP:
    case cmf::DType::VBitRo:
    case cmf::DType::VBit: return 0.25;
    default: return 1.0;
    }
}

} // namespace

class TestConvert : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void convertModel_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("quant");
        for (const char* m : {"tiny-chat", "tiny-chat-code", "tiny-moe"})
            for (const char* q : {"f32", "bf16", "q8", "q8_2f", "q4", "q4t", "q4tp", "vbit"})
                QTest::newRow((std::string(m) + "/" + q).c_str()) << QString::fromLatin1(m) << QString::fromLatin1(q);
    }
    void convertModel() {
        QFETCH(QString, model);
        QFETCH(QString, quant);
        const std::string dir = modelDir(model.toStdString());
        const std::string out = cmftest::tempDir() + "/" + model.toStdString() + "-" + quant.toStdString() + ".cmf";
        cmf::ConvertOptions o;
        o.modelDir = dir;
        o.output = out;
        o.quant = *cmf::quantFromName(quant.toStdString());
        const auto report = cmf::convertHf(o, {});
        QCOMPARE(report.outputs, std::vector<std::string>{out});

        const auto f = cmf::CmfFile::open(out);
        const auto v = cmf::verify(*f);
        QVERIFY2(v.ok(), v.ok() ? "" : v.problems[0].detail.c_str());

        // Header: complete arch, tokenizer bytes verbatim, chat bundle.
        const auto config = cmftest::loadJson(dir + "/config.json");
        const auto& arch = f->header()["arch"];
        JCOMPARE(arch["hidden_size"], config["hidden_size"]);
        JCOMPARE(arch["num_layers"], config["num_hidden_layers"]);
        JCOMPARE(arch["num_attention_heads"], config["num_attention_heads"]);
        JCOMPARE(arch["num_kv_heads"], config["num_key_value_heads"]);
        JCOMPARE(arch["head_dim"], config["head_dim"]);
        JCOMPARE(arch["vocab_size"], config["vocab_size"]);
        JCOMPARE(arch["rope_theta"], config["rope_theta"]);
        JCOMPARE(arch["norm_style"], "qwen");
        JCOMPARE(arch["tie_word_embeddings"], false);
        QCOMPARE(arch["layer_types"].size(), size_t(4));
        if (model == QLatin1String("tiny-moe")) {
            JCOMPARE(arch["moe"]["num_experts"], 8);
            JCOMPARE(arch["moe"]["top_k"], 2);
            JCOMPARE(arch["moe"]["moe_intermediate_size"], 256);
            JCOMPARE(arch["moe"]["norm_topk_prob"], true);
        } else {
            QVERIFY(!arch.contains("moe") || arch["moe"].is_null());
        }
        const auto tok = cmftest::readBytes(dir + "/tokenizer.json");
        QVERIFY(std::ranges::equal(f->vocab(), tok));
        QVERIFY(f->chatBundle().has_value());
        QVERIFY(f->chatBundle()->chatTemplate.find("<|im_start|>") != std::string::npos);
        QVERIFY(std::ranges::find(f->chatBundle()->eosTokenIds, 8168) != f->chatBundle()->eosTokenIds.end());
        // generation_config.json's sampling keys, as the folder has them.
        const auto gen = cmftest::loadJson(dir + "/generation_config.json");
        QVERIFY(f->generationConfig().has_value());
        QCOMPARE(*f->generationConfig()->doSample, gen["do_sample"].get<bool>());
        QCOMPARE(*f->generationConfig()->temperature, gen["temperature"].get<double>());
        QCOMPARE(*f->generationConfig()->topK, gen["top_k"].get<int64_t>());
        QCOMPARE(*f->generationConfig()->topP, gen["top_p"].get<double>());
        QCOMPARE(f->generationConfig()->eosTokenIds, gen["eos_token_id"].get<std::vector<int64_t>>());

        // Every source tensor, same shape, within its dtype's bound.
        const auto ck = cmf::Checkpoint::open(dir);
        QCOMPARE(f->directory().count(), uint64_t(ck.tensors().size()));
        for (const auto& st : ck.tensors()) {
            const auto r = f->findTensor(st.name);
            QVERIFY2(r.has_value(), st.name.c_str());
            QVERIFY(r->dims() == st.shape);
            std::vector<float> src(st.count());
            st.toFloat(0, st.rows(), src.data());
            const auto got = cmf::decodeAll(f->tensorBytes(*r));
            const double e = rel(src, got);
            const double bound = st.shape.size() == 1 ? 2e-3 : boundFor(r->dtype);
            QVERIFY2(e <= bound, (st.name + " " + std::string(cmf::dtypeName(r->dtype)) + " rel RMS " + std::to_string(e)).c_str());
        }
        // The expert banks are role-contiguous (§2.2): gate of every expert, then up, then down.
        if (model == QLatin1String("tiny-moe")) {
            std::vector<std::string> layer0;
            for (uint64_t i = 0; i < f->directory().count(); ++i) {
                const std::string n(f->directory().record(i).name);
                if (n.rfind("model.layers.0.mlp.experts.", 0) == 0) layer0.push_back(n);
            }
            QCOMPARE(layer0.size(), size_t(24));
            QCOMPARE(layer0[0], std::string("model.layers.0.mlp.experts.0.gate_proj.weight"));
            QCOMPARE(layer0[7], std::string("model.layers.0.mlp.experts.7.gate_proj.weight"));
            QCOMPARE(layer0[8], std::string("model.layers.0.mlp.experts.0.up_proj.weight"));
            QCOMPARE(layer0[23], std::string("model.layers.0.mlp.experts.7.down_proj.weight"));
        }
        fs::remove(out);
    }
    void shardedConvertMatchesSingle() {
        const std::string dir = cmftest::tempDir() + "/sharded";
        fs::create_directories(dir);
        cmf::ConvertOptions o;
        o.modelDir = modelDir("tiny-chat");
        o.quant = cmf::DType::Q8_2F;
        o.output = dir + "/single.cmf";
        cmf::convertHf(o, {});
        o.output = dir + "/split.cmf";
        o.shardMaxGb = 0.01; // ~10 MB of f32 per shard
        const auto report = cmf::convertHf(o, {});
        QVERIFY(report.outputs.size() >= 3);
        for (const auto& p : report.outputs) QVERIFY(cmf::verify(*cmf::CmfFile::open(p)).ok());
        const auto a = cmf::Model::open(dir + "/single.cmf"), b = cmf::Model::open(report.outputs[1]);
        QCOMPARE(b.tensors().size(), a.tensors().size());
        for (const auto& t : a.tensors()) QCOMPARE(b.tensors()[*b.find(t.record.name)].record.hash, t.record.hash);
        QVERIFY(!b.files()[0]->vocab().empty() && b.files()[1]->vocab().empty());
        QVERIFY(b.files()[0]->chatBundle().has_value() && !b.files()[1]->chatBundle().has_value());
        QVERIFY(b.files()[0]->generationConfig().has_value() && !b.files()[1]->generationConfig().has_value());
        // Every shard carries one set identity, the same on a second run of
        // the same conversion and another for another conversion.
        auto setsOf = [](const std::vector<std::string>& paths) {
            std::set<std::string> sets;
            for (const auto& p : paths) sets.insert(cmf::CmfFile::open(p)->shard()->set.value_or(""));
            return sets;
        };
        const auto sets = setsOf(report.outputs);
        QCOMPARE(sets.size(), size_t(1));
        QCOMPARE(sets.begin()->size(), size_t(16));
        QCOMPARE(setsOf(cmf::convertHf(o, {}).outputs), sets);
        o.quant = cmf::DType::Q8Row;
        const auto other = setsOf(cmf::convertHf(o, {}).outputs);
        QCOMPARE(other.size(), size_t(1));
        QVERIFY(other != sets);
    }
    void verifySetFromAnyMember() {
        const std::string dir = cmftest::tempDir() + "/verify-set";
        fs::create_directories(dir);
        cmf::ConvertOptions o;
        o.modelDir = modelDir("tiny-chat");
        o.quant = cmf::DType::Q8Row;
        o.output = dir + "/set.cmf";
        o.shardMaxGb = 0.01;
        const auto outputs = cmf::convertHf(o, {}).outputs;
        QVERIFY(outputs.size() >= 3);
        uint64_t tensors = 0;
        for (const auto& p : outputs) tensors += cmf::CmfFile::open(p)->directory().count();
        // From the second shard: every shard is hashed.
        const auto ok = cmf::verifySet(*cmf::CmfFile::open(outputs[1]));
        QVERIFY(ok.ok());
        QCOMPARE(ok.tensorsChecked, tensors);
        QVERIFY(ok.tensorsChecked > cmf::verify(*cmf::CmfFile::open(outputs[1])).tensorsChecked);
        // A flipped weight byte in the last shard is found from the first, named by its shard.
        const std::string last = outputs.back();
        {
            const auto f = cmf::CmfFile::open(last);
            const uint64_t at = f->envelope().data.off + f->directory().record(0).off;
            std::fstream io(last, std::ios::in | std::ios::out | std::ios::binary);
            io.seekg(std::streamoff(at));
            char c = 0;
            io.read(&c, 1);
            c = char(c ^ 0x40);
            io.seekp(std::streamoff(at));
            io.write(&c, 1);
        }
        const auto bad = cmf::verifySet(*cmf::CmfFile::open(outputs.front()));
        QVERIFY(!bad.ok());
        const std::string lastName = fs::path(last).filename().string();
        QVERIFY2(bad.problems[0].where.rfind(lastName + ": ", 0) == 0, bad.problems[0].where.c_str());
        QCOMPARE(bad.problems[0].kind, std::string("tensor_hash_mismatch"));
        // A missing sibling is the set's problem; the member opened is still verified.
        fs::remove(last);
        const auto missing = cmf::verifySet(*cmf::CmfFile::open(outputs[1]));
        QVERIFY(!missing.ok());
        QCOMPARE(missing.problems[0].kind, std::string("shard_set"));
        QVERIFY2(missing.problems[0].detail.find("missing sibling shard") != std::string::npos &&
                     missing.problems[0].detail.find(lastName) != std::string::npos,
                 missing.problems[0].detail.c_str());
        QCOMPARE(missing.tensorsChecked, cmf::CmfFile::open(outputs[1])->directory().count());
        // Not a shard: the file alone.
        const std::string single = cmftest::dataPath("conformance/valid/tiny-s7-F32.cmf");
        const auto alone = cmf::verifySet(*cmf::CmfFile::open(single));
        QVERIFY(alone.ok());
        QCOMPARE(alone.tensorsChecked, cmf::CmfFile::open(single)->directory().count());
    }
    void keepRulesAndFallbacks() {
        cmf::ConvertOptions o;
        o.modelDir = modelDir("tiny-moe");
        o.output = cmftest::tempDir() + "/keep.cmf";
        o.quant = cmf::DType::Q4Tiled;
        o.keep = {{"embed_tokens", cmf::DType::Q8Row}};
        const auto report = cmf::convertHf(o, {});
        const auto f = cmf::CmfFile::open(o.output);
        QCOMPARE(f->findTensor("model.embed_tokens.weight")->dtype, cmf::DType::Q8Row);
        QCOMPARE(f->findTensor("model.norm.weight")->dtype, cmf::DType::F16);          // 1-D: always f16
        QCOMPARE(f->findTensor("model.layers.0.mlp.gate.weight")->dtype, cmf::DType::F16); // routers stay f16
        QCOMPARE(f->findTensor("lm_head.weight")->dtype, cmf::DType::Q8Row);             // the q4 family keeps the output at q8
        QCOMPARE(f->findTensor("model.layers.0.self_attn.q_proj.weight")->dtype, cmf::DType::Q4Tiled);
        // An explicit rule wins over that default.
        o.keep = {{"lm_head", cmf::DType::Q4Tiled}};
        cmf::convertHf(o, {});
        QCOMPARE(cmf::CmfFile::open(o.output)->findTensor("lm_head.weight")->dtype, cmf::DType::Q4Tiled);
    }
    void tiedEmbeddingStaysQ4() {
        // With tied embeddings (Qwen2.5/Qwen3 small models, Gemma) the embedding is also the
        // output projection; it stays at the requested 4 bits (see isOutputProjection).
        const std::string src = modelDir("tiny-chat"), dir = cmftest::tempDir() + "/tied-source";
        fs::remove_all(dir);
        fs::create_directories(dir);
        for (const char* f : {"tokenizer.json", "tokenizer_config.json", "model.safetensors"}) fs::copy_file(src + "/" + f, dir + "/" + f);
        auto config = cmftest::loadJson(src + "/config.json");
        config["tie_word_embeddings"] = true;
        std::ofstream(dir + "/config.json") << config.dump();
        cmf::ConvertOptions o;
        o.modelDir = dir;
        o.output = cmftest::tempDir() + "/tied.cmf";
        o.quant = cmf::DType::Q4Block;
        cmf::convertHf(o, {});
        const auto f = cmf::CmfFile::open(o.output);
        QCOMPARE(f->findTensor("model.embed_tokens.weight")->dtype, cmf::DType::Q4Block);
        QCOMPARE(f->findTensor("model.layers.0.mlp.up_proj.weight")->dtype, cmf::DType::Q4Block);
    }
    void shardedSafetensorsSource() {
        // Split the tiny-chat checkpoint in two files with an index, as large HF
        // checkpoints ship; the conversion must not change a byte.
        const std::string src = modelDir("tiny-chat"), dir = cmftest::tempDir() + "/split-source";
        fs::remove_all(dir);
        fs::create_directories(dir);
        for (const char* f : {"config.json", "tokenizer.json", "tokenizer_config.json", "generation_config.json"})
            fs::copy_file(src + "/" + f, dir + "/" + f);
        const auto bytes = cmftest::readBytes(src + "/model.safetensors");
        uint64_t hlen;
        std::memcpy(&hlen, bytes.data(), 8);
        const json header = json::parse(bytes.begin() + 8, bytes.begin() + 8 + long(hlen));
        json parts[2] = {json::object(), json::object()}, index{{"metadata", json::object()}, {"weight_map", json::object()}};
        std::vector<uint8_t> data[2];
        int k = 0;
        for (const auto& [name, v] : header.items()) {
            if (name == "__metadata__") continue;
            const int part = (k++ % 2);
            const uint64_t b = v["data_offsets"][0], e = v["data_offsets"][1];
            json entry = v;
            entry["data_offsets"] = {data[part].size(), data[part].size() + (e - b)};
            data[part].insert(data[part].end(), bytes.begin() + long(8 + hlen + b), bytes.begin() + long(8 + hlen + e));
            parts[part][name] = entry;
            index["weight_map"][name] = "model-0000" + std::to_string(part + 1) + "-of-00002.safetensors";
        }
        for (int part = 0; part < 2; ++part) {
            std::string text = parts[part].dump();
            const uint64_t n = text.size();
            std::ofstream out(dir + "/model-0000" + std::to_string(part + 1) + "-of-00002.safetensors", std::ios::binary);
            out.write(reinterpret_cast<const char*>(&n), 8);
            out.write(text.data(), std::streamsize(n));
            out.write(reinterpret_cast<const char*>(data[part].data()), std::streamsize(data[part].size()));
        }
        std::ofstream(dir + "/model.safetensors.index.json") << index.dump();
        cmf::ConvertOptions o;
        o.quant = cmf::DType::Q4Tiled;
        o.modelDir = src;
        o.output = cmftest::tempDir() + "/from-single.cmf";
        cmf::convertHf(o, {});
        o.modelDir = dir;
        o.output = cmftest::tempDir() + "/from-split.cmf";
        cmf::convertHf(o, {});
        const auto a = cmf::CmfFile::open(cmftest::tempDir() + "/from-single.cmf"), b = cmf::CmfFile::open(o.output);
        QCOMPARE(b->directory().count(), a->directory().count());
        for (uint64_t i = 0; i < a->directory().count(); ++i) {
            QCOMPARE(b->directory().record(i).name, a->directory().record(i).name);
            QCOMPARE(b->directory().record(i).hash, a->directory().record(i).hash);
        }
    }
    void cancelLeavesNothing() {
        const std::string dir = cmftest::tempDir() + "/cancel";
        fs::remove_all(dir);
        fs::create_directories(dir);
        { std::ofstream(dir + "/model.cmf") << "previous"; }
        std::atomic<bool> stop{false};
        int calls = 0;
        cmf::Control control{[&](uint64_t, uint64_t, std::string_view) { if (++calls == 5) stop = true; }, &stop};
        cmf::ConvertOptions o;
        o.modelDir = modelDir("tiny-moe");
        o.output = dir + "/model.cmf";
        o.quant = cmf::DType::Q8Row;
        try {
            cmf::convertHf(o, control);
            QFAIL("convert ignored the cancel flag");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Cancelled);
        }
        QCOMPARE(size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator())), size_t(1));
        std::ifstream in(dir + "/model.cmf");
        std::string s;
        in >> s;
        QCOMPARE(s, std::string("previous"));
    }
    void clearErrors() {
        const std::string bad = cmftest::tempDir() + "/bad-model";
        fs::create_directories(bad);
        cmf::ConvertOptions o;
        o.modelDir = bad;
        o.output = cmftest::tempDir() + "/bad.cmf";
        auto expectError = [&](cmf::ErrorKind kind, const char* words) {
            try {
                cmf::convertHf(o, {});
                QFAIL("converted a broken model");
            } catch (const cmf::Error& e) {
                QCOMPARE(e.kind(), kind);
                QVERIFY2(std::string(e.what()).find(words) != std::string::npos, e.what());
            }
            QVERIFY(!fs::exists(o.output));
        };
        expectError(cmf::ErrorKind::Io, "config.json");
        auto config = cmftest::loadJson(modelDir("tiny-chat") + "/config.json");
        config["model_type"] = "bert";
        std::ofstream(bad + "/config.json") << config.dump();
        fs::copy_file(modelDir("tiny-chat") + "/model.safetensors", bad + "/model.safetensors");
        expectError(cmf::ErrorKind::Parse, "bert");
    }
};

QTEST_GUILESS_MAIN(TestConvert)
#include "tst_convert.moc"
