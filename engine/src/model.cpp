#include "cmf/engine/model.h"

#include "cmf/engine/memory_budget.h"

#include "cmf/format/error.h"
#include "cmf/format/envelope.h"
#include "cmf/format/printable.h"
#include "kernels/vbit_rows.h"
#include "weight_panels.h"
#include "weight_residency.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <set>

namespace cmf::engine {
namespace {

double num(const nlohmann::json& a, const char* k, double dflt) {
    return a.contains(k) && a[k].is_number() ? a[k].get<double>() : dflt;
}

// An optional field that changes the output: absent or null = dflt, present = a number.
double field(const nlohmann::json& a, const char* k, double dflt) {
    if (!a.contains(k) || a[k].is_null()) return dflt;
    if (!a[k].is_number()) throw Error(ErrorKind::Parse, std::string("header: arch.") + k + " is not a number");
    return a[k].get<double>();
}

uint32_t count(const nlohmann::json& a, const char* k) {
    if (!a.contains(k) || !a[k].is_number_integer() || a[k].get<int64_t>() <= 0)
        throw Error(ErrorKind::Parse, std::string("header: arch.") + k + " is missing or not a positive integer");
    return a[k].get<uint32_t>();
}

// Resolves names to tensors; with a skill, `skill.{id}.{name}` wins over the
// backbone's entry (§9 tensor-source indirection, zero copy); in-memory
// replacements (a skill being built, before it is written) win over both.
class Loader {
public:
    // panels: where int8-coded matmul weights are packed (nullptr: they are read in place).
    Loader(const cmf::Model& m, const PanelCache* panels, std::string skillPrefix = {},
           const std::map<std::string, TensorBytes>* replacements = nullptr)
        : m_(m), panels_(panels), prefix_(std::move(skillPrefix)), replacements_(replacements) {}

    bool has(const std::string& name) const { return bytes(name).has_value(); }
    // Every name asked for (found or not): what the forward pass reads.
    const std::set<std::string>& asked() const { return asked_; }

    // matmul: false for a weight read a row at a time (the embedding), never packed.
    Weight weight(const std::string& name, bool required = true, bool matmul = true) const {
        const auto b = bytes(name);
        if (!b) {
            if (required) throw Error(ErrorKind::Parse, "model: tensor " + name + " is missing");
            return {};
        }
        if (b->second != 2) throw Error(ErrorKind::Parse, "model: tensor " + name + " is not 2-D");
        Weight w;
        w.bytes = b->first;
        if (w.bytes.dtype == DType::VBit || w.bytes.dtype == DType::VBitRo) {
            // The int8 kernels trust widths and row offsets: check them once
            // here (a pass over the widths and the table, not the weights).
            validatePayload(w.bytes);
            if (w.bytes.dtype == DType::VBit)
                w.vbitRowStarts = std::make_shared<const std::vector<uint64_t>>(kernels::vbitRowStarts(w.bytes));
        }
        // An in-memory replacement's bytes live only as long as the caller's: packed, not cached.
        if (panels_ && matmul) panels_->attach(w, !(replacements_ && replacements_->count(name)));
        return w;
    }

    // 1-D tensors are small: decoded once to float32.
    std::vector<float> vec(const std::string& name, bool required = true) const {
        const auto b = bytes(name);
        if (!b) {
            if (required) throw Error(ErrorKind::Parse, "model: tensor " + name + " is missing");
            return {};
        }
        return decodeAll(b->first);
    }

private:
    // The payload and the directory's ndim (a replacement takes the ndim of the tensor it replaces).
    std::optional<std::pair<TensorBytes, uint32_t>> bytes(const std::string& name) const {
        asked_.insert(name);
        std::optional<uint64_t> i;
        if (!prefix_.empty()) i = m_.find(prefix_ + name);
        if (!i) i = m_.find(name);
        if (replacements_)
            if (auto it = replacements_->find(name); it != replacements_->end())
                return std::pair{it->second, i ? uint32_t(m_.tensors()[*i].record.ndim) : 2u};
        if (!i) return std::nullopt;
        const auto& t = m_.tensors()[*i];
        return std::pair{m_.tensorBytes(t), uint32_t(t.record.ndim)};
    }

    const cmf::Model& m_;
    const PanelCache* panels_;
    std::string prefix_;
    const std::map<std::string, TensorBytes>* replacements_;
    mutable std::set<std::string> asked_;
};

// A text-model tensor the forward pass never reads (an MLP bias, a norm of a
// kind the engine has no operator for) would change the output of the model
// it came from: refused by name instead of run without it. MTP heads
// (model.mtp.*, not run by this engine), skills (skill.*) and tensors outside
// model.* / lm_head.* (a vision tower another tool kept) do not touch the
// text forward pass.
void checkEveryTensorRead(const cmf::Model& file, const Loader& L) {
    for (const auto& t : file.tensors()) {
        const std::string_view n = t.record.name;
        const bool text = n.starts_with("model.") || n.starts_with("lm_head.");
        if (text && !n.starts_with("model.mtp.") && !L.asked().count(std::string(n)))
            throw Error(ErrorKind::Parse, "model: tensor " + std::string(n) + " has no operator in this engine; running without it "
                                                                            "would change the output");
    }
}

// Full layers: rope_theta, partial_rotary_factor and the spec's `yarn` block
// or an HF-style `rope_scaling`; sliding layers: rope_local_base_freq,
// local_partial_rotary_factor and `rope_local_scaling` (absent: none, as
// Gemma 3's local layers have).
RopeConfig ropeFor(const nlohmann::json& a, bool sliding) {
    RopeConfig r;
    const double maxPos = num(a, "max_position_embeddings", 0);
    if (sliding) {
        r.theta = num(a, "rope_local_base_freq", num(a, "rope_theta", 10000.0));
        r.partialRotaryFactor = num(a, "local_partial_rotary_factor", 1.0);
        if (a.contains("rope_local_scaling") && !a["rope_local_scaling"].is_null())
            applyScaling(r, a["rope_local_scaling"], false, maxPos, "arch.rope_local_scaling");
        return r;
    }
    r.theta = num(a, "rope_theta", 10000.0);
    r.partialRotaryFactor = num(a, "partial_rotary_factor", 1.0);
    const bool yarn = a.contains("yarn") && !a["yarn"].is_null(), scaling = a.contains("rope_scaling") && !a["rope_scaling"].is_null();
    if (yarn && scaling) throw Error(ErrorKind::Parse, "header: arch has both yarn and rope_scaling; which one the full layers use is ambiguous");
    if (yarn) applyScaling(r, a["yarn"], true, maxPos, "arch.yarn");
    if (scaling) applyScaling(r, a["rope_scaling"], false, maxPos, "arch.rope_scaling");
    return r;
}

bool isLinearLayer(const nlohmann::json& a, uint32_t i) {
    const auto t = a.find("layer_types");
    return t != a.end() && t->is_array() && i < t->size() && (*t)[i] == "LinearAttention";
}

// linear_attn.* of layer i, with every shape checked against arch.linear_*:
// the recurrence trusts them.
LinearAttention loadLinearAttention(const Loader& L, const ModelConfig& c, const std::string& p, uint32_t i) {
    const auto& d = c.linear;
    const std::string q = p + "linear_attn.";
    LinearAttention g;
    g.qkv = L.weight(q + "in_proj_qkv.weight");
    g.z = L.weight(q + "in_proj_z.weight");
    g.b = L.weight(q + "in_proj_b.weight");
    g.a = L.weight(q + "in_proj_a.weight");
    g.out = L.weight(q + "out_proj.weight");
    g.conv = L.vec(q + "conv1d.weight");
    g.aLog = L.vec(q + "A_log");
    g.dtBias = L.vec(q + "dt_bias");
    g.norm = L.vec(q + "norm.weight");
    const uint64_t vw = uint64_t(d.valueHeads) * d.valueDim;
    const auto expect = [&](const char* what, uint64_t got, uint64_t want) {
        if (got != want)
            throw Error(ErrorKind::Parse, "model: layer " + std::to_string(i) + " linear_attn." + what + " has " + std::to_string(got) +
                                              ", expected " + std::to_string(want) + " from arch.linear_*");
    };
    for (const Weight* w : {&g.qkv, &g.z, &g.b, &g.a}) expect("input projection columns", w->cols(), c.hidden);
    expect("in_proj_qkv rows", g.qkv.rows(), d.convDim());
    expect("in_proj_z rows", g.z.rows(), vw);
    expect("in_proj_b rows", g.b.rows(), d.valueHeads);
    expect("in_proj_a rows", g.a.rows(), d.valueHeads);
    expect("out_proj rows", g.out.rows(), c.hidden);
    expect("out_proj columns", g.out.cols(), vw);
    expect("conv1d values", g.conv.size(), uint64_t(d.convDim()) * d.kernel);
    expect("A_log values", g.aLog.size(), d.valueHeads);
    expect("dt_bias values", g.dtBias.size(), d.valueHeads);
    expect("norm values", g.norm.size(), d.valueDim);
    g.convT.resize(g.conv.size());
    for (size_t ch = 0; ch < d.convDim(); ++ch)
        for (size_t j = 0; j < d.kernel; ++j) g.convT[j * d.convDim() + ch] = g.conv[ch * d.kernel + j];
    return g;
}

// self_attn.* of a full or sliding attention layer.
void loadAttention(const Loader& L, const ModelConfig& c, const std::string& p, uint32_t i, Layer& l) {
    l.q = L.weight(p + "self_attn.q_proj.weight");
    l.k = L.weight(p + "self_attn.k_proj.weight");
    l.v = L.weight(p + "self_attn.v_proj.weight");
    l.o = L.weight(p + "self_attn.o_proj.weight");
    l.qBias = L.vec(p + "self_attn.q_proj.bias", false);
    l.kBias = L.vec(p + "self_attn.k_proj.bias", false);
    l.vBias = L.vec(p + "self_attn.v_proj.bias", false);
    l.oBias = L.vec(p + "self_attn.o_proj.bias", false);
    l.qNorm = L.vec(p + "self_attn.q_norm.weight", false);
    l.kNorm = L.vec(p + "self_attn.k_norm.weight", false);
    l.gateProj = L.weight(p + "self_attn.g_proj.weight", false);
    // Twice the rows: per head, head_dim query rows then head_dim gate rows (Qwen3.5).
    const uint64_t qw = uint64_t(l.heads) * c.headDim;
    l.outputGate = l.q.rows() == 2 * qw;
    if (l.q.rows() != qw && !l.outputGate)
        throw Error(ErrorKind::Parse, "model: layer " + std::to_string(i) + " q_proj has " + std::to_string(l.q.rows()) +
                                          " rows, expected heads × head_dim = " + std::to_string(qw) + " (or twice that, with an output gate)");
    if (l.outputGate && l.gateProj.present())
        throw Error(ErrorKind::Parse, "model: layer " + std::to_string(i) + " has both a q_proj output gate and self_attn.g_proj");
    if (l.k.rows() != uint64_t(c.kvHeads) * c.headDim || l.heads % c.kvHeads != 0)
        throw Error(ErrorKind::Parse, "model: layer " + std::to_string(i) + " k_proj does not match num_kv_heads × head_dim");
}

// mlp.*: dense, or MoE when the router is present.
void loadFfn(const Loader& L, const std::string& p, Layer& l) {
    l.router = L.weight(p + "mlp.gate.weight", false);
    if (l.moe()) {
        // Experts by presence up to the router's rows (§11.1: a defragged
        // layer has fewer, renumbered from 0).
        for (uint64_t e = 0; e < l.router.rows(); ++e) {
            const std::string ep = p + "mlp.experts." + std::to_string(e) + ".";
            l.experts.push_back({L.weight(ep + "gate_proj.weight"), L.weight(ep + "up_proj.weight"), L.weight(ep + "down_proj.weight")});
        }
        l.expertBias = L.vec(p + "mlp.expert_bias", false);
        if (L.has(p + "mlp.shared_expert.gate_proj.weight"))
            l.shared = {L.weight(p + "mlp.shared_expert.gate_proj.weight"), L.weight(p + "mlp.shared_expert.up_proj.weight"),
                        L.weight(p + "mlp.shared_expert.down_proj.weight")};
        l.sharedGate = L.weight(p + "mlp.shared_expert_gate.weight", false);
    } else {
        l.mlpGate = L.weight(p + "mlp.gate_proj.weight");
        l.mlpUp = L.weight(p + "mlp.up_proj.weight");
        l.mlpDown = L.weight(p + "mlp.down_proj.weight");
    }
}

Weights loadWeights(const Loader& L, const ModelConfig& c, const nlohmann::json& a) {
    Weights w;
    w.embed = L.weight("model.embed_tokens.weight", true, false);
    w.finalNorm = L.vec("model.norm.weight");
    const bool tied = a.contains("tie_word_embeddings") && a["tie_word_embeddings"].is_boolean() && a["tie_word_embeddings"].get<bool>();
    w.lmHead = L.weight(L.has("lm_head.weight") || !tied ? "lm_head.weight" : "model.embed_tokens.weight");
    if (w.embed.cols() != c.hidden) throw Error(ErrorKind::Parse, "model: embed_tokens width differs from hidden_size");

    const auto& types = a.contains("layer_types") && a["layer_types"].is_array() ? a["layer_types"] : nlohmann::json::array();
    const auto& perLayerHeads = a.contains("attention_heads_per_layer") && a["attention_heads_per_layer"].is_array()
                                    ? a["attention_heads_per_layer"] : nlohmann::json::array();
    for (uint32_t i = 0; i < c.layers; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        Layer l;
        const bool linear = isLinearLayer(a, i);
        l.sliding = i < types.size() && types[i] == "SlidingAttention";
        l.heads = i < perLayerHeads.size() && perLayerHeads[i].is_number_integer() ? perLayerHeads[i].get<uint32_t>() : c.heads;
        l.rope = ropeFor(a, l.sliding);
        l.inputNorm = L.vec(p + "input_layernorm.weight");
        l.postAttnNorm = L.vec(p + "post_attention_layernorm.weight");
        l.preFfnNorm = L.vec(p + "pre_feedforward_layernorm.weight", false);
        l.postFfnNorm = L.vec(p + "post_feedforward_layernorm.weight", false);
        if (linear) l.linear = loadLinearAttention(L, c, p, i);
        else loadAttention(L, c, p, i, l);
        loadFfn(L, p, l);
        w.layers.push_back(std::move(l));
    }
    return w;
}

// arch.mtp (§2.1): model.mtp.{enorm, hnorm, eh_proj, norm} and num_layers
// full-attention blocks under model.mtp.layers.{i}.
MtpHead loadMtp(const Loader& L, const ModelConfig& c, const nlohmann::json& a, const Weights& backbone) {
    const auto& m = a["mtp"];
    if (!m.contains("num_layers") || !m["num_layers"].is_number_integer() || m["num_layers"].get<int64_t>() < 0)
        throw Error(ErrorKind::Parse, "header: arch.mtp.num_layers is missing or not a non-negative integer");
    const uint32_t layers = m["num_layers"].get<uint32_t>();
    MtpHead h;
    h.enorm = L.vec("model.mtp.enorm.weight");
    h.hnorm = L.vec("model.mtp.hnorm.weight");
    h.ehProj = L.weight("model.mtp.eh_proj.weight");
    if (h.ehProj.rows() != c.hidden || h.ehProj.cols() != 2 * uint64_t(c.hidden) || h.enorm.size() != c.hidden || h.hnorm.size() != c.hidden)
        throw Error(ErrorKind::Parse, "model: the MTP head's eh_proj is not [hidden, 2·hidden] or its norms are not [hidden]");
    Weights s;
    s.embed = backbone.embed;
    s.lmHead = backbone.lmHead;
    s.finalNorm = L.vec("model.mtp.norm.weight");
    for (uint32_t i = 0; i < layers; ++i) {
        const std::string p = "model.mtp.layers." + std::to_string(i) + ".";
        Layer l;
        l.heads = c.heads;
        l.rope = ropeFor(a, false);
        l.inputNorm = L.vec(p + "input_layernorm.weight");
        l.postAttnNorm = L.vec(p + "post_attention_layernorm.weight");
        loadAttention(L, c, p, i, l);
        loadFfn(L, p, l);
        s.layers.push_back(std::move(l));
    }
    h.stack = std::make_shared<const Weights>(std::move(s));
    return h;
}

// Every arch field changes what the engine computes or is descriptive; a
// field outside this list may change the output in a way the engine does not
// know, so the model is refused instead of run without it (README "arch
// fields the engine honours").
void checkArchFields(const nlohmann::json& a) {
    static const std::set<std::string> known = {
        // descriptive or checked elsewhere (tensor presence decides biases, MoE layers, MTP heads)
        "arch_name", "intermediate_size", "attention_bias", "moe", "mtp",
        // LinearAttention layers (Gated DeltaNet)
        "linear_conv_kernel_dim", "linear_num_key_heads", "linear_num_value_heads", "linear_key_head_dim", "linear_value_head_dim",
        "linear_norm_style",
        // shapes
        "hidden_size", "num_layers", "num_attention_heads", "num_kv_heads", "head_dim", "vocab_size", "attention_heads_per_layer",
        "layer_types", "max_position_embeddings", "tie_word_embeddings",
        // norms, activation, embeddings, attention, logits
        "rms_norm_eps", "norm_style", "hidden_act", "embed_scale", "query_pre_attn_scalar", "attn_logit_softcapping",
        "final_logit_softcapping", "sliding_window",
        // RoPE
        "rope_theta", "partial_rotary_factor", "yarn", "rope_scaling", "rope_local_base_freq", "local_partial_rotary_factor",
        "rope_local_scaling",
    };
    for (const auto& [key, value] : a.items())
        if (!known.count(key) && !value.is_null())
            throw Error(ErrorKind::Parse, "header: arch." + key + " is not a field this engine implements; it may change the output, "
                                          "so the model is not run without it");
}

// arch.layer_types: each entry one of the three kinds this engine runs.
void checkLayerTypes(const nlohmann::json& a, uint32_t layers) {
    if (!a.contains("layer_types") || a["layer_types"].is_null()) return;
    const auto& t = a["layer_types"];
    if (!t.is_array() || t.size() != layers)
        throw Error(ErrorKind::Parse, "header: arch.layer_types is not a list of num_layers (" + std::to_string(layers) + ") entries");
    for (size_t i = 0; i < t.size(); ++i)
        if (t[i] != "FullAttention" && t[i] != "SlidingAttention" && t[i] != "LinearAttention")
            throw Error(ErrorKind::Parse, "header: arch.layer_types[" + std::to_string(i) + "] is " + printable(t[i].dump()) +
                                              ", a layer kind this engine does not run (FullAttention, SlidingAttention, LinearAttention)");
}

// The Gated DeltaNet dimensions, required once a layer is LinearAttention.
ModelConfig::Linear linearConfigOf(const nlohmann::json& a, uint32_t layers) {
    ModelConfig::Linear d;
    bool any = false;
    for (uint32_t i = 0; i < layers; ++i) any |= isLinearLayer(a, i);
    if (!any) return d;
    d.keyHeads = count(a, "linear_num_key_heads");
    d.valueHeads = count(a, "linear_num_value_heads");
    d.keyDim = count(a, "linear_key_head_dim");
    d.valueDim = count(a, "linear_value_head_dim");
    d.kernel = count(a, "linear_conv_kernel_dim");
    if (d.valueHeads % d.keyHeads != 0)
        throw Error(ErrorKind::Parse, "header: arch.linear_num_value_heads (" + std::to_string(d.valueHeads) +
                                          ") is not a multiple of linear_num_key_heads (" + std::to_string(d.keyHeads) + ")");
    if (d.kernel > 64) throw Error(ErrorKind::Parse, "header: arch.linear_conv_kernel_dim " + std::to_string(d.kernel) + " is past 64");
    // Qwen3.5 normalises its blocks x̂·(1+w) (norm_style "gemma") but its
    // gated norm with the plain weight: that one has its own field.
    const auto style = a.find("linear_norm_style");
    if (style != a.end() && !style->is_null()) {
        if (*style != "qwen" && *style != "gemma")
            throw Error(ErrorKind::Parse, "header: arch.linear_norm_style is " + printable(style->dump()) + " (expected \"qwen\" or \"gemma\")");
        d.gemmaNorm = *style == "gemma";
    }
    return d;
}

Activation activationOf(const nlohmann::json& a) {
    if (!a.contains("hidden_act") || a["hidden_act"].is_null()) return Activation::Silu;
    if (!a["hidden_act"].is_string()) throw Error(ErrorKind::Parse, "header: arch.hidden_act is not a string");
    const std::string act = a["hidden_act"];
    if (act == "silu" || act == "swish") return Activation::Silu;
    if (act == "gelu_pytorch_tanh" || act == "gelu_tanh" || act == "gelu_new" || act == "gelu_fast") return Activation::GeluTanh;
    if (act == "gelu") return Activation::GeluErf;
    throw Error(ErrorKind::Parse, "header: arch.hidden_act \"" + act + "\" is not an activation this engine implements "
                                  "(silu, gelu, gelu_pytorch_tanh)");
}

} // namespace

namespace {

// How the engine holds a file's bytes. Mapped by default: the kernel can
// drop and reread the pages, and what a task mask, a skill or the routing
// leaves cold costs no memory, which is what the memory estimate counts; the
// weights decode reads every token are copied into huge pages instead
// (weight_residency.h). CMF_WEIGHTS=loaded reads whole files into private
// memory the kernel backs with 2 MiB pages (mapped_file.h) when twice them
// fit what this process may take — cold tensors too, so a long prefill on
// qwen3.5-0.8b q8 peaked ~75 MB (8 %) above the mapped run.
Residency residencyFor(const cmf::Model& mapped) {
    const char* e = std::getenv("CMF_WEIGHTS");
    if (!e || std::string_view(e) != "loaded") return Residency::Mapped;
    uint64_t bytes = 0;
    for (const auto& f : mapped.files()) bytes += f->fileSize();
    const MemoryBudget b = budgetFrom(readMemorySources(bytes));
    if (b.disabled) return Residency::Loaded;
    const uint64_t room = std::min(b.total, b.anonymous);
    return room != kUnlimited && bytes > room / 2 ? Residency::Mapped : Residency::Loaded;
}

} // namespace

std::shared_ptr<const Model> Model::open(const std::string& path, Use use) {
    const bool run = use == Use::Run;
    auto m = std::make_shared<Model>();
    m->file_ = cmf::Model::open(path);
    if (run && residencyFor(m->file_) == Residency::Loaded) m->file_ = cmf::Model::open(path, Residency::Loaded);
    const auto& primary = m->file_.primary();
    if (primary.envelope().has(SkillFile))
        throw Error(ErrorKind::Parse, path + " is a standalone skill (SKILL_FILE, §9.1), a partial tensor set that cannot run; "
                                             "attach it to its base with `cmf skill apply BASE " + path + " -o OUT.cmf`");
    const auto& h = primary.header();
    if (!h.contains("arch") || !h["arch"].is_object()) throw Error(ErrorKind::Parse, "header: no arch block");
    const auto& a = h["arch"];
    ModelConfig& c = m->config_;
    c.hidden = count(a, "hidden_size");
    c.layers = count(a, "num_layers");
    c.heads = count(a, "num_attention_heads");
    c.kvHeads = a.contains("num_kv_heads") && a["num_kv_heads"].is_number_integer() ? a["num_kv_heads"].get<uint32_t>() : c.heads;
    c.headDim = a.contains("head_dim") && a["head_dim"].is_number_integer() ? a["head_dim"].get<uint32_t>() : c.hidden / c.heads;
    c.vocab = count(a, "vocab_size");
    c.eps = num(a, "rms_norm_eps", 1e-6);
    c.gemmaNorm = a.contains("norm_style") && a["norm_style"] == "gemma";
    c.slidingWindow = uint32_t(num(a, "sliding_window", 0));
    c.maxPositions = uint32_t(num(a, "max_position_embeddings", 4096));
    c.activation = activationOf(a);
    checkArchFields(a);
    checkLayerTypes(a, c.layers);
    c.linear = linearConfigOf(a, c.layers);
    c.embedScale = float(field(a, "embed_scale", 0));
    const bool gemmaFamily = a.contains("arch_name") && a["arch_name"].is_string() && a["arch_name"].get<std::string>().starts_with("gemma");
    if (gemmaFamily && c.gemmaNorm && c.embedScale == 0)
        throw Error(ErrorKind::Parse, "header: a norm_style \"gemma\" model without arch.embed_scale (written by an older converter, "
                                      "which left out Gemma's √hidden embedding scale); convert it again");
    // Gemma 2/3: scores scale by query_pre_attn_scalar^-1/2 instead of head_dim^-1/2.
    const double qpas = field(a, "query_pre_attn_scalar", double(c.headDim));
    if (!(qpas > 0)) throw Error(ErrorKind::Parse, "header: arch.query_pre_attn_scalar is not positive");
    c.attnScale = float(1.0 / std::sqrt(qpas));
    c.attnSoftcap = field(a, "attn_logit_softcapping", 0);
    c.finalSoftcap = field(a, "final_logit_softcapping", 0);
    if (c.attnSoftcap < 0 || c.finalSoftcap < 0) throw Error(ErrorKind::Parse, "header: a logit soft-cap is negative");
    if (a.contains("moe") && a["moe"].is_object()) {
        const auto& moe = a["moe"];
        c.topK = uint32_t(num(moe, "top_k", 1));
        c.normTopK = moe.contains("norm_topk_prob") && moe["norm_topk_prob"].is_boolean() && moe["norm_topk_prob"].get<bool>();
        c.routerSigmoid = moe.contains("router_sigmoid") && moe["router_sigmoid"].is_boolean() && moe["router_sigmoid"].get<bool>();
        c.routedScaling = num(moe, "routed_scaling_factor", 1.0);
    }
    if (const auto& cb = primary.chatBundle()) c.eosIds = cb->eosTokenIds;
    // A file from another writer may name its stop ids only in generation_config.
    if (const auto& g = primary.generationConfig())
        for (int64_t id : g->eosTokenIds)
            if (std::find(c.eosIds.begin(), c.eosIds.end(), id) == c.eosIds.end()) c.eosIds.push_back(id);

    std::vector<TensorRecord> records;
    for (const auto& t : m->file_.tensors()) records.push_back(t.record);
    if (run && panelsPay(panelBytesOf(records))) m->panels_ = std::make_shared<const PanelCache>();
    const Loader loader(m->file_, m->panels_.get());
    Weights backbone = loadWeights(loader, c, a);
    checkEveryTensorRead(m->file_, loader);
    if (run && !m->panels_ && m->file_.primary().mapping().residency() == Residency::Mapped &&
        residentCopiesPay(perTokenBytes(backbone))) {
        m->resident_ = std::make_shared<const ResidentCopies>(m->file_);
        m->resident_->adopt(backbone);
    }
    m->backbone_ = std::make_shared<const Weights>(std::move(backbone));
    if (a.contains("mtp") && a["mtp"].is_object()) m->mtp_ = loadMtp(loader, c, a, *m->backbone_);
    for (const auto& rec : m->file_.primary().skills()) m->skillIds_.push_back(rec.id);
    return m;
}

uint64_t Model::panelBytes() const { return panels_ ? panels_->bytes() : 0; }

// Weights of a variant (a skill, in-memory replacements), reading what the backbone copied from its copies.
std::shared_ptr<const Weights> Model::adopted(Weights w) const {
    if (resident_) resident_->adopt(w);
    return std::make_shared<const Weights>(std::move(w));
}

uint64_t Model::residentBytes() const { return resident_ ? resident_->bytes() : 0; }

std::shared_ptr<const Weights> Model::weightsWith(const std::map<std::string, TensorBytes>& replacements) const {
    return adopted(loadWeights(Loader(file_, panels_.get(), {}, &replacements), config_, header()["arch"]));
}

std::shared_ptr<const Weights> Model::weights(const std::string& skillId) const {
    if (skillId.empty()) return backbone_;
    std::lock_guard lock(variantsMutex_);
    if (auto it = variants_.find(skillId); it != variants_.end())
        if (auto v = it->second.lock()) return v;
    if (std::find(skillIds_.begin(), skillIds_.end(), skillId) == skillIds_.end())
        throw unknownSkill(skillId, file_.primary().skills(), file_.primary().path());
    const auto& a = header()["arch"];
    auto v = adopted(loadWeights(Loader(file_, panels_.get(), "skill." + skillId + "."), config_, a));
    variants_[skillId] = v;
    return v;
}

} // namespace cmf::engine
