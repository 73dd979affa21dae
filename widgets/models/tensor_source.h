#pragma once
// The tensors a view lists: one file's directory (records read straight from
// the mapping on demand), or the merged directory of a shard set (§10), where
// each entry also remembers its shard. Immutable and shared between the GUI
// thread and jobs.
#include "cmf/format/cmf_file.h"
#include "cmf/format/shards.h"

#include <memory>
#include <optional>
#include <string_view>

namespace cmfw {

class TensorSource {
public:
    static std::shared_ptr<const TensorSource> fromFile(std::shared_ptr<const cmf::CmfFile> file);
    static std::shared_ptr<const TensorSource> fromModel(std::shared_ptr<const cmf::Model> model);

    uint64_t count() const;
    cmf::TensorRecord record(uint64_t i) const;
    // Shard number (1-based) of tensor i; 1 for a single file.
    uint32_t shardNo(uint64_t i) const;
    bool sharded() const { return model_ != nullptr && model_->files().size() > 1; }
    // The file that holds tensor i.
    const cmf::CmfFile& fileOf(uint64_t i) const;
    cmf::TensorBytes tensorBytes(uint64_t i) const;
    // File offset of tensor i's first byte (data_off + off).
    uint64_t absoluteOffset(uint64_t i) const;
    std::optional<uint64_t> find(std::string_view name) const;

private:
    std::shared_ptr<const cmf::CmfFile> file_;
    std::shared_ptr<const cmf::Model> model_;
};

} // namespace cmfw
