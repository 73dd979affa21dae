#include "views/shard_picker.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

ShardPicker::ShardPicker(QFormLayout* form, QWidget* parent, Mode mode, double initialGb) : QObject(parent) {
    size_ = new QDoubleSpinBox(parent);
    size_->setObjectName(u"shardGb"_s);
    size_->setRange(0.01, 10000);
    size_->setDecimals(2);
    size_->setValue(initialGb);
    size_->setSuffix(tr(" GB"));
    size_->setToolTip(tr("Measured as the tensors' size at f32 (§10): a tensor is never split, so a shard may hold one "
                         "larger tensor alone."));
    connect(size_, &QDoubleSpinBox::valueChanged, this, &ShardPicker::changed);
    if (mode == Mode::Required) {
        form->addRow(tr("Largest shard"), size_);
        return;
    }
    auto* row = new QHBoxLayout;
    check_ = new QCheckBox(tr("Split into shards of at most"), parent);
    check_->setObjectName(u"shard"_s);
    size_->setEnabled(false);
    row->addWidget(check_);
    row->addWidget(size_, 1);
    form->addRow(tr("Sharding"), row);
    connect(check_, &QCheckBox::toggled, this, [this](bool on) {
        size_->setEnabled(on);
        Q_EMIT changed();
    });
}

double ShardPicker::maxGb() const { return check_ && !check_->isChecked() ? 0.0 : size_->value(); }

void ShardPicker::setMaxGb(double gb) {
    if (check_) check_->setChecked(gb > 0);
    if (gb > 0) size_->setValue(gb);
}

void ShardPicker::setEnabled(bool on) {
    if (check_) check_->setEnabled(on);
    size_->setEnabled(on && (!check_ || check_->isChecked()));
}

} // namespace cmfw
