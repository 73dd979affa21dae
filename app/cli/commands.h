#pragma once
// Each verb registers its options on the CLI11 app and returns the exit code
// through a callback: 0 ok, 1 the check failed, 2 bad usage or unreadable input.
#include "cli_errors.h"
#include "json_text.h"

#include <CLI/CLI.hpp>

namespace cmfcli {

constexpr int kExitOk = 0;
constexpr int kExitCheckFailed = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInterrupted = 130; // Ctrl-C: the job stopped and cleaned up

// Sets *exitCode when the subcommand runs.
void addInfo(CLI::App& app, int* exitCode);
void addVerify(CLI::App& app, int* exitCode);
void addDump(CLI::App& app, int* exitCode);
void addMasks(CLI::App& app, int* exitCode);
void addKeygen(CLI::App& app, int* exitCode);
void addSign(CLI::App& app, int* exitCode);
void addConvert(CLI::App& app, int* exitCode);
void addRequant(CLI::App& app, int* exitCode);
void addCompact(CLI::App& app, int* exitCode);
void addShard(CLI::App& app, int* exitCode);
void addRun(CLI::App& app, int* exitCode);
void addPpl(CLI::App& app, int* exitCode);
void addChat(CLI::App& app, int* exitCode);
void addTokenize(CLI::App& app, int* exitCode);
void addTemplate(CLI::App& app, int* exitCode);
void addBench(CLI::App& app, int* exitCode);
void addSkill(CLI::App& app, int* exitCode);  // skill export|apply|list (cmd_skill.h: the shared group)
void addDefrag(CLI::App& app, int* exitCode); // defrag, moe-defrag, moe-mask
void addSkillAdd(CLI::App& app, int* exitCode);  // skill add
void addSkillBake(CLI::App& app, int* exitCode); // skill bake
void addCalibrate(CLI::App& app, int* exitCode);
void addRouteStats(CLI::App& app, int* exitCode);
void addRoute(CLI::App& app, int* exitCode);
void addExplain(CLI::App& app, int* exitCode);
void addDiff(CLI::App& app, int* exitCode);
void addServe(CLI::App& app, int* exitCode);

} // namespace cmfcli
