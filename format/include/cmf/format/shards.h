#pragma once
// A model in N files (spec §10): `{base}-{no:05}-of-{count:05}.cmf`. Opening
// any shard's name normalises to shard 1 and merges the directories.
#include "cmf/format/cmf_file.h"

#include <optional>
#include <string>
#include <vector>

namespace cmf {

struct ShardName {
    std::string base; // path without "-NNNNN-of-MMMMM.cmf"
    uint32_t no = 0;
    uint32_t count = 0;
    std::string pathFor(uint32_t no) const;
};

// Parses a shard file name; nullopt when the name does not follow §10.
std::optional<ShardName> parseShardName(const std::string& path);

// One tensor of the merged directory and the shard it lives in (a runtime
// field, never written to disk).
struct ModelTensor {
    TensorRecord record;
    uint32_t shard = 0; // index into Model::files()
};

class Model {
public:
    // Opens a single file, or a whole shard set from any member's name.
    // Errors (§10): a non-first shard opened directly, a missing sibling,
    // a count mismatch; duplicate tensor names across shards (Parse).
    // residency: how each file's bytes are held (mapped_file.h).
    static Model open(const std::string& path, Residency residency = Residency::Mapped);

    const std::vector<std::shared_ptr<const CmfFile>>& files() const { return files_; }
    const CmfFile& primary() const { return *files_.front(); }
    bool sharded() const { return files_.size() > 1 || primary().shard().has_value(); }
    const std::vector<ModelTensor>& tensors() const { return tensors_; }
    std::optional<uint64_t> find(std::string_view name) const;
    TensorBytes tensorBytes(const ModelTensor& t) const;

private:
    std::vector<std::shared_ptr<const CmfFile>> files_;
    std::vector<ModelTensor> tensors_;
    std::unordered_map<std::string_view, uint64_t> byName_;
};

} // namespace cmf
