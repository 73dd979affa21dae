#include "views/tensor_summary_panel.h"

#include "charts/bytes_chart.h"
#include "util/format_text.h"

#include "cmf/format/dtype.h"

#include <QHBoxLayout>

namespace cmfw {

TensorSummaryPanel::TensorSummaryPanel(QWidget* parent) : QWidget(parent) {
    auto* lay = new QHBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    dtype_ = new BytesChart(tr("Bytes per dtype"), this);
    family_ = new BytesChart(tr("Bytes per tensor family"), this);
    lay->addWidget(dtype_, 1);
    lay->addWidget(family_, 1);
}

QString TensorSummaryPanel::familyName(TensorFamily f) {
    switch (f) {
    case TensorFamily::Embeddings: return tr("embeddings");
    case TensorFamily::Attention: return tr("attention");
    case TensorFamily::Ffn: return tr("FFN");
    case TensorFamily::Experts: return tr("experts");
    case TensorFamily::Norms: return tr("norms");
    case TensorFamily::Skills: return tr("skills");
    case TensorFamily::Other: return tr("other");
    }
    return {};
}

void TensorSummaryPanel::setSummary(const TensorSummary& s) {
    std::vector<BytesChart::Bar> byDtype, byFamily;
    for (int id = 0; id < 256; ++id) {
        const auto& b = s.byDType[size_t(id)];
        if (b.tensors == 0) continue;
        const auto name = cmf::dtypeName(cmf::DType(id));
        byDtype.push_back({Text::fromUtf8(name), b.bytes, b.tensors});
    }
    for (int f = 0; f < kFamilyCount; ++f) {
        const auto& b = s.byFamily[size_t(f)];
        if (b.tensors) byFamily.push_back({familyName(TensorFamily(f)), b.bytes, b.tensors});
    }
    dtype_->setBars(std::move(byDtype));
    family_->setBars(std::move(byFamily));
}

} // namespace cmfw
