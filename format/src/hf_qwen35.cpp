#include "hf_qwen35.h"

#include "cmf/format/error.h"

#include <set>
#include <string>

namespace cmf::hf::detail {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& what) { throw Error(ErrorKind::Parse, "config.json: " + what); }

// Keys every transformers config may carry that do not change the forward
// pass: bookkeeping, token ids, training-only settings and generation defaults.
const std::set<std::string>& inertKeys() {
    static const std::set<std::string> keys = {
        "_name_or_path", "architectures", "transformers_version", "model_type", "dtype", "torch_dtype",
        "bos_token_id", "eos_token_id", "pad_token_id", "sep_token_id", "decoder_start_token_id",
        "use_cache", "initializer_range", "attention_dropout", "return_dict", "output_hidden_states",
        "output_attentions", "torchscript", "use_bfloat16", "tf_legacy_loss", "pruned_heads",
        "chunk_size_feed_forward", "is_encoder_decoder", "is_decoder", "cross_attention_hidden_size",
        "add_cross_attention", "tie_encoder_decoder", "id2label", "label2id", "num_labels", "problem_type",
        "tokenizer_class", "prefix", "task_specific_params", "finetuning_task",
        // generation defaults (sampling, not the logits)
        "max_length", "min_length", "do_sample", "early_stopping", "num_beams", "num_beam_groups",
        "diversity_penalty", "temperature", "top_k", "top_p", "typical_p", "repetition_penalty",
        "length_penalty", "no_repeat_ngram_size", "encoder_no_repeat_ngram_size", "bad_words_ids",
        "num_return_sequences", "output_scores", "return_dict_in_generate", "forced_bos_token_id",
        "forced_eos_token_id", "remove_invalid_values", "exponential_decay_length_penalty",
        "suppress_tokens", "begin_suppress_tokens",
    };
    return keys;
}

// Qwen3_5TextConfig's settings: mapped into the arch block (hf_import.cpp),
// checked below, or (the state dtype, the router's training loss) inert.
const std::set<std::string>& textKeys(bool moe) {
    static const std::set<std::string> common = {
        "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads", "head_dim",
        "vocab_size", "max_position_embeddings", "rms_norm_eps", "tie_word_embeddings", "attention_bias",
        "hidden_act", "layer_types", "full_attention_interval", "partial_rotary_factor", "rope_parameters",
        "rope_theta", "rope_scaling", "linear_conv_kernel_dim", "linear_key_head_dim", "linear_value_head_dim",
        "linear_num_key_heads", "linear_num_value_heads", "mtp_num_hidden_layers", "intermediate_size",
        // checked: the output gate against q_proj's width, the MTP head's embedding
        "attn_output_gate", "mtp_use_dedicated_embeddings",
        // the recurrent state's dtype: the engine keeps it in float32 whatever it says
        "mamba_ssm_dtype",
    };
    static const std::set<std::string> experts = {
        "num_experts", "num_experts_per_tok", "moe_intermediate_size", "shared_expert_intermediate_size",
        "norm_topk_prob", "decoder_sparse_step", "mlp_only_layers", "output_router_logits", "router_aux_loss_coef",
    };
    static const std::set<std::string> withExperts = [] {
        std::set<std::string> s = common;
        s.insert(experts.begin(), experts.end());
        return s;
    }();
    return moe ? withExperts : common;
}

// Qwen3_5[Moe]Config, the ConditionalGeneration wrapper: the vision part is
// skipped with its tensors; the text settings live in text_config.
const std::set<std::string>& wrapperKeys() {
    static const std::set<std::string> keys = {
        "text_config", "vision_config", "image_token_id", "video_token_id", "vision_start_token_id",
        "vision_end_token_id", "language_model_only", "tie_word_embeddings",
    };
    return keys;
}

// rope_parameters keys. The multimodal sections only matter for image and
// video positions; the scaling keys are mapped by hf_import's RoPE code.
const std::set<std::string>& ropeKeys(bool scaled) {
    static const std::set<std::string> plain = {"rope_type", "type", "rope_theta", "partial_rotary_factor",
                                                "mrope_section", "mrope_interleaved"};
    static const std::set<std::string> withScaling = [] {
        std::set<std::string> s = plain;
        for (const char* k : {"factor", "original_max_position_embeddings", "beta_fast", "beta_slow", "attention_factor",
                              "mscale", "mscale_all_dim", "truncate", "low_freq_factor", "high_freq_factor",
                              "short_factor", "long_factor"})
            s.insert(k);
        return s;
    }();
    return scaled ? withScaling : plain;
}

void requireKnown(const json& o, const std::set<std::string>& known, const std::string& where) {
    for (const auto& [key, value] : o.items())
        if (!known.count(key) && !inertKeys().count(key))
            fail("\"" + key + "\"" + where + " is not a Qwen3.5 setting this converter maps, and it may change what the "
                 "model computes; the model is not converted without it");
}

bool isSet(const json& o, const char* key) { return o.contains(key) && !o[key].is_null(); }

} // namespace

void checkQwen35Config(const json& top, bool moe) {
    const bool wrapped = top.contains("text_config") && top["text_config"].is_object();
    const json& text = wrapped ? top["text_config"] : top;
    if (wrapped) {
        requireKnown(top, wrapperKeys(), " (top level)");
        const std::string expected = top.value("model_type", std::string()) + "_text";
        if (isSet(text, "model_type") && text["model_type"] != expected)
            fail("text_config.model_type is " + text["model_type"].dump() + ", not \"" + expected + "\"");
        if (isSet(top, "tie_word_embeddings") && isSet(text, "tie_word_embeddings") &&
            top["tie_word_embeddings"] != text["tie_word_embeddings"])
            fail("tie_word_embeddings is " + top["tie_word_embeddings"].dump() + " at the top level and " +
                 text["tie_word_embeddings"].dump() + " in text_config");
    }
    requireKnown(text, textKeys(moe), wrapped ? " (text_config)" : "");

    // The FFN activation is also the causal conv's (Qwen3_5GatedDeltaNet); only SiLU is Qwen3.5.
    if (isSet(text, "hidden_act") && text["hidden_act"] != "silu")
        fail("hidden_act is " + text["hidden_act"].dump() + "; Qwen3.5's conv and FFN use \"silu\"");
    if (isSet(text, "attn_output_gate") && !text["attn_output_gate"].is_boolean())
        fail("\"attn_output_gate\" is not true/false");
    if (isSet(text, "mtp_use_dedicated_embeddings") && text["mtp_use_dedicated_embeddings"] != false)
        fail("mtp_use_dedicated_embeddings is " + text["mtp_use_dedicated_embeddings"].dump() +
             ": an MTP head with its own embedding is not something this converter maps (arch.mtp shares the model's)");
    if (moe) {
        // Qwen3_5MoeSparseMoeBlock renormalises the top-k and every layer is MoE.
        if (isSet(text, "norm_topk_prob") && text["norm_topk_prob"] != true)
            fail("norm_topk_prob is " + text["norm_topk_prob"].dump() + "; Qwen3.5-MoE always renormalises the top-k weights");
        if (isSet(text, "decoder_sparse_step") && text["decoder_sparse_step"] != 1)
            fail("decoder_sparse_step is " + text["decoder_sparse_step"].dump() + "; Qwen3.5-MoE has no dense layers");
        if (isSet(text, "mlp_only_layers") && text["mlp_only_layers"] != json::array())
            fail("mlp_only_layers is " + text["mlp_only_layers"].dump() + "; Qwen3.5-MoE has no dense layers");
    }
    if (isSet(text, "rope_parameters")) {
        const json& r = text["rope_parameters"];
        if (!r.is_object()) fail("rope_parameters is not an object");
        std::string type = "default";
        for (const char* k : {"rope_type", "type"})
            if (r.contains(k) && r[k].is_string()) type = r[k].get<std::string>();
        requireKnown(r, ropeKeys(type != "default"), " (rope_parameters)");
    }
}

json qwen35Notes(const json& top) {
    const json& text = top.contains("text_config") && top["text_config"].is_object() ? top["text_config"] : top;
    json notes = json::object();
    if (text.contains("rope_parameters") && text["rope_parameters"].is_object()) {
        const json& r = text["rope_parameters"];
        json m = json::object();
        for (const char* k : {"mrope_section", "mrope_interleaved"})
            if (r.contains(k)) m[k] = r[k];
        if (!m.empty()) {
            m["note"] = "multimodal RoPE: the sections rotate by the temporal, height and width positions of image and "
                        "video tokens; for text all three are the token index, so arch carries plain RoPE";
            notes["mrope"] = m;
        }
    }
    return notes;
}

} // namespace cmf::hf::detail
