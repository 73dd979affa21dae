#include "chat/chat_settings_panel.h"
#include "util/tones.h"

#include "cmf/engine/generation_defaults.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QDoubleSpinBox* dspin(QWidget* parent, double lo, double hi, double step, int decimals) {
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(lo, hi);
    s->setSingleStep(step);
    s->setDecimals(decimals);
    return s;
}

QSpinBox* ispin(QWidget* parent, int lo, int hi) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    return s;
}

// Combo entries: display text, with the settings value as data.
QString comboValue(const QComboBox* c) { return c->currentData().toString(); }
void selectValue(QComboBox* c, const QString& v) {
    const int i = c->findData(v);
    c->setCurrentIndex(i < 0 ? 0 : i);
}

} // namespace

ChatSettingsPanel::ChatSettingsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(new QLabel(tr("System prompt"), this));
    system_ = new QPlainTextEdit(this);
    system_->setObjectName(u"chatSystem"_s);
    system_->setMaximumHeight(60);
    layout->addWidget(system_);

    auto* sampling = new QGroupBox(tr("Sampling"), this);
    auto* sf = new QFormLayout(sampling);
    greedy_ = new QCheckBox(tr("Greedy (argmax)"), sampling);
    temp_ = dspin(sampling, 0.01, 5, 0.05, 2);
    topK_ = ispin(sampling, 0, 100000);
    topK_->setSpecialValueText(tr("off"));
    topP_ = dspin(sampling, 0.01, 1, 0.01, 2);
    minP_ = dspin(sampling, 0, 1, 0.01, 2);
    repeat_ = dspin(sampling, 0.5, 3, 0.05, 2);
    seed_ = ispin(sampling, 0, 1 << 30);
    maxTokens_ = ispin(sampling, 1, 32768);
    maxTokens_->setObjectName(u"chatMaxTokens"_s);
    reset_ = new QPushButton(tr("Reset sampling"), sampling);
    reset_->setToolTip(tr("Back to the workbench's defaults (this file has no generation_config)"));
    sf->addRow(greedy_);
    sf->addRow(tr("Temperature"), temp_);
    sf->addRow(tr("Top-k"), topK_);
    sf->addRow(tr("Top-p"), topP_);
    sf->addRow(tr("Min-p"), minP_);
    sf->addRow(tr("Repetition penalty"), repeat_);
    sf->addRow(tr("Seed"), seed_);
    sf->addRow(tr("Max tokens"), maxTokens_);
    draft_ = new QComboBox(sampling);
    draft_->setObjectName(u"chatDraft"_s);
    draft_->setToolTip(tr("Drafted tokens are verified in one pass over the weights: greedy replies are the same as without, "
                          "sampled ones have the same distribution; each reply's line shows how many drafts were accepted"));
    sf->addRow(tr("Speculative decoding"), draft_);
    sf->addRow(reset_);
    layout->addWidget(sampling);

    auto* spec = new QGroupBox(tr("Task and skill (next reply, no reload)"), this);
    auto* pf = new QFormLayout(spec);
    task_ = new QComboBox(spec);
    task_->setObjectName(u"chatTask"_s);
    skill_ = new QComboBox(spec);
    skill_->setObjectName(u"chatSkill"_s);
    blend_ = dspin(spec, 0, 10, 0.05, 2);
    blend_->setToolTip(tr("With auto: 0 = the lowest-energy skill alone; T > 0 blends every record with weights softmax(−E/T)"));
    pf->addRow(tr("Task mask"), task_);
    taskWarning_ = new QLabel(spec);
    taskWarning_->setObjectName(u"chatTaskWarning"_s);
    taskWarning_->setWordWrap(true);
    setTone(taskWarning_, Tone::Bad);
    taskWarning_->hide();
    pf->addRow(taskWarning_);
    pf->addRow(tr("Skill"), skill_);
    pf->addRow(tr("Blend temperature"), blend_);
    layout->addWidget(spec);

    auto* ctxBox = new QGroupBox(tr("Context"), this);
    auto* cf = new QFormLayout(ctxBox);
    ctx_ = ispin(ctxBox, 16, 1 << 20);
    ctx_->setSuffix(tr(" tokens"));
    meter_ = new QProgressBar(ctxBox);
    meter_->setObjectName(u"chatContextMeter"_s);
    meter_->setFormat(tr("%v / %m used"));
    thinking_ = new QCheckBox(tr("enable_thinking"), ctxBox);
    thinking_->setToolTip(tr("The template variable; shown because this file's chat template reads it"));
    cf->addRow(tr("Length"), ctx_);
    cf->addRow(tr("Used"), meter_);
    cf->addRow(thinking_);
    layout->addWidget(ctxBox);

    memory_ = new QLabel(this);
    memory_->setWordWrap(true);
    memory_->setObjectName(u"chatMemory"_s);
    layout->addWidget(memory_);
    layout->addStretch(1);

    setChoices({}, {}, false);
    setMtpAvailable(false);
    setSettings(ChatSettings{});
    thinking_->hide();

    const auto notify = [this] {
        updateEnabled();
        if (!silent_) Q_EMIT changed();
    };
    connect(system_, &QPlainTextEdit::textChanged, this, notify);
    connect(greedy_, &QCheckBox::toggled, this, notify);
    connect(thinking_, &QCheckBox::toggled, this, notify);
    for (auto* s : {temp_, topP_, minP_, repeat_, blend_}) connect(s, &QDoubleSpinBox::valueChanged, this, notify);
    for (auto* s : {topK_, seed_, maxTokens_, ctx_}) connect(s, &QSpinBox::valueChanged, this, notify);
    for (auto* c : {task_, skill_, draft_}) connect(c, &QComboBox::currentIndexChanged, this, notify);
    connect(reset_, &QPushButton::clicked, this, &ChatSettingsPanel::resetSampling);
}

ChatSettings ChatSettingsPanel::settings() const {
    ChatSettings s;
    s.system = system_->toPlainText().toStdString();
    auto& p = s.sampling;
    p.greedy = greedy_->isChecked();
    p.temperature = float(temp_->value());
    p.topK = uint32_t(topK_->value());
    p.topP = float(topP_->value());
    p.minP = float(minP_->value());
    p.repetitionPenalty = float(repeat_->value());
    p.seed = uint64_t(seed_->value());
    s.maxTokens = uint32_t(maxTokens_->value());
    s.ctx = uint32_t(ctx_->value());
    s.enableThinking = thinking_->isChecked();
    s.task = comboValue(task_).toStdString();
    s.skill = comboValue(skill_).toStdString();
    s.blend = blend_->value();
    s.draft = comboValue(draft_).toStdString();
    return s;
}

void ChatSettingsPanel::setSettings(const ChatSettings& s) {
    silent_ = true;
    if (system_->toPlainText().toStdString() != s.system) system_->setPlainText(QString::fromStdString(s.system));
    const auto& p = s.sampling;
    greedy_->setChecked(p.greedy);
    temp_->setValue(p.temperature);
    topK_->setValue(int(p.topK));
    topP_->setValue(p.topP);
    minP_->setValue(p.minP);
    repeat_->setValue(p.repetitionPenalty);
    seed_->setValue(int(p.seed));
    maxTokens_->setValue(int(s.maxTokens));
    ctx_->setValue(int(s.ctx));
    thinking_->setChecked(s.enableThinking);
    selectValue(task_, QString::fromStdString(s.task));
    selectValue(skill_, QString::fromStdString(s.skill));
    blend_->setValue(s.blend);
    selectValue(draft_, QString::fromStdString(s.draft));
    silent_ = false;
    updateEnabled();
    Q_EMIT changed();
}

void ChatSettingsPanel::setSamplingDefaults(const cmf::engine::SamplingParams& p, bool fromFile) {
    defaults_ = p;
    // The temperature field starts at 0.01: a file's temperature 0 means argmax.
    if (defaults_.temperature <= 0.0f) {
        defaults_.greedy = true;
        defaults_.temperature = ChatSettings::defaultSampling().temperature;
    }
    reset_->setToolTip(fromFile ? tr("Back to this file's generation defaults (its generation_config): %1")
                                      .arg(QString::fromStdString(cmf::engine::describeSampling(defaults_)))
                                : tr("Back to the workbench's defaults (this file has no generation_config)"));
    resetSampling();
}

void ChatSettingsPanel::resetSampling() {
    ChatSettings s = settings();
    s.sampling = defaults_;
    s.maxTokens = ChatSettings{}.maxTokens;
    setSettings(s);
}

void ChatSettingsPanel::setChoices(const std::vector<std::string>& tasks, const std::vector<std::string>& skills, bool canRoute) {
    const ChatSettings keep = settings();
    silent_ = true;
    task_->clear();
    task_->addItem(tr("none (dense)"), QString());
    for (const auto& t : tasks) task_->addItem(QString::fromStdString(t), QString::fromStdString(t));
    skill_->clear();
    skill_->addItem(tr("none (backbone)"), QString());
    for (const auto& s : skills) skill_->addItem(QString::fromStdString(s), QString::fromStdString(s));
    if (canRoute) skill_->addItem(tr("auto (routing)"), u"auto"_s);
    silent_ = false;
    selectValue(task_, QString::fromStdString(keep.task));
    selectValue(skill_, QString::fromStdString(keep.skill));
}

void ChatSettingsPanel::setUnmeasuredTasks(const std::vector<std::string>& tasks) {
    unmeasured_ = tasks;
    updateEnabled();
}

void ChatSettingsPanel::setThinkingAvailable(bool available) { thinking_->setVisible(available); }

void ChatSettingsPanel::setMtpAvailable(bool available) {
    const QString keep = comboValue(draft_);
    silent_ = true;
    draft_->clear();
    draft_->addItem(tr("off"), u"none"_s);
    draft_->addItem(tr("prompt lookup"), u"lookup"_s);
    if (available) draft_->addItem(tr("MTP head"), u"mtp"_s);
    silent_ = false;
    selectValue(draft_, keep.isEmpty() ? u"none"_s : keep);
}

void ChatSettingsPanel::setMaxContext(uint32_t maxPositions) {
    if (!maxPositions) return;
    ctx_->setMaximum(int(maxPositions));
}

void ChatSettingsPanel::setContextUsed(uint32_t used, uint32_t size) {
    meter_->setMaximum(int(std::max<uint32_t>(size, 1)));
    meter_->setValue(int(std::min(used, size)));
}

void ChatSettingsPanel::setMemoryText(const QString& text) { memory_->setText(text); }

void ChatSettingsPanel::updateEnabled() {
    const bool sample = !greedy_->isChecked();
    for (QWidget* w : std::initializer_list<QWidget*>{temp_, topK_, topP_, minP_, seed_}) w->setEnabled(sample);
    blend_->setEnabled(comboValue(skill_) == u"auto");
    // The Masks view marks such a mask NOT MEASURED; here is where it would be used.
    const std::string task = comboValue(task_).toStdString();
    const bool unmeasured = !task.empty() && std::find(unmeasured_.begin(), unmeasured_.end(), task) != unmeasured_.end();
    taskWarning_->setText(unmeasured ? tr("Task mask “%1” is NOT MEASURED: its file records no quality (§5.1), so nobody checked how much "
                                          "worse its replies are than the dense model's.")
                                           .arg(QString::fromStdString(task))
                                     : QString());
    taskWarning_->setVisible(unmeasured);
}

} // namespace cmfw
