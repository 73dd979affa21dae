#pragma once
// Hugging Face checkpoint -> CMF (`cmf convert`), and the rewrites over an
// existing model: requant, compact, shard. All go through Writer, so every
// output is atomic and verifies clean.
#include "cmf/format/dtype.h"
#include "cmf/format/encode.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace cmf {

// --quant names: f32 f16 bf16 q8 q8_2f q4 q4t q4tp vbit q1 q1s q1t.
std::optional<DType> quantFromName(const std::string& name);
std::vector<std::string> quantNames();

struct DTypeRule {
    std::string pattern; // ECMAScript regex, searched in the tensor name
    DType dtype;
};

struct TensorReport {
    std::string name;
    std::string source;     // source dtype ("BF16", "q8_row", ...)
    DType dtype = DType::F16;
    std::string reason;     // why dtype differs from the request, if it does
    std::vector<uint64_t> shape;
    uint64_t sourceBytes = 0;
    uint64_t bytes = 0;
    double relRms = 0;      // ||w - dequant(encode(w))|| / ||w||
    bool copied = false;    // bytes copied verbatim (no re-encode)
};

struct ConvertReport {
    std::vector<TensorReport> tensors;
    std::vector<std::string> outputs; // files written (several when sharded)
    std::vector<std::string> skipped; // source tensors left out (a multimodal model's vision tower, projector)
    uint64_t sourceBytes = 0;
    uint64_t outputBytes = 0;
    double seconds = 0;
};

struct ConvertOptions {
    std::string modelDir;
    std::string output;
    DType quant = DType::Q8Row;
    double shardMaxGb = 0;       // 0: one file
    EncodeOptions encode;
    std::vector<DTypeRule> keep; // first match wins over quant
};

// The dtype of each tensor: the first matching keep rule; else linear
// attention's conv1d.weight, A_log and dt_bias at f32 (they set the
// recurrence's mixing and decay); routers at f16; an untied lm_head at q8_row
// under the q4 family; else quant — then chooseDType's §3.2 rules and
// fallbacks. TensorReport::reason says why a tensor's dtype differs.
ConvertReport convertHf(const ConvertOptions& options, const Control& control = {});

// What convertHf(options) will write, without encoding anything: the same
// mapping, checks, header and per-tensor dtype rules (TensorReport::reason
// as the conversion reports it; relRms stays 0). Tensor bytes, and so the
// file sizes, are exact except for vbit/vbit_ro tensors (listed in
// `estimated`), whose row widths depend on the values: there the plan is an
// upper bound. Reads the folder's metadata only (config, safetensors
// headers, tokenizer); throws what convertHf would throw before writing.
struct ConvertPlan {
    std::vector<TensorReport> tensors;
    std::vector<std::string> skipped;
    std::vector<size_t> estimated;      // indices into tensors whose bytes are an upper bound
    // Per tensor, the rule that asked for a dtype other than the quant (a
    // --keep pattern, a router at f16, an untied lm_head at q8_row under the
    // q4 family), else empty; TensorReport::reason is then §3.2's fallback.
    std::vector<std::string> rules;
    std::vector<uint32_t> shardOf;      // per tensor, when sharded; empty for one file
    std::vector<std::string> outputs;   // the files convertHf would write
    std::vector<uint64_t> outputBytes;  // their sizes
    uint64_t sourceBytes = 0, payloadBytes = 0, fileBytes = 0;
    bool exact = true;                  // estimated is empty
};
ConvertPlan planConvert(const ConvertOptions& options);
// The plan for each quant in turn, everything else as in options; the
// folder is read once (the sizes a quant picker quotes).
std::vector<ConvertPlan> planConvert(const ConvertOptions& options, const std::vector<DType>& quants);

struct RequantOptions {
    std::string input, output;
    DType quant = DType::Q8Row;
    std::string only;            // regex; empty = every tensor
    EncodeOptions encode;
};
// Re-encodes the selected tensors (dequantize -> encode); every other tensor,
// and the masks, vocab and index, are copied byte-for-byte. Linear
// attention's conv1d.weight, A_log and dt_bias are never taken below f32
// (copied when f32 already, else re-encoded at f32 with the reason), as
// convertHf keeps them at every quant.
ConvertReport requant(const RequantOptions& options, const Control& control = {});

// What requant(options) will write, as planConvert for convert: each tensor's
// dtype and bytes (copied ones as they are), the file's size; no decoding.
ConvertPlan planRequant(const RequantOptions& options);

// Rewrites a file that has grown by appends: same header, tensors and
// sections, without dead section tails.
ConvertReport compact(const std::string& input, const std::string& output, const Control& control = {});

// Splits a model into `{base}-{no:05}-of-{count:05}.cmf` shards of at most
// maxGb (rough f32 size, §10); tensors are copied verbatim.
ConvertReport shard(const std::string& input, double maxGb, const std::string& outputBase, const Control& control = {});
// How many shards shard(input, maxGb, ...) writes; no tensor is read.
uint32_t shardCount(const std::string& input, double maxGb);

// The §10 greedy split: shard index (0-based) for each size in order.
std::vector<uint32_t> planShards(const std::vector<uint64_t>& f32Sizes, uint64_t maxBytes);

} // namespace cmf
