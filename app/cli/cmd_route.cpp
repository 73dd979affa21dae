// cmf route / cmf explain — which skill recon-argmin routing picks for a
// prompt, and the energy of every candidate behind the choice (§9).
#include "commands.h"
#include "specialist_options.h"

#include "cmf/engine/session.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cmfcli {
namespace {

struct RouteOptions {
    std::string path, prompt;
    bool chat = false, json = false;
};

void add(CLI::App& app, int* exitCode, const char* name, const char* help, bool explain) {
    auto* cmd = app.add_subcommand(name, help);
    auto o = std::make_shared<RouteOptions>();
    cmd->add_option("FILE", o->path, "CMF model with skills")->required()->check(CLI::ExistingFile);
    cmd->add_option("--prompt", o->prompt, "Prompt text (raw; rendered with the chat template under --chat)")->required();
    cmd->add_flag("--chat", o->chat, "Route the prompt as a chat turn rendered by the file's template");
    cmd->add_flag("--json", o->json, "Print JSON");
    cmd->callback([=] {
        try {
            requireValidInput(o->path);
            const auto model = cmf::engine::Model::open(o->path);
            cmf::engine::Session s(model, std::max<uint32_t>(1, model->config().maxPositions));
            if (!s.tokenizer()) throw cmf::Error(cmf::ErrorKind::Parse, "the file has no tokenizer section (§6)");
            std::vector<int32_t> ids;
            if (o->chat) {
                s.addMessage("user", o->prompt);
                ids = s.promptIds();
            } else {
                ids = s.tokenizer()->encode(o->prompt, false);
            }
            if (ids.empty()) throw cmf::Error(cmf::ErrorKind::Parse, "the prompt has no tokens");
            const auto c = cmf::engine::chooseSkill(*model, ids);
            const std::string chosen = c.backbone ? "backbone" : c.id;
            if (o->json) {
                std::cout << jsonText(nlohmann::json{{"chosen", c.backbone ? nlohmann::json() : nlohmann::json(c.id)}, {"record", c.id},
                                            {"prompt_tokens", ids.size()}, {"energies", energiesJson(c)}})
                          << "\n";
            } else if (!explain) {
                std::printf("%s\n", chosen.c_str());
            } else {
                auto sorted = c.energies;
                std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.energy < b.energy; });
                std::printf("prompt: %zu tokens; E = ||r - B B^T r||^2 / ||phi||^2 per record (lower: the subspace explains more)\n",
                            ids.size());
                for (const auto& e : sorted)
                    std::printf("  %-24s E = %.6f%s%s\n", e.id.c_str(), e.energy, e.backbone ? "  (backbone: no overlay)" : "",
                                e.id == c.id ? "  <- chosen" : "");
                if (sorted.size() > 1)
                    std::printf("chosen: %s, lowest energy by %.6f (%.1f%% below the runner-up)\n", chosen.c_str(),
                                sorted[1].energy - sorted[0].energy,
                                sorted[1].energy > 0 ? 100.0 * (sorted[1].energy - sorted[0].energy) / sorted[1].energy : 0.0);
                else
                    std::printf("chosen: %s, the only record with a selection subspace\n", chosen.c_str());
            }
            *exitCode = kExitOk;
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
        }
    });
}

} // namespace

void addRoute(CLI::App& app, int* exitCode) {
    add(app, exitCode, "route", "Print the skill recon-argmin routing picks for a prompt ('backbone' for none)", false);
}

void addExplain(CLI::App& app, int* exitCode) {
    add(app, exitCode, "explain", "Show every skill's routing energy for a prompt and why the winner won", true);
}

} // namespace cmfcli
