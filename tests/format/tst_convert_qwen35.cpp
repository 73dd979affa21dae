// cmf convert on the tiny Qwen3.5 models (tests/data/models/gdn): both
// checkpoint layouts, dense and MoE, tied and untied, with and without MTP.
// Each canonical tensor is traced back to its source by the README's layout
// (independently of the converter's name map): names, shapes, dtypes, and at
// f32 values equal to the bf16 source bit for bit — the fused expert banks
// split value by value. Also the dtype rules (recurrence parameters f32 at
// every quant), the skipped vision tower, provenance, and the refusals.
#include "test_support.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/error.h"
#include "cmf/format/safetensors.h"
#include "cmf/format/verify.h"

#include <QTest>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string gdn(const std::string& name) { return cmftest::dataPath("models/gdn/" + name); }

// The text settings: text_config of a ConditionalGeneration config, else the config.
json textConfig(const json& c) { return c.contains("text_config") ? c["text_config"] : c; }

const cmf::StTensor* findSource(const cmf::Checkpoint& ck, const std::string& canonical) {
    std::vector<std::string> candidates;
    static const std::pair<const char*, const char*> mtp[] = {{"model.mtp.eh_proj.weight", "mtp.fc.weight"},
                                                              {"model.mtp.enorm.weight", "mtp.pre_fc_norm_embedding.weight"},
                                                              {"model.mtp.hnorm.weight", "mtp.pre_fc_norm_hidden.weight"}};
    for (const auto& [to, from] : mtp)
        if (canonical == to) candidates.push_back(from);
    if (canonical.starts_with("model.mtp.")) candidates.push_back(canonical.substr(6)); // mtp.*
    else if (canonical.starts_with("model.")) candidates = {canonical, "model.language_model." + canonical.substr(6)};
    else candidates.push_back(canonical);
    for (const auto& c : candidates)
        if (const auto* t = ck.find(c)) return t;
    return nullptr;
}

std::vector<float> valuesOf(const cmf::StTensor& t) {
    std::vector<float> v(t.count());
    t.toFloat(0, t.rows(), v.data());
    return v;
}

// A canonical tensor's source values and shape: a checkpoint tensor, or its
// slice of a fused bank (gate_up [E, 2ff, h]: gate rows 0..ff-1, up ff..2ff-1; down [E, h, ff]).
struct Source {
    std::vector<float> values;
    std::vector<uint64_t> shape;
    bool fused = false;
};
Source sourceOf(const cmf::Checkpoint& ck, const std::string& canonical) {
    if (const auto* t = findSource(ck, canonical)) return {valuesOf(*t), t->shape, false};
    static const std::regex expert(R"(^(.*\.mlp\.experts\.)(\d+)\.(gate|up|down)_proj\.weight$)");
    std::smatch m;
    if (!std::regex_match(canonical, m, expert)) return {};
    const uint64_t e = std::stoull(m[2]);
    const std::string role = m[3];
    const auto* bank = findSource(ck, m[1].str() + (role == "down" ? "down_proj" : "gate_up_proj"));
    if (!bank) return {};
    const uint64_t rows = role == "down" ? bank->shape[1] : bank->shape[1] / 2, cols = bank->shape[2];
    const uint64_t first = e * bank->shape[1] + (role == "up" ? rows : 0);
    const auto all = valuesOf(*bank);
    return {std::vector<float>(all.begin() + long(first * cols), all.begin() + long((first + rows) * cols)), {rows, cols}, true};
}

cmf::ConvertReport convert(const std::string& model, const std::string& quant, const std::string& out) {
    cmf::ConvertOptions o;
    o.modelDir = gdn(model);
    o.output = out;
    o.quant = *cmf::quantFromName(quant);
    return cmf::convertHf(o, {});
}

bool isRecurrence(const std::string& n) {
    return n.ends_with(".linear_attn.conv1d.weight") || n.ends_with(".linear_attn.A_log") || n.ends_with(".linear_attn.dt_bias");
}

} // namespace

class TestConvertQwen35 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void convertsExactly_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"tiny-qwen3.5", "tiny-qwen3.5-moe", "tiny-qwen3.5-moe-text", "tiny-qwen3.5-cond-untied"})
            QTest::newRow(m) << QString::fromLatin1(m);
    }
    void convertsExactly() {
        QFETCH(QString, model);
        const std::string name = model.toStdString(), dir = gdn(name);
        const std::string out = cmftest::tempDir() + "/" + name + "-f32.cmf";
        const auto report = convert(name, "f32", out);
        const auto f = cmf::CmfFile::open(out);
        const auto v = cmf::verify(*f);
        QVERIFY2(v.ok(), v.ok() ? "" : v.problems[0].detail.c_str());

        // arch against the config's own numbers.
        const json config = cmftest::loadJson(dir + "/config.json"), text = textConfig(config);
        const json& arch = f->header()["arch"];
        JCOMPARE(arch["arch_name"], config["model_type"]);
        JCOMPARE(arch["hidden_size"], text["hidden_size"]);
        JCOMPARE(arch["num_layers"], text["num_hidden_layers"]);
        JCOMPARE(arch["num_attention_heads"], text["num_attention_heads"]);
        JCOMPARE(arch["num_kv_heads"], text["num_key_value_heads"]);
        JCOMPARE(arch["head_dim"], text["head_dim"]);
        JCOMPARE(arch["vocab_size"], text["vocab_size"]);
        JCOMPARE(arch["rms_norm_eps"], text["rms_norm_eps"]);
        JCOMPARE(arch["max_position_embeddings"], text["max_position_embeddings"]);
        JCOMPARE(arch["tie_word_embeddings"], text["tie_word_embeddings"]);
        JCOMPARE(arch["rope_theta"], text["rope_parameters"]["rope_theta"]);
        JCOMPARE(arch["partial_rotary_factor"], text["rope_parameters"]["partial_rotary_factor"]);
        for (const char* k : {"linear_conv_kernel_dim", "linear_num_key_heads", "linear_num_value_heads", "linear_key_head_dim",
                              "linear_value_head_dim"})
            JCOMPARE(arch[k], text[k]);
        JCOMPARE(arch["norm_style"], "gemma");
        JCOMPARE(arch["linear_norm_style"], "qwen");
        QVERIFY(!arch.contains("embed_scale"));
        for (const char* k : {"mrope_section", "mrope_interleaved", "attn_output_gate"}) QVERIFY(!arch.contains(k));
        json types = json::array();
        for (const auto& t : text["layer_types"]) types.push_back(t == "linear_attention" ? "LinearAttention" : "FullAttention");
        JCOMPARE(arch["layer_types"], types);
        const int64_t mtpLayers = text["mtp_num_hidden_layers"];
        if (mtpLayers > 0) JCOMPARE(arch["mtp"], json({{"num_layers", mtpLayers}, {"share_lm_head", true}, {"share_embed", true}}));
        else QVERIFY(!arch.contains("mtp"));
        if (text.contains("num_experts")) {
            JCOMPARE(arch["moe"]["num_experts"], text["num_experts"]);
            JCOMPARE(arch["moe"]["top_k"], text["num_experts_per_tok"]);
            JCOMPARE(arch["moe"]["moe_intermediate_size"], text["moe_intermediate_size"]);
            JCOMPARE(arch["moe"]["shared_expert_intermediate_size"], text["shared_expert_intermediate_size"]);
            JCOMPARE(arch["moe"]["norm_topk_prob"], true);
        } else {
            JCOMPARE(arch["moe"], nullptr);
        }
        // The multimodal RoPE sections are noted, not mapped.
        JCOMPARE(f->header()["provenance"]["mrope"]["mrope_section"], text["rope_parameters"]["mrope_section"]);

        // Tokenizer and chat bundle.
        QVERIFY(std::ranges::equal(f->vocab(), cmftest::readBytes(dir + "/tokenizer.json")));
        QVERIFY(f->chatBundle().has_value());
        QVERIFY(std::ranges::find(f->chatBundle()->eosTokenIds, 1026) != f->chatBundle()->eosTokenIds.end());

        // Every tensor back to its source: shape, f32, values bit for bit.
        const auto ck = cmf::Checkpoint::open(dir);
        uint64_t fusedBanks = 0, vision = 0, fusedEntries = 0;
        std::vector<std::string> visionNames;
        for (const auto& t : ck.tensors()) {
            if (t.name.starts_with("model.visual.")) ++vision, visionNames.push_back(t.name);
            if (t.name.ends_with("gate_up_proj") || t.name.ends_with("experts.down_proj")) ++fusedBanks;
        }
        for (uint64_t i = 0; i < f->directory().count(); ++i) {
            const auto r = f->directory().record(i);
            const std::string n(r.name);
            QVERIFY2(n == "lm_head.weight" || (n.starts_with("model.") && n.find("language_model") == std::string::npos), n.c_str());
            const Source s = sourceOf(ck, n);
            QVERIFY2(!s.values.empty(), ("no source for " + n).c_str());
            fusedEntries += s.fused;
            QVERIFY2(r.dims() == s.shape, n.c_str());
            QCOMPARE(r.dtype, cmf::DType::F32);
            const auto got = cmf::decodeAll(f->tensorBytes(r));
            QVERIFY2(got.size() == s.values.size() && std::memcmp(got.data(), s.values.data(), got.size() * 4) == 0, n.c_str());
        }
        // Nothing else: the source minus the vision tower, each bank replaced by its experts.
        QCOMPARE(f->directory().count(), uint64_t(ck.tensors().size()) - vision - fusedBanks + fusedEntries);
        QCOMPARE(report.skipped, visionNames);
        if (vision) {
            JCOMPARE(f->header()["provenance"]["skipped_tensors"]["count"], vision);
            JCOMPARE(f->header()["provenance"]["skipped_tensors"]["parts"], json({{"visual", vision}}));
        } else {
            QVERIFY(!f->header()["provenance"].contains("skipped_tensors"));
        }

        // The expert banks, trunk and MTP, are role-contiguous in the directory.
        if (text.contains("num_experts")) {
            QVERIFY(fusedEntries == 4 * 24);
            for (const std::string p : {"model.layers.2.", "model.mtp.layers.0."}) {
                std::vector<std::string> bank;
                for (uint64_t i = 0; i < f->directory().count(); ++i) {
                    const std::string n(f->directory().record(i).name);
                    if (n.starts_with(p + "mlp.experts.")) bank.push_back(n);
                }
                if (p.starts_with("model.mtp") && mtpLayers == 0) continue;
                QCOMPARE(bank.size(), size_t(24));
                QCOMPARE(bank[0], p + "mlp.experts.0.gate_proj.weight");
                QCOMPARE(bank[7], p + "mlp.experts.7.gate_proj.weight");
                QCOMPARE(bank[8], p + "mlp.experts.0.up_proj.weight");
                QCOMPARE(bank[23], p + "mlp.experts.7.down_proj.weight");
            }
        }
        fs::remove(out);
    }

    void fusedSplitByIndex() {
        // Spot values by explicit index arithmetic on the banks: expert e's gate
        // row r = gate_up[e][r], its up row r = gate_up[e][ff + r], its down row r = down[e][r].
        const std::string out = cmftest::tempDir() + "/moe-split.cmf";
        convert("tiny-qwen3.5-moe", "f32", out);
        const auto f = cmf::CmfFile::open(out);
        const auto ck = cmf::Checkpoint::open(gdn("tiny-qwen3.5-moe"));
        const uint64_t ff = 32, h = 64;
        for (const int layer : {0, 3})
            for (const uint64_t e : {0u, 5u, 7u}) {
                const std::string src = "model.language_model.layers." + std::to_string(layer) + ".mlp.experts.";
                const auto gateUp = valuesOf(*ck.find(src + "gate_up_proj")), down = valuesOf(*ck.find(src + "down_proj"));
                const std::string dst = "model.layers." + std::to_string(layer) + ".mlp.experts." + std::to_string(e) + ".";
                const auto g = cmf::decodeAll(f->tensorBytes(*f->findTensor(dst + "gate_proj.weight")));
                const auto u = cmf::decodeAll(f->tensorBytes(*f->findTensor(dst + "up_proj.weight")));
                const auto d = cmf::decodeAll(f->tensorBytes(*f->findTensor(dst + "down_proj.weight")));
                QCOMPARE(g.size(), size_t(ff * h));
                QCOMPARE(d.size(), size_t(h * ff));
                for (const uint64_t r : {0u, 13u, 31u})
                    for (const uint64_t c : {0u, 40u, 63u}) {
                        QCOMPARE(g[r * h + c], gateUp[(e * 2 * ff + r) * h + c]);
                        QCOMPARE(u[r * h + c], gateUp[(e * 2 * ff + ff + r) * h + c]);
                    }
                for (const uint64_t r : {0u, 33u, 63u})
                    for (const uint64_t c : {0u, 17u, 31u}) QCOMPARE(d[r * ff + c], down[(e * h + r) * ff + c]);
                QVERIFY(g != u); // gate and up are different halves
            }
    }

    void dtypeRules_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("quant");
        for (const char* m : {"tiny-qwen3.5", "tiny-qwen3.5-moe", "tiny-qwen3.5-cond-untied"})
            for (const char* q : {"bf16", "q8", "q4t", "q4tp", "vbit"})
                QTest::newRow((std::string(m) + "/" + q).c_str()) << QString::fromLatin1(m) << QString::fromLatin1(q);
    }
    void dtypeRules() {
        QFETCH(QString, model);
        QFETCH(QString, quant);
        const std::string out = cmftest::tempDir() + "/rules.cmf";
        const auto report = convert(model.toStdString(), quant.toStdString(), out);
        const auto f = cmf::CmfFile::open(out);
        QVERIFY(cmf::verify(*f).ok());
        const auto ck = cmf::Checkpoint::open(gdn(model.toStdString()));
        const bool tied = f->header()["arch"]["tie_word_embeddings"] == true;
        const bool fourBit = quant.startsWith(QLatin1String("q4"));
        int recurrence = 0;
        for (const auto& t : report.tensors) {
            const auto r = f->findTensor(t.name);
            QVERIFY(r.has_value());
            QCOMPARE(r->dtype, t.dtype);
            if (isRecurrence(t.name)) {
                // Kept f32 whatever the request, and the report says why; the values are the source's exactly.
                ++recurrence;
                QCOMPARE(t.dtype, cmf::DType::F32);
                QVERIFY2(t.reason == "linear-attention recurrence parameter kept f32: " +
                                         std::string(cmf::dtypeName(*cmf::quantFromName(quant.toStdString()))) + " -> f32",
                         t.reason.c_str());
                const auto got = cmf::decodeAll(f->tensorBytes(*r));
                const auto src = sourceOf(ck, t.name);
                QVERIFY(got == src.values);
                if (t.name.ends_with("conv1d.weight")) { // [2·nk·dk + nv·dv, 1, K], as the source
                    const json& a = f->header()["arch"];
                    const uint64_t convDim = 2 * a["linear_num_key_heads"].get<uint64_t>() * a["linear_key_head_dim"].get<uint64_t>() +
                                             a["linear_num_value_heads"].get<uint64_t>() * a["linear_value_head_dim"].get<uint64_t>();
                    QCOMPARE(t.shape, (std::vector<uint64_t>{convDim, 1, a["linear_conv_kernel_dim"].get<uint64_t>()}));
                }
            } else if (t.shape.size() == 1) {
                QCOMPARE(t.dtype, cmf::DType::F16); // norms, the gated norm included
            } else if (t.name.ends_with(".mlp.gate.weight") || t.name.ends_with(".shared_expert_gate.weight")) {
                QCOMPARE(t.dtype, cmf::DType::F16); // routers and the shared expert's gate
            } else if (t.name == "lm_head.weight") {
                QVERIFY(!tied);
                if (fourBit) QCOMPARE(t.dtype, cmf::DType::Q8Row); // the q4 family keeps an untied output at q8
            } else if (!t.reason.empty()) {
                QVERIFY2(t.dtype != cmf::DType::F32, t.name.c_str()); // a shape fallback, never to f32
            }
        }
        const int linearLayers = int(std::ranges::count(f->header()["arch"]["layer_types"], json("LinearAttention")));
        QCOMPARE(recurrence, 3 * linearLayers);
        if (fourBit && tied) QVERIFY(f->findTensor("model.embed_tokens.weight")->dtype != cmf::DType::Q8Row);
        fs::remove(out);
    }

    void refusals_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("words");
        QTest::newRow("unknown key") << QStringLiteral("tiny-qwen3.5") << QStringLiteral(R"({"rope_scaling_alpha": 2.0})")
                                     << QStringLiteral("\"rope_scaling_alpha\" is not a Qwen3.5 setting this converter maps");
        QTest::newRow("unknown text_config key") << QStringLiteral("tiny-qwen3.5-moe")
                                                 << QStringLiteral(R"({"text_config": {"moe_router_sigmoid": true}})")
                                                 << QStringLiteral("\"moe_router_sigmoid\" (text_config)");
        QTest::newRow("no output gate, gated q_proj")
            << QStringLiteral("tiny-qwen3.5") << QStringLiteral(R"({"attn_output_gate": false})")
            << QStringLiteral("attn_output_gate is false but model.layers.3.self_attn.q_proj.weight has 512 rows");
        QTest::newRow("no output gate, conditional")
            << QStringLiteral("tiny-qwen3.5-moe") << QStringLiteral(R"({"text_config": {"attn_output_gate": false}})")
            << QStringLiteral("attn_output_gate is false but model.layers.3.self_attn.q_proj.weight");
        QTest::newRow("conv kernel") << QStringLiteral("tiny-qwen3.5") << QStringLiteral(R"({"linear_conv_kernel_dim": 3})")
                                     << QStringLiteral("conv1d.weight has shape [128, 1, 4]; the arch implies [128, 1, 3]");
    }
    void refusals() {
        QFETCH(QString, model);
        QFETCH(QString, patch);
        QFETCH(QString, words);
        const std::string src = gdn(model.toStdString()), dir = cmftest::tempDir() + "/refused-source";
        fs::remove_all(dir);
        fs::create_directories(dir);
        for (const char* file : {"model.safetensors", "tokenizer.json", "tokenizer_config.json"}) fs::copy_file(src + "/" + file, dir + "/" + file);
        json c = cmftest::loadJson(src + "/config.json");
        c.merge_patch(json::parse(patch.toStdString()));
        std::ofstream(dir + "/config.json") << c.dump(2);
        cmf::ConvertOptions o;
        o.modelDir = dir;
        o.output = cmftest::tempDir() + "/refused.cmf";
        o.quant = cmf::DType::Q8Row;
        try {
            cmf::convertHf(o, {});
            QFAIL("converted a model it should refuse");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
            QVERIFY2(std::string(e.what()).find(words.toStdString()) != std::string::npos, e.what());
        }
        QVERIFY(!fs::exists(o.output));
    }
};

QTEST_GUILESS_MAIN(TestConvertQwen35)
#include "tst_convert_qwen35.moc"
