#include "views/masks_view.h"
#include "util/tones.h"

#include "document/cmf_document.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"
#include "views/mask_bitmap_panel.h"
#include "views/quality_contract_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
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
        summary_ = makeNote(summary, this);
        lay->addWidget(summary_);

        masks_ = new QTableWidget(0, 9, this);
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
            if (m.quality.is_null()) masks_->item(r, 3)->setForeground(toneColor(Tone::Warn));
        }
        masks_->resizeColumnsToContents();
        masks_->horizontalHeader()->setStretchLastSection(true);
        // A few masks: the table shows them all while there is room (one row
        // in a small window); many scroll in a short table so the bitmaps keep the room.
        if (ms->masks.size() <= 6) fitTableHeightShrinkable(masks_, 1);
        else masks_->setMaximumHeight(masks_->verticalHeader()->defaultSectionSize() * 6 + masks_->horizontalHeader()->height() + 4);
        lay->addWidget(masks_);

        // Which task, and which to compare it with: in the row of the bitmaps' buttons.
        taskA_ = new QComboBox(this);
        taskB_ = new QComboBox(this);
        taskB_->addItem(tr("(none)"), -1);
        for (int i = 0; i < int(ms->masks.size()); ++i) {
            const QString name = QString::fromStdString(ms->masks[size_t(i)].name);
            taskA_->addItem(name, i);
            taskB_->addItem(name, i);
        }
        // The bitmaps take the room; the contract and the per-layer counts stand beside them.
        auto* split = new QSplitter(Qt::Horizontal, this);
        split->setChildrenCollapsible(false);
        bitmaps_ = new MaskBitmapPanel(split);
        bitmaps_->insertControl(new QLabel(tr("Task:"), this));
        bitmaps_->insertControl(taskA_);
        bitmaps_->insertControl(new QLabel(tr("compared with:"), this));
        bitmaps_->insertControl(taskB_);
        auto* side = new QSplitter(Qt::Vertical, split);
        contract_ = new QualityContractView(side);
        auto* perLayer = new QWidget(side);
        auto* pl = new QVBoxLayout(perLayer);
        pl->setContentsMargins(0, 0, 0, 0);
        pl->addWidget(makeHeading(tr("Per layer"), perLayer));
        layers_ = new QTableWidget(0, 5, perLayer);
        layers_->setHorizontalHeaderLabels({tr("Row"), tr("FFN"), tr("Heads"), tr("Gate"), tr("Experts")});
        makeReadOnlyTable(layers_);
        pl->addWidget(layers_, 1);
        side->addWidget(contract_);
        side->addWidget(perLayer);
        side->setChildrenCollapsible(false);
        side->setStretchFactor(0, 3);
        side->setStretchFactor(1, 2);
        split->addWidget(bitmaps_);
        split->addWidget(side);
        split->setStretchFactor(0, 1);
        split->setSizes({790, 300});
        lay->addWidget(split, 1);

        connect(masks_, &QTableWidget::currentCellChanged, this, [this](int row) { selectMask(row); });
        connect(taskA_, &QComboBox::currentIndexChanged, this, [this](int i) { selectMask(i); });
        connect(taskB_, &QComboBox::currentIndexChanged, this, [this](int i) { selectCompare(taskB_->itemData(i).toInt()); });
        // Two tasks or more: open on the first two side by side.
        b_ = ms->masks.size() >= 2 ? 1 : -1;
        if (!ms->masks.empty()) selectMask(0);
    }

    // Sparse index: a sentence, it is deprecation-pending (§7).
    QString index;
    if (const auto& ix = f.sparseIndex()) {
        uint64_t groups = 0, heads = 0;
        for (const auto& e : ix->entries) groups += e.activeFfnGroups.size(), heads += e.activeHeads.size();
        index = tr("Sparse index: %n entry(ies) (task × layer) in %1: %2 active FFN groups and %3 active heads in total. "
                   "Deprecation-pending: engines read the mask bits directly (§7).",
                   nullptr, int(ix->entries.size()))
                    .arg(Text::bytes(f.envelope().index.len))
                    .arg(groups)
                    .arg(heads);
    } else {
        index = tr("No sparse index (index_off = 0); writers should no longer emit it (§7).");
    }
    if (summary_) {
        summary_->setText(summary_->text() + u' ' + index);
    } else {
        lay->addWidget(makeNote(index, this));
        lay->addStretch(1);
    }
}

void MasksView::selectMask(int row) {
    const auto& ms = doc_->file()->masks();
    if (!ms || row < 0 || row >= int(ms->masks.size())) return;
    a_ = row;
    {
        const QSignalBlocker b1(masks_), b2(taskA_);
        if (masks_->currentRow() != row) masks_->setCurrentCell(row, 1);
        taskA_->setCurrentIndex(row);
    }
    refresh();
}

void MasksView::selectCompare(int row) {
    const auto& ms = doc_->file()->masks();
    if (!ms) return;
    b_ = row >= 0 && row < int(ms->masks.size()) ? row : -1;
    refresh();
}

void MasksView::refresh() {
    const auto& ms = doc_->file()->masks();
    if (!ms || a_ < 0) return;
    {
        const QSignalBlocker block(taskB_);
        taskB_->setCurrentIndex(taskB_->findData(b_));
    }
    const auto& m = ms->masks[size_t(a_)];
    const cmf::Mask* other = b_ >= 0 ? &ms->masks[size_t(b_)] : nullptr;
    const auto& L = ms->layout;
    const bool loop = doc_->file()->envelope().has(cmf::LoopMasks);
    bitmaps_->setMasks(L, &m, other, loop ? tr("visit") : tr("layer"));
    std::vector<QualityContractView::Task> tasks{{QString::fromStdString(m.name), m.quality}};
    if (other) tasks.push_back({QString::fromStdString(other->name), other->quality});
    contract_->setTasks(tasks);

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
    layers_->setColumnHidden(4, L.expertBits == 0);
    layers_->resizeColumnsToContents();
    layers_->horizontalHeader()->setStretchLastSection(true);
}

} // namespace cmfw
