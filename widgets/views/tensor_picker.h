#pragma once
// The tensor chooser the quantization panels (row widths, scale profiles) open
// with: a caption and a combo that elides long names (its popup shows them
// whole), filled with the tensors a panel can show, in natural name order,
// each item's data its directory index.
#include "models/tensor_source.h"

#include <QString>
#include <functional>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QWidget;

namespace cmfw {

struct TensorPicker {
    QHBoxLayout* row = nullptr;  // caption and combo; the panel adds its own controls after them
    QComboBox* combo = nullptr;
    std::vector<uint64_t> indices; // the combo's items, in its order
};

// caption is the panel's own translated "Tensor:"; withDtype adds "  (dtype)" to each item.
TensorPicker makeTensorPicker(const TensorSource& src, const std::function<bool(const cmf::TensorRecord&)>& keep,
                              const QString& caption, int minimumChars, bool withDtype, QWidget* parent);

} // namespace cmfw
