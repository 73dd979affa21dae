#pragma once
// The Prompt tab's content — the conversation rendered by the file's chat
// template, plus the pending input, and its token count — computed off the
// GUI thread: over 10,000 messages or a 1 MB input the template and the
// tokenizer take seconds. request() returns at once; ready() brings the
// newest result back on the GUI thread. One job runs at a time, requests
// made meanwhile collapse into the latest, and a job still running when
// the previewer goes finishes in the background with its result dropped.
#include "chat/chat_message.h"
#include "chat/chat_settings.h"

#include "cmf/engine/model.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace cmf::engine {
class Session;
}

namespace cmfw {

struct PreviewRequest {
    ChatMessages messages; // the conversation (without a reply being streamed)
    std::string pending;   // the input not yet sent ("" = none)
    ChatSettings settings; // the system prompt and enable_thinking
};

struct PreviewResult {
    QString text;   // the prompt; a long one as its head and tail (kPreviewChars)
    int tokens = -1;
    QString error;  // the template refused the conversation
    qsizetype omitted = 0; // characters of the prompt left out of text
};

// Characters of a long prompt the tab shows (a quarter from its start, the rest from its end).
// (A QPlainTextEdit takes ~30 ms per 100,000 characters to fill, on the GUI thread.)
constexpr qsizetype kPreviewChars = 100000;

// Renders and counts on the calling thread with a session that never generates.
PreviewResult renderPreview(cmf::engine::Session& session, const PreviewRequest& request);

class PromptPreviewer : public QObject {
    Q_OBJECT
public:
    explicit PromptPreviewer(QObject* parent = nullptr);
    ~PromptPreviewer() override;

    void setModel(std::shared_ptr<const cmf::engine::Model> model);
    void request(PreviewRequest request);
    // Nothing requested before now is delivered (a synchronous render superseded it).
    void invalidate() {
        ++serial_;
        queued_.reset();
    }
    bool isRunning() const { return running_; }

Q_SIGNALS:
    void ready(const cmfw::PreviewResult& result);

private:
    void start(PreviewRequest request);
    struct Shared; // the session, used by one job at a time
    std::shared_ptr<Shared> shared_;
    std::optional<PreviewRequest> queued_;
    bool running_ = false;
    uint64_t serial_ = 0;
};

} // namespace cmfw
