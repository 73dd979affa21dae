#include "views/scale_profiles_panel.h"

#include "charts/row_series_chart.h"
#include "util/bits_text.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "views/tensor_picker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace cmfw {

namespace {

bool hasScales(cmf::DType t) {
    switch (t) {
    case cmf::DType::Q8Row:
    case cmf::DType::Q8_2F:
    case cmf::DType::Q4Block:
    case cmf::DType::Q4Tiled:
    case cmf::DType::Q4TP:
    case cmf::DType::VBit:
    case cmf::DType::VBitRo:
    case cmf::DType::Q1:
    case cmf::DType::Q1S:
    case cmf::DType::Q1T: return true;
    default: return false;
    }
}

// Which tensor to open on: the layouts this panel is mostly for come first.
int priority(cmf::DType t) {
    switch (t) {
    case cmf::DType::Q4TP: return 0;
    case cmf::DType::Q8_2F: return 1;
    case cmf::DType::VBit:
    case cmf::DType::VBitRo: return 2;
    default: return 3;
    }
}

} // namespace

ScaleProfilesPanel::ScaleProfilesPanel(std::shared_ptr<const TensorSource> src, QWidget* parent) : QWidget(parent), src_(std::move(src)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(6, 6, 6, 6);
    const auto picker =
        makeTensorPicker(*src_, [](const cmf::TensorRecord& r) { return hasScales(r.dtype); }, tr("Tensor:"), 24, true, this);
    tensors_ = picker.combo;
    const auto& list = picker.indices;
    lay->addLayout(picker.row);
    note_ = makeNote(QString(), this);
    lay->addWidget(note_);
    auto* split = new QSplitter(Qt::Horizontal, this);
    rows_ = new RowSeriesChart(split);
    cols_ = new RowSeriesChart(split);
    cols_->setXTitle(tr("column"));
    split->addWidget(rows_);
    split->addWidget(cols_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1); // rows and columns are equally long axes
    lay->addWidget(split, 1);

    cols_->hide();
    if (list.empty()) {
        tensors_->setEnabled(false);
        note_->setText(tr("No quantized tensors with scales in this file."));
        return;
    }
    connect(tensors_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) show(tensors_->itemData(i).toULongLong());
    });
    const auto first = std::min_element(list.begin(), list.end(), [this](uint64_t a, uint64_t b) {
        return priority(src_->record(a).dtype) < priority(src_->record(b).dtype);
    });
    tensors_->setCurrentIndex(int(first - list.begin()));
    if (first == list.begin()) show(*first);
}

QString ScaleProfilesPanel::currentTensor() const {
    return tensors_->currentIndex() < 0 ? QString() : Text::fromUtf8(src_->record(tensors_->currentData().toULongLong()).name);
}

bool ScaleProfilesPanel::selectTensor(const QString& name) {
    for (int i = 0; i < tensors_->count(); ++i)
        if (Text::fromUtf8(src_->record(tensors_->itemData(i).toULongLong()).name) == name) {
            if (i == tensors_->currentIndex()) show(tensors_->itemData(i).toULongLong());
            else tensors_->setCurrentIndex(i);
            return true;
        }
    return false;
}

void ScaleProfilesPanel::show(uint64_t index) {
    const cmf::TensorBytes t = src_->tensorBytes(index);
    scales_ = readRowScales(t);
    if (!scales_.error.empty()) {
        note_->setText(QString::fromStdString(scales_.error));
        rows_->clear();
        cols_->hide();
        return;
    }
    if (scales_.kind == RowScales::Kind::RowScale) {
        rows_->setSeries(tr("row scale"), scales_.scaleMean);
    } else {
        // Group scales: the row's mean, with its largest group beside it (outlier groups stand out).
        rows_->setSeries(tr("mean group scale"), scales_.scaleMean, tr("max group scale"), scales_.scaleMax);
    }
    cols_->setVisible(!scales_.colField.empty());
    if (!scales_.colField.empty()) cols_->setSeries(tr("column field θ"), scales_.colField);
    QString text = BitsText::howComputed(t.dtype);
    if (t.dtype == cmf::DType::Q4TP)
        text += u' ' + tr("Each tile's scale is 2^(lo + code · step) on its row's 32-rung ladder; the profile shows the scales the codes pick.");
    if (t.dtype == cmf::DType::Q8_2F) text += u' ' + tr("w = q · scale[row] · θ[column]: the row scale on the left, the column field on the right.");
    note_->setText(text);
}

} // namespace cmfw
