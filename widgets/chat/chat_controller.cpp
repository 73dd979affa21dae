#include "chat/chat_controller.h"

#include "chat/chat_worker.h"

#include <QThread>

namespace cmfw {

ChatController::ChatController(QObject* parent) : QObject(parent), thread_(new QThread(this)), worker_(new ChatWorker) {
    qRegisterMetaType<std::shared_ptr<const cmf::engine::Model>>("std::shared_ptr<const cmf::engine::Model>");
    thread_->setObjectName(QStringLiteral("chat worker"));
    worker_->moveToThread(thread_);
    // The worker's signals cross threads: they are queued onto this (GUI) thread.
    connect(worker_, &ChatWorker::loaded, this, [this](std::shared_ptr<const cmf::engine::Model> m) {
        model_ = std::move(m);
        Q_EMIT loaded();
    });
    connect(worker_, &ChatWorker::delta, this, [this](const QString& piece) {
        if (!streaming_) return;
        const std::string p = piece.toStdString();
        messages_.back().text += p;
        tree_.last().text += p;
        Q_EMIT delta(piece);
    });
    connect(worker_, &ChatWorker::prompted, this, [this](int tokens, int dropped) {
        if (streaming_) Q_EMIT prompted(tokens, dropped);
    });
    connect(worker_, &ChatWorker::replied, this, &ChatController::onReplied);
    connect(worker_, &ChatWorker::failed, this, &ChatController::onFailed);
    connect(worker_, &ChatWorker::warning, this, &ChatController::warning);
    thread_->start();
}

ChatController::~ChatController() {
    // Closing the window mid-reply: stop at the next token, then let the thread end.
    if (cancel_) *cancel_ = true;
    thread_->quit();
    thread_->wait();
    delete worker_;
}

void ChatController::load(const QString& path) {
    path_ = path;
    QMetaObject::invokeMethod(worker_, [w = worker_, path] { w->load(path); }, Qt::QueuedConnection);
}

void ChatController::setPacing(int ms) { worker_->setPacing(ms); }

void ChatController::setBusy(bool busy) {
    if (busy_ == busy) return;
    busy_ = busy;
    Q_EMIT busyChanged(busy);
}

bool ChatController::setMessages(ChatMessages messages) { return setTree(ConversationTree(messages)); }

bool ChatController::setTree(ConversationTree tree) {
    if (busy_) return false;
    tree_ = std::move(tree);
    refresh();
    Q_EMIT messagesChanged();
    return true;
}

void ChatController::refresh() { messages_ = tree_.activePath(); }

bool ChatController::clear() { return setMessages({}); }

QString ChatController::lastUserText() const {
    for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
        if (it->role == "user") return QString::fromStdString(it->text);
    return {};
}

void ChatController::start(ChatRequest request, size_t at) {
    request.settings = settings_;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    tree_.branchAt(at, {"assistant", {}, nlohmann::json::object()});
    refresh();
    streaming_ = true;
    setBusy(true);
    Q_EMIT messagesChanged();
    QMetaObject::invokeMethod(worker_, [w = worker_, request = std::move(request), c = cancel_] { w->run(request, c); }, Qt::QueuedConnection);
}

bool ChatController::answer(ChatMessages history, std::string user) {
    ChatRequest r;
    r.history = std::move(history);
    r.user = std::move(user);
    start(std::move(r), tree_.pathLength());
    return true;
}

bool ChatController::send(const QString& user) {
    if (busy_ || !model_ || user.isEmpty()) return false;
    before_ = tree_;
    ChatMessages history = messages_;
    tree_.append({"user", user.toStdString(), nlohmann::json::object()});
    return answer(std::move(history), user.toStdString());
}

bool ChatController::regenerate() {
    if (messages_.empty() || messages_.back().role != "assistant") return false;
    return regenerateAt(messages_.size() - 1);
}

bool ChatController::regenerateAt(size_t i) {
    if (busy_ || !model_ || i == 0 || i > messages_.size() || messages_[i - 1].role != "user") return false;
    if (i < messages_.size() && messages_[i].role != "assistant") return false;
    before_ = tree_;
    // The reply's place gets a new alternative: the old reply keeps its branch.
    ChatMessages history(messages_.begin(), messages_.begin() + long(i) - 1);
    ChatRequest r;
    r.history = std::move(history);
    r.user = messages_[i - 1].text;
    start(std::move(r), i);
    return true;
}

bool ChatController::editLast(const QString& user) {
    for (size_t i = messages_.size(); i-- > 0;)
        if (messages_[i].role == "user") return editAt(i, user);
    return false;
}

bool ChatController::editAt(size_t i, const QString& text) {
    if (busy_ || i >= messages_.size() || text.isEmpty()) return false;
    if (messages_[i].role == "assistant") {
        // An edited reply is a new alternative with the text as written, and no figures: nothing was generated.
        tree_.branchAt(i, {"assistant", text.toStdString(), nlohmann::json::object()});
        refresh();
        Q_EMIT messagesChanged();
        Q_EMIT conversationEdited();
        return true;
    }
    if (!model_) return false;
    before_ = tree_;
    ChatMessages history(messages_.begin(), messages_.begin() + long(i));
    tree_.branchAt(i, {"user", text.toStdString(), nlohmann::json::object()});
    return answer(std::move(history), text.toStdString());
}

bool ChatController::switchBranch(size_t i, size_t k) {
    if (busy_ || !tree_.switchTo(i, k)) return false;
    refresh();
    Q_EMIT messagesChanged();
    Q_EMIT conversationEdited();
    return true;
}

size_t ChatController::deleteAt(size_t i) {
    if (busy_ || i >= messages_.size()) return 0;
    const size_t n = tree_.removeAt(i);
    refresh();
    Q_EMIT messagesChanged();
    Q_EMIT conversationEdited();
    return n;
}

void ChatController::stop() {
    if (cancel_) *cancel_ = true;
}

void ChatController::onReplied(const QString& text, const QString& statsJson) {
    if (!streaming_) return;
    auto& m = tree_.last();
    m.text = text.toStdString(); // the session's own text: the deltas joined, stop strings cut
    m.stats = nlohmann::json::parse(statsJson.toStdString(), nullptr, false);
    messages_.back().text = m.text;
    messages_.back().stats = m.stats;
    streaming_ = false;
    before_.reset();
    setBusy(false);
    Q_EMIT replyFinished();
    Q_EMIT messagesChanged();
    Q_EMIT conversationEdited();
}

void ChatController::onFailed(const QString& message) {
    if (streaming_) {
        // The conversation goes back to what it was before the request.
        if (before_) tree_ = std::move(*before_);
        before_.reset();
        refresh();
        streaming_ = false;
        setBusy(false);
        Q_EMIT messagesChanged();
    }
    Q_EMIT error(message);
}

} // namespace cmfw
