#pragma once
// The one place that maps a Hugging Face checkpoint folder to the spec's
// header (DESIGN.md "One definition of each thing"): the arch block (§2,
// §2.1 MTP, §2.2 MoE), the chat bundle (§6.1) and the tensor order writers
// use. Tensor names are the canonical ones of §3 (`model.layers.{i}.…`);
// mapTensorNames turns a multimodal checkpoint's names into them.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cmf::hf {

// The arch block (§2) from a Hugging Face config.json. Supported model_type:
// llama, mistral, qwen2, qwen3, qwen2_moe, qwen3_moe, gemma, gemma2, gemma3,
// gemma3_text, qwen3_5_text, qwen3_5, qwen3_5_moe_text, qwen3_5_moe (a
// multimodal config's "text_config" is used), and the conformance kit's
// "tiny-qwen" (read as a dense qwen3). arch_name is the config's model_type.
// Keys a published config may leave out take the value transformers' config
// class gives them; anything else missing, and any other model_type, throws
// Error(Parse, "config.json: …") naming it — a family is never guessed.
// "mtp" is set only when the config declares MTP layers. Gemma's
// "embed_scale" is sqrt(hidden_size) rounded to the config's torch_dtype.
//
// Qwen3.5 (Gated DeltaNet hybrids, tests/data/models/gdn/README.md): a key
// the converter neither maps nor knows to be inert is refused by name, and so
// is a value it cannot honour (hidden_act other than silu, dedicated MTP
// embeddings, MoE layer schedules or norm_topk_prob false). norm_style is
// "gemma" (its RMSNorms are x̂·(1+w)); layer_types comes from the config or
// full_attention_interval; the moe block has norm_topk_prob true, every layer
// in moe_layers and the shared expert. RoPE: theta and partial_rotary_factor
// from rope_parameters; the multimodal mrope sections are not arch (plain RoPE
// for text): provenanceNotes records them.
//
// Every model with LinearAttention layers (only Qwen3.5's model types may
// have them) gets linear_conv_kernel_dim, linear_num_key_heads,
// linear_num_value_heads, linear_key_head_dim, linear_value_head_dim and
// linear_norm_style "qwen": the gated RMSNorm inside linear attention
// (linear_attn.norm.weight) multiplies by the plain weight, x̂·w, whatever
// norm_style says for every other norm — that field is how a reader tells
// the two apart.
nlohmann::json archFromConfig(const nlohmann::json& config);

// The same, with the checkpoint's tensor names deciding MTP (§2.1, as the
// reference converter does): model.mtp.layers.{i}.* present → "mtp" with
// num_layers = highest i + 1; no model.mtp.* tensors → no "mtp", whatever
// the config declares. embed_scale is rounded to embedDtype (the
// checkpoint's embed_tokens dtype, "BF16" / "F16" / "F32") when given.
nlohmann::json archFromConfig(const nlohmann::json& config, const std::vector<std::string>& tensorNames,
                              const std::string& embedDtype = {});

// A checkpoint's tensor names as the text model's canonical ones (§3). A
// multimodal wrapper keeps its text model under a prefix — Gemma 3 4B+ as
// released (transformers 4.50) `language_model.model.*` and
// `language_model.lm_head.*`, as saved by transformers >= 4.52 (and Qwen3.5)
// `model.language_model.*` — which is dropped; the parts a text model does
// not run (the vision tower, the multimodal projector, in either layout;
// Qwen3.5's `model.visual.*`) are skipped and listed. Qwen3.5's MTP head
// takes the reference converter's names (§2.1): `mtp.fc` → `model.mtp.eh_proj`,
// `mtp.pre_fc_norm_embedding` → `model.mtp.enorm`, `mtp.pre_fc_norm_hidden`
// → `model.mtp.hnorm`, any other `mtp.X` → `model.mtp.X`. A fused expert bank
// (transformers v5: `…mlp.experts.gate_up_proj` [E, 2·ff, h], rows 0..ff-1
// gate and ff..2ff-1 up, and `…mlp.experts.down_proj` [E, h, ff]) becomes
// one entry per expert and role, `…mlp.experts.{e}.{gate,up,down}_proj.weight`
// (§2.2), each a slice of its bank; that needs the source shapes (same order
// as names). Other names pass unchanged. Throws Error(Parse) when two source
// names map to the same canonical one, or a fused bank's shape is missing or
// not [E, rows, cols] (gate_up: an even number of rows).
struct TensorSlice {
    uint64_t expert = 0;             // index along the bank's first dimension
    uint64_t rowBegin = 0, rowEnd = 0; // rows of that expert's [rows, cols] matrix
};
struct TensorNameMap {
    std::vector<std::string> canonical, source;  // the kept tensors, in input order (a bank's experts at its place)
    std::vector<std::optional<TensorSlice>> slice; // per kept tensor: the part of source it is, or the whole
    std::vector<std::string> skipped;            // source names left out
};
TensorNameMap mapTensorNames(const std::vector<std::string>& names, const std::vector<std::vector<uint64_t>>& shapes = {});

// What a config says that the arch block leaves out on purpose, for the
// header's provenance: Qwen3.5's rope_parameters mrope_section and
// mrope_interleaved ({"mrope": {…, "note"}}). An empty object otherwise.
nlohmann::json provenanceNotes(const nlohmann::json& config);

// header.tokenizer_config (§6.1) from a Hugging Face folder:
//  - chat_template: chat_template.jinja, else tokenizer_config.json
//    "chat_template" (a string, or a list of {name, template}: the "default" one);
//  - eos_token_ids: generation_config.json eos_token_id ∪ config.json
//    eos_token_id ∪ the id of tokenizer_config.json "eos_token", first-seen
//    order, no duplicates;
//  - bos_token_id / pad_token_id: the first of generation_config.json,
//    config.json, and tokenizer_config.json's bos_token / pad_token looked up
//    in tokenizer.json (added_tokens, then the model vocab) or
//    added_tokens_decoder.
// All four keys are always present (null when unknown). Returns null JSON
// when the folder has no template and no ids. Throws Error(Io) when dir is
// not a directory, Error(Parse) for a file that is not valid JSON or a key of
// the wrong type.
nlohmann::json chatBundleFromDir(const std::string& dir);

// header.generation_config (cmf/format/generation_config.h) from the folder's
// generation_config.json: its sampling keys and eos ids. Null JSON when the
// folder has no such file or it sets none of them; Error(Parse) naming the
// file and key for a value of the wrong type or out of range.
nlohmann::json generationConfigFromDir(const std::string& dir);

// The order writers lay tensors out in: model.embed_tokens.weight,
// model.norm.weight, lm_head.weight, then model.layers.{i}.* by (numeric i,
// name) — except that a layer's experts
// model.layers.{i}.mlp.experts.{e}.{gate,up,down}_proj.weight are
// role-contiguous (§2.2: every gate_proj in numeric expert order, then every
// up_proj, then every down_proj) and sit where "mlp.experts" sorts among
// the layer's names — then model.mtp.* by name (an MTP layer's experts
// role-contiguous the same way), then everything else (skill.*, …) by name.
std::vector<std::string> canonicalOrder(std::vector<std::string> names);

// Checks that every tensor the arch implies is present: embed, final norm,
// lm_head unless tie_word_embeddings; per layer input_layernorm,
// post_attention_layernorm, self_attn.{q,k,v,o}_proj (for LinearAttention
// layers linear_attn.{in_proj_qkv,in_proj_z,in_proj_b,in_proj_a,conv1d,
// norm,out_proj}.weight, linear_attn.A_log and linear_attn.dt_bias instead) and either the dense mlp.{gate,up,down}_proj or,
// for a MoE layer (arch.moe.moe_layers; without that list, a layer whose
// router is present), mlp.gate.weight, every expert's gate/up/down_proj and
// the shared expert when moe.shared_expert_intermediate_size is set; with
// arch.mtp, model.mtp.{enorm,hnorm,eh_proj,norm}.weight and each MTP
// layer's norms and attention. Throws Error(Parse) with the count and the
// first few missing names.
void checkTensorSet(const nlohmann::json& arch, const std::vector<std::string>& names);

// Checks the shapes the arch fixes (names and shapes in the same order):
// every linear-attention tensor against the linear_* dims (conv1d.weight
// [conv_dim, 1, K] with conv_dim = 2·nk·dk + nv·dv), every expert
// [moe_intermediate_size, hidden] (down_proj transposed) and the shared
// expert; for Qwen3.5, each q_proj has num_attention_heads·head_dim rows, or
// twice that with the output gate, and a config whose attn_output_gate says
// otherwise is refused. Throws Error(Parse) naming the tensor.
void checkTensorShapes(const nlohmann::json& config, const nlohmann::json& arch, const std::vector<std::string>& names,
                       const std::vector<std::vector<uint64_t>>& shapes);

} // namespace cmf::hf
