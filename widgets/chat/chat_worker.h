#pragma once
// The generating side of the chat window. It lives on its own QThread and
// owns the engine Session there (a Session is used from one thread at a
// time), so the GUI thread never waits on a token. Requests arrive as queued
// calls carrying the whole conversation and settings; the worker brings the
// session in line (the KV cache keeps whatever prefix still matches), runs
// the reply and reports text deltas and the outcome by queued calls back to
// the receiver's thread. The cancel flag is shared with the GUI: Session
// checks it before every token, so Stop halts within one token.
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
    // Worker thread. Runs one reply; reports delta()s then replied() (or failed()).
    void run(const ChatRequest& request, std::shared_ptr<std::atomic<bool>> cancel);
    // Milliseconds slept after each delta: slows the stream so a person (or
    // a test) can watch it and press Stop mid-reply. 0 = full speed.
    void setPacing(int ms) { pacing_ = ms; }

Q_SIGNALS:
    void loaded(std::shared_ptr<const cmf::engine::Model> model);
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

} // namespace cmfw
