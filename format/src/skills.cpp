#include "cmf/format/skills.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

namespace cmf {

std::vector<SkillRecord> parseSkills(const nlohmann::json& header, const std::vector<std::string_view>& names) {
    std::vector<SkillRecord> out;
    if (!header.contains("skills") || header["skills"].is_null()) return out;
    const auto& list = header["skills"];
    if (!list.is_array()) throw Error(ErrorKind::Parse, "header: \"skills\" is not an array (§9)");
    for (size_t i = 0; i < list.size(); ++i) {
        const auto& r = list[i];
        const std::string where = "header: skills[" + std::to_string(i) + "]";
        if (!r.is_object() || !r.contains("id") || !r["id"].is_string() || r["id"].get<std::string>().empty())
            throw Error(ErrorKind::Parse, where + " has no string \"id\"");
        SkillRecord s;
        s.raw = r;
        s.id = r["id"];
        for (const auto& prev : out)
            if (prev.id == s.id) throw Error(ErrorKind::Parse, where + ": duplicate skill id \"" + s.id + "\"");
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
    for (const auto n : names) {
        if (n.substr(0, 6) != "skill.") continue;
        for (auto& s : out) {
            const std::string prefix = s.tensorPrefix();
            if (n.size() > prefix.size() && n.substr(0, prefix.size()) == prefix)
                s.tensors.emplace_back(n.substr(prefix.size()));
        }
    }
    return out;
}

} // namespace cmf
