#pragma once
// The sharding choice of the import dialog and of the Tasks page's Shard
// operation: the largest shard in GB of rough f32 size (§10), as
// `cmf convert --shard-max-gb` and `cmf shard --max-gb` take it. Optional
// (a check box "Split into shards of at most") for import, where one file is
// the default; required for Shard. Adds its row to the caller's form.
#include <QObject>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QWidget;

namespace cmfw {

class ShardPicker : public QObject {
    Q_OBJECT
public:
    enum class Mode { Optional, Required };
    ShardPicker(QFormLayout* form, QWidget* parent, Mode mode, double initialGb = 4);

    // The largest shard in GB; 0 when splitting is optional and off.
    double maxGb() const;
    void setMaxGb(double gb); // 0 turns an optional split off
    void setEnabled(bool on);

    QCheckBox* checkBox() const { return check_; } // null when required
    QDoubleSpinBox* sizeBox() const { return size_; }

Q_SIGNALS:
    void changed();

private:
    QCheckBox* check_ = nullptr;
    QDoubleSpinBox* size_ = nullptr;
};

} // namespace cmfw
