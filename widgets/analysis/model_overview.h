#pragma once
// What the overview page says about a file, gathered in one plain value (no
// Qt): the architecture from header.arch, the directory's content summary
// (cmf::summarizeContent, the same numbers `cmf info --json` reports under
// "summary"), tokenizer and chat template presence, masks and skills with
// their recorded quality, and the memory a chat would need. Everything here
// reads the header, the directory and the mask/skill records only — cheap
// enough for the GUI thread, like opening; the tokenizer's vocabulary and the
// signature need jobs and are not here.
#include "cmf/engine/memory_estimate.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/content_summary.h"
#include "cmf/format/shards.h"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cmfw {

struct ModelOverview {
    bool hasArch = false; // header.arch is an object (a runnable model's header)
    std::string family;   // arch.arch_name
    std::optional<uint64_t> layers, hidden, heads, kvHeads, headDim, intermediate, vocab, context, slidingWindow;
    // Layer kind ("FullAttention", "SlidingAttention", "LinearAttention", or
    // another name the header uses) → layers; layers past arch.layer_types
    // (or all of them without it) are FullAttention, as the engine runs them.
    std::map<std::string, uint64_t> attention;
    struct Moe {
        uint64_t experts = 0, topK = 0;
        bool sharedExpert = false;
    };
    std::optional<Moe> moe;
    std::optional<uint64_t> mtpLayers;
    std::string quantType; // header.quant_type (informational; the dtype mix is the truth)

    uint64_t fileSize = 0;
    cmf::ContentSummary content; // this file's directory
    // A shard (§10): its number, and the whole set's content and size when every sibling opened.
    uint32_t shardNo = 0, shardCount = 0;
    std::optional<cmf::ContentSummary> setContent;
    uint64_t setFileSize = 0;

    bool tokenizer = false; // a vocab section (in this file, or shard 1 of its set)
    uint64_t tokenizerBytes = 0;
    bool chatTemplate = false;

    struct Mask {
        std::string name;
        double sparsity = 0;
        nlohmann::json quality; // null: not measured
    };
    struct Skill {
        std::string id, name;
        nlohmann::json quality; // null: not measured
    };
    std::vector<Mask> masks;
    std::vector<Skill> skills;

    // header.generation_config: the sampling the model's authors ship (what
    // `cmf run`, `cmf chat` and the chat window start from); null when absent.
    std::optional<cmf::GenerationConfig> generation;
};

// set: the merged shard set when this file is a shard whose siblings opened (else null).
ModelOverview describeModel(const cmf::CmfFile& file, const cmf::Model* set);

struct ChatMemory {
    uint32_t ctx = 0;
    std::optional<cmf::engine::MemoryEstimate> estimate;
    std::string error; // why there is no estimate (no arch, a broken set)
};
// What a chat at the chat window's default context (ChatSettings::ctx, cut to
// max_position_embeddings) holds with the backbone and no task: the engine's
// estimateMemory, as the chat window and `cmf info --json` "memory" compute it.
ChatMemory chatMemory(const cmf::CmfFile& file, const cmf::Model* set);

} // namespace cmfw
