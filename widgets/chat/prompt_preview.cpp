#include "chat/prompt_preview.h"

#include "cmf/engine/session.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cmfw {

PreviewResult renderPreview(cmf::engine::Session& s, const PreviewRequest& r) {
    PreviewResult out;
    // The same session calls the chat worker makes, on a session that only renders.
    s.setSystem(r.settings.system);
    s.templateVariables()["enable_thinking"] = r.settings.enableThinking;
    s.clear();
    for (const auto& m : r.messages) s.addMessage(m.role, m.text);
    if (!r.pending.empty()) s.addMessage("user", r.pending);
    try {
        const std::string text = s.renderPrompt();
        // As Session::promptIds, without rendering twice.
        out.tokens = int(s.tokenizer()->encode(text, false).size());
        const QString all = QString::fromStdString(text);
        if (all.size() <= kPreviewChars) {
            out.text = all;
        } else {
            // The start (system prompt, first turns) and the end (the turns the reply answers).
            const qsizetype head = kPreviewChars / 4, tail = kPreviewChars - head;
            out.omitted = all.size() - head - tail;
            out.text = all.left(head) + u"\n\n"_s +
                       QCoreApplication::translate("cmfw::ChatView", "[… %1 characters of the prompt are not shown here …]")
                           .arg(QLocale().toString(out.omitted)) +
                       u"\n\n"_s + all.right(tail);
        }
    } catch (const std::exception& e) {
        out.tokens = -1;
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

struct PromptPreviewer::Shared {
    std::shared_ptr<const cmf::engine::Model> model;
    std::unique_ptr<cmf::engine::Session> session; // made by the first job, off the GUI thread (the tokenizer takes a while)
};

namespace {

class ResultWatcher : public QFutureWatcher<PreviewResult> {
public:
    using QFutureWatcher::QFutureWatcher;
    uint64_t serial = 0;
};

} // namespace

PromptPreviewer::PromptPreviewer(QObject* parent) : QObject(parent) { qRegisterMetaType<cmfw::PreviewResult>("cmfw::PreviewResult"); }

// A running job keeps its Shared (session and model) alive and finishes on
// its own; its watcher, a child, goes with this object, so nothing is delivered.
PromptPreviewer::~PromptPreviewer() = default;

void PromptPreviewer::setModel(std::shared_ptr<const cmf::engine::Model> model) {
    shared_ = std::make_shared<Shared>();
    shared_->model = std::move(model);
}

void PromptPreviewer::request(PreviewRequest r) {
    if (!shared_) return;
    if (running_) {
        queued_ = std::move(r); // only the newest waiting request matters
        return;
    }
    start(std::move(r));
}

void PromptPreviewer::start(PreviewRequest r) {
    running_ = true;
    auto* watcher = new ResultWatcher(this);
    watcher->serial = ++serial_;
    connect(watcher, &QFutureWatcher<PreviewResult>::finished, this, [this, watcher] {
        watcher->deleteLater();
        running_ = false;
        if (watcher->serial == serial_) Q_EMIT ready(watcher->result());
        if (queued_) {
            PreviewRequest next = std::move(*queued_);
            queued_.reset();
            start(std::move(next));
        }
    });
    watcher->setFuture(QtConcurrent::run([shared = shared_, r = std::move(r)] {
        try {
            if (!shared->session) shared->session = std::make_unique<cmf::engine::Session>(shared->model, 16);
            return renderPreview(*shared->session, r);
        } catch (const std::exception& e) {
            PreviewResult out;
            out.error = QString::fromUtf8(e.what());
            return out;
        }
    }));
}

} // namespace cmfw
