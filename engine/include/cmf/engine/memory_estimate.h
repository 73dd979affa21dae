#pragma once
// What running a file will hold in memory, before it is loaded: the weight
// bytes a forward pass reads (the backbone's, or a skill's replacements in
// their place; under a task mask only the kept FFN rows, the kept down
// columns and the routable experts; gated-off layers not at all), the
// float32 copies of 1-D tensors, the KV cache for the context asked for
// (attention layers) and the recurrent state (LinearAttention layers). The same numbers `cmf info --json` reports under "memory" and the
// workbench shows before a chat loads.
#include "cmf/engine/kv_cache.h"
#include "cmf/format/shards.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace cmf::engine {

struct MemoryEstimate {
    uint64_t weightBytes = 0;     // mapped weight pages touched, plus task copies and 1-D floats
    uint64_t kvBytesPerToken = 0; // every attention layer's K and V in the cache's type
    uint64_t kvBytes = 0;         // for ctx tokens
    // LinearAttention layers: the recurrent state (conv and delta-rule state,
    // float32, whatever the context) and the checkpoints a chat keeps of it
    // for rewinds (recurrent_state.h), at most kCheckpoints copies.
    uint64_t stateBytes = 0;
    uint64_t checkpointBytes = 0;
    // A compact model's int8 panels (engine/src/weight_panels.h), besides the
    // mapped pages they were packed from.
    uint64_t panelBytes = 0;
    uint32_t ctx = 0;
    uint64_t totalBytes() const { return weightBytes + kvBytes + stateBytes + checkpointBytes + panelBytes; }
    nlohmann::json toJson() const;
};

// task / skill: "" for none. Throws Error(Parse) for a file without arch,
// an unknown task or skill. kv: the KV cache's element type.
MemoryEstimate estimateMemory(const cmf::Model& file, const std::string& task, const std::string& skill, uint32_t ctx,
                              KvType kv = KvType::F32);
// A single file (not a shard set).
MemoryEstimate estimateMemory(const CmfFile& file, const std::string& task, const std::string& skill, uint32_t ctx,
                              KvType kv = KvType::F32);

} // namespace cmf::engine
