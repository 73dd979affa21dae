#pragma once
// One CMF v2 file, opened and validated (spec §1–§7, §9, §10). Every section
// is addressed only through the envelope; the directory, masks and tensors are
// views into one mapping. A file either opens valid or open() throws.
#include "cmf/format/chat_bundle.h"
#include "cmf/format/generation_config.h"
#include "cmf/format/codec.h"
#include "cmf/format/directory.h"
#include "cmf/format/envelope.h"
#include "cmf/format/mapped_file.h"
#include "cmf/format/masks.h"
#include "cmf/format/skills.h"
#include "cmf/format/sparse_index.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cmf {

// header["shard"] (§10).
struct ShardTag {
    uint32_t no = 1;
    uint32_t count = 1;
    // The identity of the write that made the set (our writers stamp it in
    // every shard, convert_pipeline.h; other writers may not): siblings that
    // carry different ones come from different writes.
    std::optional<std::string> set;
};

// header.arch.<key> when the header has an arch object holding an unsigned
// integer there; nullopt otherwise. (Reading a const json with operator[] at a
// key it lacks is undefined behaviour, and value() throws on a wrong type:
// a mutated header hit both.)
std::optional<uint64_t> archUnsigned(const nlohmann::json& header, const char* key);

class CmfFile {
public:
    static std::shared_ptr<const CmfFile> open(const std::string& path, Residency residency = Residency::Mapped);
    static std::shared_ptr<const CmfFile> fromMapping(std::shared_ptr<const MappedFile> map);

    const std::string& path() const { return map_->path(); }
    const MappedFile& mapping() const { return *map_; }
    std::shared_ptr<const MappedFile> sharedMapping() const { return map_; }
    uint64_t fileSize() const { return map_->size(); }

    const Envelope& envelope() const { return env_; }
    std::string_view headerText() const;
    const nlohmann::json& header() const { return header_; }
    const Directory& directory() const { return dir_; }
    const std::optional<MaskSet>& masks() const { return masks_; }
    const std::optional<SparseIndex>& sparseIndex() const { return index_; }
    const std::vector<SkillRecord>& skills() const { return skills_; }
    std::optional<ShardTag> shard() const { return shard_; }
    const std::optional<ChatBundle>& chatBundle() const { return chat_; }
    const std::optional<GenerationConfig>& generationConfig() const { return generation_; }

    std::span<const uint8_t> section(const Section& s) const;
    std::span<const uint8_t> vocab() const { return section(env_.vocab); }
    // The tensor's bytes inside the weight blob, ready for the codecs.
    TensorBytes tensorBytes(const TensorRecord& r) const;
    std::optional<TensorRecord> findTensor(std::string_view name) const;

private:
    CmfFile() = default;
    std::shared_ptr<const MappedFile> map_;
    Envelope env_;
    nlohmann::json header_;
    Directory dir_;
    std::optional<MaskSet> masks_;
    std::optional<SparseIndex> index_;
    std::vector<SkillRecord> skills_;
    std::optional<ShardTag> shard_;
    std::optional<ChatBundle> chat_;
    std::optional<GenerationConfig> generation_;
};

} // namespace cmf
