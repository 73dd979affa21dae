#pragma once
// The controls beside a chat: system prompt, sampling (with Reset), reply
// length, context length and its meter, enable_thinking (only when the
// template reads it), the task/skill/blend switcher and the memory line.
// It edits a ChatSettings; the window hands that to the next reply, so a
// change never reloads the model.
#include "chat/chat_settings.h"

#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cmfw {

class ChatSettingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChatSettingsPanel(QWidget* parent = nullptr);

    ChatSettings settings() const;
    void setSettings(const ChatSettings& s); // emits changed() once
    // The file's masks and skills; auto is offered when some skill has a routing subspace.
    void setChoices(const std::vector<std::string>& tasks, const std::vector<std::string>& skills, bool canRoute);
    // The masks whose quality is null (§5.1: never measured): choosing one shows a warning under the task box.
    void setUnmeasuredTasks(const std::vector<std::string>& tasks);
    QLabel* taskWarning() const { return taskWarning_; }
    void setThinkingAvailable(bool available);
    // Offers MTP drafts when the file has an MTP head (arch.mtp).
    void setMtpAvailable(bool available);
    void setMaxContext(uint32_t maxPositions);
    void setContextUsed(uint32_t used, uint32_t size);
    void setMemoryText(const QString& text);

    QComboBox* taskBox() const { return task_; }
    QComboBox* skillBox() const { return skill_; }
    QCheckBox* greedyBox() const { return greedy_; }
    QSpinBox* maxTokensBox() const { return maxTokens_; }
    QProgressBar* contextMeter() const { return meter_; }
    QLabel* memoryLabel() const { return memory_; }
    QCheckBox* thinkingBox() const { return thinking_; }
    QComboBox* draftBox() const { return draft_; }

    // The sampling a reply starts from for this file: ChatSettings' defaults
    // under the file's generation_config (fromFile: the file set some of
    // them, said in Reset's tooltip). Applied to the fields at once.
    void setSamplingDefaults(const cmf::engine::SamplingParams& p, bool fromFile);
    // Sampling back to those defaults (the rest is kept).
    void resetSampling();

Q_SIGNALS:
    void changed();

private:
    void updateEnabled();
    QPlainTextEdit* system_;
    QCheckBox* greedy_;
    QDoubleSpinBox *temp_, *topP_, *minP_, *repeat_, *blend_;
    QSpinBox *topK_, *seed_, *maxTokens_, *ctx_;
    QCheckBox* thinking_;
    QComboBox *task_, *skill_, *draft_;
    QProgressBar* meter_;
    QLabel* memory_;
    QLabel* taskWarning_;
    std::vector<std::string> unmeasured_;
    QPushButton* reset_;
    cmf::engine::SamplingParams defaults_ = ChatSettings::defaultSampling();
    bool silent_ = false; // setSettings fills many widgets: one changed() at the end
};

} // namespace cmfw
