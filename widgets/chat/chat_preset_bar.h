#pragma once
// The preset row above the chat settings: a list with "Default" first and
// this model's saved presets (chat_presets.h), Save as… and Delete. Picking
// one applies it to the panel at once.
#include "chat/chat_presets.h"

#include <QWidget>

class QComboBox;
class QPushButton;

namespace cmfw {

class ChatSettingsPanel;

class ChatPresetBar : public QWidget {
    Q_OBJECT
public:
    ChatPresetBar(ChatSettingsPanel* panel, QWidget* parent = nullptr);

    // The model's presets file (read now) and what Default means for it.
    void setModel(const QString& presetsFile, const ChatSettings& defaults);
    const std::vector<ChatPreset>& presets() const { return presets_; }
    // Applies a preset by name ("Default" too); false when there is none.
    bool apply(const QString& name);
    // Saves the panel's settings under name (replacing one of that name) and selects it.
    bool saveAs(const QString& name);
    bool remove(const QString& name);
    QString currentName() const;

    QComboBox* box() const { return box_; }
    QPushButton* saveButton() const { return save_; }
    QPushButton* deleteButton() const { return delete_; }

Q_SIGNALS:
    void failed(const QString& message);

private:
    void fill(const QString& select);
    bool store();
    QString defaultName() const;

    ChatSettingsPanel* panel_;
    QComboBox* box_;
    QPushButton *save_, *delete_;
    QString file_;
    ChatSettings defaults_;
    std::vector<ChatPreset> presets_;
    bool filling_ = false;
};

} // namespace cmfw
