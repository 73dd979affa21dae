#pragma once
// The skills registry of spec §9 / §9.1 and the replacement tensors
// (`skill.{id}.{name}`) the directory carries for each skill.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cmf/format/error.h"

namespace cmf {

class Directory;

struct SkillRecord {
    nlohmann::json raw;               // the registry entry, verbatim
    std::string id;
    std::string name;
    nlohmann::json layers;            // as written
    nlohmann::json selection;         // recon-argmin subspace, or null
    nlohmann::json quality;           // claim-16 contract, or null
    std::optional<uint64_t> baseDirHash; // §9.1 standalone skill binding
    std::string baseArch;
    std::string task;
    std::vector<std::string> tensors; // replaced backbone tensor names

    // "skill.{id}." — the prefix of this skill's directory entries.
    std::string tensorPrefix() const { return "skill." + id + "."; }
};

// Parses header["skills"] and finds each skill's replacement tensors among
// names (every directory name). Throws cmf::Error(Parse) on a malformed record.
std::vector<SkillRecord> parseSkills(const nlohmann::json& header, const std::vector<std::string_view>& names);

// Error(Parse) "no skill 'id' in path (it has: a, b)" — or "(the file has no
// skills)" — for a skill id that is not among skills.
Error unknownSkill(const std::string& id, const std::vector<SkillRecord>& skills, const std::string& path);

} // namespace cmf
