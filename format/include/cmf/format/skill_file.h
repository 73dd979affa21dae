#pragma once
// Standalone skill files (spec §9.1, SKILL_FILE = bit 6): a specialist cut
// against the exact base it was baked from, small enough to publish, and
// re-attached to any copy of that base.
//
// exportSkill writes a .cmf holding only the specialist's tensors that differ
// from the base — a different dtype, shape, size or payload hash (§8), or a
// name the base lacks — as `skill.{id}.{name}` entries (§9 naming), plus the
// specialist's mask catalog. The specialist's own skills (its §9 registry)
// travel too: their records stay in the header, and those of their
// `skill.{own}.{name}` tensors that differ from the base are carried under
// their own names, so the skill file lists each with its tensors and apply
// puts them back. An id the specialist already has is refused (it names both
// skills' tensors), and so is a specialist that carries a standalone record.
// Its header is the specialist's header with one registry record appended
// to "skills":
//
//   id, name, layers          §9: the layers the skill touches
//   base_dir_hash             §9.1: hex hash64 of the base's directory bytes
//                             (the value its envelope carries at [0x78]);
//                             raises SKILL_FILE
//   base_arch, task           §9.1 informative keys: base arch.arch_name, the
//                             mask-catalog task the skill activates (or null)
//   provenance                {tool, specialist, base, tensors, bytes}
//   selection, quality        null: a cut skill has no measured claims
//   specialist                what apply needs to rebuild the specialist
//                             byte for byte (keys below)
//
// "specialist" keys:
//   order       the specialist's full tensor order: a string names one tensor
//               carried in this file; {"from": NAME, "count": N} stands for N
//               consecutive entries of the base directory starting at NAME
//               (a tensor the skill also carries is taken from the skill)
//   dropped     base tensors the specialist does not have (informative; the
//               order already leaves them out)
//   sections    masks / vocab / index: "skill" (carried here), "base" (equal
//               to the base's bytes) or "absent"
//   skills_key  "absent", "null" or "array": the specialist header's "skills"
//               (the record is removed from it again on apply)
//   own_skills  the specialist's own skill ids: a `skill.{own}.*` tensor is
//               carried here under its own name, not under this skill's prefix
//               (absent in files of earlier versions: every carried tensor is
//               under the prefix)
//   features    the specialist's required_features (LOOP_MASKS is carried over)
//   dir_hash, header_hash, size
//               the specialist's envelope hashes and file size: apply compares
//               its output against them
//   canonical   whether the specialist is laid out exactly as this library's
//               Writer lays a file out; only then is byte equality possible
//               (a file grown by appends is not canonical until compacted)
//
// applySkill checks base_dir_hash against the base's directory bytes and
// refuses a different base (Error(HashMismatch) naming both hashes) unless
// forced; overlays the carried tensors and sections over the base in the
// recorded order; writes the specialist's header and writes the result
// atomically. Single files only on both sides.
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/progress.h"
#include "cmf/format/skills.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmf {

struct SkillExportOptions {
    std::string specialist, base, output;
    std::string id;   // registry id; names the tensors skill.{id}.*
    std::string name; // human name; empty: the id
    std::string task; // mask-catalog task the skill activates; empty: null
};

struct SkillExportReport {
    std::vector<std::string> carried; // specialist tensors written to the skill (changed or new)
    std::vector<std::string> dropped; // base tensors the specialist does not have
    std::vector<std::string> ownSkills; // the specialist's own skill ids, carried along as they are
    uint64_t baseDirHash = 0;
    uint64_t specialistBytes = 0, skillBytes = 0;
    bool canonical = true;      // apply can reproduce the specialist byte for byte
    std::string whyNotCanonical; // the first layout difference when not
    ConvertReport write;
};

SkillExportReport exportSkill(const SkillExportOptions& options, const Control& control = {});

struct SkillApplyReport {
    std::string id;
    uint64_t baseDirHash = 0;     // of the base given
    uint64_t expectedDirHash = 0; // the skill's base_dir_hash
    bool forced = false;          // the hashes differ and force overrode the refusal
    bool identical = false;       // output directory hash, header hash and size equal the specialist's
    bool canonical = true;        // the specialist was laid out as Writer lays a file out ("canonical"): only then can it be identical
    uint64_t fromSkill = 0, fromBase = 0; // tensors taken from each file
    ConvertReport write;
};

SkillApplyReport applySkill(const std::string& base, const std::string& skill, const std::string& output, bool force,
                            const Control& control = {});

// One registry record of a file with what its tensors add up to (`cmf skill list`).
struct SkillSummary {
    SkillRecord record;
    uint64_t tensorCount = 0; // skill.{id}.* entries in the directory
    uint64_t tensorBytes = 0;
    bool hasSelection = false; // a recon-argmin subspace (§9 "selection")
};

std::vector<SkillSummary> listSkills(const CmfFile& file);
std::vector<SkillSummary> listSkills(const std::string& path);

} // namespace cmf
