#pragma once
// The GUI-thread side of a chat: the conversation (the list the window shows
// and saves), the settings the next reply runs under, and the worker thread
// that generates. Every call returns at once; deltas and outcomes arrive as
// signals on the GUI thread. Destroying the controller stops a running reply
// (cancel flag) and waits for the worker thread, so closing the window never
// leaves a thread writing into freed memory.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"

#include "cmf/engine/model.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

class QThread;

namespace cmfw {

class ChatWorker;
struct ChatRequest;

class ChatController : public QObject {
    Q_OBJECT
public:
    explicit ChatController(QObject* parent = nullptr);
    ~ChatController() override;

    // Opens the model on the worker thread; loaded() or error() follows.
    void load(const QString& path);
    const QString& modelPath() const { return path_; }
    bool isLoaded() const { return model_ != nullptr; }
    // The opened model (shared, immutable): for the template preview.
    std::shared_ptr<const cmf::engine::Model> model() const { return model_; }

    bool isBusy() const { return busy_; }
    const ChatMessages& messages() const { return messages_; }
    // Replaces the conversation (a loaded file); refused while busy.
    bool setMessages(ChatMessages messages);
    ChatSettings& settings() { return settings_; }
    const ChatSettings& settings() const { return settings_; }

    // Each returns false (and does nothing) while a reply runs, or when the
    // conversation is not in a state for it.
    bool send(const QString& user);
    bool regenerate();        // the conversation must end with a reply
    bool editLast(const QString& user); // replaces the last user turn (and its reply) and answers again
    bool clear();
    // Raises the cancel flag: the reply ends before its next token.
    void stop();
    // See ChatWorker::setPacing.
    void setPacing(int ms);

    // The last user message, for Edit-and-resend; "" when there is none.
    QString lastUserText() const;

Q_SIGNALS:
    void loaded();
    void busyChanged(bool busy);
    void messagesChanged();      // a turn was added, removed or finished
    // The reply's prompt is ready on the worker: its tokens, and how many of the
    // oldest messages did not fit the context and were left out of it.
    void prompted(int tokens, int dropped);
    void delta(const QString& piece); // the reply being streamed grew (already appended to messages().back())
    void replyFinished();        // messages().back() is the finished reply with its stats
    void error(const QString& message);
    void warning(const QString& message);

private:
    void start(ChatRequest request);
    void onReplied(const QString& text, const QString& statsJson);
    void onFailed(const QString& message);
    void setBusy(bool busy);

    QString path_;
    QThread* thread_;
    ChatWorker* worker_; // lives on thread_
    std::shared_ptr<const cmf::engine::Model> model_;
    ChatMessages messages_;
    ChatSettings settings_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool busy_ = false;
    bool streaming_ = false; // messages_.back() is the reply being streamed
    // What a failed request puts back: the user turn it added, or the reply Regenerate replaced.
    bool addedUser_ = false;
    std::optional<ChatMessage> removedReply_;
};

} // namespace cmfw
