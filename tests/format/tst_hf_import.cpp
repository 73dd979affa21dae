// Hugging Face import (format/hf_import.h): arch blocks from real and
// published configs checked against values worked out by hand from each
// config's semantics, the kit's tiny config against the independent
// reference converter's header, the chat bundle of the trained demo models,
// canonical tensor order and the tensor-set check.
#include "test_support.h"

#include "cmf/format/error.h"
#include "cmf/format/generation_config.h"
#include "cmf/format/hf_import.h"
#include "cmf/format/safetensors.h"

#include <QTest>
#include <cmath>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string demoDir() { return cmftest::dataPath("../../resources/demo-model"); }
std::string modelDir(const std::string& name) { return cmftest::dataPath("models/" + name); }
json hfConfig(const std::string& name) { return cmftest::loadJson(cmftest::dataPath("hf_configs/" + name)); }

std::vector<std::string> tensorNames(const std::string& dir) {
    const auto checkpoint = cmf::Checkpoint::open(dir); // outlives the loop (a temporary would not)
    std::vector<std::string> names;
    for (const auto& t : checkpoint.tensors()) names.push_back(t.name);
    return names;
}

// One letter per layer: F full, S sliding, L linear.
json layers(const std::string& kinds) {
    json out = json::array();
    for (char k : kinds) out.push_back(k == 'F' ? "FullAttention" : k == 'S' ? "SlidingAttention" : "LinearAttention");
    return out;
}
std::string repeat(const std::string& unit, int times) {
    std::string s;
    for (int i = 0; i < times; ++i) s += unit;
    return s;
}

// Runs f, which must throw cmf::Error of this kind; returns its message.
template <class F>
std::string errorOf(F&& f, cmf::ErrorKind kind) {
    try {
        f();
    } catch (const cmf::Error& e) {
        if (e.kind() != kind) return std::string("WRONG KIND ") + cmf::errorKindName(e.kind()) + ": " + e.what();
        return e.what();
    }
    return "NO ERROR";
}
#define EXPECT_ERROR(expr, kind, words)                                                    \
    do {                                                                                   \
        const std::string msg_ = errorOf([&] { (void)(expr); }, kind);                     \
        QVERIFY2(msg_.find(words) != std::string::npos, msg_.c_str());                     \
    } while (0)

std::string makeDir(const std::string& name) {
    const std::string d = cmftest::tempDir() + "/" + name;
    fs::create_directories(d);
    return d;
}
void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}
void writeJson(const std::string& path, const json& j) { writeFile(path, j.dump(2)); }

std::vector<std::string> without(std::vector<std::string> names, const std::vector<std::string>& drop) {
    names.erase(std::remove_if(names.begin(), names.end(),
                               [&](const std::string& n) { return std::find(drop.begin(), drop.end(), n) != drop.end(); }),
                names.end());
    return names;
}

// The facts the shared models README states for tiny-chat (= the demo
// model) and tiny-chat-code: qwen3, 4 layers, hidden 256, 4 q / 2 kv heads,
// head_dim 64, FFN 768, vocab 8192, rope_theta 1e6, eps 1e-6, context 2048,
// untied lm_head, no biases.
json tinyChatArch() {
    return {{"arch_name", "qwen3"},          {"hidden_size", 256},
            {"intermediate_size", 768},      {"num_layers", 4},
            {"num_attention_heads", 4},      {"num_kv_heads", 2},
            {"head_dim", 64},                {"vocab_size", 8192},
            {"layer_types", layers("FFFF")}, {"rms_norm_eps", 1e-6},
            {"norm_style", "qwen"},          {"rope_theta", 1000000.0},
            {"partial_rotary_factor", 1.0},  {"tie_word_embeddings", false},
            {"max_position_embeddings", 2048}, {"attention_bias", false},
            {"hidden_act", "silu"},          {"moe", nullptr}};
}

} // namespace

class TestHfImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ------------------------------------------------------------ real models

    void demoModelArch() {
        JCOMPARE(cmf::hf::archFromConfig(cmftest::loadJson(demoDir() + "/config.json")), tinyChatArch());
        JCOMPARE(cmf::hf::archFromConfig(cmftest::loadJson(modelDir("tiny-chat-code") + "/config.json")), tinyChatArch());
    }

    void tinyMoeArch() {
        // Same attention as tiny-chat; 8 experts, top-2, moe_intermediate 256,
        // norm_topk_prob true; decoder_sparse_step 1 and no mlp_only_layers: every layer MoE.
        json expected = tinyChatArch();
        expected["arch_name"] = "qwen3_moe";
        expected["moe"] = {{"num_experts", 8}, {"top_k", 2}, {"moe_intermediate_size", 256},
                           {"norm_topk_prob", true}, {"moe_layers", {0, 1, 2, 3}}};
        JCOMPARE(cmf::hf::archFromConfig(cmftest::loadJson(modelDir("tiny-moe") + "/config.json")), expected);
    }

    void demoModelChatBundle() {
        // generation_config eos [8168, 8166] ∪ config eos 8168 ∪ eos_token <|im_end|> = 8168;
        // bos 8166 and pad 8166 from generation_config.
        const std::string templ = cmftest::loadJson(demoDir() + "/tokenizer_config.json")["chat_template"];
        QVERIFY(templ.starts_with("{%- if tools %}"));
        const json expected = {{"chat_template", templ}, {"eos_token_ids", {8168, 8166}},
                               {"bos_token_id", 8166}, {"pad_token_id", 8166}};
        JCOMPARE(cmf::hf::chatBundleFromDir(demoDir()), expected);
        JCOMPARE(cmf::hf::chatBundleFromDir(modelDir("tiny-moe")), expected);
    }

    void realTensorSetsPass() {
        for (const std::string& dir : {demoDir(), modelDir("tiny-chat-code"), modelDir("tiny-moe")}) {
            const json arch = cmf::hf::archFromConfig(cmftest::loadJson(dir + "/config.json"));
            cmf::hf::checkTensorSet(arch, tensorNames(dir));
        }
    }

    void missingTensorIsNamed() {
        const auto moeNames = tensorNames(modelDir("tiny-moe"));
        const json moeArch = cmf::hf::archFromConfig(cmftest::loadJson(modelDir("tiny-moe") + "/config.json"));
        const std::string expert = "model.layers.2.mlp.experts.5.up_proj.weight";
        QVERIFY(std::find(moeNames.begin(), moeNames.end(), expert) != moeNames.end());
        EXPECT_ERROR(cmf::hf::checkTensorSet(moeArch, without(moeNames, {expert})), cmf::ErrorKind::Parse,
                     "lacks 1 tensor the arch (qwen3_moe) implies: " + expert);
        EXPECT_ERROR(cmf::hf::checkTensorSet(moeArch, without(moeNames, {"model.layers.0.mlp.gate.weight"})),
                     cmf::ErrorKind::Parse, "model.layers.0.mlp.gate.weight");

        const auto names = tensorNames(demoDir());
        json arch = cmf::hf::archFromConfig(cmftest::loadJson(demoDir() + "/config.json"));
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, without(names, {"lm_head.weight"})), cmf::ErrorKind::Parse,
                     "lm_head.weight");
        arch["tie_word_embeddings"] = true; // tied: the embedding doubles as lm_head
        cmf::hf::checkTensorSet(arch, without(names, {"lm_head.weight"}));

        // Layer 3 gone: 2 norms + 4 attention + 3 FFN projections = 9, first 5 shown.
        std::vector<std::string> noLayer3;
        for (const auto& n : names)
            if (!n.starts_with("model.layers.3.")) noLayer3.push_back(n);
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, noLayer3), cmf::ErrorKind::Parse, "lacks 9 tensors");
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, noLayer3), cmf::ErrorKind::Parse,
                     "model.layers.3.input_layernorm.weight, model.layers.3.post_attention_layernorm.weight, "
                     "model.layers.3.self_attn.q_proj.weight");
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, noLayer3), cmf::ErrorKind::Parse, ", and 4 more");
    }

    // ------------------------------------------------------------ conformance kit

    void kitTinyMatchesReferenceHeader() {
        // Every non-null arch value the independent reference converter wrote must come out the same.
        const std::string src = cmftest::dataPath("conformance/source/tiny");
        const json config = cmftest::loadJson(src + "/config.json");
        const auto names = tensorNames(src);
        const json arch = cmf::hf::archFromConfig(config, names);
        const json manifest = cmftest::loadJson(cmftest::dataPath("conformance/manifest.json"));
        int compared = 0;
        for (const auto& file : manifest["files"]) {
            for (const auto& [key, value] : file["header"]["arch"].items()) {
                if (value.is_null()) continue;
                QVERIFY2(arch.contains(key), key.c_str());
                JCOMPARE(arch[key], value);
                ++compared;
            }
        }
        QVERIFY(compared > 100);
        JCOMPARE(arch["moe"], nullptr);
        // The MTP block comes from the model.mtp.* tensors: the config does not declare one.
        QVERIFY(!cmf::hf::archFromConfig(config).contains("mtp"));
        cmf::hf::checkTensorSet(arch, names);
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, without(names, {"model.mtp.hnorm.weight"})), cmf::ErrorKind::Parse,
                     "model.mtp.hnorm.weight");
    }

    void kitDirectoryOrderIsCanonical() {
        // The reference converter writes its directory in canonical order; ours must agree.
        const json manifest = cmftest::loadJson(cmftest::dataPath("conformance/manifest.json"));
        int files = 0;
        for (const auto& file : manifest["files"]) {
            if (file["file"].get<std::string>().find("sharded") != std::string::npos) continue;
            std::vector<std::string> order;
            for (const auto& t : file["tensors"]) order.push_back(t["name"]);
            std::vector<std::string> shuffled(order.rbegin(), order.rend());
            QCOMPARE(cmf::hf::canonicalOrder(shuffled), order);
            ++files;
        }
        QCOMPARE(files, 15);
    }

    // ------------------------------------------------------------ published configs

    void llama31() {
        // Llama 3.1: GQA 32/8, head_dim 4096/32 = 128, llama3 rope scaling kept for the engine.
        const json expected = {
            {"arch_name", "llama"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_layers", 32},
            {"num_attention_heads", 32}, {"num_kv_heads", 8}, {"head_dim", 128}, {"vocab_size", 128256},
            {"layer_types", layers(std::string(32, 'F'))}, {"rms_norm_eps", 1e-5}, {"norm_style", "qwen"},
            {"rope_theta", 500000.0}, {"partial_rotary_factor", 1.0},
            {"rope_scaling", {{"factor", 8.0}, {"low_freq_factor", 1.0}, {"high_freq_factor", 4.0},
                              {"original_max_position_embeddings", 8192}, {"rope_type", "llama3"}}},
            {"tie_word_embeddings", false}, {"max_position_embeddings", 131072}, {"attention_bias", false},
            {"hidden_act", "silu"}, {"moe", nullptr}};
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("llama-3.1-8b-instruct.json")), expected);
    }

    void mistralSlidingWindow() {
        // Mistral 7B v0.1: a 4096 window on every layer, same RoPE base as global.
        const json expected = {
            {"arch_name", "mistral"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_layers", 32},
            {"num_attention_heads", 32}, {"num_kv_heads", 8}, {"head_dim", 128}, {"vocab_size", 32000},
            {"layer_types", layers(std::string(32, 'S'))}, {"rms_norm_eps", 1e-5}, {"norm_style", "qwen"},
            {"rope_theta", 10000.0}, {"partial_rotary_factor", 1.0}, {"sliding_window", 4096},
            {"rope_local_base_freq", 10000.0}, {"local_partial_rotary_factor", 1.0},
            {"tie_word_embeddings", false}, {"max_position_embeddings", 32768}, {"attention_bias", false},
            {"hidden_act", "silu"}, {"moe", nullptr}};
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("mistral-7b-v0.1.json")), expected);

        json v02 = hfConfig("mistral-7b-v0.1.json");
        v02["sliding_window"] = nullptr; // v0.2 and later: no window
        const json arch = cmf::hf::archFromConfig(v02);
        JCOMPARE(arch["layer_types"], layers(std::string(32, 'F')));
        QVERIFY(!arch.contains("sliding_window"));
    }

    void qwen25NoSlidingWindow() {
        // use_sliding_window false: the 131072 sliding_window is unused; Qwen2 always has q/k/v biases.
        const json expected = {
            {"arch_name", "qwen2"}, {"hidden_size", 3584}, {"intermediate_size", 18944}, {"num_layers", 28},
            {"num_attention_heads", 28}, {"num_kv_heads", 4}, {"head_dim", 128}, {"vocab_size", 152064},
            {"layer_types", layers(std::string(28, 'F'))}, {"rms_norm_eps", 1e-6}, {"norm_style", "qwen"},
            {"rope_theta", 1000000.0}, {"partial_rotary_factor", 1.0}, {"tie_word_embeddings", false},
            {"max_position_embeddings", 32768}, {"attention_bias", true}, {"hidden_act", "silu"}, {"moe", nullptr}};
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("qwen2.5-7b-instruct.json")), expected);

        // Enabled with max_window_layers 21: layers 21..27 slide.
        json swa = hfConfig("qwen2.5-7b-instruct.json");
        swa["use_sliding_window"] = true;
        swa["max_window_layers"] = 21;
        const json arch = cmf::hf::archFromConfig(swa);
        JCOMPARE(arch["layer_types"], layers(std::string(21, 'F') + std::string(7, 'S')));
        JCOMPARE(arch["sliding_window"], 131072);
        JCOMPARE(arch["rope_local_base_freq"], 1000000.0);
        JCOMPARE(arch["local_partial_rotary_factor"], 1.0);
    }

    void qwen2MoeMixedLayers() {
        // Qwen1.5-MoE-A2.7B with decoder_sparse_step 2 and mlp_only_layers [3, 23]:
        // MoE where (i+1) is even and i is not dense-only → 1, 5, 7, …, 21.
        // norm_topk_prob is absent: Qwen2MoeConfig's default, false.
        const json moe = {{"num_experts", 60}, {"top_k", 4}, {"moe_intermediate_size", 1408},
                          {"norm_topk_prob", false}, {"shared_expert_intermediate_size", 5632},
                          {"moe_layers", {1, 5, 7, 9, 11, 13, 15, 17, 19, 21}}};
        const json expected = {
            {"arch_name", "qwen2_moe"}, {"hidden_size", 2048}, {"intermediate_size", 5632}, {"num_layers", 24},
            {"num_attention_heads", 16}, {"num_kv_heads", 16}, {"head_dim", 128}, {"vocab_size", 151936},
            {"layer_types", layers(std::string(24, 'F'))}, {"rms_norm_eps", 1e-6}, {"norm_style", "qwen"},
            {"rope_theta", 1000000.0}, {"partial_rotary_factor", 1.0}, {"tie_word_embeddings", false},
            {"max_position_embeddings", 8192}, {"attention_bias", true}, {"hidden_act", "silu"}, {"moe", moe}};
        const json arch = cmf::hf::archFromConfig(hfConfig("qwen1.5-moe-a2.7b-sparse-step2.json"));
        JCOMPARE(arch, expected);

        // A matching checkpoint passes; a dense-only layer needs the dense FFN, a MoE layer its shared expert.
        const std::vector<int> moeLayers = {1, 5, 7, 9, 11, 13, 15, 17, 19, 21};
        std::vector<std::string> names = {"model.embed_tokens.weight", "model.norm.weight", "lm_head.weight"};
        for (int i = 0; i < 24; ++i) {
            const std::string p = "model.layers." + std::to_string(i) + ".";
            for (const char* n : {"input_layernorm", "post_attention_layernorm", "self_attn.q_proj", "self_attn.k_proj",
                                  "self_attn.v_proj", "self_attn.o_proj"})
                names.push_back(p + n + ".weight");
            if (std::find(moeLayers.begin(), moeLayers.end(), i) == moeLayers.end()) {
                for (const char* n : {"gate_proj", "up_proj", "down_proj"}) names.push_back(p + "mlp." + n + ".weight");
                continue;
            }
            names.push_back(p + "mlp.gate.weight");
            names.push_back(p + "mlp.shared_expert_gate.weight");
            for (const char* n : {"gate_proj", "up_proj", "down_proj"}) {
                names.push_back(p + "mlp.shared_expert." + n + ".weight");
                for (int e = 0; e < 60; ++e) names.push_back(p + "mlp.experts." + std::to_string(e) + "." + n + ".weight");
            }
        }
        cmf::hf::checkTensorSet(arch, names);
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, without(names, {"model.layers.5.mlp.shared_expert.up_proj.weight"})),
                     cmf::ErrorKind::Parse, "model.layers.5.mlp.shared_expert.up_proj.weight");
        EXPECT_ERROR(cmf::hf::checkTensorSet(arch, without(names, {"model.layers.3.mlp.down_proj.weight"})),
                     cmf::ErrorKind::Parse, "model.layers.3.mlp.down_proj.weight");
    }

    void qwen3Yarn() {
        // YaRN factor 4 over 32768: beta 32/1 by default, attention factor 0.1·ln 4 + 1 = 1.138629436…
        json arch = cmf::hf::archFromConfig(hfConfig("qwen3-8b-yarn.json"));
        const double attentionFactor = arch["yarn"]["attention_factor"];
        QVERIFY2(std::abs(attentionFactor - 1.1386294361119891) < 1e-12, std::to_string(attentionFactor).c_str());
        arch["yarn"].erase("attention_factor");
        const json expected = {
            {"arch_name", "qwen3"}, {"hidden_size", 4096}, {"intermediate_size", 12288}, {"num_layers", 36},
            {"num_attention_heads", 32}, {"num_kv_heads", 8}, {"head_dim", 128}, {"vocab_size", 151936},
            {"layer_types", layers(std::string(36, 'F'))}, {"rms_norm_eps", 1e-6}, {"norm_style", "qwen"},
            {"rope_theta", 1000000.0}, {"partial_rotary_factor", 1.0},
            {"yarn", {{"factor", 4.0}, {"original_max_position_embeddings", 32768}, {"beta_fast", 32.0}, {"beta_slow", 1.0}}},
            {"tie_word_embeddings", false}, {"max_position_embeddings", 40960}, {"attention_bias", false},
            {"hidden_act", "silu"}, {"moe", nullptr}};
        JCOMPARE(arch, expected);
    }

    void yarnExplicitValuesAndOtherScalings() {
        json c = hfConfig("qwen3-8b-yarn.json");
        c["rope_scaling"] = {{"type", "yarn"}, {"factor", 32.0}, {"original_max_position_embeddings", 4096},
                             {"beta_fast", 16}, {"beta_slow", 2}, {"attention_factor", 1.25}};
        JCOMPARE(cmf::hf::archFromConfig(c)["yarn"],
                 json({{"factor", 32.0}, {"original_max_position_embeddings", 4096}, {"beta_fast", 16.0},
                       {"beta_slow", 2.0}, {"attention_factor", 1.25}}));
        QVERIFY(!cmf::hf::archFromConfig(c).contains("rope_scaling"));

        c["rope_scaling"] = {{"type", "dynamic"}, {"factor", 2.0}};
        const json dyn = cmf::hf::archFromConfig(c);
        JCOMPARE(dyn["rope_scaling"], c["rope_scaling"]);
        QVERIFY(!dyn.contains("yarn"));

        c["rope_scaling"] = {{"rope_type", "default"}};
        QVERIFY(!cmf::hf::archFromConfig(c).contains("rope_scaling"));

        c["rope_scaling"] = {{"rope_type", "yarn"}}; // no factor: cannot be guessed
        EXPECT_ERROR(cmf::hf::archFromConfig(c), cmf::ErrorKind::Parse, "factor");
    }

    void ropeParametersForm() {
        // transformers >= 4.56 writes rope_parameters instead of rope_theta + rope_scaling.
        json c = hfConfig("qwen3-8b-yarn.json");
        c.erase("rope_theta");
        c.erase("rope_scaling");
        c["rope_parameters"] = {{"rope_type", "yarn"}, {"rope_theta", 1000000.0}, {"factor", 4.0},
                                {"original_max_position_embeddings", 32768}};
        JCOMPARE(cmf::hf::archFromConfig(c), cmf::hf::archFromConfig(hfConfig("qwen3-8b-yarn.json")));

        // Per layer type (Gemma 3): global and local RoPE bases from their own entries.
        json g = hfConfig("gemma-3-4b-it.json");
        g["text_config"].erase("rope_scaling");
        g["text_config"]["rope_parameters"] = {
            {"full_attention", {{"rope_type", "linear"}, {"factor", 8.0}, {"rope_theta", 1000000.0}}},
            {"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 10000.0}}}};
        const json arch = cmf::hf::archFromConfig(g);
        JCOMPARE(arch["rope_theta"], 1000000.0);
        JCOMPARE(arch["rope_local_base_freq"], 10000.0);
        JCOMPARE(arch["rope_scaling"]["rope_type"], "linear");
        JCOMPARE(arch["rope_scaling"]["factor"], 8.0);
        QVERIFY(!arch.contains("rope_local_scaling")); // the local entry is default
        // A local entry with its own scaling is carried to the sliding layers.
        g["text_config"]["rope_parameters"]["sliding_attention"] = {{"rope_type", "linear"}, {"factor", 2.0}, {"rope_theta", 10000.0}};
        JCOMPARE(cmf::hf::archFromConfig(g)["rope_local_scaling"], g["text_config"]["rope_parameters"]["sliding_attention"]);
    }

    void gemma2Alternating() {
        // Gemma 2: layer 0 local, layer 1 global, …; (1+w) norms; embeddings tied by default;
        // soft-capping and the query scale carried.
        const json expected = {
            {"arch_name", "gemma2"}, {"hidden_size", 3584}, {"intermediate_size", 14336}, {"num_layers", 42},
            {"num_attention_heads", 16}, {"num_kv_heads", 8}, {"head_dim", 256}, {"vocab_size", 256000},
            {"layer_types", layers(repeat("SF", 21))}, {"rms_norm_eps", 1e-6}, {"norm_style", "gemma"},
            {"rope_theta", 10000.0}, {"partial_rotary_factor", 1.0}, {"sliding_window", 4096},
            {"rope_local_base_freq", 10000.0}, {"local_partial_rotary_factor", 1.0},
            {"tie_word_embeddings", true}, {"max_position_embeddings", 8192}, {"attention_bias", false},
            {"hidden_act", "gelu_pytorch_tanh"}, {"query_pre_attn_scalar", 256},
            {"attn_logit_softcapping", 50.0}, {"final_logit_softcapping", 30.0}, {"moe", nullptr},
            // sqrt(3584) as float32 (the config's torch_dtype): 59.86652
            {"embed_scale", double(float(std::sqrt(3584.0)))}};
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("gemma-2-9b-it.json")), expected);
    }

    void gemma3Multimodal() {
        // gemma-3-4b-it: text_config names 6 keys, Gemma3TextConfig gives the rest
        // (8 heads / 4 kv, head_dim 256, vocab 262208, rope 1e6 global / 1e4 local,
        // every 6th layer global, context 131072); linear ×8 scaling on global layers.
        const json expected = {
            {"arch_name", "gemma3"}, {"hidden_size", 2560}, {"intermediate_size", 10240}, {"num_layers", 34},
            {"num_attention_heads", 8}, {"num_kv_heads", 4}, {"head_dim", 256}, {"vocab_size", 262208},
            {"layer_types", layers(repeat("SSSSSF", 5) + "SSSS")}, {"rms_norm_eps", 1e-6}, {"norm_style", "gemma"},
            {"rope_theta", 1000000.0}, {"partial_rotary_factor", 1.0},
            {"rope_scaling", {{"factor", 8.0}, {"rope_type", "linear"}}}, {"sliding_window", 1024},
            {"rope_local_base_freq", 10000.0}, {"local_partial_rotary_factor", 1.0},
            {"tie_word_embeddings", true}, {"max_position_embeddings", 131072}, {"attention_bias", false},
            {"hidden_act", "gelu_pytorch_tanh"}, {"query_pre_attn_scalar", 256}, {"moe", nullptr},
            // sqrt(2560) = 50.596 as bfloat16 (torch_dtype): 50.5
            {"embed_scale", 50.5}};
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("gemma-3-4b-it.json")), expected);
        // The checkpoint's embed_tokens dtype wins over torch_dtype.
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("gemma-3-4b-it.json"), {}, "F32")["embed_scale"], double(float(std::sqrt(2560.0))));
        JCOMPARE(cmf::hf::archFromConfig(hfConfig("gemma-3-4b-it.json"), {}, "F16")["embed_scale"], 50.59375);

        // The text config on its own (Gemma3ForCausalLM) gives the same block, under its own name.
        json text = hfConfig("gemma-3-4b-it.json")["text_config"];
        json textExpected = expected;
        textExpected["arch_name"] = "gemma3_text";
        textExpected["embed_scale"] = double(float(std::sqrt(2560.0))); // no torch_dtype there: float32
        JCOMPARE(cmf::hf::archFromConfig(text), textExpected);
    }

    void explicitLayerTypes() {
        json c = hfConfig("qwen3-8b-yarn.json");
        c["num_hidden_layers"] = 3;
        c["sliding_window"] = 4096;
        c["layer_types"] = {"full_attention", "sliding_attention", "full_attention"};
        const json arch = cmf::hf::archFromConfig(c);
        JCOMPARE(arch["layer_types"], layers("FSF"));
        JCOMPARE(arch["sliding_window"], 4096);
        // Qwen3 has no linear-attention mixer (tst_hf_qwen35 has the family that does).
        c["layer_types"] = {"full_attention", "sliding_attention", "linear_attention"};
        EXPECT_ERROR(cmf::hf::archFromConfig(c), cmf::ErrorKind::Parse, "linear_attention");

        c["layer_types"] = {"full_attention", "sliding_attention"};
        EXPECT_ERROR(cmf::hf::archFromConfig(c), cmf::ErrorKind::Parse, "layer_types");
        c["layer_types"] = {"full_attention", "chunked_attention", "full_attention"};
        EXPECT_ERROR(cmf::hf::archFromConfig(c), cmf::ErrorKind::Parse, "chunked_attention");
    }

    void multimodalNameLayouts() {
        // Both Gemma 3 4B+ layouts give the text model's canonical names; the
        // vision tower and projector are skipped, in either layout.
        const std::vector<std::string> released = {
            "language_model.model.embed_tokens.weight", "language_model.model.layers.0.self_attn.q_norm.weight",
            "language_model.model.norm.weight", "language_model.lm_head.weight",
            "vision_tower.vision_model.post_layernorm.bias", "multi_modal_projector.mm_input_projection_weight"};
        const std::vector<std::string> newer = {
            "model.language_model.embed_tokens.weight", "model.language_model.layers.0.self_attn.q_norm.weight",
            "model.language_model.norm.weight", "lm_head.weight",
            "model.vision_tower.vision_model.post_layernorm.bias", "model.multi_modal_projector.mm_soft_emb_norm.weight"};
        const std::vector<std::string> canonical = {"model.embed_tokens.weight", "model.layers.0.self_attn.q_norm.weight",
                                                    "model.norm.weight", "lm_head.weight"};
        for (const auto& names : {released, newer}) {
            const auto m = cmf::hf::mapTensorNames(names);
            QCOMPARE(m.canonical, canonical);
            QCOMPARE(m.source, std::vector<std::string>(names.begin(), names.begin() + 4));
            QCOMPARE(m.skipped, std::vector<std::string>(names.begin() + 4, names.end()));
        }
        // A text checkpoint passes unchanged.
        QCOMPARE(cmf::hf::mapTensorNames(canonical).canonical, canonical);
        // Two sources of one tensor are refused, not one silently dropped.
        QVERIFY_THROWS_EXCEPTION(cmf::Error, cmf::hf::mapTensorNames({"model.norm.weight", "language_model.model.norm.weight"}));
    }

    void ropeScalingPerLayerKind() {
        // Mistral / Qwen2: one rotary embedding for every layer, so sliding
        // layers carry the same scaling; Gemma 3's local layers never do.
        json c = hfConfig("qwen3-8b-yarn.json");
        c["model_type"] = "qwen2";
        c["use_sliding_window"] = true;
        c["sliding_window"] = 4096;
        c["max_window_layers"] = 2;
        json arch = cmf::hf::archFromConfig(c);
        json local = arch["yarn"];
        local["rope_type"] = "yarn";
        JCOMPARE(arch["rope_local_scaling"], local);
        c["rope_scaling"] = {{"rope_type", "linear"}, {"factor", 2.0}};
        JCOMPARE(cmf::hf::archFromConfig(c)["rope_local_scaling"], c["rope_scaling"]);
        QVERIFY(!cmf::hf::archFromConfig(hfConfig("gemma-3-4b-it.json")).contains("rope_local_scaling"));
        // YaRN: DeepSeek's mscale pair folds into the attention factor; truncate false is kept.
        c["rope_scaling"] = {{"rope_type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 4096},
                             {"mscale", 2.0}, {"mscale_all_dim", 1.0}, {"truncate", false}};
        arch = cmf::hf::archFromConfig(c);
        QVERIFY(std::fabs(arch["yarn"]["attention_factor"].get<double>() - (0.2 * std::log(4.0) + 1) / (0.1 * std::log(4.0) + 1)) < 1e-12);
        JCOMPARE(arch["yarn"]["truncate"], false);
        // LongRoPE with Phi-3's top-level original context: factor = max / original.
        c["rope_scaling"] = {{"rope_type", "longrope"}, {"short_factor", {1.0}}, {"long_factor", {2.0}}};
        c["original_max_position_embeddings"] = 4096;
        c["max_position_embeddings"] = 131072;
        arch = cmf::hf::archFromConfig(c);
        JCOMPARE(arch["rope_scaling"]["original_max_position_embeddings"], 4096);
        JCOMPARE(arch["rope_scaling"]["factor"], 32.0);
    }

    void mtpFromConfigAndTensors() {
        json c = hfConfig("qwen3-8b-yarn.json");
        const json mtp1 = {{"num_layers", 1}, {"share_lm_head", true}, {"share_embed", true}};
        QVERIFY(!cmf::hf::archFromConfig(c).contains("mtp"));
        c["num_nextn_predict_layers"] = 1;
        JCOMPARE(cmf::hf::archFromConfig(c)["mtp"], mtp1);
        c.erase("num_nextn_predict_layers");
        c["mtp_num_hidden_layers"] = 1;
        JCOMPARE(cmf::hf::archFromConfig(c)["mtp"], mtp1);
        // Tensors decide: stripped head → none; two blocks present → 2.
        QVERIFY(!cmf::hf::archFromConfig(c, {"model.embed_tokens.weight"}).contains("mtp"));
        JCOMPARE(cmf::hf::archFromConfig(c, {"model.mtp.norm.weight", "model.mtp.layers.0.input_layernorm.weight",
                                             "model.mtp.layers.1.input_layernorm.weight"})["mtp"]["num_layers"], 2);
    }

    void unknownOrBrokenConfigs() {
        const json bert = {{"architectures", {"BertForMaskedLM"}}, {"attention_probs_dropout_prob", 0.1},
                           {"hidden_act", "gelu"}, {"hidden_dropout_prob", 0.1}, {"hidden_size", 768},
                           {"initializer_range", 0.02}, {"intermediate_size", 3072}, {"layer_norm_eps", 1e-12},
                           {"max_position_embeddings", 512}, {"model_type", "bert"}, {"num_attention_heads", 12},
                           {"num_hidden_layers", 12}, {"pad_token_id", 0}, {"position_embedding_type", "absolute"},
                           {"type_vocab_size", 2}, {"vocab_size", 30522}};
        EXPECT_ERROR(cmf::hf::archFromConfig(bert), cmf::ErrorKind::Parse, "unsupported model_type \"bert\"");

        json noType = hfConfig("llama-3.1-8b-instruct.json");
        noType.erase("model_type");
        EXPECT_ERROR(cmf::hf::archFromConfig(noType), cmf::ErrorKind::Parse, "model_type");

        json noLayers = hfConfig("llama-3.1-8b-instruct.json");
        noLayers.erase("num_hidden_layers");
        EXPECT_ERROR(cmf::hf::archFromConfig(noLayers), cmf::ErrorKind::Parse, "missing required key \"num_hidden_layers\"");

        json badType = hfConfig("llama-3.1-8b-instruct.json");
        badType["hidden_size"] = "4096";
        EXPECT_ERROR(cmf::hf::archFromConfig(badType), cmf::ErrorKind::Parse, "\"hidden_size\" is not an integer");

        // Llama without num_key_value_heads is multi-head; Qwen always writes it.
        json mha = hfConfig("llama-3.1-8b-instruct.json");
        mha.erase("num_key_value_heads");
        JCOMPARE(cmf::hf::archFromConfig(mha)["num_kv_heads"], 32);
        json qwen = hfConfig("qwen2.5-7b-instruct.json");
        qwen.erase("num_key_value_heads");
        EXPECT_ERROR(cmf::hf::archFromConfig(qwen), cmf::ErrorKind::Parse, "num_key_value_heads");

        json moe = hfConfig("qwen1.5-moe-a2.7b-sparse-step2.json");
        moe.erase("num_experts_per_tok");
        EXPECT_ERROR(cmf::hf::archFromConfig(moe), cmf::ErrorKind::Parse, "num_experts_per_tok");
    }

    // ------------------------------------------------------------ canonical order

    void canonicalOrderExpertsAndLayers() {
        std::vector<std::string> expected = {"model.embed_tokens.weight", "model.norm.weight", "lm_head.weight"};
        for (int layer : {2, 10}) {
            const std::string p = "model.layers." + std::to_string(layer) + ".";
            expected.push_back(p + "input_layernorm.weight");
            // The expert bank, role-contiguous, experts 0…11 in numeric order.
            for (const char* role : {"gate_proj", "up_proj", "down_proj"})
                for (int e = 0; e < 12; ++e) expected.push_back(p + "mlp.experts." + std::to_string(e) + "." + role + ".weight");
            expected.push_back(p + "mlp.gate.weight");
            expected.push_back(p + "mlp.shared_expert.down_proj.weight");
            expected.push_back(p + "post_attention_layernorm.weight");
            for (const char* n : {"k_norm", "k_proj", "o_proj", "q_norm", "q_proj", "v_proj"})
                expected.push_back(p + "self_attn." + n + ".weight");
        }
        for (const char* n : {"model.mtp.eh_proj.weight", "model.mtp.enorm.weight", "model.mtp.hnorm.weight",
                              "model.mtp.layers.0.input_layernorm.weight", "model.mtp.norm.weight",
                              // everything else by name (so "10" before "2")
                              "skill.code.model.layers.10.mlp.down_proj.weight",
                              "skill.code.model.layers.2.mlp.down_proj.weight", "skill.zeta.lm_head.weight"})
            expected.push_back(n);

        std::vector<std::string> shuffled = expected;
        std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(42));
        QVERIFY(shuffled != expected);
        QCOMPARE(cmf::hf::canonicalOrder(shuffled), expected);
        QCOMPARE(cmf::hf::canonicalOrder(std::vector<std::string>(expected.rbegin(), expected.rend())), expected);

        // Spot checks of what the list encodes.
        auto at = [&](const std::string& n) { return std::find(expected.begin(), expected.end(), n) - expected.begin(); };
        QVERIFY(at("model.layers.2.mlp.experts.9.gate_proj.weight") < at("model.layers.2.mlp.experts.10.gate_proj.weight"));
        QVERIFY(at("model.layers.2.mlp.experts.11.gate_proj.weight") < at("model.layers.2.mlp.experts.0.up_proj.weight"));
        QVERIFY(at("model.layers.2.self_attn.v_proj.weight") < at("model.layers.10.input_layernorm.weight"));
    }

    void canonicalOrderTiedAndOddNames() {
        const std::vector<std::string> expected = {
            "model.embed_tokens.weight", "model.norm.weight", "model.layers.0.input_layernorm.weight",
            "model.layers.0.mlp.down_proj.weight", "model.layers.1.input_layernorm.weight",
            "model.layers.x.odd.weight", // not a numeric layer: "everything else"
            "vision_tower.patch_embed.weight"};
        QCOMPARE(cmf::hf::canonicalOrder(std::vector<std::string>(expected.rbegin(), expected.rend())), expected);
        QCOMPARE(cmf::hf::canonicalOrder({}), std::vector<std::string>{});
    }

    // ------------------------------------------------------------ chat bundle

    void chatTemplateJinjaOverridesTokenizerConfig() {
        const std::string d = makeDir("jinja");
        writeJson(d + "/tokenizer_config.json", {{"chat_template", "FROM tokenizer_config"}, {"eos_token", "<|im_end|>"}});
        writeJson(d + "/tokenizer.json", {{"added_tokens", {{{"id", 7}, {"content", "<|im_end|>"}}}}});
        writeFile(d + "/chat_template.jinja", "{% for m in messages %}{{ m.content }}{% endfor %}\n");
        JCOMPARE(cmf::hf::chatBundleFromDir(d),
                 json({{"chat_template", "{% for m in messages %}{{ m.content }}{% endfor %}\n"},
                       {"eos_token_ids", {7}}, {"bos_token_id", nullptr}, {"pad_token_id", nullptr}}));
    }

    void chatTemplateList() {
        const std::string d = makeDir("list");
        writeJson(d + "/tokenizer_config.json",
                  {{"chat_template", {{{"name", "tool_use"}, {"template", "T"}}, {{"name", "default"}, {"template", "D"}}}}});
        JCOMPARE(cmf::hf::chatBundleFromDir(d)["chat_template"], "D");

        writeJson(d + "/tokenizer_config.json",
                  {{"chat_template", {{{"name", "tool_use"}, {"template", "T"}}, {{"name", "rag"}, {"template", "R"}}}}});
        EXPECT_ERROR(cmf::hf::chatBundleFromDir(d), cmf::ErrorKind::Parse, "no \"default\" entry (has \"tool_use\", \"rag\")");
    }

    void eosUnionInSourceOrder() {
        // generation_config first, then config.json, then the eos_token string; duplicates dropped.
        const std::string d = makeDir("union");
        writeJson(d + "/generation_config.json", {{"eos_token_id", {106, 1}}, {"bos_token_id", 2}});
        writeJson(d + "/config.json", {{"eos_token_id", 1}, {"pad_token_id", 0}, {"bos_token_id", 9}});
        writeJson(d + "/tokenizer_config.json", {{"eos_token", "<end_of_turn>"}, {"pad_token", "<unk>"}});
        writeJson(d + "/tokenizer.json", {{"added_tokens", {{{"id", 0}, {"content", "<pad>"}}, {{"id", 107}, {"content", "<end_of_turn>"}}}}});
        JCOMPARE(cmf::hf::chatBundleFromDir(d),
                 json({{"chat_template", nullptr}, {"eos_token_ids", {106, 1, 107}}, {"bos_token_id", 2}, {"pad_token_id", 0}}));
    }

    void tokenStringsResolveToIds() {
        // No numeric ids anywhere: bos from the BPE vocab, eos (an AddedToken object) from added_tokens_decoder.
        const std::string d = makeDir("strings");
        writeJson(d + "/tokenizer_config.json",
                  {{"bos_token", "<s>"}, {"eos_token", {{"__type", "AddedToken"}, {"content", "</s>"}}}, {"pad_token", nullptr},
                   {"added_tokens_decoder", {{"2", {{"content", "</s>"}, {"special", true}}}}}});
        writeJson(d + "/tokenizer.json", {{"added_tokens", json::array()}, {"model", {{"type", "BPE"}, {"vocab", {{"<s>", 1}, {"a", 3}}}}}});
        JCOMPARE(cmf::hf::chatBundleFromDir(d),
                 json({{"chat_template", nullptr}, {"eos_token_ids", {2}}, {"bos_token_id", 1}, {"pad_token_id", nullptr}}));
    }

    void emptyFolderHasNoBundle() {
        const std::string d = makeDir("empty");
        JCOMPARE(cmf::hf::chatBundleFromDir(d), nullptr);
        writeJson(d + "/config.json", {{"model_type", "llama"}, {"eos_token_id", nullptr}});
        JCOMPARE(cmf::hf::chatBundleFromDir(d), nullptr);
        EXPECT_ERROR(cmf::hf::chatBundleFromDir(d + "/nowhere"), cmf::ErrorKind::Io, "not a directory");
        writeFile(d + "/generation_config.json", "{ not json");
        EXPECT_ERROR(cmf::hf::chatBundleFromDir(d), cmf::ErrorKind::Parse, "generation_config.json");
        writeJson(d + "/generation_config.json", {{"eos_token_id", "</s>"}});
        EXPECT_ERROR(cmf::hf::chatBundleFromDir(d), cmf::ErrorKind::Parse, "eos_token_id");
    }

    // ------------------------------------------------- header.generation_config

    void demoGenerationConfig() {
        // resources/demo-model/generation_config.json: do_sample, temperature 0.6, top_k 20, top_p 0.95, eos [8168, 8166];
        // bos/pad ids and transformers_version are not sampling keys.
        JCOMPARE(cmf::hf::generationConfigFromDir(demoDir()),
                 json({{"do_sample", true}, {"temperature", 0.6}, {"top_k", 20}, {"top_p", 0.95}, {"eos_token_ids", {8168, 8166}}}));
    }

    void generationConfigKeys() {
        const std::string d = makeDir("gen");
        JCOMPARE(cmf::hf::generationConfigFromDir(d), nullptr); // no file
        writeJson(d + "/generation_config.json", {{"transformers_version", "4.51.0"}, {"bos_token_id", 1}});
        JCOMPARE(cmf::hf::generationConfigFromDir(d), nullptr); // nothing about sampling
        writeJson(d + "/generation_config.json", {{"do_sample", false}, {"min_p", 0.05}, {"repetition_penalty", 1.1}, {"eos_token_id", 7},
                                                  {"top_p", 1.0}, {"top_k", 0}, {"temperature", 0}, {"cache_implementation", "hybrid"}});
        const json g = cmf::hf::generationConfigFromDir(d);
        JCOMPARE(g, json({{"do_sample", false}, {"min_p", 0.05}, {"repetition_penalty", 1.1}, {"eos_token_ids", {7}}, {"top_p", 1.0},
                          {"top_k", 0}, {"temperature", 0}}));
        // The header block reads back to the same values.
        const auto parsed = cmf::parseGenerationConfig(json{{"generation_config", g}});
        QVERIFY(parsed);
        QCOMPARE(*parsed->doSample, false);
        QCOMPARE(*parsed->minP, 0.05);
        QCOMPARE(*parsed->topK, int64_t(0));
        QCOMPARE(parsed->eosTokenIds, std::vector<int64_t>{7});
        QVERIFY(!cmf::parseGenerationConfig(json{{"generation_config", nullptr}}));
        QVERIFY(!cmf::parseGenerationConfig(json::object()));
    }

    void generationConfigErrorsNameKeyAndRange() {
        const std::string d = makeDir("genbad");
        const std::vector<std::pair<json, std::string>> bad = {
            {{{"temperature", -0.5}}, "\"temperature\" is -0.5, outside [0, ∞)"},
            {{{"temperature", "hot"}}, "\"temperature\" is not a number"},
            {{{"top_p", 0}}, "\"top_p\" is 0, outside (0, 1]"},
            {{{"top_p", 1.5}}, "\"top_p\" is 1.5, outside (0, 1]"},
            {{{"min_p", 2}}, "\"min_p\" is 2, outside [0, 1]"},
            {{{"top_k", 2.5}}, "\"top_k\" is 2.5, not an integer ≥ 0"},
            {{{"top_k", -1}}, "\"top_k\" is -1, not an integer ≥ 0"},
            {{{"repetition_penalty", 0}}, "\"repetition_penalty\" is 0, outside (0, ∞)"},
            {{{"do_sample", "yes"}}, "\"do_sample\" is not true or false"},
            {{{"eos_token_id", {1, "x"}}}, "\"eos_token_id\" is not an integer or a list of them"},
        };
        for (const auto& [j, words] : bad) {
            writeJson(d + "/generation_config.json", j);
            EXPECT_ERROR(cmf::hf::generationConfigFromDir(d), cmf::ErrorKind::Parse, words);
            EXPECT_ERROR(cmf::hf::generationConfigFromDir(d), cmf::ErrorKind::Parse, "generation_config.json");
            // A header carrying the same values is refused the same way, naming the block.
            const json header{{"generation_config", j}};
            EXPECT_ERROR(cmf::parseGenerationConfig(header), cmf::ErrorKind::Parse, "header: generation_config: " + words);
        }
        EXPECT_ERROR(cmf::parseGenerationConfig(json{{"generation_config", 3}}), cmf::ErrorKind::Parse, "header: generation_config: is not a JSON object");
    }
};

QTEST_GUILESS_MAIN(TestHfImport)
#include "tst_hf_import.moc"
