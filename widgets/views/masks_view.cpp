#include "views/masks_view.h"

#include "document/cmf_document.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cmfw {

namespace {

QString qualityText(const nlohmann::json& q) {
    if (q.is_null()) return MasksView::tr("NOT MEASURED");
    if (q.is_object() && q.contains("metric") && q.contains("value") && q["value"].is_number())
        return QString::fromStdString(q["metric"].is_string() ? q["metric"].get<std::string>() : q["metric"].dump()) +
               u" = " + Text::value(q["value"].get<double>());
    return QString::fromStdString(q.dump());
}

QString metaString(const nlohmann::json& m, const char* key) {
    if (!m.is_object() || !m.contains(key) || m[key].is_null()) return QString();
    return m[key].is_string() ? QString::fromStdString(m[key].get<std::string>()) : QString::fromStdString(m[key].dump());
}

} // namespace

MasksView::MasksView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const cmf::CmfFile& f = *doc_->file();
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Masks"), this));
    const auto& ms = f.masks();
    if (!ms) {
        lay->addWidget(makeNote(tr("This file has no masks section (masks_off = 0). Task masks are bit fields over the "
                                   "shared weights that say which FFN neurons, attention heads, layers and experts are "
                                   "active for a task, without changing any weight (spec §5)."),
                                this));
    } else {
        const auto& L = ms->layout;
        QString summary = tr("%n mask(s) in %1 at offset %2; default task: %3.", nullptr, int(ms->nMasks))
                              .arg(Text::bytes(f.envelope().masks.len), Text::offset(f.envelope().masks.off),
                                   ms->defaultTask.empty() ? tr("none") : QString::fromStdString(ms->defaultTask));
        summary += u' ' + tr("Each mask has %1 rows of %2 FFN bits, %3 head bits, %4 layer gates").arg(L.rows).arg(L.ffnBits).arg(L.headBits).arg(L.gateBits);
        summary += L.expertBits ? u' ' + tr("and %1 expert bits per row.").arg(L.expertBits) : QStringLiteral(".");
        if (f.envelope().has(cmf::LoopMasks)) summary += u' ' + tr("LOOP_MASKS: rows are per visit of a looped transformer.");
        lay->addWidget(makeNote(summary, this));

        auto* split = new QSplitter(Qt::Vertical, this);
        masks_ = new QTableWidget(0, 9, split);
        masks_->setHorizontalHeaderLabels({tr("Task"), tr("Name"), tr("Sparsity"), tr("Quality"), tr("Priority"), tr("Parent"),
                                           tr("Blob offset"), tr("Blob bytes"), tr("Experts")});
        makeReadOnlyTable(masks_);
        masks_->setSelectionMode(QAbstractItemView::SingleSelection);
        for (const auto& m : ms->masks) {
            const int r = masks_->rowCount();
            masks_->insertRow(r);
            setCell(masks_, r, 0, QString::number(m.taskId));
            setCell(masks_, r, 1, QString::fromStdString(m.name));
            setCell(masks_, r, 2, Text::percent(m.sparsity));
            setCell(masks_, r, 3, qualityText(m.quality));
            setCell(masks_, r, 4, metaString(m.meta, "priority"));
            setCell(masks_, r, 5, metaString(m.meta, "parent"));
            setCell(masks_, r, 6, Text::offset(m.blobOff));
            setCell(masks_, r, 7, Text::count(m.blobLen));
            setCell(masks_, r, 8, m.hasExpertFields ? tr("yes") : tr("no"));
            if (m.quality.is_null()) masks_->item(r, 3)->setForeground(QColor(0xb0, 0x60, 0x00));
        }
        masks_->resizeColumnsToContents();
        masks_->horizontalHeader()->setStretchLastSection(true);
        // A few masks: the table shows them all and the layers get the rest.
        if (ms->masks.size() <= 8) fitTableHeight(masks_);
        layers_ = new QTableWidget(0, 5, split);
        layers_->setHorizontalHeaderLabels({tr("Row"), tr("Active FFN neurons"), tr("Active heads"), tr("Layer gate"), tr("Active experts")});
        makeReadOnlyTable(layers_);
        split->addWidget(masks_);
        split->addWidget(layers_);
        lay->addWidget(split, 1);
        connect(masks_, &QTableWidget::currentCellChanged, this, [this](int row) { selectMask(row); });
        if (!ms->masks.empty()) masks_->setCurrentCell(0, 1);
    }

    lay->addWidget(makeHeading(tr("Sparse index"), this));
    if (const auto& ix = f.sparseIndex()) {
        uint64_t groups = 0, heads = 0;
        for (const auto& e : ix->entries) groups += e.activeFfnGroups.size(), heads += e.activeHeads.size();
        lay->addWidget(makeNote(tr("%n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. "
                                   "Deprecation-pending: engines read the mask bits directly (§7).",
                                   nullptr, int(ix->entries.size()))
                                    .arg(Text::bytes(f.envelope().index.len))
                                    .arg(groups)
                                    .arg(heads),
                                this));
    } else {
        lay->addWidget(makeNote(tr("No sparse index (index_off = 0). Writers should no longer emit it (§7)."), this));
    }
    if (!ms) lay->addStretch(1);
}

void MasksView::selectMask(int row) {
    const auto& ms = doc_->file()->masks();
    if (!ms || !layers_ || row < 0 || row >= int(ms->masks.size())) return;
    const auto& m = ms->masks[size_t(row)];
    const auto& L = ms->layout;
    layers_->setRowCount(0);
    for (uint32_t r = 0; r < L.rows; ++r) {
        layers_->insertRow(int(r));
        setCell(layers_, int(r), 0, QString::number(r));
        auto frac = [](uint32_t a, uint32_t n) { return QStringLiteral("%1 / %2").arg(a).arg(n); };
        setCell(layers_, int(r), 1, r < m.ffnActive.size() ? frac(m.ffnActive[r], L.ffnBits) : QString());
        setCell(layers_, int(r), 2, r < m.headsActive.size() ? frac(m.headsActive[r], L.headBits) : QString());
        setCell(layers_, int(r), 3, r < m.layerGates.size() ? (m.layerGates[r] ? tr("on") : tr("off")) : QString());
        setCell(layers_, int(r), 4, r < m.expertsActive.size() ? frac(m.expertsActive[r], L.expertBits) : tr("—"));
    }
    layers_->resizeColumnsToContents();
    layers_->horizontalHeader()->setStretchLastSection(true);
}

} // namespace cmfw
