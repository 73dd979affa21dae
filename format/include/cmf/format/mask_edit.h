#pragma once
// Writing task masks (§5): a blob from per-row bit vectors, and a copy of a
// model with one more mask in its masks section (created when absent).
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/masks.h"
#include "cmf/format/progress.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cmf {

// The bits of one mask. An empty outer vector means "everything active" for
// that area; so does an empty row. Rows are layers (visits under LOOP_MASKS).
struct MaskBits {
    std::vector<std::vector<bool>> ffn;     // rows × intermediate_size
    std::vector<std::vector<bool>> heads;   // rows × num_attention_heads
    std::vector<bool> gates;                // one per row
    std::vector<std::vector<bool>> experts; // rows × moe.num_experts; empty: no expert area (§5)
    bool withExperts = false;               // write the expert area (rows default to all-ones)
};

// The blob layout the file's masks use, or the one its arch implies when it
// has no masks section yet. Throws Error(Parse) when arch lacks a dimension.
MaskLayout maskLayoutOf(const CmfFile& file);

// Packs the bits LSB-first with zero tails (§5). Throws Error(Parse) when a
// row is longer than its dimension or there are more rows than the layout has.
std::vector<uint8_t> buildMaskBlob(const MaskLayout& layout, const MaskBits& bits);

struct NewMask {
    std::string name;
    std::vector<uint8_t> blob;     // buildMaskBlob's output
    bool hasExpertFields = false;  // the blob carries the expert area
    nlohmann::json quality;        // null = NOT MEASURED (§5.1); never a declared 1.0
    std::string description;       // empty: null
    nlohmann::json extra = nlohmann::json::object(); // further meta keys (provenance ...)
    bool replace = false;          // replace a mask of the same name instead of refusing
};

struct AddMaskReport {
    uint32_t taskId = 0;
    double sparsity = 0;       // share of inactive FFN neurons (§5.1 "sparsity")
    double expertSparsity = 0; // share of non-routable experts, when the blob has the area
    bool replaced = false;
    uint64_t inputBytes = 0;
    ConvertReport write;
};

// Copies input to output (tensors, vocab and index verbatim) with the mask
// added to the masks section; every other mask keeps its meta and blob. A new
// section gets "default_task": null, so no mask applies unless asked for.
AddMaskReport addMask(const std::string& input, const std::string& output, const NewMask& mask, const Control& control = {});

} // namespace cmf
