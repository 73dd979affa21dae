#pragma once
// What a tensor's Hugging Face name (spec §3: names are 1:1 with the source
// model) says about it: its layer and its family. Used for grouping, the
// bytes-per-family chart and natural ordering. Plain functions, no Qt.
#include <cstdint>
#include <string_view>

namespace cmfw {

enum class TensorFamily : uint8_t {
    Embeddings, // embed_tokens, lm_head
    Attention,  // self_attn.*, linear_attn.*
    Ffn,        // dense mlp.{gate,up,down}_proj
    Experts,    // MoE: mlp.experts.*, the router, shared experts (§2.2)
    Norms,      // *norm*
    Skills,     // skill.{id}.* replacement tensors (§9)
    Other,
};
constexpr int kFamilyCount = 7;

TensorFamily familyOf(std::string_view name);

// Layer group of a tensor: the N of "layers.N." (the first occurrence), -1 for
// tensors outside any layer (embeddings, final norm, lm_head), -2 for the MTP
// head (model.mtp.*, §2.1).
constexpr int kNoLayer = -1;
constexpr int kMtpLayer = -2;
int layerOf(std::string_view name);

// Natural order: runs of digits compare as numbers, so layers.2 < layers.10.
// Returns <0, 0, >0.
int naturalCompare(std::string_view a, std::string_view b);

// Case-insensitive (ASCII) substring search over UTF-8 bytes; needle must be
// lowercase already.
bool containsFolded(std::string_view haystack, std::string_view lowerNeedle);

} // namespace cmfw
