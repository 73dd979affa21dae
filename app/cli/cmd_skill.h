#pragma once
// `cmf skill …`: standalone skill files (§9.1). The group is shared, so verbs
// defined in other files can join it:
//
//   void addSkillBake(CLI::App& app, int* exitCode) {
//       auto* bake = cmfcli::skillGroup(app)->add_subcommand("bake", "…");
//       …
//   }
//
// and in main.cpp, after addSkill(app, &code): addSkillBake(app, &code).
#include <CLI/CLI.hpp>

namespace cmfcli {

// The `skill` subcommand of app, created on first use (it requires one of
// its own subcommands). Safe to call from any number of add* functions.
CLI::App* skillGroup(CLI::App& app);

} // namespace cmfcli
