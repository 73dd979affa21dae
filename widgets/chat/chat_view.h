#pragma once
// A chat with one model file: the streamed transcript, the input with Send,
// Stop, Regenerate, Edit-and-resend, Copy and Clear, the settings panel, and
// the exact prompt the template renders for the conversation plus the
// pending input (with its token count). Generation runs on the controller's
// worker thread; closing the window stops a reply and waits for the thread.
// Conversations save and load as JSON and export as Markdown.
#include "chat/chat_controller.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTextBrowser;
class QTimer;

namespace cmf::engine {
class Session;
}

namespace cmfw {

class ChatSettingsPanel;

class ChatView : public QWidget {
    Q_OBJECT
public:
    explicit ChatView(const QString& modelPath, QWidget* parent = nullptr);
    ~ChatView() override;

    ChatController* controller() const { return controller_; }
    ChatSettingsPanel* settingsPanel() const { return panel_; }
    QTextBrowser* transcript() const { return transcript_; }
    QPlainTextEdit* input() const { return input_; }
    QPushButton* sendButton() const { return send_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* regenerateButton() const { return regenerate_; }
    QPushButton* editButton() const { return edit_; }
    QLabel* statusLabel() const { return status_; }

    // The template preview: the rendered prompt and its token count (-1 before the model loads).
    QString previewText() const;
    int previewTokens() const { return previewTokens_; }
    void updatePreview(); // at once (it also runs on a short timer after each change)

    // Send the input (or, after Edit, replace the last user turn with it).
    void sendInput();
    void editLast();    // puts the last user message in the input for Edit-and-resend
    void copyLastReply();
    void saveTo(const QString& path);   // throw std::runtime_error
    void loadFrom(const QString& path); // restores messages and settings

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void onLoaded();
    void renderTranscript();
    void updateButtons();
    void updateMemory();
    void updateMeter();
    void saveDialog();
    void loadDialog();
    void exportDialog();

    ChatController* controller_;
    ChatSettingsPanel* panel_;
    QTextBrowser* transcript_;
    QPlainTextEdit* input_;
    QPlainTextEdit* preview_;
    QLabel* previewInfo_;
    QLabel* status_;
    QPushButton *send_, *stop_, *regenerate_, *edit_, *copy_, *clear_;
    QTimer* renderTimer_;  // coalesces transcript redraws while a reply streams
    QTimer* previewTimer_;
    std::unique_ptr<cmf::engine::Session> previewSession_; // GUI thread only; never generates
    int previewTokens_ = -1;
    int streamedPieces_ = 0;
    bool editing_ = false;
    uint64_t estimateBytes_ = 0;
};

} // namespace cmfw
