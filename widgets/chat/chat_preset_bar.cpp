#include "chat/chat_preset_bar.h"

#include "chat/chat_settings_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace cmfw {

ChatPresetBar::ChatPresetBar(ChatSettingsPanel* panel, QWidget* parent) : QWidget(parent), panel_(panel) {
    auto* l = new QHBoxLayout(this);
    l->setContentsMargins(4, 4, 4, 0);
    l->addWidget(new QLabel(tr("Preset"), this));
    box_ = new QComboBox(this);
    box_->setObjectName(u"chatPreset"_s);
    box_->setToolTip(tr("A system prompt with its sampling and reply length, kept for this model"));
    l->addWidget(box_, 1);
    save_ = new QPushButton(tr("Save as…"), this);
    delete_ = new QPushButton(tr("Delete"), this);
    l->addWidget(save_);
    l->addWidget(delete_);
    connect(box_, &QComboBox::activated, this, [this] { apply(currentName()); });
    connect(save_, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString current = box_->currentIndex() > 0 ? currentName() : QString();
        const QString name = QInputDialog::getText(this, tr("Save preset"), tr("Name:"), QLineEdit::Normal, current, &ok).trimmed();
        if (ok && !name.isEmpty()) saveAs(name);
    });
    connect(delete_, &QPushButton::clicked, this, [this] {
        const QString name = currentName();
        if (box_->currentIndex() <= 0) return;
        if (QMessageBox::question(this, tr("Delete preset"), tr("Delete the preset “%1”?").arg(name), QMessageBox::Yes | QMessageBox::Cancel,
                                  QMessageBox::Cancel) == QMessageBox::Yes)
            remove(name);
    });
    fill({});
}

QString ChatPresetBar::defaultName() const { return tr("Default"); }

void ChatPresetBar::setModel(const QString& presetsFile, const ChatSettings& defaults) {
    file_ = presetsFile;
    defaults_ = defaults;
    try {
        presets_ = loadPresets(file_);
    } catch (const std::exception& e) {
        presets_.clear();
        Q_EMIT failed(QString::fromUtf8(e.what()));
    }
    fill({});
}

void ChatPresetBar::fill(const QString& select) {
    filling_ = true;
    box_->clear();
    box_->addItem(defaultName());
    for (const auto& p : presets_) box_->addItem(p.name);
    const int i = select.isEmpty() ? 0 : box_->findText(select);
    box_->setCurrentIndex(std::max(i, 0));
    delete_->setEnabled(box_->currentIndex() > 0);
    filling_ = false;
}

QString ChatPresetBar::currentName() const { return box_->currentText(); }

bool ChatPresetBar::apply(const QString& name) {
    const ChatSettings* s = nullptr;
    if (name == defaultName()) s = &defaults_;
    for (const auto& p : presets_)
        if (p.name == name) s = &p.settings;
    if (!s) return false;
    panel_->setSettings(withPreset(panel_->settings(), *s));
    box_->setCurrentIndex(std::max(box_->findText(name), 0));
    delete_->setEnabled(box_->currentIndex() > 0);
    return true;
}

bool ChatPresetBar::store() {
    try {
        savePresets(file_, presets_);
        return true;
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromUtf8(e.what()));
        return false;
    }
}

bool ChatPresetBar::saveAs(const QString& name) {
    if (name.trimmed().isEmpty() || name == defaultName() || file_.isEmpty()) return false;
    const ChatSettings s = panel_->settings();
    bool replaced = false;
    for (auto& p : presets_)
        if (p.name == name) {
            p.settings = s;
            replaced = true;
        }
    if (!replaced) presets_.push_back({name, s});
    fill(name);
    return store();
}

bool ChatPresetBar::remove(const QString& name) {
    const auto it = std::find_if(presets_.begin(), presets_.end(), [&](const ChatPreset& p) { return p.name == name; });
    if (it == presets_.end()) return false;
    presets_.erase(it);
    fill({});
    return store();
}

} // namespace cmfw
