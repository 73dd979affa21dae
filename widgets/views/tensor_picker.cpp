#include "views/tensor_picker.h"

#include "models/tensor_name.h"
#include "util/format_text.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>

namespace cmfw {

TensorPicker makeTensorPicker(const TensorSource& src, const std::function<bool(const cmf::TensorRecord&)>& keep,
                              const QString& caption, int minimumChars, bool withDtype, QWidget* parent) {
    TensorPicker p;
    p.row = new QHBoxLayout();
    p.row->addWidget(new QLabel(caption, parent));
    p.combo = new QComboBox(parent);
    // Long names must not widen the panel.
    p.combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    p.combo->setMinimumContentsLength(minimumChars);
    p.row->addWidget(p.combo, 1);

    for (uint64_t i = 0; i < src.count(); ++i)
        if (keep(src.record(i))) p.indices.push_back(i);
    std::sort(p.indices.begin(), p.indices.end(),
              [&src](uint64_t a, uint64_t b) { return naturalCompare(src.record(a).name, src.record(b).name) < 0; });
    for (const uint64_t i : p.indices) {
        const auto r = src.record(i);
        QString label = Text::fromUtf8(r.name);
        if (withDtype) label += QStringLiteral("  (") + Text::fromUtf8(cmf::dtypeName(r.dtype)) + u')';
        p.combo->addItem(label, QVariant::fromValue<qulonglong>(i));
    }
    return p;
}

} // namespace cmfw
