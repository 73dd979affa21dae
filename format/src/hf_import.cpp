#include "cmf/format/hf_import.h"
#include "cmf/format/generation_config.h"
#include "cmf/format/error.h"
#include "cmf/format/json_error.h"
#include "cmf/format/half.h"
#include "cmf/format/printable.h"

#include "hf_qwen35.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

namespace cmf::hf {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& what) { throw Error(ErrorKind::Parse, "config.json: " + what); }

// ---------------------------------------------------------------- arch (§2)

enum class Family { Llama, Mistral, Qwen2, Qwen2Moe, Qwen3, Qwen3Moe, Gemma, Gemma2, Gemma3, Qwen35, Qwen35Moe };

const std::pair<const char*, Family> kModelTypes[] = {
    {"llama", Family::Llama},         {"mistral", Family::Mistral},   {"qwen2", Family::Qwen2},
    {"qwen3", Family::Qwen3},         {"qwen2_moe", Family::Qwen2Moe}, {"qwen3_moe", Family::Qwen3Moe},
    {"gemma", Family::Gemma},         {"gemma2", Family::Gemma2},     {"gemma3", Family::Gemma3},
    {"gemma3_text", Family::Gemma3},
    // Qwen3.5: Qwen3_5[Moe]ForCausalLM, and the ConditionalGeneration wrapper (text_config).
    {"qwen3_5_text", Family::Qwen35},  {"qwen3_5", Family::Qwen35},
    {"qwen3_5_moe_text", Family::Qwen35Moe}, {"qwen3_5_moe", Family::Qwen35Moe},
    // The conformance kit's checkpoint (tests/data/conformance/source/tiny): a dense qwen3.
    {"tiny-qwen", Family::Qwen3},
};

Family familyOf(const std::string& modelType) {
    std::string names;
    for (const auto& [name, family] : kModelTypes) {
        if (modelType == name) return family;
        names += names.empty() ? name : std::string(", ") + name;
    }
    fail("unsupported model_type \"" + modelType + "\" (supported: " + names + ")");
}

bool isGemma(Family f) { return f == Family::Gemma || f == Family::Gemma2 || f == Family::Gemma3; }
bool isQwen(Family f) {
    return f == Family::Qwen2 || f == Family::Qwen2Moe || f == Family::Qwen3 || f == Family::Qwen3Moe;
}
// Gated DeltaNet hybrids (tests/data/models/gdn/README.md): the only families with linear attention.
bool isQwen35(Family f) { return f == Family::Qwen35 || f == Family::Qwen35Moe; }

// What transformers' config class fills in for a key the file leaves out.
// Published configs rely on these: gemma-3-4b-it's text_config, for one,
// names only 6 keys; and an absent rope_theta is 10000, not "unknown".
json classDefaults(Family f) {
    json d = {
        {"rms_norm_eps", 1e-6}, {"rope_theta", 10000.0}, {"partial_rotary_factor", 1.0},
        {"attention_bias", false}, {"tie_word_embeddings", isGemma(f)}, {"hidden_act", "silu"},
        // Gemma's MLP is the tanh GELU whatever hidden_act says (GemmaMLP).
        {"hidden_activation", "gelu_pytorch_tanh"},
    };
    if (isQwen(f)) d.update({{"use_sliding_window", false}, {"max_window_layers", 28}});
    if (f == Family::Qwen2Moe || f == Family::Qwen3Moe)
        d.update({{"norm_topk_prob", false}, {"decoder_sparse_step", 1}, {"mlp_only_layers", json::array()}});
    if (isQwen35(f)) d.update({{"partial_rotary_factor", 0.25}}); // Qwen3NextConfig, which Qwen3_5TextConfig extends
    if (f == Family::Gemma2)
        d.update({{"sliding_window", 4096}, {"sliding_window_pattern", 2},
                  {"attn_logit_softcapping", 50.0}, {"final_logit_softcapping", 30.0}});
    if (f == Family::Gemma3) // Gemma3TextConfig
        d.update({{"vocab_size", 262208}, {"hidden_size", 2304}, {"intermediate_size", 9216},
                  {"num_hidden_layers", 26}, {"num_attention_heads", 8}, {"num_key_value_heads", 4},
                  {"head_dim", 256}, {"max_position_embeddings", 131072}, {"rope_theta", 1000000.0},
                  {"rope_local_base_freq", 10000.0}, {"sliding_window", 4096},
                  {"sliding_window_pattern", 6}, {"query_pre_attn_scalar", 256}});
    return d;
}

// A config.json seen as transformers sees it: the text config of a
// multimodal wrapper first, then the top level, then the class defaults.
// A key holding null counts as absent (Qwen writes "sliding_window": null).
class Config {
public:
    Config(const json& top, Family family)
        : top_(top), text_(top.contains("text_config") && top["text_config"].is_object() ? top["text_config"] : top),
          defaults_(classDefaults(family)) {}

    const json* find(const char* key) const {
        for (const json* o : {&text_, &top_, &defaults_})
            if (auto it = o->find(key); it != o->end() && !it->is_null()) return &*it;
        return nullptr;
    }
    const json& required(const char* key) const {
        if (const json* v = find(key)) return *v;
        fail(std::string("missing required key \"") + key + "\"");
    }
    int64_t integer(const char* key) const { return asInteger(required(key), key); }
    int64_t integer(const char* key, int64_t dflt) const { return find(key) ? integer(key) : dflt; }
    double number(const char* key) const { return asNumber(required(key), key); }
    double number(const char* key, double dflt) const { return find(key) ? number(key) : dflt; }
    bool boolean(const char* key) const {
        const json& v = required(key);
        if (!v.is_boolean()) fail(std::string("\"") + key + "\" is not true/false");
        return v.get<bool>();
    }
    std::string string(const char* key) const {
        const json& v = required(key);
        if (!v.is_string()) fail(std::string("\"") + key + "\" is not a string");
        return v.get<std::string>();
    }

    static int64_t asInteger(const json& v, const std::string& key) {
        if (!v.is_number_integer()) fail("\"" + key + "\" is not an integer");
        return v.get<int64_t>();
    }
    static double asNumber(const json& v, const std::string& key) {
        if (!v.is_number()) fail("\"" + key + "\" is not a number");
        return v.get<double>();
    }

private:
    const json& top_;
    const json& text_;
    json defaults_;
};

std::string layerType(const json& hfType) {
    if (hfType == "full_attention") return "FullAttention";
    if (hfType == "sliding_attention") return "SlidingAttention";
    if (hfType == "linear_attention") return "LinearAttention";
    fail("layer_types holds " + hfType.dump() + " (expected full_attention, sliding_attention or linear_attention)");
}

// Per-layer attention kind, with the semantics each family's modeling code gives it.
json layerTypes(const Config& c, Family f, int64_t numLayers) {
    json types = json::array();
    if (const json* given = c.find("layer_types")) { // newer configs spell it out
        if (!given->is_array() || int64_t(given->size()) != numLayers)
            fail("layer_types is not a list of num_hidden_layers (" + std::to_string(numLayers) + ") entries");
        for (const auto& t : *given) {
            types.push_back(layerType(t));
            // Only Qwen3.5's modeling code builds a linear-attention mixer for it.
            if (types.back() == "LinearAttention" && !isQwen35(f))
                fail("layer_types holds \"linear_attention\", which this model_type has no mixer for (only qwen3_5*)");
        }
        return types;
    }
    if (isQwen35(f)) { // Qwen3NextConfig: every full_attention_interval-th layer is full attention
        const int64_t interval = c.integer("full_attention_interval");
        if (interval < 1) fail("full_attention_interval is below 1");
        for (int64_t i = 0; i < numLayers; ++i) types.push_back((i + 1) % interval == 0 ? "FullAttention" : "LinearAttention");
        return types;
    }
    for (int64_t i = 0; i < numLayers; ++i) {
        bool sliding = false;
        if (f == Family::Gemma2 || f == Family::Gemma3) {
            // Local layers with every pattern-th one global: Gemma 2 alternates (2), Gemma 3 is 5:1 (6).
            const char* key = c.find("_sliding_window_pattern") ? "_sliding_window_pattern" : "sliding_window_pattern";
            const int64_t pattern = c.integer(key);
            if (pattern < 1) fail(std::string(key) + " is below 1");
            sliding = (i + 1) % pattern != 0;
        } else if (f == Family::Mistral) {
            sliding = c.find("sliding_window") != nullptr; // one window for every layer, or none
        } else if (isQwen(f)) {
            // Qwen2-style: the window applies from layer max_window_layers on, and only when enabled.
            sliding = c.boolean("use_sliding_window") && c.find("sliding_window") && i >= c.integer("max_window_layers");
        }
        types.push_back(sliding ? "SlidingAttention" : "FullAttention");
    }
    return types;
}

// RoPE of the global (FullAttention) layers: rope_theta and rope_scaling, or
// transformers ≥ 4.56's "rope_parameters" — flat, or one object per layer
// type (Gemma 3: full_attention / sliding_attention).
struct Rope {
    double theta = 0;
    json scaling;                    // null = plain RoPE
    std::optional<double> localTheta; // from rope_parameters.sliding_attention
    std::optional<json> localScaling; // rope_parameters.sliding_attention itself (Gemma 3, transformers >= 4.56)
};

Rope ropeOf(const Config& c) {
    Rope r{c.number("rope_theta"), c.find("rope_scaling") ? *c.find("rope_scaling") : json(), std::nullopt, std::nullopt};
    if (const json* p = c.find("rope_parameters"); p && p->is_object()) {
        const json& global = p->contains("full_attention") ? (*p)["full_attention"] : *p;
        if (global.contains("rope_theta")) r.theta = Config::asNumber(global["rope_theta"], "rope_parameters.rope_theta");
        r.scaling = global;
        if (p->contains("sliding_attention") && (*p)["sliding_attention"].is_object()) {
            const json& local = (*p)["sliding_attention"];
            if (local.contains("rope_theta")) r.localTheta = Config::asNumber(local["rope_theta"], "rope_parameters.rope_theta");
            r.localScaling = local;
        }
    }
    if (!r.scaling.is_null() && !r.scaling.is_object()) fail("rope_scaling is not an object");
    return r;
}

std::string ropeType(const json& scaling) {
    for (const char* key : {"rope_type", "type"})
        if (scaling.contains(key) && scaling[key].is_string()) return scaling[key].get<std::string>();
    return "default";
}

// §2 yarn block. Defaults are transformers' (_compute_yarn_parameters):
// beta 32/1, attention factor 0.1·ln(factor) + 1, and the original context
// falls back to max_position_embeddings.
json yarnBlock(const json& s, const Config& c) {
    auto num = [&](const char* key, std::optional<double> dflt) -> double {
        if (s.contains(key) && !s[key].is_null()) return Config::asNumber(s[key], std::string("rope_scaling.") + key);
        if (!dflt) fail(std::string("rope_scaling (yarn) has no \"") + key + "\"");
        return *dflt;
    };
    const double factor = num("factor", std::nullopt);
    const json omp = s.contains("original_max_position_embeddings") && !s["original_max_position_embeddings"].is_null()
                         ? s["original_max_position_embeddings"]
                         : c.required("max_position_embeddings");
    // get_mscale: 1 up to factor 1; DeepSeek's mscale / mscale_all_dim give the ratio of two.
    auto mscale = [&](double m) { return factor <= 1 ? 1.0 : 0.1 * m * std::log(factor) + 1.0; };
    const double m = num("mscale", 0.0), mAll = num("mscale_all_dim", 0.0);
    json y = {{"factor", factor},
              {"original_max_position_embeddings", Config::asInteger(omp, "original_max_position_embeddings")},
              {"beta_fast", num("beta_fast", 32.0)},
              {"beta_slow", num("beta_slow", 1.0)},
              {"attention_factor", num("attention_factor", m && mAll ? mscale(m) / mscale(mAll) : mscale(1.0))}};
    if (s.contains("truncate") && s["truncate"] == false) y["truncate"] = false; // the unrounded correction range
    return y;
}

// LongRoPE as transformers reads it: the original context may sit at the
// top level (Phi-3), and then the factor is max_position_embeddings / original.
json longropeBlock(const json& s, const Config& c) {
    json out = s;
    if (!s.contains("original_max_position_embeddings") || s["original_max_position_embeddings"].is_null()) {
        const int64_t original = c.integer("original_max_position_embeddings", c.integer("max_position_embeddings"));
        out["original_max_position_embeddings"] = original;
        if (c.find("original_max_position_embeddings"))
            out["factor"] = double(c.integer("max_position_embeddings")) / double(original);
    }
    return out;
}

// Gemma's embedding scale: sqrt(hidden_size) as a tensor of the weights'
// dtype (bf16(sqrt(3072)) = 55.5), so a bf16 checkpoint scales by the
// bf16-rounded value.
double embedScale(int64_t hidden, const std::string& dtype) {
    const float f = float(std::sqrt(double(hidden)));
    const uint32_t bits = std::bit_cast<uint32_t>(f);
    if (dtype == "BF16" || dtype == "bfloat16")
        return double(std::bit_cast<float>((bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u));
    if (dtype == "F16" || dtype == "float16") return double(f16ToF32(f32ToF16(f)));
    return double(f);
}

// §2.2. A layer is MoE as in Qwen2MoeDecoderLayer / Qwen3MoeDecoderLayer:
// not in mlp_only_layers, and (i + 1) a multiple of decoder_sparse_step.
json moeBlock(const Config& c, Family f, int64_t numLayers) {
    if (f == Family::Qwen35Moe) { // every layer MoE, the top-k always renormalised (checkQwen35Config)
        json layers = json::array();
        for (int64_t i = 0; i < numLayers; ++i) layers.push_back(i);
        json moe = {{"num_experts", c.integer("num_experts")},
                    {"top_k", c.integer("num_experts_per_tok")},
                    {"moe_intermediate_size", c.integer("moe_intermediate_size")},
                    {"norm_topk_prob", true},
                    {"moe_layers", layers}};
        if (const int64_t shared = c.integer("shared_expert_intermediate_size", 0); shared > 0)
            moe["shared_expert_intermediate_size"] = shared;
        return moe;
    }
    if (f != Family::Qwen2Moe && f != Family::Qwen3Moe) return nullptr;
    const int64_t experts = c.integer("num_experts");
    const int64_t step = c.integer("decoder_sparse_step");
    if (step < 1) fail("decoder_sparse_step is below 1");
    std::set<int64_t> mlpOnly;
    const json& only = c.required("mlp_only_layers");
    if (!only.is_array()) fail("mlp_only_layers is not a list");
    for (const auto& i : only) mlpOnly.insert(Config::asInteger(i, "mlp_only_layers[]"));
    json layers = json::array();
    for (int64_t i = 0; i < numLayers && experts > 0; ++i)
        if (!mlpOnly.count(i) && (i + 1) % step == 0) layers.push_back(i);
    if (layers.empty()) return nullptr; // every layer dense
    json moe = {{"num_experts", experts},
                {"top_k", c.integer("num_experts_per_tok")},
                {"moe_intermediate_size", c.integer("moe_intermediate_size")},
                {"norm_topk_prob", c.boolean("norm_topk_prob")},
                {"moe_layers", layers}};
    // 0 or null means "no shared expert" (§2.2: the key is then absent).
    if (const int64_t shared = c.integer("shared_expert_intermediate_size", 0); shared > 0)
        moe["shared_expert_intermediate_size"] = shared;
    return moe;
}

int64_t declaredMtpLayers(const Config& c) {
    for (const char* key : {"num_nextn_predict_layers", "mtp_num_hidden_layers", "mtp_num_layers"})
        if (c.find(key)) return c.integer(key);
    return 0;
}

json mtpBlock(int64_t layers) { return {{"num_layers", layers}, {"share_lm_head", true}, {"share_embed", true}}; }

// ---------------------------------------------------------------- names

// Digits only → value; anything else (empty, sign, overflow) → nullopt.
std::optional<uint64_t> parseIndex(std::string_view s) {
    uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

constexpr std::string_view kLayers = "model.layers.";
constexpr std::string_view kMtp = "model.mtp.";
constexpr std::string_view kMtpLayers = "model.mtp.layers.";

// "model.layers.{i}.rest" → (i, rest).
std::optional<std::pair<uint64_t, std::string_view>> splitIndexed(std::string_view name, std::string_view prefix) {
    if (!name.starts_with(prefix)) return std::nullopt;
    name.remove_prefix(prefix.size());
    const size_t dot = name.find('.');
    const auto index = parseIndex(name.substr(0, dot));
    if (!index) return std::nullopt;
    return std::pair{*index, dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1)};
}

// "mlp.experts.{e}.{gate,up,down}_proj.weight" → (role 0/1/2, e).
std::optional<std::pair<int, uint64_t>> expertRole(std::string_view rest) {
    constexpr std::string_view prefix = "mlp.experts.";
    if (!rest.starts_with(prefix)) return std::nullopt;
    rest.remove_prefix(prefix.size());
    const size_t dot = rest.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const auto e = parseIndex(rest.substr(0, dot));
    const std::string_view tail = rest.substr(dot + 1);
    const std::string_view roles[] = {"gate_proj.weight", "up_proj.weight", "down_proj.weight"};
    for (int r = 0; r < 3; ++r)
        if (e && tail == roles[r]) return std::pair{r, *e};
    return std::nullopt;
}

std::optional<int64_t> mtpLayersIn(const std::vector<std::string>& names) {
    std::optional<int64_t> layers;
    for (const auto& n : names) {
        if (!n.starts_with(kMtp)) continue;
        layers = layers.value_or(0);
        if (const auto s = splitIndexed(n, kMtpLayers)) layers = std::max<int64_t>(*layers, int64_t(s->first) + 1);
    }
    return layers; // nullopt: no model.mtp.* at all
}

// ---------------------------------------------------------------- chat bundle (§6.1)

std::optional<json> readJson(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        throw Error(ErrorKind::Parse, describeJsonError(e, text, printable(p.string())));
    } catch (const json::exception&) {
        throw Error(ErrorKind::Parse, printable(p.string()) + ": holds a number out of range");
    }
}

std::optional<std::string> readText(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// An id key: an integer, a list of them, or null/absent (→ empty).
std::vector<int64_t> ids(const json& file, const char* key, const std::string& fileName) {
    std::vector<int64_t> out;
    const auto it = file.find(key);
    if (it == file.end() || it->is_null()) return out;
    const json list = it->is_array() ? *it : json::array({*it});
    for (const auto& v : list) {
        if (!v.is_number_integer())
            throw Error(ErrorKind::Parse, fileName + ": \"" + key + "\" is not an integer or a list of them");
        out.push_back(v.get<int64_t>());
    }
    return out;
}

// The id of a tokenizer_config token entry ("<|im_end|>" or {"content": …}).
std::optional<int64_t> tokenId(const json& entry, const json& tokenizer, const json& tokCfg) {
    const json content = entry.is_object() && entry.contains("content") ? entry["content"] : entry;
    if (!content.is_string()) return std::nullopt;
    if (auto it = tokenizer.find("added_tokens"); it != tokenizer.end() && it->is_array())
        for (const auto& t : *it)
            if (t.is_object() && t.value("content", json()) == content && t.contains("id") && t["id"].is_number_integer())
                return t["id"].get<int64_t>();
    if (auto it = tokCfg.find("added_tokens_decoder"); it != tokCfg.end() && it->is_object())
        for (const auto& [id, t] : it->items())
            if (t.is_object() && t.value("content", json()) == content)
                if (const auto v = parseIndex(id)) return int64_t(*v);
    // An ordinary vocabulary entry (Llama 2's "</s>" in a BPE vocab, say).
    if (tokenizer.contains("model") && tokenizer["model"].contains("vocab")) {
        const json& vocab = tokenizer["model"]["vocab"];
        if (vocab.is_object() && vocab.contains(content.get<std::string>())) {
            const json& id = vocab[content.get<std::string>()];
            if (id.is_number_integer()) return id.get<int64_t>();
        }
    }
    return std::nullopt;
}

} // namespace

namespace {

json archOf(const json& config, const std::string& embedDtype) {
    if (!config.is_object()) fail("not a JSON object");
    if (!config.contains("model_type") || !config["model_type"].is_string())
        fail("no model_type, so the architecture is unknown");
    const std::string modelType = config["model_type"].get<std::string>();
    const Family f = familyOf(modelType);
    if (isQwen35(f)) detail::checkQwen35Config(config, f == Family::Qwen35Moe);
    const Config c(config, f);

    const int64_t hidden = c.integer("hidden_size");
    const int64_t heads = c.integer("num_attention_heads");
    const int64_t numLayers = c.integer("num_hidden_layers");
    if (hidden < 1 || heads < 1 || numLayers < 1) fail("hidden_size, num_attention_heads and num_hidden_layers must be positive");
    // Llama's None means multi-head attention; the other families always write it.
    const int64_t kvHeads = f == Family::Llama ? c.integer("num_key_value_heads", heads) : c.integer("num_key_value_heads");
    if (!c.find("head_dim") && hidden % heads != 0) fail("no head_dim and hidden_size is not a multiple of num_attention_heads");
    json moe = moeBlock(c, f, numLayers);

    json arch = {
        {"arch_name", modelType},
        {"hidden_size", hidden},
        // A MoE config may have no dense FFN size; the nominal one is then the expert's.
        {"intermediate_size", moe.is_null() ? c.integer("intermediate_size")
                                            : c.integer("intermediate_size", moe["moe_intermediate_size"].get<int64_t>())},
        {"num_layers", numLayers},
        {"num_attention_heads", heads},
        {"num_kv_heads", kvHeads},
        {"head_dim", c.integer("head_dim", hidden / heads)},
        {"vocab_size", c.integer("vocab_size")},
        {"layer_types", layerTypes(c, f, numLayers)},
        {"rms_norm_eps", c.number("rms_norm_eps")},
        // Qwen3.5's RMSNorms are zero-centred like Gemma's (Qwen3_5RMSNorm: x̂·(1+w)).
        {"norm_style", isGemma(f) || isQwen35(f) ? "gemma" : "qwen"},
        {"partial_rotary_factor", c.number("partial_rotary_factor")},
        {"tie_word_embeddings", c.boolean("tie_word_embeddings")},
        // Qwen2 / Qwen2-MoE always carry q/k/v biases; the others say so in the config.
        {"attention_bias", f == Family::Qwen2 || f == Family::Qwen2Moe || c.boolean("attention_bias")},
        {"hidden_act", c.string(isGemma(f) ? "hidden_activation" : "hidden_act")},
        {"moe", moe},
    };
    if (c.find("max_position_embeddings")) arch["max_position_embeddings"] = c.integer("max_position_embeddings");

    const Rope rope = ropeOf(c);
    arch["rope_theta"] = rope.theta;
    if (const json* p = c.find("rope_parameters"); p && p->contains("partial_rotary_factor"))
        arch["partial_rotary_factor"] = Config::asNumber((*p)["partial_rotary_factor"], "rope_parameters.partial_rotary_factor");
    // The full layers' scaling: the spec's yarn block, or rope_scaling as HF
    // has it (llama3, linear, dynamic, longrope, …: the engine refuses what it
    // does not implement).
    json localScaling; // what sliding layers use, when one rotary embedding serves every layer
    if (!rope.scaling.is_null()) {
        const std::string type = ropeType(rope.scaling);
        if (type == "yarn") {
            arch["yarn"] = yarnBlock(rope.scaling, c);
            localScaling = arch["yarn"];
            localScaling["rope_type"] = "yarn";
        } else if (type != "default") {
            arch["rope_scaling"] = type == "longrope" ? longropeBlock(rope.scaling, c) : rope.scaling;
            localScaling = arch["rope_scaling"];
        }
    }

    // Local-layer parameters only mean something when local layers exist.
    const json& types = arch["layer_types"];
    if (std::find(types.begin(), types.end(), "SlidingAttention") != types.end()) {
        arch["sliding_window"] = c.integer("sliding_window");
        // Gemma 3 gives local layers their own base; elsewhere they share the global one.
        arch["rope_local_base_freq"] = rope.localTheta ? *rope.localTheta : c.number("rope_local_base_freq", rope.theta);
        arch["local_partial_rotary_factor"] = c.number("local_partial_rotary_factor", 1.0);
        // One rotary embedding serves every layer, except in Gemma 3, whose
        // local layers have their own base and never the scaling.
        // rope_parameters per layer type says it for each kind.
        if (rope.localScaling) {
            const std::string type = ropeType(*rope.localScaling);
            localScaling = nullptr;
            if (type == "yarn") {
                localScaling = yarnBlock(*rope.localScaling, c);
                localScaling["rope_type"] = "yarn";
            } else if (type != "default") {
                localScaling = type == "longrope" ? longropeBlock(*rope.localScaling, c) : *rope.localScaling;
            }
            if (!localScaling.is_null()) arch["rope_local_scaling"] = localScaling;
        } else if (f != Family::Gemma3 && !localScaling.is_null()) {
            arch["rope_local_scaling"] = localScaling;
        }
    }

    if (std::find(types.begin(), types.end(), "LinearAttention") != types.end()) {
        // Gated DeltaNet dims. nv value heads share nk key heads in consecutive groups.
        for (const char* key : {"linear_conv_kernel_dim", "linear_num_key_heads", "linear_num_value_heads",
                                "linear_key_head_dim", "linear_value_head_dim"}) {
            arch[key] = c.integer(key);
            if (arch[key].get<int64_t>() < 1) fail(std::string(key) + " must be positive");
        }
        if (arch["linear_num_value_heads"].get<int64_t>() % arch["linear_num_key_heads"].get<int64_t>() != 0)
            fail("linear_num_value_heads is not a multiple of linear_num_key_heads");
        // The gated norm inside linear attention (linear_attn.norm.weight) is
        // plain x̂·w even where norm_style is "gemma" (Qwen3_5RMSNormGated):
        // this field is how a reader tells the two apart.
        arch["linear_norm_style"] = "qwen";
    }

    // Gemma's attention scale and logit soft-capping change the output; carry them when set.
    for (const char* key : {"query_pre_attn_scalar", "attn_logit_softcapping", "final_logit_softcapping"})
        if (isGemma(f) && c.find(key)) arch[key] = *c.find(key);
    if (isGemma(f)) {
        std::string dtype = embedDtype;
        for (const char* key : {"torch_dtype", "dtype"})
            if (dtype.empty() && c.find(key) && c.find(key)->is_string()) dtype = c.find(key)->get<std::string>();
        arch["embed_scale"] = embedScale(hidden, dtype);
    }

    if (const int64_t mtp = declaredMtpLayers(c); mtp > 0) arch["mtp"] = mtpBlock(mtp);
    return arch;
}

} // namespace

nlohmann::json archFromConfig(const nlohmann::json& config) { return archOf(config, {}); }

nlohmann::json archFromConfig(const nlohmann::json& config, const std::vector<std::string>& tensorNames, const std::string& embedDtype) {
    json arch = archOf(config, embedDtype);
    // The tensors are the truth (§2 "tensor-presence driven"): a declared
    // head whose weights were stripped is no head at all.
    if (const auto layers = mtpLayersIn(tensorNames); layers && *layers > 0)
        arch["mtp"] = mtpBlock(*layers);
    else if (!layers)
        arch.erase("mtp");
    return arch;
}

nlohmann::json chatBundleFromDir(const std::string& dir) {
    namespace fs = std::filesystem;
    const fs::path root(dir);
    std::error_code ec;
    if (!fs::is_directory(root, ec)) throw Error(ErrorKind::Io, dir + ": not a directory");

    const json config = readJson(root / "config.json").value_or(json::object());
    const json gen = readJson(root / "generation_config.json").value_or(json::object());
    const json tokCfg = readJson(root / "tokenizer_config.json").value_or(json::object());
    const json tokenizer = readJson(root / "tokenizer.json").value_or(json::object());
    // A multimodal config keeps some ids in its text_config only.
    const json textConfig =
        config.contains("text_config") && config["text_config"].is_object() ? config["text_config"] : json::object();

    json chatTemplate; // null
    if (auto jinja = readText(root / "chat_template.jinja")) {
        chatTemplate = *jinja;
    } else if (auto it = tokCfg.find("chat_template"); it != tokCfg.end() && !it->is_null()) {
        if (it->is_string()) {
            chatTemplate = *it;
        } else if (it->is_array()) { // [{name, template}, …]: transformers uses "default"
            std::string names;
            for (const auto& t : *it) {
                const json name = t.is_object() ? t.value("name", json()) : json();
                if (name == "default" && t.contains("template") && t["template"].is_string()) chatTemplate = t["template"];
                names += (names.empty() ? "" : ", ") + name.dump();
            }
            if (chatTemplate.is_null())
                throw Error(ErrorKind::Parse, dir + "/tokenizer_config.json: chat_template list has no \"default\" entry (has " +
                                                  names + ")");
        } else {
            throw Error(ErrorKind::Parse, dir + "/tokenizer_config.json: chat_template is neither a string nor a list");
        }
    }

    auto fromTokCfg = [&](const char* key) -> std::vector<int64_t> {
        if (!tokCfg.contains(key) || tokCfg[key].is_null()) return {};
        const auto id = tokenId(tokCfg[key], tokenizer, tokCfg);
        return id ? std::vector<int64_t>{*id} : std::vector<int64_t>{};
    };
    // Each source in priority order; the first id wins for bos/pad, all are kept for eos.
    auto sources = [&](const char* idKey, const char* tokenKey) {
        return std::vector<std::vector<int64_t>>{ids(gen, idKey, "generation_config.json"), ids(config, idKey, "config.json"),
                                                 ids(textConfig, idKey, "config.json text_config"), fromTokCfg(tokenKey)};
    };
    auto firstOf = [&](const char* idKey, const char* tokenKey) -> json {
        for (const auto& s : sources(idKey, tokenKey))
            if (!s.empty()) return s.front();
        return nullptr;
    };

    json eos = json::array();
    for (const auto& s : sources("eos_token_id", "eos_token"))
        for (int64_t id : s)
            if (std::find(eos.begin(), eos.end(), id) == eos.end()) eos.push_back(id);
    const json bos = firstOf("bos_token_id", "bos_token");
    const json pad = firstOf("pad_token_id", "pad_token");

    if (chatTemplate.is_null() && eos.empty() && bos.is_null() && pad.is_null()) return nullptr;
    return {{"chat_template", chatTemplate}, {"eos_token_ids", eos}, {"bos_token_id", bos}, {"pad_token_id", pad}};
}

nlohmann::json generationConfigFromDir(const std::string& dir) {
    const auto path = std::filesystem::path(dir) / "generation_config.json";
    const auto file = readJson(path);
    if (!file) return nullptr;
    const GenerationConfig g = generationConfigFromJson(*file, printable(path.string()));
    return g.empty() ? nlohmann::json() : g.toJson();
}

std::vector<std::string> canonicalOrder(std::vector<std::string> names) {
    // (group, layer, name within the layer, expert role, expert, full name)
    using Key = std::tuple<int, uint64_t, std::string_view, int, uint64_t, std::string_view>;
    auto keyOf = [](const std::string& n) -> Key {
        if (n == "model.embed_tokens.weight") return {0, 0, {}, 0, 0, n};
        if (n == "model.norm.weight") return {1, 0, {}, 0, 0, n};
        if (n == "lm_head.weight") return {2, 0, {}, 0, 0, n};
        if (const auto layer = splitIndexed(n, kLayers)) {
            // A layer's expert bank is one region (§2.2): it sorts as "mlp.experts", then by role, then by expert.
            if (const auto expert = expertRole(layer->second))
                return {3, layer->first, "mlp.experts", expert->first, expert->second, n};
            return {3, layer->first, layer->second, 0, 0, n};
        }
        if (std::string_view(n).starts_with(kMtp)) {
            // By name, except that an MTP layer's experts (Qwen3.5-MoE) are role-contiguous too.
            if (const auto layer = splitIndexed(n, kMtpLayers))
                if (const auto expert = expertRole(layer->second)) {
                    const size_t bank = size_t(layer->second.data() - n.data()) + std::string_view("mlp.experts").size();
                    return {4, 0, std::string_view(n).substr(0, bank), expert->first, expert->second, n};
                }
            return {4, 0, n, 0, 0, n};
        }
        return {5, 0, {}, 0, 0, n};
    };
    std::vector<std::pair<Key, size_t>> keys;
    keys.reserve(names.size());
    for (size_t i = 0; i < names.size(); ++i) keys.emplace_back(keyOf(names[i]), i);
    std::sort(keys.begin(), keys.end());
    std::vector<std::string> out;
    out.reserve(names.size());
    for (const auto& k : keys) out.push_back(std::move(names[k.second]));
    return out;
}

void checkTensorSet(const nlohmann::json& arch, const std::vector<std::string>& names) {
    auto archInt = [&](const json& o, const char* key, const char* where) -> int64_t {
        if (!o.is_object() || !o.contains(key) || !o[key].is_number_integer())
            throw Error(ErrorKind::Parse, std::string(where) + key + " is missing or not an integer");
        return o[key].get<int64_t>();
    };
    const std::set<std::string> have(names.begin(), names.end());
    std::vector<std::string> missing;
    auto need = [&](const std::string& n) {
        if (!have.count(n)) missing.push_back(n);
    };

    const int64_t numLayers = archInt(arch, "num_layers", "arch.");
    const json types = arch.contains("layer_types") && arch["layer_types"].is_array() ? arch["layer_types"] : json::array();
    const json moe = arch.contains("moe") ? arch["moe"] : json();
    std::set<int64_t> moeLayers;
    if (moe.is_object() && moe.contains("moe_layers"))
        for (const auto& i : moe["moe_layers"]) {
            if (!i.is_number_integer()) throw Error(ErrorKind::Parse, "arch.moe.moe_layers holds a non-integer");
            moeLayers.insert(i.get<int64_t>());
        }

    auto attention = [&](const std::string& p, size_t layer) {
        need(p + "input_layernorm.weight");
        need(p + "post_attention_layernorm.weight");
        if (layer < types.size() && types[layer] == "LinearAttention") { // Gated DeltaNet (Qwen3.5)
            for (const char* t : {"in_proj_qkv.weight", "in_proj_z.weight", "in_proj_b.weight", "in_proj_a.weight",
                                  "conv1d.weight", "A_log", "dt_bias", "norm.weight", "out_proj.weight"})
                need(p + "linear_attn." + t);
            return;
        }
        for (const char* proj : {"q_proj", "k_proj", "v_proj", "o_proj"}) need(p + "self_attn." + proj + ".weight");
    };

    need("model.embed_tokens.weight");
    need("model.norm.weight");
    const bool tied = arch.contains("tie_word_embeddings") && arch["tie_word_embeddings"] == true;
    if (!tied) need("lm_head.weight");
    for (int64_t i = 0; i < numLayers; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        attention(p, size_t(i));
        const bool isMoe = moe.is_object() && (moe.contains("moe_layers") ? moeLayers.count(i) > 0
                                                                           : have.count(p + "mlp.gate.weight") > 0);
        if (!isMoe) {
            for (const char* proj : {"gate_proj", "up_proj", "down_proj"}) need(p + "mlp." + proj + ".weight");
            continue;
        }
        need(p + "mlp.gate.weight");
        const int64_t experts = archInt(moe, "num_experts", "arch.moe.");
        for (int64_t e = 0; e < experts; ++e)
            for (const char* proj : {"gate_proj", "up_proj", "down_proj"})
                need(p + "mlp.experts." + std::to_string(e) + "." + proj + ".weight");
        if (moe.contains("shared_expert_intermediate_size"))
            for (const char* proj : {"gate_proj", "up_proj", "down_proj"}) need(p + "mlp.shared_expert." + proj + ".weight");
    }
    if (arch.contains("mtp") && arch["mtp"].is_object()) {
        for (const char* n : {"enorm", "hnorm", "eh_proj", "norm"}) need(std::string(kMtp) + n + ".weight");
        const int64_t layers = archInt(arch["mtp"], "num_layers", "arch.mtp.");
        for (int64_t i = 0; i < layers; ++i) attention(std::string(kMtpLayers) + std::to_string(i) + ".", SIZE_MAX);
    }

    if (missing.empty()) return;
    const json archName = arch.contains("arch_name") && arch["arch_name"].is_string() ? arch["arch_name"] : json("?");
    std::string msg = "checkpoint lacks " + std::to_string(missing.size()) + " tensor" + (missing.size() == 1 ? "" : "s") +
                      " the arch (" + archName.get<std::string>() + ") implies: ";
    const size_t shown = std::min<size_t>(missing.size(), 5);
    for (size_t i = 0; i < shown; ++i) msg += (i ? ", " : "") + missing[i];
    if (missing.size() > shown) msg += ", and " + std::to_string(missing.size() - shown) + " more";
    throw Error(ErrorKind::Parse, msg);
}


nlohmann::json provenanceNotes(const nlohmann::json& config) {
    if (!config.is_object() || !config.contains("model_type") || !config["model_type"].is_string()) return json::object();
    return isQwen35(familyOf(config["model_type"].get<std::string>())) ? detail::qwen35Notes(config) : json::object();
}

void checkTensorShapes(const nlohmann::json& config, const nlohmann::json& arch, const std::vector<std::string>& names,
                       const std::vector<std::vector<uint64_t>>& shapes) {
    std::map<std::string_view, const std::vector<uint64_t>*> shapeOf;
    for (size_t i = 0; i < names.size() && i < shapes.size(); ++i) shapeOf[names[i]] = &shapes[i];
    auto dims = [](const std::vector<uint64_t>& s) {
        std::string t;
        for (uint64_t d : s) t += (t.empty() ? "" : ", ") + std::to_string(d);
        return "[" + t + "]";
    };
    auto expect = [&](const std::string& name, const std::vector<uint64_t>& want) {
        const auto it = shapeOf.find(name);
        if (it != shapeOf.end() && *it->second != want)
            throw Error(ErrorKind::Parse, "tensor " + name + " has shape " + dims(*it->second) + "; the arch implies " + dims(want));
    };
    auto u = [&](const json& o, const char* key) -> uint64_t {
        return o.contains(key) && o[key].is_number_integer() && o[key].get<int64_t>() > 0 ? o[key].get<uint64_t>() : 0;
    };
    const uint64_t h = u(arch, "hidden_size");

    // Gated DeltaNet layers (tests/data/models/gdn/README.md has the table).
    const json types = arch.contains("layer_types") && arch["layer_types"].is_array() ? arch["layer_types"] : json::array();
    const uint64_t nk = u(arch, "linear_num_key_heads"), nv = u(arch, "linear_num_value_heads");
    const uint64_t keyDim = nk * u(arch, "linear_key_head_dim"), valueDim = nv * u(arch, "linear_value_head_dim");
    const uint64_t convDim = 2 * keyDim + valueDim;
    for (size_t i = 0; i < types.size(); ++i) {
        if (types[i] != "LinearAttention") continue;
        const std::string p = std::string(kLayers) + std::to_string(i) + ".linear_attn.";
        expect(p + "in_proj_qkv.weight", {convDim, h});
        expect(p + "in_proj_z.weight", {valueDim, h});
        expect(p + "in_proj_b.weight", {nv, h});
        expect(p + "in_proj_a.weight", {nv, h});
        expect(p + "conv1d.weight", {convDim, 1, u(arch, "linear_conv_kernel_dim")});
        expect(p + "A_log", {nv});
        expect(p + "dt_bias", {nv});
        expect(p + "norm.weight", {u(arch, "linear_value_head_dim")});
        expect(p + "out_proj.weight", {h, valueDim});
    }

    // Qwen3.5's full attention: q_proj rows hold a query and, with the output
    // gate, a gate per head; the engine decides by that width (§2), so a
    // config that says otherwise contradicts the tensors.
    const std::string modelType = config.is_object() ? config.value("model_type", std::string()) : std::string();
    const json& text = config.is_object() && config.contains("text_config") && config["text_config"].is_object()
                           ? config["text_config"] : config;
    const uint64_t plain = u(arch, "num_attention_heads") * u(arch, "head_dim");
    if (modelType.starts_with("qwen3_5") && plain > 0)
        for (const auto& [name, shape] : shapeOf) {
            if (!name.ends_with(".self_attn.q_proj.weight") || shape->empty()) continue;
            const uint64_t rows = (*shape)[0];
            if (rows != plain && rows != 2 * plain)
                throw Error(ErrorKind::Parse, "tensor " + std::string(name) + " has " + std::to_string(rows) +
                                                  " rows; num_attention_heads x head_dim is " + std::to_string(plain) +
                                                  " (" + std::to_string(2 * plain) + " with the output gate)");
            if (text.is_object() && text.contains("attn_output_gate") && text["attn_output_gate"].is_boolean() &&
                text["attn_output_gate"].get<bool>() != (rows == 2 * plain))
                throw Error(ErrorKind::Parse, std::string("config.json: attn_output_gate is ") +
                                                  (rows == plain ? "true" : "false") + " but " + std::string(name) + " has " +
                                                  std::to_string(rows) + " rows, " +
                                                  (rows == plain ? "a query and no gate" : "a query and a gate") +
                                                  " per head: the config and the tensors contradict each other");
        }

    // Experts, split from a fused bank or stored one by one, and the shared expert.
    if (arch.contains("moe") && arch["moe"].is_object()) {
        const uint64_t ff = u(arch["moe"], "moe_intermediate_size"), sff = u(arch["moe"], "shared_expert_intermediate_size");
        for (const auto& [name, shape] : shapeOf) {
            const std::string n(name);
            auto layer = splitIndexed(name, kLayers);
            if (!layer) layer = splitIndexed(name, kMtpLayers);
            if (!layer) continue;
            if (const auto expert = expertRole(layer->second))
                expect(n, expert->first == 2 ? std::vector<uint64_t>{h, ff} : std::vector<uint64_t>{ff, h});
            else if (sff && (layer->second == "mlp.shared_expert.gate_proj.weight" || layer->second == "mlp.shared_expert.up_proj.weight"))
                expect(n, {sff, h});
            else if (sff && layer->second == "mlp.shared_expert.down_proj.weight")
                expect(n, {h, sff});
        }
    }
}

} // namespace cmf::hf
