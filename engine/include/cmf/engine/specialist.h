#pragma once
// A runner's task mask and skill overlay chosen by name (§5, §9), as the
// --task / --skill / --blend options of ppl and bench and the workbench's
// Measure view give them: one function so both pick the same weights.
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace cmf::engine {

struct Specialist {
    std::string task;  // a task mask's name; empty: dense
    std::string skill; // a skill id, "auto" (routed once on routeIds), "none" or empty: the backbone
    double blend = 0;  // with "auto": blend every skill at this temperature (0: the winner alone)
};

// note receives what a person should know: an unmeasured task mask, where
// "auto" routed. Throws Error for an unknown task or skill.
RunnerSetup specialistSetup(const Model& model, const Specialist& s, std::span<const int32_t> routeIds,
                            const std::function<void(std::string_view)>& note = {});

} // namespace cmf::engine
