// Qwen3.5 import (format/hf_import.h): the arch block of the four tiny
// Qwen3.5 models in tests/data/models/gdn against the values their README
// states, the config keys and values that are refused, the checkpoint name
// layouts (language_model. dropped, model.visual.* skipped, the MTP head's
// canonical names, fused expert banks split per expert), canonical order of
// the MTP block's experts, and the tensor set and shape checks.
#include "test_support.h"

#include "cmf/format/error.h"
#include "cmf/format/hf_import.h"
#include "cmf/format/safetensors.h"

#include <QTest>
#include <algorithm>
#include <random>

using nlohmann::json;

namespace {

std::string gdn(const std::string& name) { return cmftest::dataPath("models/gdn/" + name); }
json config(const std::string& name) { return cmftest::loadJson(gdn(name) + "/config.json"); }

struct Names {
    std::vector<std::string> names;
    std::vector<std::vector<uint64_t>> shapes;
};
Names tensorsOf(const std::string& name) {
    const auto ck = cmf::Checkpoint::open(gdn(name));
    Names n;
    for (const auto& t : ck.tensors()) n.names.push_back(t.name), n.shapes.push_back(t.shape);
    return n;
}

// The canonical names and shapes convert gives a checkpoint (mapTensorNames, then the slices' shapes).
Names canonical(const std::string& name) {
    const Names src = tensorsOf(name);
    const auto m = cmf::hf::mapTensorNames(src.names, src.shapes);
    Names out;
    for (size_t i = 0; i < m.canonical.size(); ++i) {
        const size_t at = size_t(std::find(src.names.begin(), src.names.end(), m.source[i]) - src.names.begin());
        auto shape = src.shapes[at];
        if (m.slice[i]) shape = {m.slice[i]->rowEnd - m.slice[i]->rowBegin, shape[2]};
        out.names.push_back(m.canonical[i]);
        out.shapes.push_back(shape);
    }
    return out;
}

json layers(const std::string& kinds) {
    json out = json::array();
    for (char k : kinds) out.push_back(k == 'F' ? "FullAttention" : "LinearAttention");
    return out;
}

template <class F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const cmf::Error& e) {
        if (e.kind() != cmf::ErrorKind::Parse) return std::string("WRONG KIND: ") + e.what();
        return e.what();
    }
    return "NO ERROR";
}
#define EXPECT_PARSE_ERROR(expr, words)                                    \
    do {                                                                   \
        const std::string msg_ = errorOf([&] { (void)(expr); });           \
        QVERIFY2(msg_.find(words) != std::string::npos, msg_.c_str());     \
    } while (0)

// The README's facts for tiny-qwen3.5: hidden 64, 4 layers LLLF, 4 q / 2 kv
// heads of 64, FFN 192, vocab 1088, eps 1e-6, rope 1e7 on 0.25 of each head,
// context 4096, tied; linear attention 2 key / 4 value heads of 16, kernel 4;
// zero-centred norms except the gated one; one MTP block.
json denseArch() {
    return {{"arch_name", "qwen3_5_text"},
            {"hidden_size", 64},
            {"intermediate_size", 192},
            {"num_layers", 4},
            {"num_attention_heads", 4},
            {"num_kv_heads", 2},
            {"head_dim", 64},
            {"vocab_size", 1088},
            {"layer_types", layers("LLLF")},
            {"rms_norm_eps", 1e-6},
            {"norm_style", "gemma"},
            {"partial_rotary_factor", 0.25},
            {"tie_word_embeddings", true},
            {"attention_bias", false},
            {"hidden_act", "silu"},
            {"moe", nullptr},
            {"max_position_embeddings", 4096},
            {"rope_theta", 1e7},
            {"linear_conv_kernel_dim", 4},
            {"linear_num_key_heads", 2},
            {"linear_num_value_heads", 4},
            {"linear_key_head_dim", 16},
            {"linear_value_head_dim", 16},
            {"linear_norm_style", "qwen"},
            {"mtp", {{"num_layers", 1}, {"share_lm_head", true}, {"share_embed", true}}}};
}

// tiny-qwen3.5-moe: the same attention; 8 experts of 32, top-2, always
// renormalised, a shared expert of 64 on every layer; its own lm_head.
json moeArch() {
    json a = denseArch();
    a["arch_name"] = "qwen3_5_moe";
    a["intermediate_size"] = 32; // no dense FFN: the nominal size is the expert's
    a["tie_word_embeddings"] = false;
    a["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"moe_intermediate_size", 32}, {"norm_topk_prob", true},
                {"moe_layers", {0, 1, 2, 3}}, {"shared_expert_intermediate_size", 64}};
    return a;
}

} // namespace

class TestHfQwen35 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void denseTextLayoutArch() {
        JCOMPARE(cmf::hf::archFromConfig(config("tiny-qwen3.5"), canonical("tiny-qwen3.5").names), denseArch());
        // No embed_scale: that is Gemma's, and Qwen3.5 does not scale its embedding.
        QVERIFY(!cmf::hf::archFromConfig(config("tiny-qwen3.5")).contains("embed_scale"));
    }

    void moeConditionalArch() {
        JCOMPARE(cmf::hf::archFromConfig(config("tiny-qwen3.5-moe"), canonical("tiny-qwen3.5-moe").names), moeArch());
        // The text model alone (Qwen3_5MoeForCausalLM), without its MTP head.
        json a = moeArch();
        a["arch_name"] = "qwen3_5_moe_text";
        a.erase("mtp");
        JCOMPARE(cmf::hf::archFromConfig(config("tiny-qwen3.5-moe-text"), canonical("tiny-qwen3.5-moe-text").names), a);
    }

    void denseConditionalUntiedArch() {
        json a = denseArch();
        a["arch_name"] = "qwen3_5";
        a["num_layers"] = 5;
        a["layer_types"] = layers("LLLFL");
        a["tie_word_embeddings"] = false;
        a["linear_num_value_heads"] = 2;
        JCOMPARE(cmf::hf::archFromConfig(config("tiny-qwen3.5-cond-untied"), canonical("tiny-qwen3.5-cond-untied").names), a);
    }

    void layerScheduleFromInterval() {
        // Without layer_types, layer i is full attention iff (i + 1) % full_attention_interval == 0.
        json c = config("tiny-qwen3.5");
        c.erase("layer_types");
        c["num_hidden_layers"] = 8;
        JCOMPARE(cmf::hf::archFromConfig(c)["layer_types"], layers("LLLFLLLF"));
        c["full_attention_interval"] = 3;
        JCOMPARE(cmf::hf::archFromConfig(c)["layer_types"], layers("LLFLLFLL"));
        c["full_attention_interval"] = 1;
        JCOMPARE(cmf::hf::archFromConfig(c)["layer_types"], layers("FFFFFFFF"));
        QVERIFY(!cmf::hf::archFromConfig(c).contains("linear_norm_style")); // no linear layer, no linear fields
        c.erase("full_attention_interval");
        EXPECT_PARSE_ERROR(cmf::hf::archFromConfig(c), "full_attention_interval");
    }

    void ropeFromRopeParameters() {
        // rope_parameters wins over the top-level keys (transformers >= 4.56).
        json c = config("tiny-qwen3.5");
        c["partial_rotary_factor"] = 0.5;
        c["rope_parameters"]["rope_theta"] = 5e6;
        const json a = cmf::hf::archFromConfig(c);
        JCOMPARE(a["partial_rotary_factor"], 0.25);
        JCOMPARE(a["rope_theta"], 5e6);
        // mrope is not arch; provenance carries it.
        for (const char* k : {"mrope_section", "mrope_interleaved", "mrope"}) QVERIFY(!a.contains(k));
        const json notes = cmf::hf::provenanceNotes(config("tiny-qwen3.5-moe"));
        JCOMPARE(notes["mrope"]["mrope_section"], json({3, 3, 2}));
        JCOMPARE(notes["mrope"]["mrope_interleaved"], true);
        JCOMPARE(cmf::hf::provenanceNotes(cmftest::loadJson(cmftest::dataPath("models/tiny-moe/config.json"))), json::object());
    }

    void inertKeysAreAccepted() {
        json c = config("tiny-qwen3.5-moe");
        c["_name_or_path"] = "Qwen/Qwen3.5-tiny";
        c["text_config"]["output_attentions"] = false;
        c["text_config"]["router_aux_loss_coef"] = 0.01;
        c["text_config"]["mamba_ssm_dtype"] = "bfloat16";
        c["text_config"]["norm_topk_prob"] = true;
        c["text_config"]["mlp_only_layers"] = json::array();
        c["text_config"]["decoder_sparse_step"] = 1;
        JCOMPARE(cmf::hf::archFromConfig(c, canonical("tiny-qwen3.5-moe").names), moeArch());
    }

    void refusedConfigs_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("patch"); // a JSON merge patch of config.json
        QTest::addColumn<QString>("words");
        auto row = [](const char* name, const char* model, const char* patch, const char* words) {
            QTest::newRow(name) << QString::fromLatin1(model) << QString::fromUtf8(patch) << QString::fromUtf8(words);
        };
        // Keys that change the computation and that nothing maps.
        row("unknown text key", "tiny-qwen3.5", R"({"attn_logit_softcapping": 30.0})", "\"attn_logit_softcapping\" is not a Qwen3.5 setting");
        row("sliding window", "tiny-qwen3.5", R"({"sliding_window": 4096})", "\"sliding_window\"");
        row("quantized checkpoint", "tiny-qwen3.5", R"({"quantization_config": {"quant_method": "fp8"}})", "\"quantization_config\"");
        row("expert key in a dense model", "tiny-qwen3.5", R"({"num_experts": 8})", "\"num_experts\"");
        row("unknown key in text_config", "tiny-qwen3.5-moe", R"({"text_config": {"use_qk_norm": false}})",
            "\"use_qk_norm\" (text_config)");
        row("unknown wrapper key", "tiny-qwen3.5-moe", R"({"rms_norm_eps": 1e-5})", "\"rms_norm_eps\" (top level)");
        row("unknown rope key", "tiny-qwen3.5", R"({"rope_parameters": {"factor": 4.0}})", "\"factor\" (rope_parameters)");
        // Known keys with values this converter cannot honour.
        row("gelu", "tiny-qwen3.5", R"({"hidden_act": "gelu"})", "hidden_act is \"gelu\"");
        row("dedicated mtp embeddings", "tiny-qwen3.5", R"({"mtp_use_dedicated_embeddings": true})", "mtp_use_dedicated_embeddings");
        row("gate not a bool", "tiny-qwen3.5", R"({"attn_output_gate": 1})", "attn_output_gate");
        row("unnormalised top-k", "tiny-qwen3.5-moe", R"({"text_config": {"norm_topk_prob": false}})", "norm_topk_prob is false");
        row("dense layers", "tiny-qwen3.5-moe", R"({"text_config": {"mlp_only_layers": [1]}})", "mlp_only_layers");
        row("sparse step", "tiny-qwen3.5-moe", R"({"text_config": {"decoder_sparse_step": 2}})", "decoder_sparse_step");
        row("other text model type", "tiny-qwen3.5-moe", R"({"text_config": {"model_type": "qwen3_5_text"}})",
            "text_config.model_type is \"qwen3_5_text\", not \"qwen3_5_moe_text\"");
        row("tie disagrees", "tiny-qwen3.5-moe", R"({"tie_word_embeddings": true})", "tie_word_embeddings is true at the top level");
        // Linear-attention dims.
        row("no key heads", "tiny-qwen3.5", R"({"linear_num_key_heads": null})", "missing required key \"linear_num_key_heads\"");
        row("value heads not grouped", "tiny-qwen3.5", R"({"linear_num_value_heads": 3})", "not a multiple of linear_num_key_heads");
        row("zero kernel", "tiny-qwen3.5", R"({"linear_conv_kernel_dim": 0})", "linear_conv_kernel_dim must be positive");
    }
    void refusedConfigs() {
        QFETCH(QString, model);
        QFETCH(QString, patch);
        QFETCH(QString, words);
        json c = config(model.toStdString());
        c.merge_patch(json::parse(patch.toStdString()));
        EXPECT_PARSE_ERROR(cmf::hf::archFromConfig(c), words.toStdString());
    }

    void linearAttentionOnlyForQwen35() {
        // Qwen2/3 have no linear-attention mixer: such a layer_types entry is refused, not mapped.
        json c = cmftest::loadJson(cmftest::dataPath("models/tiny-moe/config.json"));
        c["layer_types"] = {"full_attention", "linear_attention", "full_attention", "full_attention"};
        EXPECT_PARSE_ERROR(cmf::hf::archFromConfig(c), "\"linear_attention\", which this model_type has no mixer for");
    }

    void nameLayouts() {
        // Conditional layout: language_model. dropped, the vision tower skipped, the MTP head renamed,
        // the fused banks split into 8 experts x 3 roles per layer.
        const Names src = tensorsOf("tiny-qwen3.5-moe");
        const auto m = cmf::hf::mapTensorNames(src.names, src.shapes);
        QCOMPARE(m.skipped.size(), size_t(21));
        for (const auto& n : m.skipped) QVERIFY2(n.starts_with("model.visual."), n.c_str());
        // 134 source tensors - 21 vision - 8 fused banks + 4 layers x 24 experts.
        QCOMPARE(src.names.size(), size_t(134));
        QCOMPARE(m.canonical.size(), size_t(134 - 21 - 8 + 96));
        for (const auto& n : m.canonical)
            QVERIFY2(n == "lm_head.weight" || (n.starts_with("model.") && n.find("language_model") == std::string::npos &&
                                               n.find("gate_up_proj") == std::string::npos && !n.starts_with("model.visual")),
                     n.c_str());
        auto sourceOf = [&](const std::string& canonicalName) -> std::pair<std::string, std::optional<cmf::hf::TensorSlice>> {
            const auto it = std::find(m.canonical.begin(), m.canonical.end(), canonicalName);
            if (it == m.canonical.end()) return {"ABSENT", std::nullopt};
            const size_t i = size_t(it - m.canonical.begin());
            return {m.source[i], m.slice[i]};
        };
        QCOMPARE(sourceOf("model.embed_tokens.weight").first, std::string("model.language_model.embed_tokens.weight"));
        QCOMPARE(sourceOf("lm_head.weight").first, std::string("lm_head.weight"));
        QCOMPARE(sourceOf("model.mtp.eh_proj.weight").first, std::string("mtp.fc.weight"));
        QCOMPARE(sourceOf("model.mtp.enorm.weight").first, std::string("mtp.pre_fc_norm_embedding.weight"));
        QCOMPARE(sourceOf("model.mtp.hnorm.weight").first, std::string("mtp.pre_fc_norm_hidden.weight"));
        QCOMPARE(sourceOf("model.mtp.norm.weight").first, std::string("mtp.norm.weight"));
        QCOMPARE(sourceOf("model.mtp.layers.0.mlp.experts.5.up_proj.weight").first,
                 std::string("mtp.layers.0.mlp.experts.5.up_proj.weight"));
        QVERIFY(!sourceOf("model.mtp.layers.0.mlp.experts.5.up_proj.weight").second);
        QCOMPARE(sourceOf("model.layers.0.linear_attn.A_log").first, std::string("model.language_model.layers.0.linear_attn.A_log"));
        // gate_up [8, 64, 64]: expert e's gate is rows 0..31 of entry e, its up rows 32..63; down [8, 64, 32] whole entries.
        const auto gate = sourceOf("model.layers.2.mlp.experts.6.gate_proj.weight");
        QCOMPARE(gate.first, std::string("model.language_model.layers.2.mlp.experts.gate_up_proj"));
        QVERIFY(gate.second && gate.second->expert == 6 && gate.second->rowBegin == 0 && gate.second->rowEnd == 32);
        const auto up = sourceOf("model.layers.2.mlp.experts.6.up_proj.weight");
        QVERIFY(up.second && up.second->expert == 6 && up.second->rowBegin == 32 && up.second->rowEnd == 64);
        const auto down = sourceOf("model.layers.3.mlp.experts.7.down_proj.weight");
        QCOMPARE(down.first, std::string("model.language_model.layers.3.mlp.experts.down_proj"));
        QVERIFY(down.second && down.second->expert == 7 && down.second->rowBegin == 0 && down.second->rowEnd == 64);

        // Text layout: the same canonical names from model.*.
        const Names text = tensorsOf("tiny-qwen3.5");
        const auto t = cmf::hf::mapTensorNames(text.names, text.shapes);
        QVERIFY(t.skipped.empty());
        QCOMPARE(t.canonical.size(), text.names.size());
        QVERIFY(std::find(t.canonical.begin(), t.canonical.end(), "model.mtp.layers.0.self_attn.q_proj.weight") != t.canonical.end());
        QVERIFY(std::find(t.canonical.begin(), t.canonical.end(), "model.layers.3.self_attn.q_proj.weight") != t.canonical.end());
    }

    void fusedBankNeedsItsShape() {
        const std::string bank = "model.layers.0.mlp.experts.gate_up_proj";
        EXPECT_PARSE_ERROR(cmf::hf::mapTensorNames({bank}), "split by its shape");
        EXPECT_PARSE_ERROR(cmf::hf::mapTensorNames({bank}, {{8, 63, 64}}), "[8, 63, 64]; a fused expert bank is [experts, 2 x ff, hidden]");
        EXPECT_PARSE_ERROR(cmf::hf::mapTensorNames({"model.layers.0.mlp.experts.down_proj"}, {{64, 32}}), "[experts, hidden, ff]");
        // An MTP layer's bank, were it fused, splits the same way under model.mtp.
        const auto mtp = cmf::hf::mapTensorNames({"mtp.layers.0.mlp.experts.gate_up_proj", "mtp.layers.0.mlp.experts.down_proj"},
                                                 {{2, 8, 4}, {2, 4, 4}});
        QCOMPARE(mtp.canonical, (std::vector<std::string>{
                                    "model.mtp.layers.0.mlp.experts.0.gate_proj.weight", "model.mtp.layers.0.mlp.experts.1.gate_proj.weight",
                                    "model.mtp.layers.0.mlp.experts.0.up_proj.weight", "model.mtp.layers.0.mlp.experts.1.up_proj.weight",
                                    "model.mtp.layers.0.mlp.experts.0.down_proj.weight", "model.mtp.layers.0.mlp.experts.1.down_proj.weight"}));
        QVERIFY(mtp.slice[3] && mtp.slice[3]->expert == 1 && mtp.slice[3]->rowBegin == 4 && mtp.slice[3]->rowEnd == 8);
        QVERIFY(mtp.slice[5] && mtp.slice[5]->expert == 1 && mtp.slice[5]->rowBegin == 0 && mtp.slice[5]->rowEnd == 4);
        // A fused bank beside the same experts one by one is one tensor twice.
        EXPECT_PARSE_ERROR(cmf::hf::mapTensorNames({bank, "model.layers.0.mlp.experts.1.up_proj.weight"}, {{2, 8, 4}, {4, 4}}),
                           "which are the same tensor model.layers.0.mlp.experts.1.up_proj.weight");
    }

    void mtpExpertsAreRoleContiguous() {
        const auto order = cmf::hf::canonicalOrder(canonical("tiny-qwen3.5-moe").names);
        auto at = [&](const std::string& n) { return std::find(order.begin(), order.end(), n) - order.begin(); };
        for (const std::string p : {"model.layers.1.", "model.mtp.layers.0."}) {
            std::vector<std::string> bank;
            for (const auto& n : order)
                if (n.starts_with(p + "mlp.experts.")) bank.push_back(n);
            QCOMPARE(bank.size(), size_t(24));
            int k = 0;
            for (const char* role : {"gate_proj", "up_proj", "down_proj"})
                for (int e = 0; e < 8; ++e) QCOMPARE(bank[size_t(k++)], p + "mlp.experts." + std::to_string(e) + "." + role + ".weight");
            QCOMPARE(at(bank.back()) - at(bank.front()), 23); // back to back
        }
        // The rest of the MTP block stays by name.
        QVERIFY(at("model.mtp.eh_proj.weight") < at("model.mtp.hnorm.weight"));
        QVERIFY(at("model.mtp.layers.0.input_layernorm.weight") < at("model.mtp.layers.0.mlp.experts.0.gate_proj.weight"));
        QVERIFY(at("model.mtp.layers.0.mlp.experts.7.down_proj.weight") < at("model.mtp.layers.0.mlp.gate.weight"));
        QVERIFY(at("model.mtp.layers.0.self_attn.v_proj.weight") < at("model.mtp.norm.weight"));
    }

    void tensorSetOfLinearLayers() {
        for (const char* model : {"tiny-qwen3.5", "tiny-qwen3.5-moe", "tiny-qwen3.5-moe-text", "tiny-qwen3.5-cond-untied"}) {
            const Names n = canonical(model);
            const json arch = cmf::hf::archFromConfig(config(model), n.names);
            cmf::hf::checkTensorSet(arch, n.names);
            cmf::hf::checkTensorShapes(config(model), arch, n.names, n.shapes);
        }
        const Names n = canonical("tiny-qwen3.5");
        const json arch = cmf::hf::archFromConfig(config("tiny-qwen3.5"), n.names);
        for (const char* t : {"A_log", "dt_bias", "conv1d.weight", "in_proj_a.weight", "norm.weight"}) {
            std::vector<std::string> names = n.names;
            const std::string gone = std::string("model.layers.1.linear_attn.") + t;
            names.erase(std::find(names.begin(), names.end(), gone));
            EXPECT_PARSE_ERROR(cmf::hf::checkTensorSet(arch, names), "lacks 1 tensor the arch (qwen3_5_text) implies: " + gone);
        }
    }

    void shapesAgainstArch() {
        const Names n = canonical("tiny-qwen3.5-moe");
        const json c = config("tiny-qwen3.5-moe");
        const json arch = cmf::hf::archFromConfig(c, n.names);
        auto with = [&](const std::string& name, std::vector<uint64_t> shape) {
            Names m = n;
            m.shapes[size_t(std::find(m.names.begin(), m.names.end(), name) - m.names.begin())] = std::move(shape);
            return m;
        };
        auto check = [&](const Names& m, const json& config) { cmf::hf::checkTensorShapes(config, arch, m.names, m.shapes); };
        // conv_dim = 2·2·16 + 4·16 = 128, kernel 4.
        EXPECT_PARSE_ERROR(check(with("model.layers.0.linear_attn.conv1d.weight", {128, 4}), c),
                           "model.layers.0.linear_attn.conv1d.weight has shape [128, 4]; the arch implies [128, 1, 4]");
        EXPECT_PARSE_ERROR(check(with("model.layers.2.linear_attn.A_log", {2}), c), "[4]");
        EXPECT_PARSE_ERROR(check(with("model.layers.1.linear_attn.in_proj_qkv.weight", {96, 64}), c), "[128, 64]");
        EXPECT_PARSE_ERROR(check(with("model.layers.1.mlp.experts.3.down_proj.weight", {32, 64}), c), "[64, 32]");
        EXPECT_PARSE_ERROR(check(with("model.mtp.layers.0.mlp.experts.3.gate_proj.weight", {64, 64}), c), "[32, 64]");
        EXPECT_PARSE_ERROR(check(with("model.layers.0.mlp.shared_expert.up_proj.weight", {32, 64}), c), "[64, 64]");
        // q_proj: 4 heads x 64 = 256 rows, 512 with the gate; anything else is neither.
        EXPECT_PARSE_ERROR(check(with("model.layers.3.self_attn.q_proj.weight", {384, 64}), c), "384 rows");
    }

    void outputGateMustMatchQProj() {
        // The released configs say attn_output_gate true and q_proj has a gate per head.
        const Names n = canonical("tiny-qwen3.5");
        json c = config("tiny-qwen3.5");
        const json arch = cmf::hf::archFromConfig(c, n.names);
        cmf::hf::checkTensorShapes(c, arch, n.names, n.shapes);
        c["attn_output_gate"] = false; // contradicts q_proj's 512 rows
        EXPECT_PARSE_ERROR(cmf::hf::checkTensorShapes(c, arch, n.names, n.shapes),
                           "attn_output_gate is false but model.layers.3.self_attn.q_proj.weight has 512 rows, a query and a gate per head");
        // An ungated q_proj (256 rows) with attn_output_gate false is consistent; with true it is not.
        Names ungated = n;
        for (size_t i = 0; i < ungated.names.size(); ++i)
            if (ungated.names[i].ends_with("self_attn.q_proj.weight")) ungated.shapes[i] = {256, 64};
        cmf::hf::checkTensorShapes(c, arch, ungated.names, ungated.shapes);
        c["attn_output_gate"] = true;
        EXPECT_PARSE_ERROR(cmf::hf::checkTensorShapes(c, arch, ungated.names, ungated.shapes), "a query and no gate per head");
        // Without the key the width alone decides.
        c.erase("attn_output_gate");
        cmf::hf::checkTensorShapes(c, arch, ungated.names, ungated.shapes);
        cmf::hf::checkTensorShapes(c, arch, n.names, n.shapes);
    }
};

QTEST_GUILESS_MAIN(TestHfQwen35)
#include "tst_hf_qwen35.moc"
