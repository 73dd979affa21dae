#include "chat/chat_view.h"

#include "chat/chat_settings_panel.h"
#include "chat/chat_transcript.h"
#include "chat/conversation_file.h"
#include "chat/process_memory.h"
#include "util/format_text.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/engine/session.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/skill_file.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

ChatView::ChatView(const QString& modelPath, QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Chat — %1").arg(QFileInfo(modelPath).fileName()));
    setObjectName(u"ChatView"_s);
    controller_ = new ChatController(this);

    auto* split = new QSplitter(this);
    auto* left = new QWidget(split);
    auto* ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    transcript_ = new QTextBrowser(left);
    transcript_->setObjectName(u"chatTranscript"_s);
    transcript_->setOpenExternalLinks(false);
    ll->addWidget(transcript_, 1);
    input_ = new QPlainTextEdit(left);
    input_->setObjectName(u"chatInput"_s);
    input_->setPlaceholderText(tr("Message (Ctrl+Enter sends)"));
    input_->setMaximumHeight(90);
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
    auto* exportMd = new QPushButton(tr("Export Markdown…"), left);
    for (auto* b : {send_, stop_, regenerate_, edit_, copy_, clear_}) buttons->addWidget(b);
    buttons->addStretch(1);
    for (auto* b : {save, load, exportMd}) buttons->addWidget(b);
    ll->addLayout(buttons);
    status_ = new QLabel(left);
    status_->setObjectName(u"chatStatus"_s);
    status_->setWordWrap(true);
    ll->addWidget(status_);

    auto* side = new QTabWidget(split);
    panel_ = new ChatSettingsPanel(side);
    side->addTab(panel_, tr("Settings"));
    auto* prev = new QWidget(side);
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
    split->addWidget(left);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
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
    connect(previewTimer_, &QTimer::timeout, this, &ChatView::updatePreview);

    connect(send_, &QPushButton::clicked, this, &ChatView::sendInput);
    connect(stop_, &QPushButton::clicked, controller_, &ChatController::stop);
    connect(regenerate_, &QPushButton::clicked, this, [this] { controller_->regenerate(); });
    connect(edit_, &QPushButton::clicked, this, &ChatView::editLast);
    connect(copy_, &QPushButton::clicked, this, &ChatView::copyLastReply);
    connect(clear_, &QPushButton::clicked, this, [this] {
        editing_ = false;
        controller_->clear();
    });
    connect(save, &QPushButton::clicked, this, &ChatView::saveDialog);
    connect(load, &QPushButton::clicked, this, &ChatView::loadDialog);
    connect(exportMd, &QPushButton::clicked, this, &ChatView::exportDialog);
    auto* sendKey = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), input_);
    connect(sendKey, &QShortcut::activated, this, &ChatView::sendInput);

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
    connect(controller_, &ChatController::busyChanged, this, [this](bool busy) {
        streamedPieces_ = 0;
        if (busy) status_->setText(tr("Generating…"));
        else status_->clear();
        updateButtons();
    });
    connect(controller_, &ChatController::replyFinished, this, [this] {
        updateMeter();
        updateMemory();
    });
    connect(controller_, &ChatController::error, this, [this](const QString& m) { status_->setText(tr("Error: %1").arg(m)); });
    connect(controller_, &ChatController::warning, this, [this](const QString& m) { status_->setText(m); });

    controller_->load(modelPath);
    // What the file offers, read from its sections while the worker loads it.
    try {
        const auto f = cmf::CmfFile::open(modelPath.toStdString());
        std::vector<std::string> tasks, skills;
        if (f->masks())
            for (const auto& m : f->masks()->masks) tasks.push_back(m.name);
        bool canRoute = false;
        for (const auto& s : cmf::listSkills(*f)) {
            if (s.tensorCount > 0) skills.push_back(s.record.id); // the backbone's own record replaces nothing
            canRoute |= s.hasSelection;
        }
        panel_->setChoices(tasks, skills, canRoute);
        const auto& bundle = f->chatBundle();
        panel_->setThinkingAvailable(bundle && bundle->chatTemplate.find("enable_thinking") != std::string::npos);
        panel_->setMaxContext(f->header()["arch"].value("max_position_embeddings", 0u));
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
    controller_->settings() = panel_->settings();
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
    try {
        previewSession_ = std::make_unique<cmf::engine::Session>(controller_->model(), 16);
        status_->clear();
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
    updateButtons();
    updateMemory();
    updateMeter();
    updatePreview();
}

void ChatView::renderTranscript() {
    auto* bar = transcript_->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 4;
    transcript_->setMarkdown(transcriptMarkdown(controller_->messages(), controller_->isBusy()));
    if (atEnd) bar->setValue(bar->maximum());
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
    send_->setText(editing_ ? tr("Resend edited") : tr("Send"));
}

void ChatView::sendInput() {
    const QString text = input_->toPlainText();
    if (text.trimmed().isEmpty()) return;
    const bool ok = editing_ ? controller_->editLast(text) : controller_->send(text);
    if (!ok) return;
    editing_ = false;
    input_->clear();
    updateButtons();
}

void ChatView::editLast() {
    const QString last = controller_->lastUserText();
    if (last.isEmpty() || controller_->isBusy()) return;
    input_->setPlainText(last);
    input_->setFocus();
    editing_ = true;
    updateButtons();
}

void ChatView::copyLastReply() {
    const auto& m = controller_->messages();
    if (!m.empty() && m.back().role == "assistant") QApplication::clipboard()->setText(QString::fromStdString(m.back().text));
}

QString ChatView::previewText() const { return preview_->toPlainText(); }

void ChatView::updatePreview() {
    previewTimer_->stop();
    if (!previewSession_) {
        previewInfo_->setText(tr("The prompt is shown once the model has loaded."));
        return;
    }
    // The same session calls the worker makes, on a session that only renders.
    auto& s = *previewSession_;
    const ChatSettings& st = controller_->settings();
    s.setSystem(st.system);
    s.templateVariables()["enable_thinking"] = st.enableThinking;
    s.clear();
    for (const auto& m : controller_->messages())
        if (!(controller_->isBusy() && &m == &controller_->messages().back())) s.addMessage(m.role, m.text);
    const QString pending = input_->toPlainText();
    if (!pending.isEmpty() && !controller_->isBusy()) s.addMessage("user", pending.toStdString());
    try {
        const std::string text = s.renderPrompt();
        previewTokens_ = int(s.promptIds().size());
        preview_->setPlainText(QString::fromStdString(text));
        previewInfo_->setText(tr("The exact prompt the next reply starts from (the conversation%1, rendered by the file's "
                                 "chat template): %2 tokens.")
                                  .arg(pending.isEmpty() ? QString() : tr(" and the pending input"))
                                  .arg(previewTokens_));
    } catch (const std::exception& e) {
        previewTokens_ = -1;
        preview_->clear();
        previewInfo_->setText(tr("The template refused this conversation: %1").arg(QString::fromUtf8(e.what())));
    }
    updateMeter();
}

void ChatView::updateMeter() {
    const auto& m = controller_->messages();
    const uint32_t size = controller_->settings().ctx;
    uint32_t used = 0;
    // While a reply streams: its prompt plus what has arrived (a piece is about a token).
    if (controller_->isBusy()) used = uint32_t(std::max(previewTokens_, 0) + streamedPieces_);
    else if (!m.empty() && m.back().stats.contains("context_used")) used = m.back().stats["context_used"].get<uint32_t>();
    panel_->setContextUsed(used, size);
}

void ChatView::updateMemory() {
    const ChatSettings& s = controller_->settings();
    QString text;
    try {
        const auto f = cmf::CmfFile::open(controller_->modelPath().isEmpty() ? std::string() : controller_->modelPath().toStdString());
        // "auto" may pick any skill; the estimate is for the backbone then.
        const auto e = cmf::engine::estimateMemory(*f, s.task, s.skill == "auto" ? std::string() : s.skill, s.ctx);
        text = tr("Estimated: %1 weights + %2 KV cache = %3").arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes), Text::bytes(e.totalBytes()));
    } catch (const std::exception& e) {
        text = tr("No memory estimate: %1").arg(QString::fromUtf8(e.what()));
    }
    if (controller_->isLoaded()) text += u"\n"_s + tr("Resident now (VmRSS): %1").arg(Text::bytes(residentBytes()));
    panel_->setMemoryText(text);
}

void ChatView::saveTo(const QString& path) {
    Conversation c{controller_->modelPath(), modelDirHash(controller_->modelPath()), controller_->messages(), controller_->settings()};
    saveConversation(c, path);
}

void ChatView::loadFrom(const QString& path) {
    const Conversation c = loadConversation(path);
    if (controller_->isBusy()) throw std::runtime_error("a reply is running");
    panel_->setSettings(c.settings); // also into the controller, by changed()
    controller_->setMessages(c.messages);
    const QString hash = modelDirHash(controller_->modelPath());
    if (!c.modelDirHash.isEmpty() && c.modelDirHash != hash)
        status_->setText(tr("Note: this conversation was held with %1 (directory hash %2), not with the file open here.")
                             .arg(c.modelPath, c.modelDirHash));
}

void ChatView::saveDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save conversation"), {}, tr("Conversations (*.json)"));
    if (path.isEmpty()) return;
    try {
        saveTo(path);
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
}

void ChatView::loadDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load conversation"), {}, tr("Conversations (*.json)"));
    if (path.isEmpty()) return;
    try {
        loadFrom(path);
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
}

void ChatView::exportDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export as Markdown"), {}, tr("Markdown (*.md)"));
    if (path.isEmpty()) return;
    try {
        exportMarkdown({controller_->modelPath(), {}, controller_->messages(), controller_->settings()}, path);
    } catch (const std::exception& e) {
        status_->setText(tr("Error: %1").arg(QString::fromUtf8(e.what())));
    }
}

} // namespace cmfw
