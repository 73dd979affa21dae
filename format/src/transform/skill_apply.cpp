// skill apply: a standalone skill overlaid on its base, rebuilding the
// specialist it was cut from (§9.1).
#include "cmf/format/skill_file.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include "skill_common.h"
#include "tensor_produce.h"

#include <set>

namespace cmf {
namespace {

struct Source {
    const CmfFile* file;
    TensorRecord record;
};

[[noreturn]] void malformed(const std::string& skill, const std::string& what) {
    throw Error(ErrorKind::Parse, skill + ": the skill record's \"specialist\" block " + what +
                                      " (was the file written by `cmf skill export`?)");
}

const nlohmann::json& member(const nlohmann::json& o, const char* key, const std::string& skill) {
    if (!o.is_object() || !o.contains(key)) malformed(skill, std::string("has no \"") + key + "\"");
    return o[key];
}

// The skill file's one standalone record: it must be the last registry entry.
const SkillRecord& standaloneRecord(const CmfFile& k) {
    const SkillRecord* found = nullptr;
    for (const auto& s : k.skills()) {
        if (!s.baseDirHash) continue;
        if (found) throw Error(ErrorKind::Parse, k.path() + ": more than one standalone skill record; apply one file per skill");
        found = &s;
    }
    if (!found || !k.envelope().has(SkillFile))
        throw Error(ErrorKind::Parse, k.path() + ": not a standalone skill file (no SKILL_FILE bit or no record with base_dir_hash, §9.1)");
    if (k.skills().back().id != found->id)
        throw Error(ErrorKind::Parse, k.path() + ": the standalone record is not the last skills entry");
    return *found;
}

} // namespace

SkillApplyReport applySkill(const std::string& basePath, const std::string& skillPath, const std::string& output, bool force,
                            const Control& control) {
    const auto base = CmfFile::open(basePath);
    const auto skill = CmfFile::open(skillPath);
    detail::requireCompleteSingleFile(*base, "base");
    if (skill->shard()) throw Error(ErrorKind::Parse, skillPath + ": a skill file is never sharded");
    const SkillRecord& rec = standaloneRecord(*skill);
    const nlohmann::json& spec = member(rec.raw, "specialist", skillPath);

    SkillApplyReport report;
    report.id = rec.id;
    report.baseDirHash = detail::directoryHash(*base);
    report.expectedDirHash = *rec.baseDirHash;
    if (report.baseDirHash != report.expectedDirHash) {
        if (!force)
            throw Error(ErrorKind::HashMismatch,
                        "skill \"" + rec.id + "\" was cut against a base whose directory hashes to " + hex64(report.expectedDirHash) +
                            ", but " + basePath + " hashes to " + hex64(report.baseDirHash) +
                            "; refusing (force applies it anyway, the result is out of spec)");
        report.forced = true;
    }

    // The specialist's tensor order, each tensor from the skill when it
    // carries one, else from the base.
    const std::string prefix = rec.tensorPrefix();
    const Directory& bd = base->directory();
    // The specialist's own skills' tensors are carried under their own names
    // (skill_file.h "own_skills"); every other one under this skill's prefix.
    std::set<std::string, std::less<>> ownNames;
    if (spec.contains("own_skills")) {
        const auto& own = spec["own_skills"];
        if (!own.is_array()) malformed(skillPath, "has an \"own_skills\" that is not an array");
        std::set<std::string, std::less<>> ids;
        for (const auto& id : own) {
            if (!id.is_string() || id == rec.id) malformed(skillPath, "has an \"own_skills\" entry that is not another skill's id");
            ids.insert(id.get<std::string>());
        }
        for (const auto& s : skill->skills())
            if (ids.erase(s.id))
                for (const auto& t : s.tensors) ownNames.insert(s.tensorPrefix() + t);
        if (!ids.empty()) malformed(skillPath, "names own skill \"" + *ids.begin() + "\", which the registry does not have");
    }
    auto fromSkill = [&](std::string_view name) -> std::optional<Source> {
        const auto r = skill->findTensor(ownNames.count(name) ? std::string(name) : prefix + std::string(name));
        if (!r) return std::nullopt;
        return Source{skill.get(), *r};
    };
    std::vector<std::string> names;
    std::vector<Source> sources;
    std::set<std::string, std::less<>> seen;
    auto add = [&](std::string name, Source s) {
        if (!seen.insert(name).second) malformed(skillPath, "places tensor " + name + " twice");
        (s.file == skill.get() ? report.fromSkill : report.fromBase) += 1;
        names.push_back(std::move(name));
        sources.push_back(s);
    };
    const auto& order = member(spec, "order", skillPath);
    if (!order.is_array()) malformed(skillPath, "has an \"order\" that is not an array");
    for (const auto& item : order) {
        if (item.is_string()) {
            const std::string name = item;
            const auto s = fromSkill(name);
            if (!s) malformed(skillPath, "names " + name + ", which the skill does not carry");
            add(name, *s);
            continue;
        }
        if (!item.is_object() || !item.contains("from") || !item["from"].is_string() || !item.contains("count") ||
            !item["count"].is_number_unsigned())
            malformed(skillPath, "has an order entry that is neither a name nor {from, count}");
        const std::string from = item["from"];
        const uint64_t count = item["count"];
        const auto start = bd.find(from);
        if (!start || *start + count > bd.count())
            throw Error(ErrorKind::Parse, basePath + ": the skill expects " + std::to_string(count) + " base tensors from " + from +
                                              ", which this base does not have");
        for (uint64_t i = *start; i < *start + count; ++i) {
            const TensorRecord r = bd.record(i);
            const auto s = fromSkill(r.name);
            add(std::string(r.name), s ? *s : Source{base.get(), r});
        }
    }
    for (const auto& t : rec.tensors)
        if (!seen.count(t)) malformed(skillPath, "leaves out " + t + ", which the skill carries");
    for (const auto& t : ownNames)
        if (!seen.count(t)) malformed(skillPath, "leaves out " + t + ", which the skill carries");

    // The specialist's header: the skill file's, without the record.
    nlohmann::json header = skill->header();
    header.erase("section_hashes");
    header["skills"].erase(header["skills"].size() - 1);
    const auto& skillsKey = member(spec, "skills_key", skillPath);
    if (skillsKey == "absent") header.erase("skills");
    else if (skillsKey == "null") header["skills"] = nullptr;
    else if (skillsKey != "array") malformed(skillPath, "has an unknown skills_key");

    WriterSections sections;
    const auto& where = member(spec, "sections", skillPath);
    auto take = [&](const char* name, const Section& fromSkillFile, const Section& fromBase, std::optional<std::vector<uint8_t>>& out) {
        const auto& w = member(where, name, skillPath);
        const CmfFile* f = w == "skill" ? skill.get() : w == "base" ? base.get() : nullptr;
        const Section* s = w == "skill" ? &fromSkillFile : w == "base" ? &fromBase : nullptr;
        if (w != "absent" && !f) malformed(skillPath, std::string("has an unknown place for the ") + name + " section");
        if (!f) return;
        if (!s->present())
            throw Error(ErrorKind::Parse, f->path() + ": the skill takes the " + name + " section from this file, which has none");
        const auto bytes = f->section(*s);
        out = std::vector<uint8_t>(bytes.begin(), bytes.end());
    };
    const Envelope& ke = skill->envelope();
    const Envelope& be = base->envelope();
    take("masks", ke.masks, be.masks, sections.masks);
    take("vocab", ke.vocab, be.vocab, sections.vocab);
    take("index", ke.index, be.index, sections.index);
    const auto& features = member(spec, "features", skillPath);
    const uint32_t extra = features.is_number_unsigned() ? features.get<uint32_t>() & LoopMasks : 0;

    std::vector<uint64_t> sizes;
    for (const auto& s : sources) sizes.push_back(s.record.nbytes);
    auto out = detail::singleOutput(output, header, names, std::move(sections), extra);
    report.write = detail::writeAll(
        out, names, sizes, [&](size_t i) { return detail::copyTensor(*sources[i].file, sources[i].record, names[i]); }, "applying",
        control);

    // Byte equality is checked, not assumed: directory, header and size.
    const auto made = CmfFile::open(output);
    const auto want = [&](const char* key) {
        return spec.contains(key) && spec[key].is_string() ? parseHex64(spec[key].get<std::string>()) : std::nullopt;
    };
    const auto dirHash = want("dir_hash"), headerHash = want("header_hash");
    report.canonical = !spec.contains("canonical") || spec["canonical"] != false;
    report.identical = dirHash && headerHash && spec.contains("size") && spec["size"].is_number_unsigned() &&
                       *dirHash == detail::directoryHash(*made) &&
                       *headerHash == hash64(made->headerText().data(), made->headerText().size()) &&
                       spec["size"].get<uint64_t>() == made->fileSize();
    return report;
}

} // namespace cmf
