// cmf chat FILE [--system S] — an interactive terminal chat: the whole
// conversation is rendered with the file's chat template each turn, the KV
// cache keeps the common prefix, replies stream as they are generated.
// /reset, /system TEXT, /stats, /quit; Ctrl-C stops a reply, Ctrl-D leaves.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/engine/chat_template.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/sampler.h"
#include "cmf/engine/tokenizer.h"
#include "cmf/format/error.h"

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {

cmf::engine::Tokenizer tokenizerOf(const cmf::engine::Model& model); // cmd_run.cpp

namespace {

struct ChatOptions {
    std::string path, system;
    uint32_t ctx = 2048, maxTokens = 256;
    cmf::engine::SamplingParams sampling;
    bool greedy = false;
};

class ChatSession {
public:
    ChatSession(const ChatOptions& o)
        : o_(o), model_(cmf::engine::Model::open(o.path)), tok_(tokenizerOf(*model_)),
          runner_(model_, std::min<uint32_t>(o.ctx, model_->config().maxPositions ? model_->config().maxPositions : o.ctx)),
          sampler_(o.sampling), system_(o.system) {
        const auto& b = model_->file().primary().chatBundle();
        template_ = cmf::engine::ChatTemplate::parse(b && !b->chatTemplate.empty() ? b->chatTemplate : cmf::engine::kChatMLFallback);
        if (b && b->bosTokenId) bos_ = tok_.idToToken(int32_t(*b->bosTokenId));
        if (b && !b->eosTokenIds.empty()) eos_ = tok_.idToToken(int32_t(b->eosTokenIds.front()));
    }

    void reset() { messages_ = nlohmann::ordered_json::array(); }
    void setSystem(std::string s) { system_ = std::move(s); }

    void reply(const std::string& user) {
        messages_.push_back({{"role", "user"}, {"content", user}});
        const auto ids = promptIds();
        // Keep the cached prefix the new prompt shares with what was run.
        size_t common = 0;
        while (common < cached_.size() && common < ids.size() && cached_[common] == ids[common]) ++common;
        if (common == ids.size()) --common; // the last prompt token must run to give logits
        runner_.rewind(uint32_t(common));
        cached_.resize(common);
        const auto t0 = std::chrono::steady_clock::now();
        auto logits = runner_.forward(std::span<const int32_t>(ids).subspan(common));
        cached_ = ids;
        const auto t1 = std::chrono::steady_clock::now();
        cmf::engine::StreamDecoder stream(tok_, true);
        std::vector<int32_t> gen;
        std::string finish = "length";
        const auto& eos = model_->config().eosIds;
        clearInterrupt();
        for (uint32_t i = 0; i < o_.maxTokens; ++i) {
            if (interruptFlag()->load()) {
                finish = "stopped";
                break;
            }
            const int32_t next = sampler_.sample(logits, cached_);
            if (std::find(eos.begin(), eos.end(), next) != eos.end()) {
                finish = "eos";
                break;
            }
            gen.push_back(next);
            std::cout << stream.step(next) << std::flush;
            if (runner_.position() + 1 >= runner_.contextSize()) {
                finish = "context full";
                break;
            }
            cached_.push_back(next);
            logits = runner_.forward(std::span<const int32_t>(&cached_.back(), 1));
        }
        std::cout << stream.flush() << "\n";
        clearInterrupt();
        const auto t2 = std::chrono::steady_clock::now();
        messages_.push_back({{"role", "assistant"}, {"content", tok_.decode(gen, true)}});
        lastStats_ = {ids.size() - common, std::chrono::duration<double>(t1 - t0).count(), gen.size(),
                      std::chrono::duration<double>(t2 - t1).count(), finish};
    }

    void printStats() const {
        std::printf("context %u / %u tokens; last reply: %zu prompt tokens in %.2f s, %zu generated in %.2f s (%.1f tok/s), finish: %s\n",
                    runner_.position(), runner_.contextSize(), lastStats_.prefill, lastStats_.prefillSeconds, lastStats_.generated,
                    lastStats_.decodeSeconds, lastStats_.decodeSeconds > 0 ? lastStats_.generated / lastStats_.decodeSeconds : 0.0,
                    lastStats_.finish.c_str());
    }

private:
    std::vector<int32_t> promptIds() const {
        cmf::engine::ChatRequest req;
        if (!system_.empty()) req.messages.push_back({{"role", "system"}, {"content", system_}});
        for (const auto& m : messages_) req.messages.push_back(m);
        req.addGenerationPrompt = true;
        req.extra["enable_thinking"] = false;
        req.bosToken = bos_;
        req.eosToken = eos_;
        return tok_.encode(template_->render(req), false);
    }

    struct Stats {
        size_t prefill = 0;
        double prefillSeconds = 0;
        size_t generated = 0;
        double decodeSeconds = 0;
        std::string finish = "-";
    };

    ChatOptions o_;
    std::shared_ptr<const cmf::engine::Model> model_;
    cmf::engine::Tokenizer tok_;
    cmf::engine::Runner runner_;
    cmf::engine::Sampler sampler_;
    std::optional<cmf::engine::ChatTemplate> template_;
    std::optional<std::string> bos_, eos_;
    std::string system_;
    nlohmann::ordered_json messages_ = nlohmann::ordered_json::array();
    std::vector<int32_t> cached_;
    Stats lastStats_;
};

int chat(const ChatOptions& o) {
    ChatSession s(o);
    interruptFlag();
    std::fprintf(stderr, "chatting with %s — /reset, /system TEXT, /stats, /quit; Ctrl-C stops a reply\n", o.path.c_str());
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
        } else if (line == "/stats") {
            s.printStats();
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
    cmd->add_option("--ctx", o->ctx, "Context size in tokens")->capture_default_str();
    cmd->add_option("--max-tokens", o->maxTokens, "Longest reply")->capture_default_str();
    cmd->add_flag("--greedy", o->greedy, "Greedy decoding (the default without --temp)");
    cmd->add_option("--temp", o->sampling.temperature, "Sampling temperature");
    cmd->add_option("--top-k", o->sampling.topK, "Top-k");
    cmd->add_option("--top-p", o->sampling.topP, "Top-p");
    cmd->add_option("--min-p", o->sampling.minP, "Min-p");
    cmd->add_option("--repeat-penalty", o->sampling.repetitionPenalty, "Repetition penalty");
    cmd->add_option("--seed", o->sampling.seed, "Random seed");
    cmd->callback([=] {
        o->sampling.greedy = o->greedy || cmd->count("--temp") == 0;
        try {
            *exitCode = chat(*o);
        } catch (const std::exception& e) {
            printError(o->path, e);
            *exitCode = kExitUsage;
        }
    });
}

} // namespace cmfcli
