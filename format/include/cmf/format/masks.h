#pragma once
// The masks section of spec §5: meta JSON (§5.1) and bit-packed blobs of
// FFN neurons, heads, layer gates and the optional expert area.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmf {

// Blob geometry derived from arch (§5): no internal headers in a blob.
struct MaskLayout {
    uint32_t rows = 0;       // layers, or visits (layers × loops) under LOOP_MASKS
    uint32_t ffnBits = 0;    // intermediate_size
    uint32_t headBits = 0;   // num_attention_heads
    uint32_t gateBits = 0;   // one per row
    uint32_t expertBits = 0; // moe.num_experts, 0 when not MoE
    uint64_t ffnBytes() const { return (ffnBits + 7) / 8; }
    uint64_t headBytes() const { return (headBits + 7) / 8; }
    uint64_t gatesBytes() const { return (gateBits + 7) / 8; }
    uint64_t expertBytes() const { return (expertBits + 7) / 8; }
    uint64_t blobBytes(bool withExperts) const;
};

struct Mask {
    nlohmann::json meta;      // this mask's meta entry, verbatim
    uint32_t taskId = 0;
    std::string name;
    double sparsity = 0;
    nlohmann::json quality;   // null = not measured (§5.1)
    bool hasExpertFields = false;
    uint64_t blobOff = 0;     // relative to the section start
    uint64_t blobLen = 0;
    const uint8_t* blob = nullptr; // view into the mapping

    std::vector<uint32_t> ffnActive;    // popcount per row
    std::vector<uint32_t> headsActive;  // popcount per row
    std::vector<bool> layerGates;
    std::vector<uint32_t> expertsActive; // per row, empty without the area
    // Tail bits beyond each dimension must be zero (§5); where they are not:
    // the first 16 rows by name, then one "N more rows" entry.
    std::vector<std::string> nonZeroTails;

    bool ffnBit(const MaskLayout& l, uint32_t row, uint32_t neuron) const;
    bool headBit(const MaskLayout& l, uint32_t row, uint32_t head) const;
    bool expertBit(const MaskLayout& l, uint32_t row, uint32_t expert) const;
};

struct MaskSet {
    uint32_t nMasks = 0;
    uint32_t metaLen = 0;
    nlohmann::json meta;
    std::string defaultTask;
    MaskLayout layout;
    std::vector<Mask> masks;

    const Mask* find(std::string_view name) const;

    // Throws cmf::Error(Bounds/Parse) naming the mask and offset. Besides §5:
    // num_layers, intermediate_size and num_attention_heads must be 1..2^24
    // (rows too, under LOOP_MASKS), the meta JSON nests at most 128 levels,
    // and the blobs the masks need must fit the blob area side by side (no
    // two masks sharing one blob), so memory stays proportional to the section.
    static MaskSet parse(const uint8_t* section, uint64_t len, const nlohmann::json& header, bool loopMasks);
};

} // namespace cmf
