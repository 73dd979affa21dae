#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/json_error.h"
#include "cmf/format/printable.h"

namespace cmf {
namespace {

// Deeply nested JSON would make every later recursive walk (dump, compare)
// a stack overflow; no real header nests past a few levels.
constexpr int kMaxJsonDepth = 128;

struct TooDeep {};

nlohmann::json parseHeader(const uint8_t* p, uint64_t len, uint64_t off) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(p, p + len, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            if (depth > kMaxJsonDepth) throw TooDeep{};
            return true;
        });
    } catch (const TooDeep&) {
        throw Error(ErrorKind::Parse, "header JSON at offset " + std::to_string(off) + " nests deeper than " +
                                          std::to_string(kMaxJsonDepth) + " levels");
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(ErrorKind::Parse, describeJsonError(e, std::string_view(reinterpret_cast<const char*>(p), len),
                                                        "header JSON", off));
    } catch (const nlohmann::json::exception&) {
        throw Error(ErrorKind::Parse, "header JSON at offset " + std::to_string(off) + " does not parse");
    }
    if (!j.is_object()) throw Error(ErrorKind::Parse, "header JSON at offset " + std::to_string(off) + " is not an object");
    return j;
}

std::optional<ShardTag> parseShardTag(const nlohmann::json& h) {
    if (!h.contains("shard") || h["shard"].is_null()) return std::nullopt;
    const auto& s = h["shard"];
    if (!s.is_object() || !s.contains("no") || !s.contains("count") || !s["no"].is_number_unsigned() ||
        !s["count"].is_number_unsigned())
        throw Error(ErrorKind::Parse, "header: \"shard\" must be {\"no\": n, \"count\": m} (§10)");
    const uint64_t no = s["no"], count = s["count"];
    if (no < 1 || count < 1 || no > count || count > 99999)
        throw Error(ErrorKind::Parse, "header: shard " + std::to_string(no) + " of " + std::to_string(count) + " is out of range");
    ShardTag tag{uint32_t(no), uint32_t(count), std::nullopt};
    if (const auto set = s.find("set"); set != s.end()) {
        if (!set->is_string()) throw Error(ErrorKind::Parse, "header: \"shard\".\"set\" must be a string");
        tag.set = printable(set->get<std::string>());
    }
    return tag;
}

} // namespace

std::optional<uint64_t> archUnsigned(const nlohmann::json& header, const char* key) {
    const auto arch = header.find("arch");
    if (arch == header.end() || !arch->is_object()) return std::nullopt;
    const auto v = arch->find(key);
    if (v == arch->end() || !v->is_number_unsigned()) return std::nullopt;
    return v->get<uint64_t>();
}

std::shared_ptr<const CmfFile> CmfFile::open(const std::string& path, Residency residency) {
    return fromMapping(MappedFile::open(path, residency));
}

std::shared_ptr<const CmfFile> CmfFile::fromMapping(std::shared_ptr<const MappedFile> map) {
    std::shared_ptr<CmfFile> f(new CmfFile());
    f->map_ = std::move(map);
    const uint8_t* base = f->map_->data();
    f->env_ = Envelope::parse(base, f->map_->size());
    const Envelope& e = f->env_;
    f->header_ = parseHeader(base + e.header.off, e.header.len, e.header.off);
    f->dir_ = Directory::parse(base + e.dir.off, e.dir.len, e.data.len);
    if (e.masks.present()) f->masks_ = MaskSet::parse(base + e.masks.off, e.masks.len, f->header_, e.has(LoopMasks));
    if (e.index.present()) f->index_ = SparseIndex::parse(base + e.index.off, e.index.len);
    if (f->header_.contains("skills")) {
        std::vector<std::string_view> names;
        names.reserve(f->dir_.count());
        for (uint64_t i = 0; i < f->dir_.count(); ++i) names.push_back(f->dir_.record(i).name);
        f->skills_ = parseSkills(f->header_, names);
    }
    f->shard_ = parseShardTag(f->header_);
    f->chat_ = parseChatBundle(f->header_);
    f->generation_ = parseGenerationConfig(f->header_);
    return f;
}

std::string_view CmfFile::headerText() const {
    return std::string_view(reinterpret_cast<const char*>(map_->data() + env_.header.off), env_.header.len);
}

std::span<const uint8_t> CmfFile::section(const Section& s) const {
    if (!s.present()) return {};
    return {map_->data() + s.off, s.len};
}

TensorBytes CmfFile::tensorBytes(const TensorRecord& r) const {
    return TensorBytes{r.dtype, r.rowsCols(), map_->data() + env_.data.off + r.off, r.nbytes};
}

std::optional<TensorRecord> CmfFile::findTensor(std::string_view name) const {
    const auto i = dir_.find(name);
    if (!i) return std::nullopt;
    return dir_.record(*i);
}

} // namespace cmf
