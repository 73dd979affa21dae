#include "specialist_options.h"

#include "cmf/engine/skill_routing.h"
#include "cmf/engine/task_mask.h"

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
    cmf::engine::RunnerSetup s;
    if (!o.task.empty()) {
        s.task = cmf::engine::taskPlan(model, o.task);
        if (!s.task->measured) std::cerr << "cmf: warning: task mask '" << o.task << "' has no measured quality (quality: null, §5.1)\n";
    }
    if (o.skill == "auto") {
        const auto c = cmf::engine::chooseSkill(model, routeIds);
        s.weights = o.blend > 0 ? cmf::engine::blendWeightsOf(model, c, o.blend) : c.backbone ? nullptr : model.weights(c.id);
        std::cerr << "cmf: routed to " << (o.blend > 0 ? "a blend" : c.backbone ? "the backbone" : "skill " + c.id) << "\n";
    } else if (!o.skill.empty() && o.skill != "none") {
        s.weights = model.weights(o.skill);
    }
    return s;
}

nlohmann::json energiesJson(const cmf::engine::SkillChoice& c) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : c.energies) out.push_back({{"id", e.id}, {"backbone", e.backbone}, {"energy", e.energy}});
    return out;
}

} // namespace cmfcli
