#pragma once
// The shared engine of convert, requant, compact and shard: tensors are
// produced (decoded / encoded) in parallel, at most a few in flight so memory
// stays bounded, and consumed in order by the writers. Private to format/.
#include "cmf/format/convert.h"
#include "cmf/format/writer.h"

#include <functional>
#include <memory>

namespace cmf::detail {

struct Produced {
    DType dtype = DType::F16;
    std::vector<uint64_t> shape;
    std::vector<uint8_t> owned;    // encoded bytes, or empty when borrowed
    const uint8_t* bytes = nullptr; // owned.data() or a view into a source mapping
    uint64_t nbytes = 0;
    TensorReport report;
};

// Runs produce(i) for i in [0, n) on worker threads and consume(i, p) on one
// thread in index order. Cancel is checked between tensors; errors propagate.
void runPipeline(size_t n, const std::function<Produced(size_t)>& produce,
                 const std::function<void(size_t, Produced&)>& consume, const Control& control);

// One Writer per output file; tensors go to writers[shardOf[i]]. All commit
// together at the end, so a failure leaves no output at all: a shard set in
// two phases — every shard prepared (complete, fsynced, still a locked
// temporary), then every one renamed — so a kill leaves the old set or the
// new one (test crash point "shards synced" between the phases). N renames
// are not one atomic step: a kill between two of them leaves a set whose
// first shards are new and whose last are old. Every shard's "shard" block
// carries the set's identity ("set", a hash of every shard's directory,
// stamped in commitAll), so that mix fails to open as one model (shards.cpp)
// instead of running on tensors of two writes; the next run replaces it.
struct Outputs {
    std::vector<std::unique_ptr<Writer>> writers;
    std::vector<std::string> paths;
    std::vector<uint32_t> shardOf;
    std::vector<nlohmann::json> headers; // a shard set's, to stamp "set" in
    void commitAll();

private:
    void stampSetIdentity();
};

// One output file of a write: its path, its header as written (before the
// Writer adds section hashes), the indices of its tensors, and whether it
// carries the sections (shard 1, or the single file). What openOutputs opens
// and what a plan sizes (convert.h planConvert) are the same list.
struct OutputPlan {
    std::string path;
    nlohmann::json header;
    std::vector<size_t> tensors;
    bool sections = true;
};
std::vector<OutputPlan> planOutputs(const std::string& output, const nlohmann::json& header, size_t tensorCount,
                                    const std::vector<uint32_t>& shardOf);

// Builds the per-shard headers and writers (§10: masks/vocab/index,
// tokenizer_config and skills only in shard 1). shardOf empty or all zero:
// a single file at `output`.
Outputs openOutputs(const std::string& output, const nlohmann::json& header, const std::vector<std::string>& names,
                    const std::vector<uint32_t>& shardOf, WriterSections sections, uint32_t extraFeatures);

// Produces tensor i (progress counted in sourceBytes[i]), writes each to its
// output in order, commits every output, and reports what was written.
ConvertReport writeAll(Outputs& out, const std::vector<std::string>& names, const std::vector<uint64_t>& sourceBytes,
                       const std::function<Produced(size_t)>& produce, const std::string& phase, const Control& control);

// "model.cmf" -> "model"; the base for shard names.
std::string shardBase(const std::string& output);

} // namespace cmf::detail
