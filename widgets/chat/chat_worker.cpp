#include "chat/chat_worker.h"

#include "cmf/engine/skill_routing.h"

#include <QThread>

#include <algorithm>
#include <chrono>

namespace cmfw {

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
    if (!session_ || session_->contextSize() != ctx) session_ = std::make_unique<cmf::engine::Session>(model_, ctx);
    session_->setLog([this](std::string_view w) { Q_EMIT warning(QString::fromUtf8(w.data(), qsizetype(w.size()))); });
    session_->setSystem(s.system);
    session_->templateVariables()["enable_thinking"] = s.enableThinking;
    session_->setTask(s.task == "none" ? std::string() : s.task);
    session_->setSkill(s.skill);
    session_->setBlend(s.blend);
    // The GUI's list is the truth (edits, reloads); the KV cache still reuses the common prefix.
    session_->clear();
    for (const auto& m : r.history) session_->addMessage(m.role, m.text);
}

void ChatWorker::run(const ChatRequest& r, std::shared_ptr<std::atomic<bool>> cancel) {
    if (!model_) {
        Q_EMIT failed(tr("no model loaded"));
        return;
    }
    using Clock = std::chrono::steady_clock;
    try {
        prepare(r);
        cmf::engine::GenerationOptions g;
        g.maxTokens = r.settings.maxTokens;
        g.sampling = r.settings.sampling;
        const auto t0 = Clock::now();
        double ttft = -1;
        const cmf::engine::DeltaFn onDelta = [&](std::string_view piece) {
            if (ttft < 0) ttft = std::chrono::duration<double>(Clock::now() - t0).count();
            Q_EMIT delta(QString::fromUtf8(piece.data(), qsizetype(piece.size())));
            if (const int ms = pacing_.load()) QThread::msleep(ulong(ms));
        };
        const auto res = r.regenerate ? session_->regenerate(g, onDelta, cancel.get()) : session_->reply(r.user, g, onDelta, cancel.get());
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
