#pragma once
// The Qwen3.5 config rules of hf_import (tests/data/models/gdn/README.md has
// the architecture): which keys of a qwen3_5[_moe][_text] config.json the
// converter maps or may ignore, and the values it accepts for the settings it
// does not carry into the arch block. Private to format/.
#include <nlohmann/json.hpp>

namespace cmf::hf::detail {

// Throws Error(Parse, "config.json: …") naming the first key of the text
// config (or of the ConditionalGeneration wrapper around it) that is neither
// mapped into the arch block nor known not to change the computation, and
// the first known key whose value this converter cannot honour (a non-SiLU
// hidden_act, dedicated MTP embeddings, a MoE layer schedule or unnormalised
// top-k, RoPE keys it does not map, a text_config of another model type,
// tie_word_embeddings that differ between the wrapper and its text config).
// attn_output_gate is checked against q_proj in checkTensorShapes.
void checkQwen35Config(const nlohmann::json& top, bool moe);

// What the config says that the arch block leaves out on purpose, for
// provenance: the multimodal RoPE sections (for text the three position ids
// are all the token index, so it is plain RoPE). Empty object when none.
nlohmann::json qwen35Notes(const nlohmann::json& top);

} // namespace cmf::hf::detail
