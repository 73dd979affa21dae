#include "specialist_options.h"

#include "cmf/engine/specialist.h"

#include <iostream>

namespace cmfcli {

void addSpecialistOptions(CLI::App* cmd, SpecialistOptions& o) {
    cmd->add_option("--task", o.task, "Run under this task mask of the file (§5): masked neurons, heads and experts are skipped");
    cmd->add_option("--skill", o.skill,
                    "Skill overlay (§9): a skill id, 'auto' (route each prompt by the registry's selection subspaces) or 'none'");
    cmd->add_option("--blend", o.blend, "With --skill auto: blend every skill with weights softmax(-E/T) at temperature T")
        ->check(CLI::PositiveNumber);
}

void applySpecialist(cmf::engine::Session& session, const SpecialistOptions& o) {
    session.setLog([](std::string_view w) { std::cerr << "cmf: " << w << "\n"; });
    session.setTask(o.task);
    session.setSkill(o.skill);
    session.setBlend(o.blend);
}

cmf::engine::RunnerSetup runnerSetup(const cmf::engine::Model& model, const SpecialistOptions& o, std::span<const int32_t> routeIds) {
    return cmf::engine::specialistSetup(model, {o.task, o.skill, o.blend}, routeIds,
                                        [](std::string_view note) { std::cerr << "cmf: " << note << "\n"; });
}

nlohmann::json energiesJson(const cmf::engine::SkillChoice& c) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : c.energies) out.push_back({{"id", e.id}, {"backbone", e.backbone}, {"energy", e.energy}});
    return out;
}

} // namespace cmfcli
