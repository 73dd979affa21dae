// cmf chat FILE [--system S] — an interactive terminal chat: the whole
// conversation is rendered with the file's chat template each turn, the KV
// cache keeps the common prefix, replies stream as they are generated.
// /reset, /system TEXT, /regen, /stats, /quit; Ctrl-C stops a reply, Ctrl-D leaves.
#include "commands.h"
#include "draft_options.h"
#include "kv_option.h"
#include "memory_check.h"
#include "specialist_options.h"
#include "sampling_options.h"
#include "terminal_progress.h"

#include "cmf/engine/generation_defaults.h"
#include "cmf/engine/session.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <iostream>
#include <optional>

namespace cmfcli {

namespace {

struct ChatOptions {
    std::string path, system;
    uint32_t ctx = 2048, maxTokens = 256;
    bool ctxGiven = false, ignoreMemory = false;
    SamplingOptions sampling;
    cmf::engine::DraftOptions draft;
    cmf::engine::KvType kv = cmf::engine::KvType::F32;
    SpecialistOptions spec;
};

// The terminal side of a Session: prints the reply as it streams and keeps
// the figures of the last one for /stats.
class TerminalChat {
public:
    TerminalChat(const ChatOptions& o, std::shared_ptr<const cmf::engine::Model> model, uint32_t ctx) : session_(std::move(model), ctx, o.kv) {
        if (!session_.tokenizer()) throw cmf::Error(cmf::ErrorKind::Parse, "the file has no tokenizer section (§6): nothing to chat with");
        session_.setSystem(o.system);
        applySpecialist(session_, o.spec);
        options_.maxTokens = o.maxTokens;
        const ResolvedSampling sampling = resolveSampling(o.sampling, session_.model().file().primary().generationConfig(), true);
        options_.sampling = sampling.params;
        std::fprintf(stderr, "%s%s\n", cmf::engine::describeSampling(sampling.params).c_str(),
                     sampling.fromFile ? " (the file's generation defaults; --greedy for argmax)" : "");
        options_.draft = o.draft;
    }

    void reset() { session_.clear(); }
    // Live switches: the next reply runs under them, nothing is reloaded.
    void setTask(const std::string& t) { session_.setTask(t == "none" ? std::string() : t); }
    void setSkill(const std::string& s) { session_.setSkill(s); }
    void setSystem(std::string s) { session_.setSystem(std::move(s)); }

    void reply(const std::string& user) {
        clearInterrupt();
        last_ = session_.reply(user, options_, [](std::string_view piece) { std::cout << piece << std::flush; }, interruptFlag());
        finishReply();
    }
    // The last reply again (a sampled one differs; a greedy one repeats).
    void regenerate() {
        clearInterrupt();
        last_ = session_.regenerate(options_, [](std::string_view piece) { std::cout << piece << std::flush; }, interruptFlag());
        finishReply();
    }

    void printStats() const {
        if (!last_) {
            std::printf("context %u / %u tokens; no reply yet\n", session_.contextUsed(), session_.contextSize());
            return;
        }
        const auto& r = *last_;
        std::printf("context %u / %u tokens; last reply: %zu prompt tokens evaluated in %.2f s (%.1f tok/s), %zu generated in %.2f s "
                    "(%.1f tok/s), finish: %s\n",
                    r.contextUsed, r.contextSize, r.promptTokensEvaluated, r.prefillSeconds, r.prefillTokensPerSecond(), r.generated.size(),
                    r.decodeSeconds, r.decodeTokensPerSecond(), cmf::engine::finishName(r.finish));
        if (r.drafted)
            std::printf("drafts: %llu of %llu accepted (%.0f%%), %.2f tokens per pass over the weights\n", (unsigned long long)r.accepted,
                        (unsigned long long)r.drafted, 100.0 * double(r.accepted) / double(r.drafted),
                        r.forwards ? double(r.generated.size() - 1) / double(r.forwards) : 0.0);
    }

private:
    void finishReply() {
        std::cout << "\n";
        if (last_->routing) std::fprintf(stderr, "(routed to %s)\n", last_->skill.empty() ? "the backbone" : last_->skill.c_str());
        clearInterrupt();
    }

    cmf::engine::Session session_;
    cmf::engine::GenerationOptions options_;
    std::optional<cmf::engine::GenerationResult> last_;
};

int chat(const ChatOptions& o) {
    requireValidInput(o.path);
    auto model = cmf::engine::Model::open(o.path);
    // The default context is cut to what the model supports; an explicit --ctx past it is an error.
    const uint32_t maxPos = model->config().maxPositions;
    const uint32_t ctx = o.ctxGiven || !maxPos ? o.ctx : std::min(o.ctx, maxPos);
    requireMemory(o.ignoreMemory, *model, o.spec, ctx, o.kv); // a conversation fills its whole context in time
    TerminalChat s(o, model, ctx);
    interruptFlag();
    std::fprintf(stderr, "chatting with %s — /reset, /system TEXT, /task NAME|none, /skill ID|auto|none, /regen, /stats, /quit; Ctrl-C stops a reply\n",
                 o.path.c_str());
    std::string line;
    while (true) {
        std::cout << "> " << std::flush;
        if (!std::getline(std::cin, line)) break;
        clearInterrupt();
        if (line.empty()) continue;
        if (line == "/quit" || line == "/exit") break;
        if (line == "/reset") {
            s.reset();
            std::cout << "(conversation cleared)\n";
        } else if (line.rfind("/system", 0) == 0) {
            s.setSystem(line.size() > 8 ? line.substr(8) : std::string());
            s.reset();
            std::cout << "(system prompt set; conversation cleared)\n";
        } else if (line.rfind("/task ", 0) == 0 || line.rfind("/skill ", 0) == 0) {
            const bool task = line[1] == 't';
            const std::string arg = line.substr(task ? 6 : 7);
            try {
                task ? s.setTask(arg) : s.setSkill(arg);
                std::cout << "(" << (task ? "task " : "skill ") << arg << " from the next reply on)\n";
            } catch (const std::exception& e) {
                std::cout << "(" << e.what() << ")\n";
            }
        } else if (line == "/stats") {
            s.printStats();
        } else if (line == "/regen") {
            try {
                s.regenerate();
            } catch (const cmf::Error& e) {
                std::cout << "(" << e.what() << ")\n";
            }
        } else {
            s.reply(line);
        }
    }
    return kExitOk;
}

} // namespace

void addChat(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("chat", "Interactive terminal chat with a model, rendered with its own chat template");
    auto o = std::make_shared<ChatOptions>();
    cmd->add_option("FILE", o->path, "CMF model")->required();
    cmd->add_option("--system", o->system, "System prompt");
    addSpecialistOptions(cmd, o->spec);
    cmd->add_option("--ctx", o->ctx, "Context size in tokens")->capture_default_str();
    cmd->add_option("--max-tokens", o->maxTokens, "Longest reply")->capture_default_str();
    addSamplingOptions(cmd, o->sampling);
    addDraftOptions(cmd, o->draft);
    addKvOption(cmd, o->kv);
    addMemoryCheckOption(cmd, o->ignoreMemory);
    cmd->callback([=] {
        finishSamplingOptions(cmd, o->sampling);
        o->ctxGiven = cmd->count("--ctx") > 0;
        try {
            *exitCode = chat(*o);
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e);
        }
    });
}

} // namespace cmfcli
