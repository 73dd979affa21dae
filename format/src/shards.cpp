#include "cmf/format/shards.h"
#include "cmf/format/error.h"

#include <cstdio>
#include <filesystem>

namespace cmf {
namespace {

bool fiveDigits(std::string_view s, uint32_t& v) {
    if (s.size() != 5) return false;
    v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + uint32_t(c - '0');
    }
    return true;
}

std::string shardLabel(const std::string& path) { return std::filesystem::path(path).filename().string(); }

} // namespace

std::optional<ShardName> parseShardName(const std::string& path) {
    // {base}-{no:05}-of-{count:05}.cmf
    constexpr std::string_view tail = ".cmf";
    constexpr size_t suffix = 1 + 5 + 4 + 5 + 4; // "-NNNNN-of-MMMMM.cmf"
    if (path.size() <= suffix) return std::nullopt;
    const std::string_view s(path);
    const std::string_view end = s.substr(s.size() - suffix);
    if (end[0] != '-' || end.substr(6, 4) != "-of-" || end.substr(15) != tail) return std::nullopt;
    ShardName n;
    if (!fiveDigits(end.substr(1, 5), n.no) || !fiveDigits(end.substr(10, 5), n.count)) return std::nullopt;
    if (n.no < 1 || n.count < 1 || n.no > n.count) return std::nullopt;
    n.base = std::string(s.substr(0, s.size() - suffix));
    return n;
}

std::string ShardName::pathFor(uint32_t k) const {
    char buf[32];
    std::snprintf(buf, sizeof buf, "-%05u-of-%05u.cmf", k, count);
    return base + buf;
}

Model Model::open(const std::string& path, Residency residency) {
    Model m;
    auto first = CmfFile::open(path, residency);
    const auto tag = first->shard();
    const auto name = parseShardName(path);
    if (tag && tag->no != 1) {
        // Normalise to shard 1 by name (§10: the user opens ANY name).
        if (!name)
            throw Error(ErrorKind::Parse, shardLabel(path) + ": shard " + std::to_string(tag->no) + " of " +
                                              std::to_string(tag->count) +
                                              " opened directly and its name does not follow {base}-{no:05}-of-{count:05}.cmf, "
                                              "so shard 1 cannot be found");
        const std::string p1 = name->pathFor(1);
        if (!std::filesystem::exists(p1))
            throw Error(ErrorKind::Io, shardLabel(path) + ": shard set is missing its first shard " + shardLabel(p1));
        first = CmfFile::open(p1, residency);
        const auto t1 = first->shard();
        if (!t1 || t1->no != 1)
            throw Error(ErrorKind::Parse, shardLabel(p1) + ": named as shard 1 but its header says shard " +
                                              (t1 ? std::to_string(t1->no) : std::string("(none)")) +
                                              " — a non-first shard cannot be opened as the model");
    }
    m.files_.push_back(first);
    const auto t1 = first->shard();
    if (t1 && t1->count > 1) {
        const std::string p1 = first->path();
        const auto n1 = parseShardName(p1);
        if (!n1)
            throw Error(ErrorKind::Io, shardLabel(p1) + ": shard 1 of " + std::to_string(t1->count) +
                                           " but the name does not follow {base}-{no:05}-of-{count:05}.cmf, so its siblings cannot be found");
        if (n1->count != t1->count)
            throw Error(ErrorKind::Parse, shardLabel(p1) + ": shard count mismatch: the name says " + std::to_string(n1->count) +
                                              ", the header says " + std::to_string(t1->count));
        // Otherwise a shard 1 renamed to "-00002-of-" would look up itself as
        // sibling 2 and be reported as a count mismatch.
        if (n1->no != 1)
            throw Error(ErrorKind::Parse, shardLabel(p1) + ": shard number mismatch: the name says shard " +
                                              std::to_string(n1->no) + ", the header says shard 1");
        for (uint32_t k = 2; k <= t1->count; ++k) {
            const std::string pk = n1->pathFor(k);
            if (!std::filesystem::exists(pk))
                throw Error(ErrorKind::Io, shardLabel(p1) + ": missing sibling shard " + shardLabel(pk) + " (" +
                                               std::to_string(k) + " of " + std::to_string(t1->count) + ")");
            auto fk = CmfFile::open(pk, residency);
            const auto tk = fk->shard();
            if (!tk || tk->no != k || tk->count != t1->count)
                throw Error(ErrorKind::Parse, shardLabel(pk) + ": shard count mismatch: expected shard " + std::to_string(k) +
                                                  " of " + std::to_string(t1->count) + ", header says " +
                                                  (tk ? std::to_string(tk->no) + " of " + std::to_string(tk->count) : std::string("no shard block")));
            // A kill between the renames of a set's shards (convert_pipeline.h)
            // leaves new shards next to old ones: each one valid alone, the
            // mix a model no write made.
            if (tk->set != t1->set)
                throw Error(ErrorKind::Parse, shardLabel(pk) + " belongs to another write than " + shardLabel(p1) + ": set " +
                                                  tk->set.value_or("(none)") + ", shard 1 says " + t1->set.value_or("(none)") +
                                                  " — an interrupted write left a mixed set; write it again");
            m.files_.push_back(std::move(fk));
        }
    }
    for (uint32_t s = 0; s < m.files_.size(); ++s) {
        const Directory& d = m.files_[s]->directory();
        for (uint64_t i = 0; i < d.count(); ++i) {
            ModelTensor t{d.record(i), s};
            if (!m.byName_.emplace(t.record.name, m.tensors_.size()).second)
                throw Error(ErrorKind::Parse, shardLabel(m.files_[s]->path()) + ": tensor " + std::string(t.record.name) +
                                                  " also appears in an earlier shard");
            m.tensors_.push_back(t);
        }
    }
    return m;
}

std::optional<uint64_t> Model::find(std::string_view name) const {
    const auto it = byName_.find(name);
    if (it == byName_.end()) return std::nullopt;
    return it->second;
}

TensorBytes Model::tensorBytes(const ModelTensor& t) const { return files_.at(t.shard)->tensorBytes(t.record); }

} // namespace cmf
