#include "cmf/engine/layer_plan.h"

#include "cmf/format/dtype.h"

#include <cmath>
#include <cstdio>

namespace cmf::engine {

MixerKind mixerKind(const Layer& l) {
    if (l.linear.present()) return MixerKind::LinearAttention;
    return l.sliding ? MixerKind::SlidingAttention : MixerKind::FullAttention;
}

FfnKind ffnKind(const Layer& l) { return l.moe() ? FfnKind::MoE : FfnKind::Dense; }

bool sandwichNorms(const Layer& l) { return !l.postFfnNorm.empty(); }

const char* mixerKindName(MixerKind k) {
    switch (k) {
    case MixerKind::FullAttention: return "full attention";
    case MixerKind::SlidingAttention: return "sliding attention";
    case MixerKind::LinearAttention: return "linear attention (Gated DeltaNet)";
    }
    return "?";
}

const char* activationName(Activation a) {
    switch (a) {
    case Activation::Silu: return "silu";
    case Activation::GeluTanh: return "gelu_tanh";
    case Activation::GeluErf: return "gelu";
    }
    return "?";
}

const char* opKindName(OpKind k) {
    switch (k) {
    case OpKind::Embedding: return "embedding";
    case OpKind::InputNorm: return "input norm";
    case OpKind::Attention: return "attention";
    case OpKind::LinearAttention: return "Gated DeltaNet";
    case OpKind::PostAttnNorm: return "post-attention norm";
    case OpKind::PreFfnNorm: return "pre-FFN norm";
    case OpKind::DenseMlp: return "MLP";
    case OpKind::Moe: return "MoE";
    case OpKind::PostFfnNorm: return "post-FFN norm";
    case OpKind::FinalNorm: return "final norm";
    case OpKind::LmHead: return "lm_head";
    case OpKind::MtpInput: return "MTP input";
    }
    return "?";
}

namespace {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// Adds the directory's record of name to op (dtype, dims, bytes: what the
// tensor view shows for it). The names are the loader's (model.cpp).
void add(const cmf::Model& f, PlanOp& op, const std::string& name) {
    const auto i = f.find(name);
    if (!i) return; // the layer's field says it is there; a replacement in memory has no record
    const auto& r = f.tensors()[*i].record;
    op.tensors.push_back({name, r.dtype, r.dims(), r.nbytes});
}

std::string normStyle(const ModelConfig& c) { return c.gemmaNorm ? "rms (1+w)" : "rms"; }

PlanOp normOp(const cmf::Model& f, const ModelConfig& c, OpKind kind, const std::string& name, std::string where = {}) {
    PlanOp op{kind, {normStyle(c)}, {}};
    if (!where.empty()) op.facts.push_back(std::move(where));
    add(f, op, name);
    return op;
}

PlanOp attentionOp(const cmf::Model& f, const ModelConfig& c, const Layer& l, const std::string& p) {
    PlanOp op{OpKind::Attention, {}, {}};
    op.facts.push_back(std::to_string(l.heads) + " heads, " + std::to_string(c.kvHeads) + " kv × " + std::to_string(c.headDim));
    if (mixerKind(l) == MixerKind::SlidingAttention) op.facts.push_back("window " + std::to_string(c.slidingWindow));
    const Rope rope = makeRope(l.rope, c.headDim);
    std::string r = "rope θ=" + num(l.rope.theta);
    if (l.rope.scaling != RopeScaling::None) r += std::string(" ") + ropeScalingName(l.rope.scaling) + " ×" + num(l.rope.factor);
    if (rope.rotDim != c.headDim) r += ", " + std::to_string(rope.rotDim) + "/" + std::to_string(c.headDim) + " dims";
    op.facts.push_back(r);
    std::string bias;
    for (const auto& [b, n] : {std::pair{&l.qBias, "q"}, {&l.kBias, "k"}, {&l.vBias, "v"}, {&l.oBias, "o"}})
        if (!b->empty()) bias += bias.empty() ? n : std::string(",") + n;
    if (!bias.empty()) op.facts.push_back("bias " + bias);
    if (!l.qNorm.empty() || !l.kNorm.empty())
        op.facts.push_back(!l.qNorm.empty() && !l.kNorm.empty() ? "q/k norm" : !l.qNorm.empty() ? "q norm" : "k norm");
    if (l.outputGate) op.facts.push_back("output gate (q_proj ×2, sigmoid)");
    if (l.gateProj.present())
        op.facts.push_back(l.gateProj.rows() == uint64_t(l.heads) * c.headDim ? "g_proj gate per channel (softplus)"
                                                                                 : "g_proj gate per head (softplus)");
    op.facts.push_back("scale " + num(double(c.attnScale)));
    if (c.attnSoftcap > 0) op.facts.push_back("softcap " + num(c.attnSoftcap));
    const std::string a = p + "self_attn.";
    add(f, op, a + "q_proj.weight");
    if (!l.qBias.empty()) add(f, op, a + "q_proj.bias");
    add(f, op, a + "k_proj.weight");
    if (!l.kBias.empty()) add(f, op, a + "k_proj.bias");
    add(f, op, a + "v_proj.weight");
    if (!l.vBias.empty()) add(f, op, a + "v_proj.bias");
    if (!l.qNorm.empty()) add(f, op, a + "q_norm.weight");
    if (!l.kNorm.empty()) add(f, op, a + "k_norm.weight");
    if (l.gateProj.present()) add(f, op, a + "g_proj.weight");
    add(f, op, a + "o_proj.weight");
    if (!l.oBias.empty()) add(f, op, a + "o_proj.bias");
    return op;
}

PlanOp linearOp(const cmf::Model& f, const ModelConfig& c, const std::string& p) {
    const auto& d = c.linear;
    PlanOp op{OpKind::LinearAttention, {}, {}};
    op.facts.push_back(std::to_string(d.keyHeads) + " key heads × " + std::to_string(d.keyDim) + ", " + std::to_string(d.valueHeads) +
                       " value heads × " + std::to_string(d.valueDim));
    op.facts.push_back("conv kernel " + std::to_string(d.kernel));
    op.facts.push_back(std::string("gated norm ") + (d.gemmaNorm ? "rms (1+w)" : "rms"));
    const std::string q = p + "linear_attn.";
    for (const char* n : {"in_proj_qkv.weight", "in_proj_z.weight", "in_proj_b.weight", "in_proj_a.weight", "conv1d.weight", "A_log",
                          "dt_bias", "norm.weight", "out_proj.weight"})
        add(f, op, q + n);
    return op;
}

PlanOp ffnOp(const cmf::Model& f, const ModelConfig& c, const Layer& l, const std::string& p) {
    if (ffnKind(l) == FfnKind::Dense) {
        PlanOp op{OpKind::DenseMlp, {std::string(activationName(c.activation)) + ", " + std::to_string(l.mlpGate.rows()) + " neurons"}, {}};
        for (const char* n : {"mlp.gate_proj.weight", "mlp.up_proj.weight", "mlp.down_proj.weight"}) add(f, op, p + n);
        return op;
    }
    PlanOp op{OpKind::Moe, {}, {}};
    op.facts.push_back("top-" + std::to_string(c.topK) + " of " + std::to_string(l.experts.size()) + " experts");
    op.facts.push_back(c.routerSigmoid ? "sigmoid router" : "softmax router");
    if (c.normTopK) op.facts.push_back("norm top-k");
    if (c.routedScaling != 1.0) op.facts.push_back("routed scaling " + num(c.routedScaling));
    if (!l.expertBias.empty()) op.facts.push_back("expert bias");
    op.facts.push_back(std::string(activationName(c.activation)) + ", " + std::to_string(l.experts.empty() ? 0 : l.experts[0].gate.rows()) +
                       " neurons per expert");
    if (l.shared.gate.present()) op.facts.push_back(l.sharedGate.present() ? "shared expert, sigmoid gate" : "shared expert");
    add(f, op, p + "mlp.gate.weight");
    if (!l.expertBias.empty()) add(f, op, p + "mlp.expert_bias");
    for (size_t e = 0; e < l.experts.size(); ++e)
        for (const char* n : {"gate_proj.weight", "up_proj.weight", "down_proj.weight"}) add(f, op, p + "mlp.experts." + std::to_string(e) + "." + n);
    if (l.shared.gate.present())
        for (const char* n : {"gate_proj.weight", "up_proj.weight", "down_proj.weight"}) add(f, op, p + "mlp.shared_expert." + n);
    if (l.sharedGate.present()) add(f, op, p + "mlp.shared_expert_gate.weight");
    return op;
}

// The operators runner.cpp layerForward runs for l, in its order.
LayerPlan planLayer(const cmf::Model& f, const ModelConfig& c, const Layer& l, uint32_t index, std::string prefix) {
    LayerPlan lp;
    lp.index = index;
    lp.prefix = std::move(prefix);
    lp.mixer = mixerKind(l);
    lp.ffn = ffnKind(l);
    const std::string& p = lp.prefix;
    const bool sandwich = sandwichNorms(l);
    lp.ops.push_back(normOp(f, c, OpKind::InputNorm, p + "input_layernorm.weight"));
    lp.ops.push_back(lp.mixer == MixerKind::LinearAttention ? linearOp(f, c, p) : attentionOp(f, c, l, p));
    lp.ops.push_back(normOp(f, c, OpKind::PostAttnNorm, p + "post_attention_layernorm.weight", sandwich ? "on the mixer output" : "on the FFN input"));
    if (sandwich) lp.ops.push_back(normOp(f, c, OpKind::PreFfnNorm, p + "pre_feedforward_layernorm.weight"));
    lp.ops.push_back(ffnOp(f, c, l, p));
    if (sandwich) lp.ops.push_back(normOp(f, c, OpKind::PostFfnNorm, p + "post_feedforward_layernorm.weight"));
    return lp;
}

PlanOp lmHeadOp(const cmf::Model& f, const ModelConfig& c, const Weights& w) {
    PlanOp op{OpKind::LmHead, {std::to_string(w.lmHead.rows()) + " logits"}, {}};
    // Tied: the loader gave lm_head the embedding's own bytes (model.cpp loadWeights).
    const bool tied = w.lmHead.bytes.data == w.embed.bytes.data && !f.find("lm_head.weight");
    if (tied) op.facts.push_back("tied to embed_tokens");
    if (c.finalSoftcap > 0) op.facts.push_back("softcap " + num(c.finalSoftcap));
    add(f, op, tied ? "model.embed_tokens.weight" : "lm_head.weight");
    return op;
}

} // namespace

ModelPlan layerPlan(const Model& model) {
    const cmf::Model& f = model.file();
    const ModelConfig& c = model.config();
    const auto w = model.weights();
    ModelPlan plan;
    plan.facts.push_back("hidden " + std::to_string(c.hidden));
    plan.facts.push_back(std::to_string(w->layers.size()) + " layers");
    plan.facts.push_back("vocab " + std::to_string(c.vocab));
    plan.facts.push_back(normStyle(c) + " norm, eps " + num(c.eps));

    PlanOp embed{OpKind::Embedding, {std::to_string(w->embed.rows()) + " × " + std::to_string(w->embed.cols())}, {}};
    if (c.embedScale != 0) embed.facts.push_back("scale " + num(double(c.embedScale)));
    add(f, embed, "model.embed_tokens.weight");
    plan.input.push_back(std::move(embed));

    for (size_t i = 0; i < w->layers.size(); ++i)
        plan.layers.push_back(planLayer(f, c, w->layers[i], uint32_t(i), "model.layers." + std::to_string(i) + "."));

    plan.output.push_back(normOp(f, c, OpKind::FinalNorm, "model.norm.weight"));
    plan.output.push_back(lmHeadOp(f, c, *w));

    if (const MtpHead* mtp = model.mtp()) {
        PlanOp in{OpKind::MtpInput, {"eh_proj · [enorm(embed(t+1)); hnorm(h)]"}, {}};
        for (const char* n : {"model.mtp.enorm.weight", "model.mtp.hnorm.weight", "model.mtp.eh_proj.weight"}) add(f, in, n);
        plan.mtpInput.push_back(std::move(in));
        const auto& s = *mtp->stack;
        for (size_t i = 0; i < s.layers.size(); ++i)
            plan.mtpLayers.push_back(planLayer(f, c, s.layers[i], uint32_t(i), "model.mtp.layers." + std::to_string(i) + "."));
        plan.mtpOutput.push_back(normOp(f, c, OpKind::FinalNorm, "model.mtp.norm.weight"));
        plan.mtpOutput.push_back(lmHeadOp(f, c, s));
    }
    return plan;
}

std::string localName(const LayerPlan& l, const std::string& tensorName) {
    return tensorName.starts_with(l.prefix) ? tensorName.substr(l.prefix.size()) : tensorName;
}

std::string layerSignature(const LayerPlan& l) {
    std::string s = std::to_string(int(l.mixer)) + "/" + std::to_string(int(l.ffn));
    for (const auto& op : l.ops) {
        s += "|" + std::to_string(int(op.kind));
        for (const auto& fact : op.facts) s += ";" + fact;
        for (const auto& t : op.tensors) {
            s += ";" + localName(l, t.name) + ":" + std::string(dtypeName(t.dtype));
            for (uint64_t d : t.shape) s += "x" + std::to_string(d);
        }
    }
    return s;
}

} // namespace cmf::engine
