#pragma once
// The generating side of the chat window. It lives on its own QThread and
// owns the engine Session there (a Session is used from one thread at a
// time), so the GUI thread never waits on a token — nor on the template and
// the tokenizer, which over a long conversation take seconds. Requests
// arrive as queued calls carrying the whole conversation and settings; the
// worker brings the session in line (the KV cache keeps whatever prefix
// still matches; the oldest turns are left out when the conversation is
// longer than the context, context_fit.h), runs the reply and reports text
// deltas and the outcome by queued calls back to the receiver's thread. The
// cancel flag is shared with the GUI: Session checks it before every token,
// so Stop halts within one token.
//
// Before a session is made for a context size, the memory it needs
// (weights + KV cache, memory_estimate.h) is checked against what the
// machine can give (memory_budget.h): a request that does not fit fails with
// the numbers instead of the process being killed.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"

#include "cmf/engine/model.h"
#include "cmf/engine/session.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace cmfw {

struct ChatRequest {
    ChatMessages history;   // the conversation before this reply (Regenerate: up to the user turn it answers)
    std::string user;       // the new user message ("" for Regenerate)
    bool regenerate = false;
    ChatSettings settings;
};

class ChatWorker : public QObject {
    Q_OBJECT
public:
    ChatWorker() = default;
    ~ChatWorker() override;

    // Worker thread. Opens the model; reports loaded() or failed().
    void load(const QString& path);
    // Worker thread. Runs one reply; reports prompted(), delta()s then replied() (or failed()).
    void run(const ChatRequest& request, std::shared_ptr<std::atomic<bool>> cancel);
    // Milliseconds slept after each delta: slows the stream so a person (or
    // a test) can watch it and press Stop mid-reply. 0 = full speed.
    void setPacing(int ms) { pacing_ = ms; }

Q_SIGNALS:
    void loaded(std::shared_ptr<const cmf::engine::Model> model);
    // The prompt is ready: its tokens, and how many of the oldest messages were left out of it.
    void prompted(int tokens, int dropped);
    void delta(const QString& piece);
    // The reply's text and its figures (the "stats" of a ChatMessage).
    void replied(const QString& text, const QString& statsJson);
    void failed(const QString& message);
    // Not fatal: an unmeasured task mask, say.
    void warning(const QString& message);

private:
    void prepare(const ChatRequest& request);
    std::shared_ptr<const cmf::engine::Model> model_;
    std::unique_ptr<cmf::engine::Session> session_;
    std::atomic<int> pacing_ = 0;
};

// Throws cmf::Error(Bounds) when running model under these settings at ctx
// tokens needs more memory than the budget (CMF_MEMORY_LIMIT or the
// machine's); the message says what to change in the window.
void checkChatMemory(const cmf::engine::Model& model, const ChatSettings& settings, uint32_t ctx);

} // namespace cmfw
