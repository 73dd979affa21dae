#pragma once
// Presets: a named system prompt with its sampling and reply length, kept
// per model (by the envelope's directory hash, else its path) in
// chatDataDirectory()/presets/<key>.json. Applying one changes only those
// fields: the context, task, skill and drafts stay as they are. "Default" is
// not stored: it is what the window starts from — no system prompt and the
// file's generation defaults (chat_settings_panel.h setSamplingDefaults).
#include "chat/chat_settings.h"

#include <QString>

#include <vector>

namespace cmfw {

struct ChatPreset {
    QString name;
    ChatSettings settings; // only system, sampling and maxTokens are used
};

// current with the preset's system prompt, sampling and reply length.
ChatSettings withPreset(const ChatSettings& current, const ChatSettings& preset);

// The presets file of a model.
QString presetsPath(const QString& modelPath, const QString& dirHash);
// [] when the file is missing; throws std::runtime_error when it cannot be read or parsed.
std::vector<ChatPreset> loadPresets(const QString& path);
void savePresets(const QString& path, const std::vector<ChatPreset>& presets);

} // namespace cmfw
