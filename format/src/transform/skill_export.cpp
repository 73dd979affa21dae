// skill export: the specialist minus what it shares with the base (§9.1).
#include "cmf/format/skill_file.h"

#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include "skill_common.h"
#include "tensor_produce.h"
#include "writer_layout.h"

#include <filesystem>
#include <set>
#include <unordered_map>

namespace cmf {
namespace {

bool sameTensor(const TensorRecord& a, const TensorRecord& b) {
    return a.dtype == b.dtype && a.ndim == b.ndim && a.shape == b.shape && a.nbytes == b.nbytes && a.hash == b.hash;
}

bool sameBytes(std::span<const uint8_t> a, std::span<const uint8_t> b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

std::string fileName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

} // namespace

SkillExportReport exportSkill(const SkillExportOptions& o, const Control& control) {
    detail::checkSkillId(o.id);
    const auto spec = CmfFile::open(o.specialist);
    const auto base = CmfFile::open(o.base);
    detail::requireCompleteSingleFile(*spec, "specialist");
    detail::requireCompleteSingleFile(*base, "base");
    // The specialist's own skills (§9 registry) travel in the skill file as
    // they are: their records in the header, their skill.{id}.* tensors that
    // differ from the base under their own names (not under this skill's
    // prefix), so apply puts them back where they were.
    std::set<std::string, std::less<>> ownTensors;
    SkillExportReport report;
    for (const auto& s : spec->skills()) {
        if (s.id == o.id)
            throw Error(ErrorKind::Parse, "the specialist already has a skill \"" + o.id + "\" (" + std::to_string(s.tensors.size()) +
                                              " tensors skill." + o.id + ".*); the exported skill needs an id of its own — choose another "
                                              "--id, and \"" + o.id + "\" travels in the skill file as it is");
        if (s.baseDirHash)
            throw Error(ErrorKind::Parse, "the specialist's skill \"" + s.id +
                                              "\" is a standalone record (base_dir_hash, §9.1), which a complete model does not carry; "
                                              "apply that skill first");
        if (s.id.starts_with(o.id + "."))
            throw Error(ErrorKind::Parse, "the specialist's skill \"" + s.id + "\" and the id \"" + o.id +
                                              "\" are ambiguous in tensor names skill.{id}.{name} (§9); choose another --id");
        report.ownSkills.push_back(s.id);
        for (const auto& t : s.tensors) ownTensors.insert(s.tensorPrefix() + t);
    }

    report.baseDirHash = detail::directoryHash(*base);
    report.specialistBytes = spec->fileSize();

    // Which tensors differ, and the specialist's order as runs over the base.
    const Directory& sd = spec->directory();
    const Directory& bd = base->directory();
    nlohmann::json order = nlohmann::json::array();
    std::set<std::string, std::less<>> present;
    std::vector<TensorRecord> carried;
    constexpr uint64_t kNoRun = UINT64_MAX;
    uint64_t lastBase = kNoRun; // base index the open run ends at
    std::set<long> layers;
    for (uint64_t i = 0; i < sd.count(); ++i) {
        const TensorRecord r = sd.record(i);
        present.emplace(r.name);
        const auto j = bd.find(r.name);
        if (!j || !sameTensor(r, bd.record(*j))) {
            carried.push_back(r);
            report.carried.emplace_back(r.name);
            if (const long l = detail::layerOf(r.name); l >= 0) layers.insert(l); // an own skill's tensor touches no layer of this one
        }
        if (!j) {
            order.push_back(std::string(r.name));
            lastBase = kNoRun;
        } else if (lastBase != kNoRun && *j == lastBase + 1) {
            order.back()["count"] = order.back()["count"].get<uint64_t>() + 1;
            lastBase = *j;
        } else {
            order.push_back({{"from", std::string(r.name)}, {"count", 1}});
            lastBase = *j;
        }
    }
    for (uint64_t j = 0; j < bd.count(); ++j) {
        const TensorRecord r = bd.record(j);
        if (present.count(r.name)) continue;
        report.dropped.emplace_back(r.name);
        if (const long l = detail::layerOf(r.name); l >= 0) layers.insert(l);
    }

    // Sections: the mask catalog always travels; vocab and index only when
    // they differ from the base's.
    const Envelope& se = spec->envelope();
    const Envelope& be = base->envelope();
    WriterSections sections;
    nlohmann::json where = nlohmann::json::object();
    auto place = [&](const char* name, const Section& s, const Section& b, std::optional<std::vector<uint8_t>>& out, bool always) {
        if (!s.present()) {
            where[name] = "absent";
            return;
        }
        const auto bytes = spec->section(s);
        if (!always && b.present() && sameBytes(bytes, base->section(b))) {
            where[name] = "base";
            return;
        }
        where[name] = "skill";
        out = std::vector<uint8_t>(bytes.begin(), bytes.end());
    };
    place("masks", se.masks, be.masks, sections.masks, true);
    place("vocab", se.vocab, be.vocab, sections.vocab, false);
    place("index", se.index, be.index, sections.index, false);

    const std::string why = detail::writerLayoutDifference(*spec);
    report.canonical = why.empty();
    report.whyNotCanonical = why;

    // This skill's tensors are skill.{id}.{name}; an own skill's keep their names.
    std::vector<std::string> names;
    std::vector<uint64_t> sizes;
    const std::string prefix = "skill." + o.id + ".";
    uint64_t carriedBytes = 0, ownCount = 0;
    for (const auto& r : carried) {
        const bool own = ownTensors.count(r.name) != 0;
        names.push_back(own ? std::string(r.name) : prefix + std::string(r.name));
        sizes.push_back(r.nbytes);
        if (own) ++ownCount;
        else carriedBytes += r.nbytes;
    }
    nlohmann::json header = spec->header();
    header.erase("section_hashes");
    const bool skillsArray = header.contains("skills") && header["skills"].is_array();
    const std::string skillsKey = !header.contains("skills") ? "absent" : skillsArray ? "array" : "null";
    const auto& arch = base->header().contains("arch") ? base->header()["arch"] : nlohmann::json();
    nlohmann::json record{
        {"id", o.id},
        {"name", o.name.empty() ? o.id : o.name},
        {"layers", layers},
        {"base_dir_hash", hex64(report.baseDirHash)},
        {"base_arch", arch.is_object() && arch.contains("arch_name") ? arch["arch_name"] : nlohmann::json()},
        {"task", o.task.empty() ? nlohmann::json() : nlohmann::json(o.task)},
        {"selection", nullptr},
        {"quality", nullptr},
        {"provenance",
         {{"tool", "cmf-workbench skill export"},
          {"specialist", fileName(o.specialist)},
          {"base", fileName(o.base)},
          {"tensors", carried.size() - ownCount},
          {"bytes", carriedBytes}}},
        {"specialist",
         {{"order", order},
          {"dropped", report.dropped},
          {"sections", where},
          {"skills_key", skillsKey},
          {"own_skills", report.ownSkills},
          {"features", se.requiredFeatures},
          {"dir_hash", hex64(detail::directoryHash(*spec))},
          {"header_hash", hex64(hash64(spec->headerText().data(), spec->headerText().size()))},
          {"size", spec->fileSize()},
          {"canonical", report.canonical}}}};
    if (!skillsArray) header["skills"] = nlohmann::json::array();
    header["skills"].push_back(std::move(record));

    auto out = detail::singleOutput(o.output, header, names, std::move(sections), se.requiredFeatures & LoopMasks);
    report.write = detail::writeAll(
        out, names, sizes, [&](size_t i) { return detail::copyTensor(*spec, carried[i], names[i]); }, "exporting", control);
    report.skillBytes = report.write.outputBytes;
    return report;
}

} // namespace cmf
