#pragma once
// The GUI-thread side of a chat: the conversation (a tree of branches,
// conversation_tree.h, whose active path is the list the window shows, sends
// and saves), the settings the next reply runs under, and the worker thread
// that generates. Every call returns at once; deltas and outcomes arrive as
// signals on the GUI thread. Destroying the controller stops a running reply
// (cancel flag) and waits for the worker thread, so closing the window never
// leaves a thread writing into freed memory.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"
#include "chat/conversation_tree.h"

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
    // The active path of the conversation.
    const ChatMessages& messages() const { return messages_; }
    const ConversationTree& tree() const { return tree_; }
    // Replaces the conversation (a loaded file); refused while busy.
    bool setMessages(ChatMessages messages);
    bool setTree(ConversationTree tree);
    ChatSettings& settings() { return settings_; }
    const ChatSettings& settings() const { return settings_; }

    // Each returns false (and does nothing) while a reply runs, or when the
    // conversation is not in a state for it.
    bool send(const QString& user);
    bool regenerate();        // the conversation must end with a reply
    bool editLast(const QString& user); // a new branch at the last user turn, answered
    // A new branch at message i of the active path: a user message is
    // replaced by `text` and answered; a reply is replaced by `text` as it is
    // (nothing generated). The old message and what followed stay on their branch.
    bool editAt(size_t i, const QString& text);
    // A new reply at position i (a reply, or the end after a user message) on a branch of its own.
    bool regenerateAt(size_t i);
    // Shows alternative k of message i (and that branch's continuation).
    bool switchBranch(size_t i, size_t k);
    // Removes message i and what follows it on this branch; returns how many went (0: refused).
    size_t deleteAt(size_t i);
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
    void messagesChanged();      // a turn was added, removed or finished, or another branch is shown
    // The conversation changed in a way worth keeping (a finished reply, an edit, a deletion, a branch switch).
    void conversationEdited();
    // The reply's prompt is ready on the worker: its tokens, and how many of the
    // oldest messages did not fit the context and were left out of it.
    void prompted(int tokens, int dropped);
    void delta(const QString& piece); // the reply being streamed grew (already appended to messages().back())
    void replyFinished();        // messages().back() is the finished reply with its stats
    void error(const QString& message);
    void warning(const QString& message);

private:
    void start(ChatRequest request, size_t at); // the reply streams into a new alternative at position `at`
    bool answer(ChatMessages history, std::string user); // streams a reply to `user` after `history`, already in the tree
    void refresh(); // messages_ from the tree
    void onReplied(const QString& text, const QString& statsJson);
    void onFailed(const QString& message);
    void setBusy(bool busy);

    QString path_;
    QThread* thread_;
    ChatWorker* worker_; // lives on thread_
    std::shared_ptr<const cmf::engine::Model> model_;
    ConversationTree tree_;
    ChatMessages messages_; // tree_.activePath(), kept in step
    ChatSettings settings_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool busy_ = false;
    bool streaming_ = false; // messages_.back() is the reply being streamed
    // What a failed request puts back: the tree before it.
    std::optional<ConversationTree> before_;
};

} // namespace cmfw
