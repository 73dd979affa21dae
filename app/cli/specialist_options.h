#pragma once
// The task-mask and skill options of run, chat, ppl and bench (§5, §9).
#include "cmf/engine/runner.h"
#include "cmf/engine/session.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

namespace cmfcli {

struct SpecialistOptions {
    std::string task;  // --task NAME
    std::string skill; // --skill ID|auto|none
    double blend = 0;  // --blend T (with --skill auto)
};

void addSpecialistOptions(CLI::App* cmd, SpecialistOptions& o);

// For a Session (run, chat): the choice applies to each generation.
void applySpecialist(cmf::engine::Session& session, const SpecialistOptions& o);

// For a runner of one's own (ppl, bench): "auto" is routed once on routeIds.
cmf::engine::RunnerSetup runnerSetup(const cmf::engine::Model& model, const SpecialistOptions& o, std::span<const int32_t> routeIds);

// {"id", "backbone", "energy"} per record, for --json output and `cmf explain`.
nlohmann::json energiesJson(const cmf::engine::SkillChoice& c);

} // namespace cmfcli
