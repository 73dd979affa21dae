#include "cmf/engine/specialist.h"

#include "cmf/engine/skill_routing.h"
#include "cmf/engine/task_mask.h"

namespace cmf::engine {

RunnerSetup specialistSetup(const Model& model, const Specialist& o, std::span<const int32_t> routeIds,
                            const std::function<void(std::string_view)>& note) {
    const auto say = [&](const std::string& s) {
        if (note) note(s);
    };
    RunnerSetup s;
    if (!o.task.empty()) {
        s.task = taskPlan(model, o.task);
        if (!s.task->measured) say("warning: task mask '" + o.task + "' has no measured quality (quality: null, §5.1)");
    }
    if (o.skill == "auto") {
        const auto c = chooseSkill(model, routeIds);
        s.weights = o.blend > 0 ? blendWeightsOf(model, c, o.blend) : c.backbone ? nullptr : model.weights(c.id);
        say("routed to " + (o.blend > 0 ? std::string("a blend") : c.backbone ? std::string("the backbone") : "skill " + c.id));
    } else if (!o.skill.empty() && o.skill != "none") {
        s.weights = model.weights(o.skill);
    }
    return s;
}

} // namespace cmf::engine
