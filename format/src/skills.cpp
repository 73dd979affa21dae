#include "cmf/format/skills.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace cmf {
namespace {

using IdIndex = std::vector<std::pair<std::string_view, size_t>>; // (id, index into the records), sorted by id

// The one skill whose "{id}." prefixes rest, with a non-empty remainder
// (there is at most one: nested ids are refused). Walks rest once,
// narrowing the sorted ids to those sharing its first k bytes, so a
// directory name costs O(length · log skills), not a pass over every skill.
std::optional<std::pair<size_t, std::string_view>> matchSkill(const IdIndex& ids, std::string_view rest) {
    size_t lo = 0, hi = ids.size();
    for (size_t k = 0; k < rest.size() && lo < hi; ++k) {
        // ids[lo, hi) all start with rest[0, k); one equal to it sorts first.
        if (rest[k] == '.' && ids[lo].first.size() == k) {
            if (k + 1 < rest.size()) return std::make_pair(ids[lo].second, rest.substr(k + 1));
            return std::nullopt;
        }
        const auto c = static_cast<unsigned char>(rest[k]);
        auto charAt = [k](const IdIndex::value_type& e) { return static_cast<unsigned char>(e.first[k]); };
        const auto first = ids.begin() + std::ptrdiff_t(lo), last = ids.begin() + std::ptrdiff_t(hi);
        const auto from = std::partition_point(first, last, [&](const auto& e) { return e.first.size() == k || charAt(e) < c; });
        const auto to = std::partition_point(from, last, [&](const auto& e) { return charAt(e) == c; });
        lo = size_t(from - ids.begin());
        hi = size_t(to - ids.begin());
    }
    return std::nullopt;
}

} // namespace

Error unknownSkill(const std::string& id, const std::vector<SkillRecord>& skills, const std::string& path) {
    std::string known;
    for (const auto& s : skills) known += (known.empty() ? "" : ", ") + s.id;
    return Error(ErrorKind::Parse,
                 "no skill '" + id + "' in " + path + (known.empty() ? " (the file has no skills)" : " (it has: " + known + ")"));
}

std::vector<SkillRecord> parseSkills(const nlohmann::json& header, const std::vector<std::string_view>& names) {
    std::vector<SkillRecord> out;
    if (!header.contains("skills") || header["skills"].is_null()) return out;
    const auto& list = header["skills"];
    if (!list.is_array()) throw Error(ErrorKind::Parse, "header: \"skills\" is not an array (§9)");
    // A set, not a scan of the earlier records: that was quadratic in the
    // number of records, and a header can hold a million of them.
    std::unordered_set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        const auto& r = list[i];
        const std::string where = "header: skills[" + std::to_string(i) + "]";
        if (!r.is_object() || !r.contains("id") || !r["id"].is_string() || r["id"].get<std::string>().empty())
            throw Error(ErrorKind::Parse, where + " has no string \"id\"");
        SkillRecord s;
        s.raw = r;
        s.id = r["id"];
        if (!seen.insert(s.id).second) throw Error(ErrorKind::Parse, where + ": duplicate skill id \"" + s.id + "\"");
        auto str = [&](const char* k) { return r.contains(k) && r[k].is_string() ? r[k].get<std::string>() : std::string(); };
        auto obj = [&](const char* k) { return r.contains(k) ? r[k] : nlohmann::json(); };
        s.name = str("name");
        s.baseArch = str("base_arch");
        s.task = str("task");
        s.layers = obj("layers");
        s.selection = obj("selection");
        s.quality = obj("quality");
        if (r.contains("base_dir_hash") && !r["base_dir_hash"].is_null()) {
            const auto h = r["base_dir_hash"].is_string() ? parseHex64(r["base_dir_hash"].get<std::string>()) : std::nullopt;
            if (!h) throw Error(ErrorKind::Parse, where + " (" + s.id + "): base_dir_hash is not a hex u64");
            s.baseDirHash = *h;
        }
        out.push_back(std::move(s));
    }
    if (out.empty()) return out;
    IdIndex ids;
    ids.reserve(out.size());
    for (size_t i = 0; i < out.size(); ++i) ids.emplace_back(out[i].id, i);
    std::sort(ids.begin(), ids.end());
    // An id that is another id plus ".more" makes `skill.{id}.{name}`
    // ambiguous (skill.a.b.x is a's "b.x" or a.b's "x"), and every such
    // pair would list a directory name once more: refuse it.
    for (const auto& [id, i] : ids) {
        const std::string dotted = std::string(id) + ".";
        const auto it = std::lower_bound(ids.begin(), ids.end(), std::make_pair(std::string_view(dotted), size_t(0)));
        if (it != ids.end() && it->first.substr(0, dotted.size()) == dotted)
            throw Error(ErrorKind::Parse, "header: skills[" + std::to_string(std::max(i, it->second)) + "]: skill ids \"" +
                                              std::string(id) + "\" and \"" + std::string(it->first) +
                                              "\" are ambiguous in tensor names skill.{id}.{name} (§9)");
    }
    for (const auto n : names) {
        if (n.substr(0, 6) != "skill.") continue;
        if (const auto m = matchSkill(ids, n.substr(6))) out[m->first].tensors.emplace_back(m->second);
    }
    return out;
}

} // namespace cmf
