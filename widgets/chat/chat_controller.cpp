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
        messages_.back().text += piece.toStdString();
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

bool ChatController::setMessages(ChatMessages messages) {
    if (busy_) return false;
    messages_ = std::move(messages);
    Q_EMIT messagesChanged();
    return true;
}

bool ChatController::clear() { return setMessages({}); }

QString ChatController::lastUserText() const {
    for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
        if (it->role == "user") return QString::fromStdString(it->text);
    return {};
}

void ChatController::start(ChatRequest request) {
    request.settings = settings_;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    messages_.push_back({"assistant", {}, nlohmann::json::object()});
    streaming_ = true;
    setBusy(true);
    Q_EMIT messagesChanged();
    QMetaObject::invokeMethod(worker_, [w = worker_, request = std::move(request), c = cancel_] { w->run(request, c); }, Qt::QueuedConnection);
}

bool ChatController::send(const QString& user) {
    if (busy_ || !model_ || user.isEmpty()) return false;
    ChatRequest r;
    r.history = messages_;
    r.user = user.toStdString();
    messages_.push_back({"user", r.user, nlohmann::json::object()});
    addedUser_ = true;
    removedReply_.reset();
    start(std::move(r));
    return true;
}

bool ChatController::regenerate() {
    if (busy_ || !model_ || messages_.empty() || messages_.back().role != "assistant") return false;
    ChatRequest r;
    r.history = messages_; // Session::regenerate drops the last reply itself
    r.regenerate = true;
    removedReply_ = messages_.back();
    addedUser_ = false;
    messages_.pop_back();
    start(std::move(r));
    return true;
}

bool ChatController::editLast(const QString& user) {
    if (busy_ || !model_ || user.isEmpty()) return false;
    size_t n = messages_.size();
    if (n && messages_[n - 1].role == "assistant") --n;
    if (!n || messages_[n - 1].role != "user") return false;
    messages_.resize(n - 1);
    return send(user);
}

void ChatController::stop() {
    if (cancel_) *cancel_ = true;
}

void ChatController::onReplied(const QString& text, const QString& statsJson) {
    if (!streaming_) return;
    auto& m = messages_.back();
    m.text = text.toStdString(); // the session's own text: the deltas joined, stop strings cut
    m.stats = nlohmann::json::parse(statsJson.toStdString(), nullptr, false);
    streaming_ = false;
    setBusy(false);
    Q_EMIT replyFinished();
    Q_EMIT messagesChanged();
}

void ChatController::onFailed(const QString& message) {
    if (streaming_) {
        // The conversation goes back to what it was before the request.
        messages_.pop_back();
        if (addedUser_ && !messages_.empty()) messages_.pop_back();
        if (removedReply_) messages_.push_back(*removedReply_);
        removedReply_.reset();
        streaming_ = false;
        setBusy(false);
        Q_EMIT messagesChanged();
    }
    Q_EMIT error(message);
}

} // namespace cmfw
