// cmf skill export | apply | list — standalone skill files (§9.1).
#include "cmd_skill.h"
#include "commands.h"
#include "write_job.h"

#include "cmf/format/hash64.h"
#include "cmf/format/printable.h"
#include "cmf/format/skill_file.h"

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {
namespace {

nlohmann::json summaryJson(const cmf::SkillSummary& s) {
    const auto& r = s.record;
    nlohmann::json j{{"id", r.id},
                     {"name", r.name},
                     {"layers", r.layers},
                     {"tensors", s.tensorCount},
                     {"bytes", s.tensorBytes},
                     {"quality", r.quality},
                     {"has_selection", s.hasSelection},
                     {"base_dir_hash", r.baseDirHash ? nlohmann::json(cmf::hex64(*r.baseDirHash)) : nlohmann::json()}};
    if (r.baseDirHash) {
        j["base_arch"] = r.baseArch;
        j["task"] = r.task.empty() ? nlohmann::json() : nlohmann::json(r.task);
    }
    return j;
}

std::string layersText(const nlohmann::json& layers) {
    if (!layers.is_array()) return layers.is_null() ? "-" : layers.dump();
    std::string s;
    for (const auto& l : layers) s += (s.empty() ? "" : ",") + l.dump();
    return s.empty() ? "-" : s;
}

void addExport(CLI::App* group, int* exitCode) {
    auto* cmd = group->add_subcommand("export", "Cut a standalone skill file: the tensors SPECIALIST changed against --base, "
                                                "plus its mask catalog and its own skills, bound to the base's directory hash");
    struct Opts {
        std::string specialist, base, id, output, task, name;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("SPECIALIST", o->specialist, "The baked model (a complete single .cmf)")->required();
    cmd->add_option("--base", o->base, "The model the specialist was baked from")->required();
    cmd->add_option("--id", o->id, "Skill id (letters, digits, - and _), not one the specialist already has; names the tensors skill.ID.*")
        ->required();
    cmd->add_option("--output,-o", o->output, "Output skill .cmf")->required();
    cmd->add_option("--task", o->task, "Mask-catalog task the skill activates (recorded in the registry)");
    cmd->add_option("--name", o->name, "Human name (default: the id)");
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->callback([=] {
        runWriteJob("skill export", o->json, exitCode, [&](const cmf::Control& ctl, TerminalProgress& bar) {
            requireValidInput(o->specialist);
            requireValidInput(o->base);
            const auto r = cmf::exportSkill({o->specialist, o->base, o->output, o->id, o->name, o->task}, ctl);
            bar.finish();
            if (o->json) {
                std::cout << jsonText(nlohmann::json{{"output", o->output},
                                            {"id", o->id},
                                            {"base_dir_hash", cmf::hex64(r.baseDirHash)},
                                            {"carried", r.carried},
                                            {"dropped", r.dropped},
                                            {"own_skills", r.ownSkills},
                                            {"specialist_bytes", r.specialistBytes},
                                            {"skill_bytes", r.skillBytes},
                                            {"byte_exact_apply", r.canonical}})
                          << "\n";
                return;
            }
            std::printf("skill \"%s\": %zu tensors carried, %zu base tensors dropped; bound to base directory %s\n", o->id.c_str(),
                        r.carried.size(), r.dropped.size(), cmf::hex64(r.baseDirHash).c_str());
            std::printf("specialist %s -> skill %s\n", megabytes(r.specialistBytes).c_str(), megabytes(r.skillBytes).c_str());
            if (!r.ownSkills.empty()) {
                std::string ids;
                for (const auto& id : r.ownSkills) ids += (ids.empty() ? "\"" : ", \"") + id + "\"";
                std::printf("the specialist's own skills travel along, as they are: %s\n", ids.c_str());
            }
            if (!r.canonical)
                std::printf("note: apply will rebuild an equivalent file, not a byte-identical one: %s (compact the specialist first)\n",
                            r.whyNotCanonical.c_str());
            std::printf("wrote %s\n", o->output.c_str());
        });
    });
}

void addApply(CLI::App* group, int* exitCode) {
    auto* cmd = group->add_subcommand("apply", "Overlay a standalone skill on its base, rebuilding the specialist it was cut from");
    struct Opts {
        std::string base, skill, output;
        bool force = false, json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("BASE", o->base, "The base model the skill was cut against")->required();
    cmd->add_option("SKILL", o->skill, "The skill file (SKILL_FILE)")->required();
    cmd->add_option("--output,-o", o->output, "Output .cmf (a complete model)")->required();
    cmd->add_flag("--force", o->force, "Apply even when BASE's directory hash differs from the skill's base_dir_hash (out of spec)");
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->callback([=] {
        runWriteJob("skill apply", o->json, exitCode, [&](const cmf::Control& ctl, TerminalProgress& bar) {
            requireValidInput(o->base);
            requireValidInput(o->skill);
            const auto r = cmf::applySkill(o->base, o->skill, o->output, o->force, ctl);
            bar.finish();
            if (o->json) {
                std::cout << jsonText(nlohmann::json{{"output", o->output},
                                            {"id", r.id},
                                            {"base_dir_hash", cmf::hex64(r.baseDirHash)},
                                            {"expected_base_dir_hash", cmf::hex64(r.expectedDirHash)},
                                            {"forced", r.forced},
                                            {"identical_to_specialist", r.identical},
                                            {"tensors_from_skill", r.fromSkill},
                                            {"tensors_from_base", r.fromBase},
                                            {"output_bytes", r.write.outputBytes}})
                          << "\n";
                return;
            }
            if (r.forced)
                std::fprintf(stderr, "cmf: skill apply: WARNING: forced onto base %s, cut against %s; the result is out of spec\n",
                             cmf::hex64(r.baseDirHash).c_str(), cmf::hex64(r.expectedDirHash).c_str());
            std::printf("skill \"%s\": %llu tensors from the skill, %llu from the base, %s\n", r.id.c_str(),
                        (unsigned long long)r.fromSkill, (unsigned long long)r.fromBase, megabytes(r.write.outputBytes).c_str());
            std::printf("%s\n", r.identical   ? "byte for byte the specialist the skill was cut from"
                               : r.forced    ? "NOT byte-identical to the specialist (forced onto another base)"
                               : !r.canonical ? "NOT byte-identical to the specialist, an equivalent file: the specialist was not laid out "
                                                "canonically (grown in place?); `cmf compact` it and export again for a byte-exact apply"
                                              : "NOT byte-identical to the specialist");
            std::printf("wrote %s\n", o->output.c_str());
        });
    });
}

void addList(CLI::App* group, int* exitCode) {
    auto* cmd = group->add_subcommand("list", "List the skills registry of a file: id, layers, tensors, quality, bindings");
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("FILE", *path, "CMF file (a model with skills, or a standalone skill)")->required();
    cmd->add_flag("--json", *json, "Print as JSON");
    cmd->callback([=] {
        try {
            requireValidInput(*path);
            const auto skills = cmf::listSkills(*path);
            if (*json) {
                nlohmann::json out = nlohmann::json::array();
                for (const auto& s : skills) out.push_back(summaryJson(s));
                std::cout << jsonText(out) << "\n";
            } else if (skills.empty()) {
                std::printf("%s: no skills\n", cmf::printable(*path).c_str());
            } else {
                for (const auto& s : skills) {
                    const auto& r = s.record;
                    const std::string name = r.name.empty() || r.name == r.id ? "" : "  " + r.name;
                    std::printf("%s%s\n", cmf::printable(r.id).c_str(), cmf::printable(name).c_str());
                    std::printf("    layers %s; %llu tensors, %s; selection %s\n", layersText(r.layers).c_str(),
                                (unsigned long long)s.tensorCount, megabytes(s.tensorBytes).c_str(), s.hasSelection ? "yes" : "no");
                    std::printf("    quality: %s\n", r.quality.is_null() ? "NOT MEASURED (null)" : cmf::printable(jsonText(r.quality, -1)).c_str());
                    if (r.baseDirHash)
                        std::printf("    standalone: base directory %s%s%s%s\n", cmf::hex64(*r.baseDirHash).c_str(),
                                    r.baseArch.empty() ? "" : (", arch " + cmf::printable(r.baseArch)).c_str(), r.task.empty() ? "" : ", task ",
                                    cmf::printable(r.task).c_str());
                }
            }
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(*path, e, *json);
        }
    });
}

} // namespace

CLI::App* skillGroup(CLI::App& app) {
    const auto found = app.get_subcommands([](CLI::App* a) { return a->get_name() == "skill"; });
    if (!found.empty()) return found.front();
    auto* g = app.add_subcommand("skill", "Standalone skill files (§9.1): export, apply, list");
    g->require_subcommand(1);
    return g;
}

void addSkill(CLI::App& app, int* exitCode) {
    auto* group = skillGroup(app);
    addExport(group, exitCode);
    addApply(group, exitCode);
    addList(group, exitCode);
}

} // namespace cmfcli
