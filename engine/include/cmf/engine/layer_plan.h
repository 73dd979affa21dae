#pragma once
// What a forward pass of an opened model runs, layer by layer: the operators
// the runner dispatches and the tensors each one reads (§2 capability
// dispatch). It is derived from the same Layer fields and ModelConfig the
// runner branches on — never from the model's name or a second parse of the
// header — and the runner asks mixerKind / ffnKind / sandwichNorms below for
// its own choices, so the plan and the execution cannot disagree. The
// Architecture view draws it; `cmf` could print it.
#include "cmf/engine/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmf::engine {

// A layer's token mixer.
enum class MixerKind { FullAttention, SlidingAttention, LinearAttention };
// A layer's feed-forward block.
enum class FfnKind { Dense, MoE };

// The runner's dispatch (runner.cpp layerForward / ffn / attention).
MixerKind mixerKind(const Layer& l);
FfnKind ffnKind(const Layer& l);
// Gemma 2/3's sandwich: post-attention and post-FFN norms on the block
// outputs, pre-FFN norm on the FFN input (instead of post_attention_layernorm).
bool sandwichNorms(const Layer& l);

const char* mixerKindName(MixerKind k); // "full attention", "sliding attention", "linear attention (Gated DeltaNet)"
const char* activationName(Activation a); // "silu", "gelu_tanh", "gelu"

enum class OpKind {
    Embedding,       // x₀ = E[id] (· embed_scale)
    InputNorm,       // input_layernorm
    Attention,       // full or sliding: q/k/v/o (+ biases, q/k norms, output gate, g_proj), RoPE
    LinearAttention, // Gated DeltaNet (linear_attn.*)
    PostAttnNorm,    // post_attention_layernorm: the FFN's input norm, or (sandwich) the mixer output's
    PreFfnNorm,      // pre_feedforward_layernorm (sandwich)
    DenseMlp,        // act(gate)·up → down
    Moe,             // router → top-k experts (+ shared expert)
    PostFfnNorm,     // post_feedforward_layernorm (sandwich)
    FinalNorm,       // model.norm
    LmHead,          // logits (+ final soft-cap)
    MtpInput,        // MTP head: enorm, hnorm, eh_proj
};
const char* opKindName(OpKind k);

struct PlanTensor {
    std::string name; // as in the directory
    DType dtype = DType::F32;
    std::vector<uint64_t> shape; // the directory's dims
    uint64_t nbytes = 0;
};

// One operator: a fact is a short "key value" text of how it is configured
// ("window 4096", "rope yarn θ=1e6", "top-8 of 64"), in the order shown.
struct PlanOp {
    OpKind kind = OpKind::InputNorm;
    std::vector<std::string> facts;
    std::vector<PlanTensor> tensors;
};

struct LayerPlan {
    uint32_t index = 0;
    std::string prefix; // "model.layers.3." or "model.mtp.layers.0."
    MixerKind mixer = MixerKind::FullAttention;
    FfnKind ffn = FfnKind::Dense;
    std::vector<PlanOp> ops; // in execution order
};

struct ModelPlan {
    std::vector<PlanOp> input;   // the embedding
    std::vector<LayerPlan> layers;
    std::vector<PlanOp> output;  // final norm, lm_head
    std::vector<PlanOp> mtpInput; // empty: no MTP head
    std::vector<LayerPlan> mtpLayers;
    std::vector<PlanOp> mtpOutput; // mtp.norm, the shared lm_head
    std::vector<std::string> facts; // model-wide: norm style, eps, ...
};

// The plan of the model's backbone (Model::weights()).
ModelPlan layerPlan(const Model& model);

// The name of a layer's tensor with the layer's prefix cut off
// ("self_attn.q_proj.weight"); the name itself when it has no such prefix.
std::string localName(const LayerPlan& l, const std::string& tensorName);

// Two layers fold into one when this is equal: the same operators, facts and
// tensors (by local name, dtype and shape; bytes may differ, vbit's do).
std::string layerSignature(const LayerPlan& l);

} // namespace cmf::engine
