#pragma once
// A model opened from a CMF file (single or sharded) for inference. Weights
// stay in the mapping and are read in place through the format's codecs;
// only 1-D tensors (norms, biases) are expanded to float32 at load.
//
// Every operator is chosen by what the directory holds and the header
// declares (§2), never by the model's name: q/k/v biases, q/k norms,
// output gates, MoE routers, shared experts, sandwich norms, Gated DeltaNet
// projections (LinearAttention layers).
#include "cmf/format/codec.h"
#include "cmf/format/shards.h"
#include "cmf/engine/rope.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cmf::engine {
namespace kernels {
struct Int8Panels;
}
class PanelCache;
class ResidentCopies;

// A 2-D weight in place: [rows = out, cols = in].
struct Weight {
    TensorBytes bytes;
    // vbit (no row table in the file): where each row's bits start, found once at load.
    std::shared_ptr<const std::vector<uint64_t>> vbitRowStarts;
    // A compact model's int8-coded weights, packed once for its products
    // (engine/src/kernels/int8_panels.h); nullptr: read in place.
    std::shared_ptr<const kernels::Int8Panels> panels;
    uint64_t rows() const { return bytes.shape.rows; }
    uint64_t cols() const { return bytes.shape.cols; }
    bool present() const { return bytes.data != nullptr; }
};

struct Expert {
    Weight gate, up, down;
};

// A LinearAttention layer's mixer (Qwen3.5 Gated DeltaNet, linear_attn.*;
// engine/src/gated_delta_net.h computes it).
struct LinearAttention {
    Weight qkv, z, b, a, out;           // in_proj_qkv, in_proj_z, in_proj_b, in_proj_a, out_proj
    std::vector<float> conv;            // conv1d.weight [conv_dim][kernel], as stored
    std::vector<float> convT;           // the same, [kernel][conv_dim]: channels contiguous for the conv loop
    std::vector<float> aLog, dtBias;    // A_log, dt_bias, per value head
    std::vector<float> norm;            // the gated RMSNorm's weight, [value_head_dim]
    bool present() const { return qkv.present(); }
};

struct Layer {
    bool sliding = false;       // SlidingAttention
    LinearAttention linear;     // present: a LinearAttention layer (no q/k/v/o, no KV cache)
    bool outputGate = false;    // q_proj emits [query | gate] per head: sigmoid(gate) before o_proj (§2 "by projection width")
    uint32_t heads = 0;         // query heads of this layer
    RopeConfig rope;
    std::vector<float> inputNorm, postAttnNorm;
    std::vector<float> preFfnNorm, postFfnNorm; // sandwich norms, when present
    Weight q, k, v, o;
    std::vector<float> qBias, kBias, vBias, oBias;
    std::vector<float> qNorm, kNorm; // per-head RMSNorm over head_dim
    Weight gateProj;                 // self_attn.g_proj: per head or per channel
    // FFN: dense, or MoE when router is present.
    Weight mlpGate, mlpUp, mlpDown;
    Weight router;
    std::vector<float> expertBias;
    std::vector<Expert> experts;
    Expert shared;
    Weight sharedGate; // [1, hidden]
    bool moe() const { return router.present(); }
};

enum class Activation { Silu, GeluTanh, GeluErf };

struct ModelConfig {
    uint32_t hidden = 0, layers = 0, heads = 0, kvHeads = 0, headDim = 0, vocab = 0;
    double eps = 1e-6;
    bool gemmaNorm = false; // norm_style "gemma": x̂·(1+w)
    uint32_t slidingWindow = 0;
    uint32_t maxPositions = 0;
    Activation activation = Activation::Silu; // of the FFN gate (hidden_act)
    float embedScale = 0;   // embed_scale: x₀ = E[id]·scale (Gemma's √hidden as its dtype rounds it); 0 = none
    float attnScale = 0;    // query_pre_attn_scalar^-1/2, else head_dim^-1/2
    double attnSoftcap = 0; // attn_logit_softcapping: s = c·tanh(s/c) before the mask; 0 = none
    double finalSoftcap = 0; // final_logit_softcapping on the logits; 0 = none
    // LinearAttention layers (arch.linear_*): key/value heads (value heads
    // grouped over key heads), head dims, conv kernel; the gated norm's style
    // (arch.linear_norm_style, "qwen" = plain x̂·w unless it says "gemma").
    struct Linear {
        uint32_t keyHeads = 0, valueHeads = 0, keyDim = 0, valueDim = 0, kernel = 0;
        bool gemmaNorm = false;
        uint32_t convDim() const { return 2 * keyHeads * keyDim + valueHeads * valueDim; }
        // Floats a layer keeps per sequence: the conv's last kernel-1 inputs and the delta-rule state.
        uint64_t stateFloats() const {
            return kernel ? uint64_t(kernel - 1) * convDim() + uint64_t(valueHeads) * keyDim * valueDim : 0;
        }
    } linear;
    // MoE
    uint32_t topK = 0;
    bool normTopK = false, routerSigmoid = false;
    double routedScaling = 1.0;
    std::vector<int64_t> eosIds;
};

// The tensors a forward pass reads: the backbone's, or a skill's view of
// them (§9: each tensor is the skill's replacement when it has one, else the
// backbone's — pointers into the same mapping), or a blend (owned float32).
struct Weights {
    std::vector<Layer> layers;
    Weight embed, lmHead;
    std::vector<float> finalNorm;
    std::vector<std::vector<float>> owned; // storage of blended weights
};

// Every 2-D weight of a layer, as fn(weight, perToken): perToken for those
// a forward reads whole for every token (attention and linear-attention
// projections, dense FFN, router, shared expert), false for routed experts
// (read when a token picks them). Absent weights are skipped. L: Layer or
// const Layer.
template <class L, class Fn>
void forEachLayerWeight(L& l, Fn fn) {
    for (auto* x : {&l.q, &l.k, &l.v, &l.o, &l.gateProj, &l.mlpGate, &l.mlpUp, &l.mlpDown, &l.router, &l.sharedGate, &l.shared.gate,
                    &l.shared.up, &l.shared.down, &l.linear.qkv, &l.linear.z, &l.linear.b, &l.linear.a, &l.linear.out})
        if (x->present()) fn(*x, true);
    for (auto& e : l.experts)
        for (auto* x : {&e.gate, &e.up, &e.down})
            if (x->present()) fn(*x, false);
}

// The same for every layer of w, then its lm_head (per token); the
// embedding, read a row at a time, is not visited.
template <class W, class Fn>
void forEachWeight(W& w, Fn fn) {
    for (auto& l : w.layers) forEachLayerWeight(l, fn);
    if (w.lmHead.present()) fn(w.lmHead, true);
}

// The MTP head (§2.1), for speculative decoding: for position p,
// x = eh_proj·[enorm(embed(t_{p+1})); hnorm(h_p)] (embedding first, h_p the
// backbone's hidden state after model.norm) → the MTP decoder block(s), with
// their own KV cache → mtp.norm → the shared lm_head: a draft of t_{p+2}.
struct MtpHead {
    std::vector<float> enorm, hnorm;
    Weight ehProj; // [hidden, 2·hidden]
    // What a Runner executes for it: layers = the MTP blocks, finalNorm =
    // mtp.norm, embed and lmHead the backbone's.
    std::shared_ptr<const Weights> stack;
};

class Model {
public:
    // Throws cmf::Error naming what is missing or unsupported. A SKILL_FILE
    // (§9.1) is refused: it is a partial tensor set, not a model.
    // use: Run prepares the weights for forward passes (int8 panels for a
    // compact model, huge-page copies of the per-token weights otherwise:
    // weight_panels.h, weight_residency.h); Inspect leaves them in the
    // mapping (a view that only reads the model's structure).
    enum class Use { Run, Inspect };
    static std::shared_ptr<const Model> open(const std::string& path, Use use = Use::Run);

    const ModelConfig& config() const { return config_; }
    const std::vector<Layer>& layers() const { return backbone_->layers; }
    const Weight& embed() const { return backbone_->embed; }
    const Weight& lmHead() const { return backbone_->lmHead; }
    const std::vector<float>& finalNorm() const { return backbone_->finalNorm; }
    // "" = the backbone; a skill id = its overlay, built on first use and
    // shared while anyone holds it (an unused skill costs no memory).
    // Throws Error(Parse) for an unknown id.
    std::shared_ptr<const Weights> weights(const std::string& skillId = {}) const;
    const std::vector<std::string>& skillIds() const { return skillIds_; }
    // The backbone with some tensors replaced by payloads in memory (a skill
    // being built, measured before it is written); the caller keeps the
    // bytes alive as long as the result.
    std::shared_ptr<const Weights> weightsWith(const std::map<std::string, TensorBytes>& replacements) const;
    // nullptr: the file declares no arch.mtp head.
    const MtpHead* mtp() const { return mtp_ ? &*mtp_ : nullptr; }
    const cmf::Model& file() const { return file_; }
    // The bytes of int8 panels the weights run on (engine/src/weight_panels.h): 0 when read in place.
    uint64_t panelBytes() const;
    // The bytes of weights copied into huge pages (engine/src/weight_residency.h): 0 when read from the mapping.
    uint64_t residentBytes() const;
    const nlohmann::json& header() const { return file_.primary().header(); }

private:
    std::shared_ptr<const Weights> adopted(Weights w) const;

    cmf::Model file_;
    ModelConfig config_;
    std::shared_ptr<const Weights> backbone_;
    std::optional<MtpHead> mtp_;
    std::vector<std::string> skillIds_;
    // Set when the model runs on int8 panels (engine/src/weight_panels.h).
    std::shared_ptr<const PanelCache> panels_;
    // Set when its per-token weights are read from copies in huge pages (engine/src/weight_residency.h).
    std::shared_ptr<const ResidentCopies> resident_;
    mutable std::mutex variantsMutex_;
    mutable std::map<std::string, std::weak_ptr<const Weights>> variants_;
};

} // namespace cmf::engine
