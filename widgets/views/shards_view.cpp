#include "views/shards_view.h"
#include "util/tones.h"

#include "document/cmf_document.h"
#include "util/explanations.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cmfw {

ShardsView::ShardsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Shards"), this));
    const auto tag = doc_->file()->shard();
    lay->addWidget(makeNote(tr("This file is shard %1 of %2. Every shard is a valid file on its own; the model is the "
                               "union of their directories, and masks, tokenizer, chat template and skills live in "
                               "shard 1 only (spec §10).")
                                .arg(tag ? tag->no : 1)
                                .arg(tag ? tag->count : 1),
                            this));
    if (const auto& err = doc_->shardError()) {
        auto* l = makeNote(tr("The set could not be assembled: %1").arg(err->message), this);
        setTone(l, Tone::Bad);
        lay->addWidget(l);
        lay->addWidget(makeNote(tr("The views show this shard alone."), this));
        lay->addStretch(1);
        return;
    }
    const auto model = doc_->model();
    table_ = new QTableWidget(0, 5, this);
    table_->setHorizontalHeaderLabels({tr("Shard"), tr("File"), tr("Size"), tr("Tensors"), tr("Weights")});
    makeReadOnlyTable(table_);
    uint64_t total = 0;
    for (size_t i = 0; i < model->files().size(); ++i) {
        const auto& f = *model->files()[i];
        const int r = table_->rowCount();
        table_->insertRow(r);
        setCell(table_, r, 0, QString::number(i + 1));
        setCell(table_, r, 1, QFileInfo(QString::fromStdString(f.path())).fileName());
        table_->item(r, 1)->setData(Qt::UserRole, QFileInfo(QString::fromStdString(f.path())).absoluteFilePath());
        table_->item(r, 1)->setToolTip(tr("Double-click to open this shard"));
        setCell(table_, r, 2, Text::bytes(f.fileSize()));
        setCell(table_, r, 3, Text::count(f.directory().count()));
        setCell(table_, r, 4, Text::bytes(f.envelope().data.len));
        total += f.fileSize();
    }
    connect(table_, &QTableWidget::cellActivated, this, [this](int row, int) {
        if (auto* it = table_->item(row, 1)) Q_EMIT openRequested(it->data(Qt::UserRole).toString());
    });
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    lay->addWidget(table_, 1);
    lay->addWidget(makeNote(tr("%n tensor(s) in the merged directory, %1 in all files.", nullptr, int(model->tensors().size()))
                                .arg(Text::bytes(total)),
                            this));
}

} // namespace cmfw
