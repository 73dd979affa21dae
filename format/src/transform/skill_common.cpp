#include "skill_common.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include <cctype>
#include <charconv>

namespace cmf::detail {

uint64_t directoryHash(const CmfFile& f) {
    const Section& d = f.envelope().dir;
    return hash64(f.mapping().data() + d.off, d.len);
}

void requireCompleteSingleFile(const CmfFile& f, const std::string& role) {
    if (f.shard())
        throw Error(ErrorKind::Parse, role + " " + f.path() + " is shard " + std::to_string(f.shard()->no) + " of " +
                                          std::to_string(f.shard()->count) +
                                          " (§10); skills work on single files — merge the set with requant first");
    if (f.envelope().has(SkillFile))
        throw Error(ErrorKind::Parse, role + " " + f.path() + " is itself a standalone skill (SKILL_FILE), not a complete model");
}

void checkSkillId(const std::string& id) {
    if (id.empty() || id.size() > 200)
        throw Error(ErrorKind::Parse, "skill id must be 1 to 200 characters");
    for (char c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            throw Error(ErrorKind::Parse, "skill id \"" + id + "\": use letters, digits, '-' and '_' only (it prefixes tensor names)");
}

long layerOf(std::string_view name) {
    constexpr std::string_view kLayers = "model.layers.";
    if (!name.starts_with(kLayers)) return -1;
    name.remove_prefix(kLayers.size());
    long v = -1;
    const auto [p, ec] = std::from_chars(name.data(), name.data() + name.size(), v);
    if (ec != std::errc() || p == name.data() || p == name.data() + name.size() || *p != '.') return -1;
    return v;
}

} // namespace cmf::detail
