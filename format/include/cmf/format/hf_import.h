#pragma once
// The one place that maps a Hugging Face checkpoint folder to the spec's
// header (DESIGN.md "One definition of each thing"): the arch block (§2,
// §2.1 MTP, §2.2 MoE), the chat bundle (§6.1) and the tensor order writers
// use. Tensor names are the canonical ones of §3 (`model.layers.{i}.…`);
// mapTensorNames turns a multimodal checkpoint's names into them.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cmf::hf {

// The arch block (§2) from a Hugging Face config.json. Supported model_type:
// llama, mistral, qwen2, qwen3, qwen2_moe, qwen3_moe, gemma, gemma2, gemma3,
// gemma3_text (a multimodal config's "text_config" is used), and the
// conformance kit's "tiny-qwen" (read as a dense qwen3). Keys a published
// config may leave out take the value transformers' config class gives them;
// anything else missing, and any other model_type, throws
// Error(Parse, "config.json: …") naming it — a family is never guessed.
// "mtp" is set only when the config declares MTP layers. Gemma's
// "embed_scale" is sqrt(hidden_size) rounded to the config's torch_dtype.
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
// `language_model.lm_head.*`, as saved by transformers >= 4.52
// `model.language_model.*` — which is dropped; the parts a text model does
// not run (the vision tower, the multimodal projector, in either layout) are
// skipped and listed. Other names pass unchanged. Throws Error(Parse) when two
// source names map to the same canonical one.
struct TensorNameMap {
    std::vector<std::string> canonical, source; // the kept tensors, same order as the input
    std::vector<std::string> skipped;           // source names left out
};
TensorNameMap mapTensorNames(const std::vector<std::string>& names);

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

// The order writers lay tensors out in: model.embed_tokens.weight,
// model.norm.weight, lm_head.weight, then model.layers.{i}.* by (numeric i,
// name) — except that a layer's experts
// model.layers.{i}.mlp.experts.{e}.{gate,up,down}_proj.weight are
// role-contiguous (§2.2: every gate_proj in numeric expert order, then every
// up_proj, then every down_proj) and sit where "mlp.experts" sorts among
// the layer's names — then model.mtp.* by name, then everything else
// (skill.*, …) by name.
std::vector<std::string> canonicalOrder(std::vector<std::string> names);

// Checks that every tensor the arch implies is present: embed, final norm,
// lm_head unless tie_word_embeddings; per layer input_layernorm,
// post_attention_layernorm, self_attn.{q,k,v,o}_proj (not for
// LinearAttention layers) and either the dense mlp.{gate,up,down}_proj or,
// for a MoE layer (arch.moe.moe_layers; without that list, a layer whose
// router is present), mlp.gate.weight, every expert's gate/up/down_proj and
// the shared expert when moe.shared_expert_intermediate_size is set; with
// arch.mtp, model.mtp.{enorm,hnorm,eh_proj,norm}.weight and each MTP
// layer's norms and attention. Throws Error(Parse) with the count and the
// first few missing names.
void checkTensorSet(const nlohmann::json& arch, const std::vector<std::string>& names);

} // namespace cmf::hf
