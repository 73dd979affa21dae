#include "chat/chat_worker.h"

#include "chat/context_fit.h"

#include "cmf/engine/memory_budget.h"
#include "cmf/engine/memory_estimate.h"
#include "cmf/engine/skill_routing.h"
#include "cmf/format/error.h"

#include <QThread>

#include <algorithm>
#include <chrono>

namespace cmfw {

void checkChatMemory(const cmf::engine::Model& model, const ChatSettings& s, uint32_t ctx) {
    // "auto" may route to any skill; the estimate is the backbone's then, as the settings panel shows it.
    const std::string skill = s.skill == "auto" || s.skill == "none" ? std::string() : s.skill;
    const std::string task = s.task == "none" ? std::string() : s.task;
    const auto need = cmf::engine::estimateMemory(model.file(), task, skill, ctx);
    uint64_t mapped = 0; // the model's files are mapped already: in VmSize, and in the estimate
    for (const auto& f : model.file().files()) mapped += f->fileSize();
    const QString advice = ChatWorker::tr("lower the context length in Settings or open a smaller quantization (CMF_MEMORY_LIMIT=off turns "
                                          "this check off)");
    cmf::engine::checkMemory(need, cmf::engine::readMemoryBudget(mapped), advice.toStdString());
}

ChatWorker::~ChatWorker() = default;

void ChatWorker::load(const QString& path) {
    try {
        model_ = cmf::engine::Model::open(path.toStdString());
        session_.reset();
        Q_EMIT loaded(model_);
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromUtf8(e.what()));
    }
}

void ChatWorker::prepare(const ChatRequest& r) {
    const auto& s = r.settings;
    // A context longer than the model's positions would throw; cut it as `cmf chat` does.
    const uint32_t maxPos = model_->config().maxPositions;
    const uint32_t ctx = std::max<uint32_t>(16, maxPos ? std::min(s.ctx, maxPos) : s.ctx);
    if (!session_ || session_->contextSize() != ctx) {
        // The old session's KV cache goes first: the check measures what is free without it.
        session_.reset();
        checkChatMemory(*model_, s, ctx);
        session_ = std::make_unique<cmf::engine::Session>(model_, ctx);
    }
    session_->setLog([this](std::string_view w) { Q_EMIT warning(QString::fromUtf8(w.data(), qsizetype(w.size()))); });
    session_->setSystem(s.system);
    session_->templateVariables()["enable_thinking"] = s.enableThinking;
    session_->setTask(s.task == "none" ? std::string() : s.task);
    session_->setSkill(s.skill);
    session_->setBlend(s.blend);
}

void ChatWorker::run(const ChatRequest& r, std::shared_ptr<std::atomic<bool>> cancel) {
    if (!model_) {
        Q_EMIT failed(tr("no model loaded"));
        return;
    }
    using Clock = std::chrono::steady_clock;
    try {
        prepare(r);
        // The GUI's list is the truth (edits, reloads); the KV cache still reuses the common prefix.
        ChatMessages conversation = r.history;
        if (r.regenerate) {
            if (conversation.empty() || conversation.back().role != "assistant")
                throw cmf::Error(cmf::ErrorKind::Parse, "regenerate: the conversation does not end with a reply");
            conversation.pop_back();
        } else {
            conversation.push_back({"user", r.user, nlohmann::json::object()});
        }
        // Room for the reply: its length, at most a quarter of the context.
        const uint32_t ctx = session_->contextSize();
        const uint32_t reserve = std::min(std::max<uint32_t>(r.settings.maxTokens, 1), ctx / 4);
        const ContextFit fit = fitToContext(*session_, conversation, ctx, reserve);
        Q_EMIT prompted(int(fit.promptIds.size()), int(fit.dropped));
        if (fit.dropped)
            Q_EMIT warning(tr("The conversation is longer than the context (%1 tokens): the oldest %2 messages are left out of the prompt.")
                               .arg(ctx)
                               .arg(fit.dropped));
        cmf::engine::GenerationOptions g;
        g.maxTokens = r.settings.maxTokens;
        g.sampling = r.settings.sampling;
        g.draft.mode = r.settings.draft == "mtp" ? cmf::engine::DraftMode::Mtp
                       : r.settings.draft == "lookup" ? cmf::engine::DraftMode::Lookup
                                                      : cmf::engine::DraftMode::None;
        const auto t0 = Clock::now();
        double ttft = -1;
        const cmf::engine::DeltaFn onDelta = [&](std::string_view piece) {
            if (ttft < 0) ttft = std::chrono::duration<double>(Clock::now() - t0).count();
            Q_EMIT delta(QString::fromUtf8(piece.data(), qsizetype(piece.size())));
            if (const int ms = pacing_.load()) QThread::msleep(ulong(ms));
        };
        const auto res = session_->generate(fit.promptIds, g, onDelta, cancel.get());
        nlohmann::json st{{"ttft_s", ttft < 0 ? nlohmann::json() : nlohmann::json(ttft)},
                          {"prefill_tok_s", res.prefillTokensPerSecond()},
                          {"decode_tok_s", res.decodeTokensPerSecond()},
                          {"prompt_tokens", res.promptIds.size()},
                          {"prompt_tokens_evaluated", res.promptTokensEvaluated},
                          {"tokens", res.generated.size()},
                          {"finish", cmf::engine::finishName(res.finish)},
                          {"context_used", res.contextUsed},
                          {"context_size", res.contextSize},
                          {"task", res.task},
                          {"skill", res.skill}};
        if (fit.dropped) st["context_dropped"] = fit.dropped;
        if (g.draft.mode != cmf::engine::DraftMode::None) {
            st["draft"] = cmf::engine::draftModeName(g.draft.mode);
            st["drafted"] = res.drafted;
            st["accepted"] = res.accepted;
            st["forwards"] = res.forwards;
        }
        if (res.routing) {
            st["routed_to"] = res.routing->backbone ? std::string("backbone") : res.routing->id;
            auto& e = st["energies"] = nlohmann::json::array();
            for (const auto& x : res.routing->energies) e.push_back({{"id", x.id}, {"backbone", x.backbone}, {"energy", x.energy}});
        }
        Q_EMIT replied(QString::fromStdString(res.text), QString::fromStdString(st.dump()));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromUtf8(e.what()));
    }
}

} // namespace cmfw
