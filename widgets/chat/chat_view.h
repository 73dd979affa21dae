#pragma once
// A chat with one model file: the streamed transcript, the input with Send,
// Stop, Regenerate, Edit-and-resend, Copy and Clear, the settings panel, and
// the exact prompt the template renders for the conversation plus the
// pending input (with its token count). Generation runs on the controller's
// worker thread; closing the window stops a reply and waits for the thread.
// Conversations save and load as JSON and export as Markdown.
//
// Every conversation is also kept on its own: saved to the chat data folder
// after each finished reply and each edit, listed in the history sidebar
// (history_sidebar.h) with search, rename and delete. Any message can be
// edited, deleted or (a reply) regenerated; an edit or a regeneration is a
// new branch (conversation_tree.h), and "‹ 2/3 ›" in the transcript switches
// between them. Presets (chat_preset_bar.h) keep system prompts with their
// sampling per model.
//
// Nothing that grows with the conversation runs on the GUI thread at once:
// the transcript renders a page at a time (transcript_view.h), the Prompt
// tab is rendered and counted in the background and only while it is shown
// (prompt_preview.h), and the reply's prompt is made on the worker, which
// leaves out the oldest turns of a conversation longer than the context.
#include "chat/chat_controller.h"
#include "chat/conversation_file.h"
#include "chat/prompt_preview.h"
#include "chat/transcript_view.h"

#include <QDateTime>
#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTextDocument;
class QTimer;

namespace cmf::engine {
class Session;
}

namespace cmfw {

class ChatPresetBar;
class ChatSettingsPanel;
class HistorySidebar;

class ChatView : public QWidget {
    Q_OBJECT
public:
    explicit ChatView(const QString& modelPath, QWidget* parent = nullptr);
    ~ChatView() override;

    ChatController* controller() const { return controller_; }
    ChatSettingsPanel* settingsPanel() const { return panel_; }
    TranscriptView* transcript() const { return transcript_; }
    QPlainTextEdit* input() const { return input_; }
    QPushButton* sendButton() const { return send_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* regenerateButton() const { return regenerate_; }
    QPushButton* editButton() const { return edit_; }
    QPushButton* clearButton() const { return clear_; }
    QLabel* statusLabel() const { return status_; }

    QTabWidget* sideTabs() const { return side_; }
    HistorySidebar* history() const { return history_; }
    ChatPresetBar* presetBar() const { return presets_; }
    // The history file of the conversation shown ("" until its first autosave).
    const QString& conversationPath() const { return currentPath_; }

    // The template preview: the rendered prompt and its token count (-1 before the model loads).
    QString previewText() const;
    int previewTokens() const { return previewTokens_; }
    // Renders the preview now, on the calling thread (tests, scripts). The
    // window itself refreshes it in the background a moment after each
    // change, while the Prompt tab is shown.
    void updatePreview();
    // Shows the whole text of a message the transcript shows in part.
    void showMessage(size_t index);
    // What the memory budget says about the current settings: "" when the estimate fits.
    const QString& memoryProblem() const { return memoryProblem_; }

    // Send the input (or, after Edit, replace the last user turn with it).
    void sendInput();
    void editLast();    // puts the last user message in the input for Edit-and-resend
    // Message i of the active path: a user message goes into the input, to be
    // resent as a new branch; a reply is edited in a dialog.
    void editMessage(size_t index);
    // Removes message i and what follows it on its branch, after asking when confirm is set.
    bool deleteMessage(size_t index, bool confirm = true);
    // Copies code block k of message i (replyCodeBlocks) exactly.
    void copyCode(size_t index, size_t block);
    // The history: a new, empty conversation, or a saved one (refused while a reply runs).
    bool newConversation();
    bool openFromHistory(const QString& path);
    // Saves the conversation to the history now (the window does it after each reply and edit).
    void autosave();
    void copyLastReply();
    // Where Save… and Export… start: the documents folder, named after the model and today.
    QString defaultSavePath(const QString& extension) const;
    void saveTo(const QString& path);   // throw std::runtime_error
    void loadFrom(const QString& path); // restores messages and settings
    // The Load… button's way: reads and parses the file on a worker thread,
    // then restores it; an error goes to the status line.
    void openConversation(const QString& path, bool fromHistory = false);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void onLoaded();
    void renderTranscript();
    void schedulePreview(); // the timer's refresh: in the background, and only for a visible Prompt tab
    bool previewShown() const;
    void showPreview(const PreviewResult& r);
    PreviewRequest previewRequest() const;
    QTextDocument* newInputDocument();
    void dropSentDocument();
    void updateButtons();
    void updateMemory();
    void updateMeter();
    void applyConversation(Conversation c);
    void adoptConversation(const Conversation& c, const QString& historyPath); // "" = a new history entry, saved now
    bool refuseWhileBusy();
    void saveDialog();
    void loadDialog();
    void exportDialog();

    ChatController* controller_;
    ChatSettingsPanel* panel_;
    ChatPresetBar* presets_;
    HistorySidebar* history_;
    QTabWidget* side_;
    QWidget* promptTab_;
    TranscriptView* transcript_;
    QPlainTextEdit* input_;
    QPlainTextEdit* preview_;
    QLabel* previewInfo_;
    QLabel* status_;
    QPushButton *send_, *stop_, *regenerate_, *edit_, *copy_, *clear_;
    QTimer* renderTimer_;  // coalesces transcript redraws while a reply streams
    QTimer* previewTimer_;
    PromptPreviewer* previewer_;
    std::unique_ptr<cmf::engine::Session> previewSession_; // updatePreview() only, made on first use; never generates
    bool previewDirty_ = true; // changed while the Prompt tab was hidden
    int previewTokens_ = -1;
    int promptTokens_ = -1;    // the running reply's prompt, from the worker
    int streamedPieces_ = 0;
    long editIndex_ = -1; // the user message being edited for resending; -1 = none
    QString dirHash_;     // of the model file, for the history and the presets
    QString currentPath_, currentTitle_;
    QDateTime created_;
    QTextDocument* sentDoc_ = nullptr; // the input of the request in flight: given back if it is refused
    QString memoryProblem_;
};

} // namespace cmfw
