#include "chat/chat_view.h"
#include "chat/chat_keys.h"

#include "cmf/engine/generation_defaults.h"

#include "chat/chat_preset_bar.h"
#include "chat/chat_settings_panel.h"
#include "chat/chat_transcript.h"
#include "chat/conversation_file.h"
#include "chat/history_sidebar.h"
#include "chat/process_memory.h"
#include "util/format_text.h"

#include "cmf/engine/memory_budget.h"
#include "cmf/engine/memory_estimate.h"
#include "cmf/engine/session.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/skill_file.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QDate>
#include <QDir>
#include <QStandardPaths>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QLocale>
#include <QPlainTextDocumentLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QStyle>
#include <QSplitter>
#include <QTabWidget>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace cmfw {

ChatView::ChatView(const QString& modelPath, QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Chat — %1").arg(QFileInfo(modelPath).fileName()));
    setObjectName(u"ChatView"_s);
    controller_ = new ChatController(this);

    auto* split = new QSplitter(this);
    history_ = new HistorySidebar(split);
    auto* left = new QWidget(split);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    transcript_ = new TranscriptView(left);
    transcript_->setObjectName(u"chatTranscript"_s);
    ll->addWidget(transcript_, 1);
    // The status line sits between the transcript and the input: when its
    // text comes, goes or wraps, only the transcript's height changes, and the
    // input and the Send/Stop row below it stay where they are (Stop stays
    // under the cursor that clicked Send).
    status_ = new QLabel(left);
    status_->setObjectName(u"chatStatus"_s);
    status_->setWordWrap(true);
    ll->addWidget(status_);
    input_ = new QPlainTextEdit(left);
    input_->setObjectName(u"chatInput"_s);
    input_->setPlaceholderText(tr("Message (Ctrl+Enter sends)"));
    input_->setMaximumHeight(90);
    input_->setDocument(newInputDocument());
    ll->addWidget(input_);
    auto* buttons = new QHBoxLayout();
    send_ = new QPushButton(tr("Send"), left);
    stop_ = new QPushButton(tr("Stop"), left);
    regenerate_ = new QPushButton(tr("Regenerate"), left);
    edit_ = new QPushButton(tr("Edit last"), left);
    copy_ = new QPushButton(tr("Copy reply"), left);
    clear_ = new QPushButton(tr("Clear"), left);
    auto* save = new QPushButton(tr("Save…"), left);
    auto* load = new QPushButton(tr("Load…"), left);
    auto* exportMd = new QPushButton(tr("Export…"), left);
    exportMd->setToolTip(tr("Export the conversation as Markdown"));
    // "Send" becomes "Resend edited" while editing: the button keeps the width
    // of the longer text, so the buttons beside it never move.
    send_->setMinimumWidth(std::max(send_->sizeHint().width(),
                                    send_->fontMetrics().horizontalAdvance(tr("Resend edited")) + 2 * send_->style()->pixelMetric(QStyle::PM_ButtonMargin) + 8));
    for (auto* b : {send_, stop_, regenerate_, edit_, copy_, clear_}) buttons->addWidget(b);
    buttons->addStretch(1);
    // Save, Load and Export act on conversations: they sit with the history.
    history_->addButtonRow({save, load, exportMd});
    ll->addLayout(buttons);

    auto* side = side_ = new QTabWidget(split);
    auto* settingsTab = new QWidget(side);
    auto* stl = new QVBoxLayout(settingsTab);
    stl->setContentsMargins(0, 0, 0, 0);
    stl->setSpacing(0);
    panel_ = new ChatSettingsPanel(settingsTab);
    presets_ = new ChatPresetBar(panel_, settingsTab);
    stl->addWidget(presets_);
    stl->addWidget(panel_, 1);
    side->addTab(settingsTab, tr("Settings"));
    auto* prev = promptTab_ = new QWidget(side);
    auto* pl = new QVBoxLayout(prev);
    previewInfo_ = new QLabel(prev);
    previewInfo_->setWordWrap(true);
    preview_ = new QPlainTextEdit(prev);
    preview_->setObjectName(u"chatPreview"_s);
    preview_->setReadOnly(true);
    preview_->setFont(QFont(u"monospace"_s));
    pl->addWidget(previewInfo_);
    pl->addWidget(preview_, 1);
    side->addTab(prev, tr("Prompt"));
    split->addWidget(history_);
    split->addWidget(left);
    split->addWidget(side);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 1);
    split->setSizes({230, 690, 280});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    renderTimer_ = new QTimer(this);
    renderTimer_->setSingleShot(true);
    renderTimer_->setInterval(30);
    previewTimer_ = new QTimer(this);
    previewTimer_->setSingleShot(true);
    previewTimer_->setInterval(150);
    connect(renderTimer_, &QTimer::timeout, this, &ChatView::renderTranscript);
    connect(previewTimer_, &QTimer::timeout, this, &ChatView::schedulePreview);
    previewer_ = new PromptPreviewer(this);
    connect(previewer_, &PromptPreviewer::ready, this, &ChatView::showPreview);
    // The Prompt tab is brought up to date when it is shown, not while hidden.
    connect(side_, &QTabWidget::currentChanged, this, [this] {
        if (previewShown() && previewDirty_) schedulePreview();
    });
    connect(transcript_, &TranscriptView::earlierRequested, this, [this] { transcript_->showEarlier(controller_->messages()); });
    connect(transcript_, &TranscriptView::showMessageRequested, this, &ChatView::showMessage);
    connect(transcript_, &TranscriptView::editRequested, this, &ChatView::editMessage);
    connect(transcript_, &TranscriptView::deleteRequested, this, [this](size_t i) { deleteMessage(i); });
    connect(transcript_, &TranscriptView::copyCodeRequested, this, &ChatView::copyCode);
    connect(transcript_, &TranscriptView::regenerateRequested, this, [this](size_t i) {
        if (!refuseWhileBusy()) controller_->regenerateAt(i);
    });
    connect(transcript_, &TranscriptView::branchRequested, this, [this](size_t i, size_t k) {
        if (!refuseWhileBusy()) controller_->switchBranch(i, k);
    });
    connect(history_, &HistorySidebar::openRequested, this, &ChatView::openFromHistory);
    connect(history_, &HistorySidebar::newRequested, this, &ChatView::newConversation);
    connect(history_, &HistorySidebar::renamed, this, [this](const QString& path, const QString& title) {
        if (path == currentPath_) currentTitle_ = title;
    });
    connect(history_, &HistorySidebar::removed, this, [this](const QString& path) {
        // The conversation shown is gone from the history: the window starts afresh rather than save it back.
        if (path == currentPath_ && !controller_->isBusy()) newConversation();
        else if (path == currentPath_) currentPath_.clear();
    });
    connect(history_, &HistorySidebar::failed, this, [this](const QString& m) { status_->setText(tr("Error: %1").arg(m)); });
    connect(presets_, &ChatPresetBar::failed, this, [this](const QString& m) { status_->setText(tr("Error: %1").arg(m)); });

    connect(send_, &QPushButton::clicked, this, &ChatView::sendInput);
    connect(stop_, &QPushButton::clicked, controller_, &ChatController::stop);
    connect(regenerate_, &QPushButton::clicked, this, [this] { controller_->regenerate(); });
    connect(edit_, &QPushButton::clicked, this, &ChatView::editLast);
    connect(copy_, &QPushButton::clicked, this, &ChatView::copyLastReply);
    // Clear starts a new conversation: the one shown stays in the history.
    connect(clear_, &QPushButton::clicked, this, &ChatView::newConversation);
    clear_->setToolTip(tr("Start a new conversation (this one stays in the history)"));
    connect(save, &QPushButton::clicked, this, &ChatView::saveDialog);
    connect(load, &QPushButton::clicked, this, &ChatView::loadDialog);
    connect(exportMd, &QPushButton::clicked, this, &ChatView::exportDialog);
    auto* sendKey = new QShortcut(cmfw::sendKey(), input_);
    connect(sendKey, &QShortcut::activated, this, &ChatView::sendInput);
    // Esc stops a reply, wherever the focus is in the window.
    auto* stopKey = new QShortcut(cmfw::stopKey(), this);
    stopKey->setContext(Qt::WindowShortcut);
    connect(stopKey, &QShortcut::activated, controller_, [this] {
        if (controller_->isBusy()) controller_->stop();
    });
    stop_->setToolTip(tr("Stop the reply (Esc)"));

    connect(input_, &QPlainTextEdit::textChanged, previewTimer_, qOverload<>(&QTimer::start));
    connect(panel_, &ChatSettingsPanel::changed, this, [this] {
        controller_->settings() = panel_->settings();
        previewTimer_->start();
        updateMemory();
    });
    connect(controller_, &ChatController::loaded, this, &ChatView::onLoaded);
    connect(controller_, &ChatController::messagesChanged, this, [this] {
        renderTranscript();
        updateButtons();
        previewTimer_->start();
    });
    connect(controller_, &ChatController::delta, this, [this] {
        ++streamedPieces_;
        updateMeter();
        if (!renderTimer_->isActive()) renderTimer_->start();
    });
    connect(controller_, &ChatController::prompted, this, [this](int tokens, int) {
        dropSentDocument(); // the request was taken
        promptTokens_ = tokens;
        updateMeter();
    });
    connect(controller_, &ChatController::conversationEdited, this, &ChatView::autosave);
    connect(controller_, &ChatController::busyChanged, this, [this](bool busy) {
        history_->setSwitchingEnabled(!busy);
        streamedPieces_ = 0;
        promptTokens_ = -1;
        if (busy) status_->setText(tr("Generating…"));
        else status_->clear();
        updateButtons();
    });
    connect(controller_, &ChatController::replyFinished, this, [this] {
        dropSentDocument();
        updateMeter();
        updateMemory();
        const auto& m = controller_->messages();
        if (const int dropped = m.empty() ? 0 : m.back().stats.value("context_dropped", 0))
            status_->setText(tr("The conversation is longer than the context: the oldest %1 messages were left out of the prompt of this reply.")
                                 .arg(QLocale().toString(dropped)));
    });
    connect(controller_, &ChatController::error, this, [this](const QString& m) {
        status_->setText(tr("Error: %1").arg(m));
        // A refused message goes back into the input, to be shortened or sent again.
        if (sentDoc_ && input_->document()->isEmpty()) {
            QTextDocument* empty = input_->document();
            input_->setDocument(sentDoc_);
            input_->moveCursor(QTextCursor::End);
            sentDoc_ = nullptr;
            empty->deleteLater();
        }
        dropSentDocument();
    });
    connect(controller_, &ChatController::warning, this, [this](const QString& m) { status_->setText(m); });

    controller_->load(modelPath);
    // What the file offers, read from its sections while the worker loads it.
    try {
        const auto f = cmf::CmfFile::open(modelPath.toStdString());
        std::vector<std::string> tasks, skills, unmeasured;
        if (f->masks())
            for (const auto& m : f->masks()->masks) {
                tasks.push_back(m.name);
                if (m.quality.is_null()) unmeasured.push_back(m.name);
            }
        bool canRoute = false;
        for (const auto& s : cmf::listSkills(*f)) {
            if (s.tensorCount > 0) skills.push_back(s.record.id); // the backbone's own record replaces nothing
            canRoute |= s.hasSelection;
        }
        panel_->setChoices(tasks, skills, canRoute);
        panel_->setUnmeasuredTasks(unmeasured);
        const auto& gen = f->generationConfig();
        panel_->setSamplingDefaults(cmf::engine::withGenerationDefaults(ChatSettings::defaultSampling(), gen), gen && !gen->empty());
        const auto& bundle = f->chatBundle();
        panel_->setThinkingAvailable(bundle && bundle->chatTemplate.find("enable_thinking") != std::string::npos);
        panel_->setMtpAvailable(f->header().contains("arch") && f->header()["arch"].contains("mtp") && f->header()["arch"]["mtp"].is_object());
        panel_->setMaxContext(uint32_t(std::min<uint64_t>(UINT32_MAX, cmf::archUnsigned(f->header(), "max_position_embeddings").value_or(0))));
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
    controller_->settings() = panel_->settings();
    // Default is what the window starts from: no system prompt, the file's sampling.
    dirHash_ = modelDirHash(modelPath);
    presets_->setModel(presetsPath(modelPath, dirHash_), panel_->settings());
    history_->setModel(modelPath, dirHash_);
    updateMemory();
    updateButtons();
    status_->setText(tr("Loading %1…").arg(QFileInfo(modelPath).fileName()));
    resize(1200, 780);
}

ChatView::~ChatView() = default;

void ChatView::closeEvent(QCloseEvent* event) {
    // The controller stops the reply and joins its thread when it is destroyed;
    // stopping here already makes the wait at most one token long.
    controller_->stop();
    event->accept();
}

void ChatView::onLoaded() {
    previewer_->setModel(controller_->model());
    previewSession_.reset();
    status_->clear();
    updateButtons();
    updateMemory();
    // Said at once, not only when the first message is refused.
    if (!memoryProblem_.isEmpty()) status_->setText(memoryProblem_);
    updateMeter();
    previewDirty_ = true;
    schedulePreview();
}

void ChatView::renderTranscript() {
    renderTimer_->stop();
    transcript_->sync(controller_->messages(), controller_->isBusy());
}

void ChatView::updateButtons() {
    const bool ready = controller_->isLoaded() && !controller_->isBusy();
    const auto& m = controller_->messages();
    send_->setEnabled(ready);
    stop_->setEnabled(controller_->isBusy());
    regenerate_->setEnabled(ready && !m.empty() && m.back().role == "assistant");
    edit_->setEnabled(ready && !controller_->lastUserText().isEmpty());
    copy_->setEnabled(!m.empty() && m.back().role == "assistant");
    clear_->setEnabled(ready && !m.empty());
    send_->setText(editIndex_ >= 0 ? tr("Resend edited") : tr("Send"));
}

void ChatView::sendInput() {
    const QString text = input_->toPlainText();
    if (text.trimmed().isEmpty()) return;
    const bool ok = editIndex_ >= 0 ? controller_->editAt(size_t(editIndex_), text) : controller_->send(text);
    if (!ok) return;
    editIndex_ = -1;
    // The sent text keeps its document, set aside: a refusal gives it back
    // at no cost, where filling the input again with 1 MB takes a while.
    dropSentDocument();
    sentDoc_ = input_->document();
    input_->setDocument(newInputDocument());
    updateButtons();
}

void ChatView::editLast() {
    const auto& m = controller_->messages();
    for (size_t i = m.size(); i-- > 0;)
        if (m[i].role == "user") return editMessage(i);
}

void ChatView::editMessage(size_t index) {
    const auto& m = controller_->messages();
    if (index >= m.size() || refuseWhileBusy()) return;
    if (m[index].role == "user") {
        input_->setPlainText(QString::fromStdString(m[index].text));
        input_->setFocus();
        editIndex_ = long(index);
        status_->setText(tr("Editing message %1: sending it starts a new branch there; the old one is kept (‹ › switches).").arg(index + 1));
        updateButtons();
        return;
    }
    bool ok = false;
    const QString text = QInputDialog::getMultiLineText(this, tr("Edit reply"), tr("The reply as it should read (a new branch; the old reply is kept):"),
                                                        QString::fromStdString(m[index].text), &ok);
    if (ok && !text.isEmpty()) controller_->editAt(index, text);
}

bool ChatView::refuseWhileBusy() {
    if (!controller_->isBusy()) return false;
    status_->setText(tr("A reply is running: stop it first (Esc)."));
    return true;
}

bool ChatView::deleteMessage(size_t index, bool confirm) {
    const auto& m = controller_->messages();
    if (index >= m.size() || refuseWhileBusy()) return false;
    const size_t after = controller_->tree().subtreeSize(index) - 1;
    if (confirm) {
        const QString what = after ? tr("Delete this message and the %n message(s) that follow it on this branch?", nullptr, int(after))
                                   : tr("Delete this message?");
        const bool others = m[index].alternatives > 1;
        if (QMessageBox::question(this, tr("Delete message"),
                                  what + (others ? u' ' + tr("Its other versions (‹ ›) are kept.") : QString()),
                                  QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
            return false;
    }
    if (editIndex_ >= long(index)) editIndex_ = -1;
    return controller_->deleteAt(index) > 0;
}

void ChatView::copyCode(size_t index, size_t block) {
    const auto& m = controller_->messages();
    if (index >= m.size()) return;
    const auto blocks = replyCodeBlocks(QString::fromStdString(m[index].text));
    if (block < blocks.size()) {
        QApplication::clipboard()->setText(blocks[block].code);
        status_->setText(tr("Copied %n line(s) of code.", nullptr, int(blocks[block].code.count(u'\n') + 1)));
    }
}

bool ChatView::newConversation() {
    if (refuseWhileBusy()) return false;
    editIndex_ = -1;
    controller_->clear();
    currentPath_.clear();
    currentTitle_.clear();
    created_ = {};
    history_->setCurrent({});
    // A new conversation: no context used, nothing left out.
    promptTokens_ = -1;
    status_->clear();
    updateMeter();
    updateButtons();
    return true;
}

bool ChatView::openFromHistory(const QString& path) {
    if (refuseWhileBusy()) return false;
    openConversation(path, true);
    return true;
}

void ChatView::autosave() {
    if (controller_->isBusy()) return; // a streamed reply is saved when it is finished
    if (currentPath_.isEmpty()) {
        if (controller_->tree().empty()) return; // nothing to keep yet
        currentPath_ = newConversationPath();
        created_ = QDateTime::currentDateTimeUtc();
    }
    Conversation c{controller_->modelPath(), dirHash_, controller_->messages(), controller_->settings(), controller_->tree(), currentTitle_, created_,
                   QDateTime::currentDateTimeUtc()};
    history_->setCurrent(currentPath_);
    history_->save(c, currentPath_);
}

void ChatView::adoptConversation(const Conversation& c, const QString& historyPath) {
    editIndex_ = -1;
    currentTitle_ = c.title;
    created_ = c.created;
    currentPath_ = historyPath;
    if (historyPath.isEmpty()) autosave(); // a file from elsewhere joins the history as a new entry
    else history_->setCurrent(historyPath);
    updateButtons();
}

void ChatView::copyLastReply() {
    const auto& m = controller_->messages();
    if (!m.empty() && m.back().role == "assistant") QApplication::clipboard()->setText(QString::fromStdString(m.back().text));
}

QString ChatView::previewText() const { return preview_->toPlainText(); }

QTextDocument* ChatView::newInputDocument() {
    // Owned by the window, not the editor: the editor deletes a document of its own when it is given another.
    auto* d = new QTextDocument(this);
    d->setDocumentLayout(new QPlainTextDocumentLayout(d));
    d->setDefaultFont(input_->font());
    return d;
}

void ChatView::dropSentDocument() {
    if (sentDoc_) sentDoc_->deleteLater();
    sentDoc_ = nullptr;
}

PreviewRequest ChatView::previewRequest() const {
    PreviewRequest r;
    const auto& m = controller_->messages();
    // While a reply streams the prompt is the conversation before it; the input is not pending then.
    const bool busy = controller_->isBusy();
    r.messages.assign(m.begin(), busy && !m.empty() ? m.end() - 1 : m.end());
    if (!busy) r.pending = input_->toPlainText().toStdString();
    r.settings = controller_->settings();
    return r;
}

bool ChatView::previewShown() const { return side_->currentWidget() == promptTab_; }

void ChatView::schedulePreview() {
    previewTimer_->stop();
    if (!controller_->isLoaded()) {
        previewInfo_->setText(tr("The prompt is shown once the model has loaded."));
        return;
    }
    if (!previewShown()) {
        previewDirty_ = true; // rendered when the tab is shown
        return;
    }
    previewDirty_ = false;
    if (previewTokens_ < 0 && preview_->document()->isEmpty()) previewInfo_->setText(tr("Rendering the prompt…"));
    previewer_->request(previewRequest());
}

void ChatView::updatePreview() {
    previewTimer_->stop();
    if (!controller_->isLoaded()) {
        previewInfo_->setText(tr("The prompt is shown once the model has loaded."));
        return;
    }
    previewer_->invalidate(); // a background result still on its way is older than this one
    previewDirty_ = false;
    try {
        if (!previewSession_) previewSession_ = std::make_unique<cmf::engine::Session>(controller_->model(), 16);
        showPreview(renderPreview(*previewSession_, previewRequest()));
    } catch (const std::exception& e) {
        PreviewResult r;
        r.error = QString::fromUtf8(e.what());
        showPreview(r);
    }
}

void ChatView::showPreview(const PreviewResult& r) {
    previewTokens_ = r.tokens;
    if (!r.error.isEmpty()) {
        preview_->clear();
        previewInfo_->setText(tr("The template refused this conversation: %1").arg(r.error));
    } else {
        preview_->setPlainText(r.text);
        const bool pending = !controller_->isBusy() && !input_->document()->isEmpty();
        previewInfo_->setText(tr("The exact prompt the next reply starts from (the conversation%1, rendered by the file's "
                                 "chat template): %2 tokens.")
                                  .arg(pending ? tr(" and the pending input") : QString())
                                  .arg(previewTokens_));
        if (r.tokens > int(controller_->settings().ctx))
            previewInfo_->setText(previewInfo_->text() + u' ' +
                                  tr("That is more than the context of %1 tokens: the oldest messages will be left out.")
                                      .arg(controller_->settings().ctx));
    }
    updateMeter();
}

void ChatView::showMessage(size_t index) {
    const auto& m = controller_->messages();
    if (index >= m.size()) return;
    auto* d = new QDialog(this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(m[index].role == "user" ? tr("Your message %1").arg(index + 1) : tr("Reply %1").arg(index + 1));
    auto* text = new QPlainTextEdit(d);
    text->setReadOnly(true);
    text->setPlainText(QString::fromStdString(m[index].text));
    auto* l = new QVBoxLayout(d);
    l->addWidget(text);
    d->resize(900, 700);
    d->show();
}

void ChatView::updateMeter() {
    const auto& m = controller_->messages();
    const uint32_t size = controller_->settings().ctx;
    uint32_t used = 0;
    // While a reply streams: its prompt plus what has arrived (a piece is about a token).
    if (controller_->isBusy()) used = uint32_t(std::max(promptTokens_, 0) + streamedPieces_);
    else if (!m.empty() && m.back().stats.contains("context_used")) used = m.back().stats["context_used"].get<uint32_t>();
    panel_->setContextUsed(used, size);
}

void ChatView::updateMemory() {
    const ChatSettings& s = controller_->settings();
    QString text;
    memoryProblem_.clear();
    try {
        const auto f = cmf::CmfFile::open(controller_->modelPath().isEmpty() ? std::string() : controller_->modelPath().toStdString());
        // "auto" may pick any skill; the estimate is for the backbone then.
        const auto e = cmf::engine::estimateMemory(*f, s.task, s.skill == "auto" ? std::string() : s.skill, s.ctx);
        text = e.stateBytes ? tr("Estimated: %1 weights + %2 KV cache + %3 recurrent state (with its checkpoints) = %4")
                                  .arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes), Text::bytes(e.stateBytes + e.checkpointBytes),
                                       Text::bytes(e.totalBytes()))
                            : tr("Estimated: %1 weights + %2 KV cache = %3").arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes), Text::bytes(e.totalBytes()));
        // The worker has the file mapped once it loaded, and this look at it maps it again.
        const auto budget = cmf::engine::readMemoryBudget(f->fileSize() * (controller_->isLoaded() ? 2 : 1));
        if (!budget.disabled && budget.total != cmf::engine::kUnlimited)
            text += u"\n"_s + tr("Available: %1 (%2)").arg(Text::bytes(budget.total), QString::fromStdString(budget.source));
        try {
            cmf::engine::checkMemory(e, budget, {});
        } catch (const std::exception& err) {
            memoryProblem_ = tr("Not enough memory for this context: %1; lower the context length or open a smaller quantization.")
                                 .arg(QString::fromUtf8(err.what()));
            text += u"\n"_s + memoryProblem_;
        }
    } catch (const std::exception& e) {
        text = tr("No memory estimate: %1").arg(QString::fromUtf8(e.what()));
    }
    if (controller_->isLoaded()) text += u"\n"_s + tr("Resident now (VmRSS): %1").arg(Text::bytes(residentBytes()));
    panel_->setMemoryText(text);
}

void ChatView::saveTo(const QString& path) {
    Conversation c{controller_->modelPath(), dirHash_, controller_->messages(), controller_->settings(), controller_->tree(), currentTitle_, created_,
                   QDateTime::currentDateTimeUtc()};
    saveConversation(c, path);
}

void ChatView::loadFrom(const QString& path) {
    Conversation c = loadConversation(path);
    if (controller_->isBusy()) throw std::runtime_error("a reply is running");
    const Conversation meta{{}, {}, {}, {}, {}, c.title, c.created, c.updated};
    applyConversation(std::move(c));
    adoptConversation(meta, {});
}

void ChatView::applyConversation(Conversation c) {
    panel_->setSettings(c.settings); // also into the controller, by changed()
    const QString hash = dirHash_;
    controller_->setTree(c.tree.empty() ? ConversationTree(c.messages) : std::move(c.tree));
    if (!c.modelDirHash.isEmpty() && c.modelDirHash != hash)
        status_->setText(tr("Note: this conversation was held with %1 (directory hash %2), not with the file open here.")
                             .arg(c.modelPath, c.modelDirHash));
}

namespace {
struct LoadedConversation {
    Conversation conversation;
    QString error;
};
} // namespace

void ChatView::openConversation(const QString& path, bool fromHistory) {
    const auto busy = [this] {
        if (!controller_->isBusy()) return false;
        status_->setText(tr("Error: %1").arg(tr("a reply is running")));
        return true;
    };
    if (busy()) return;
    status_->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    // Reading and parsing a long conversation takes a while: off the GUI thread.
    auto* watcher = new QFutureWatcher<LoadedConversation>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, busy, path, fromHistory] {
        watcher->deleteLater();
        LoadedConversation l = watcher->future().takeResult();
        if (!l.error.isEmpty()) return status_->setText(tr("Error: %1").arg(l.error));
        if (busy()) return;
        status_->clear();
        const Conversation meta{{}, {}, {}, {}, {}, l.conversation.title, l.conversation.created, l.conversation.updated};
        applyConversation(std::move(l.conversation));
        adoptConversation(meta, fromHistory ? path : QString());
    });
    watcher->setFuture(QtConcurrent::run([path] {
        LoadedConversation l;
        try {
            l.conversation = loadConversation(path);
        } catch (const std::exception& e) {
            l.error = QString::fromUtf8(e.what());
        }
        return l;
    }));
}

QString ChatView::defaultSavePath(const QString& extension) const {
    // The user's documents, never wherever the last dialog of the process was
    // (the keys folder after picking a signing key): conversations are documents.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty()) dir = QDir::homePath();
    const QString model = QFileInfo(controller_->modelPath()).completeBaseName();
    return QDir(dir).filePath(tr("%1 chat %2").arg(model, QDate::currentDate().toString(Qt::ISODate)) + extension);
}

void ChatView::saveDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save conversation"), defaultSavePath(u".json"_s), tr("Conversations (*.json)"));
    if (path.isEmpty()) return;
    try {
        saveTo(path);
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
}

void ChatView::loadDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load conversation"), QFileInfo(defaultSavePath(u".json"_s)).absolutePath(),
                                                      tr("Conversations (*.json)"));
    if (path.isEmpty()) return;
    openConversation(path);
}

void ChatView::exportDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export as Markdown"), defaultSavePath(u".md"_s), tr("Markdown (*.md)"));
    if (path.isEmpty()) return;
    try {
        exportMarkdown({controller_->modelPath(), {}, controller_->messages(), controller_->settings(), {}, {}, {}, {}}, path);
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
}

} // namespace cmfw
