#include "views/tasks_view.h"
#include "util/tones.h"

#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "jobs/operation_availability.h"
#include "models/log_model.h"
#include "util/format_text.h"
#include "util/quality_text.h"
#include "views/operation_dialog.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/skill_file.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

} // namespace

TasksView::TasksView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* layout = new QVBoxLayout(this);
    masks_ = new QTableWidget(0, 4, this);
    masks_->setHorizontalHeaderLabels({tr("Task"), tr("FFN sparsity"), tr("Quality (§5.1)"), tr("Expert area")});
    skills_ = new QTableWidget(0, 6, this);
    skills_->setHorizontalHeaderLabels({tr("Skill"), tr("Layers"), tr("Tensors"), tr("Size"), tr("Quality (held-out)"), tr("Routing")});
    for (auto* t : {masks_, skills_}) {
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
    }
    layout->addWidget(new QLabel(tr("<b>Task masks</b>"), this));
    layout->addWidget(masks_, 1);
    layout->addWidget(new QLabel(tr("<b>Skills</b>"), this));
    layout->addWidget(skills_, 1);
    memory_ = new QLabel(this);
    memory_->setWordWrap(true);
    layout->addWidget(memory_);

    auto* actions = new QGroupBox(tr("Operations (each writes a new file, in the background)"), this);
    auto* grid = new QGridLayout(actions);
    using K = ModelOperation::Kind;
    const K kinds[] = {K::Calibrate, K::Bake,      K::AddSkill,  K::ExportSkill, K::ApplySkill, K::Defrag,
                       K::RouteStats, K::MoeMask, K::MoeDefrag, K::Compact,     K::Requant,    K::Shard};
    int i = 0;
    for (const K kind : kinds) {
        auto* b = new QPushButton(operationName(kind), actions);
        b->setObjectName(u"action-%1"_s.arg(int(kind)));
        // What cannot work on this file is disabled, and says why.
        if (const QString why = operationUnavailable(*doc_, kind); !why.isEmpty()) {
            b->setEnabled(false);
            b->setToolTip(why);
        }
        grid->addWidget(b, i / 4, i % 4);
        ++i;
        connect(b, &QPushButton::clicked, this, [this, kind] { runAction(kind); });
    }
    layout->addWidget(actions);
    fill();
}

void TasksView::fill() {
    const auto& f = *doc_->file();
    masks_->setRowCount(0);
    if (f.masks())
        for (const auto& m : f.masks()->masks) {
            const int r = masks_->rowCount();
            masks_->insertRow(r);
            masks_->setItem(r, 0, cell(QString::fromStdString(m.name)));
            masks_->setItem(r, 1, cell(Text::percent(m.sparsity)));
            auto* q = cell(maskQualityText(m.quality));
            if (m.quality.is_null()) q->setForeground(toneColor(Tone::Bad));
            masks_->setItem(r, 2, q);
            masks_->setItem(r, 3, cell(m.hasExpertFields ? tr("yes") : tr("no")));
        }
    skills_->setRowCount(0);
    for (const auto& s : cmf::listSkills(f)) {
        const int r = skills_->rowCount();
        skills_->insertRow(r);
        const auto& rec = s.record;
        skills_->setItem(r, 0, cell(QString::fromStdString(rec.name.empty() || rec.name == rec.id ? rec.id : rec.id + " — " + rec.name)));
        skills_->setItem(r, 1, cell(QString::fromStdString(rec.layers.dump())));
        skills_->setItem(r, 2, cell(QString::number(s.tensorCount)));
        skills_->setItem(r, 3, cell(Text::bytes(s.tensorBytes)));
        skills_->setItem(r, 4, cell(skillQualityText(rec.quality)));
        skills_->setItem(r, 5, cell(s.hasSelection ? tr("subspace (phi layer %1)").arg(rec.selection.value("phi_layer", 0)) : tr("none")));
    }
    for (auto* t : {masks_, skills_}) t->resizeColumnsToContents();
    try {
        // As `cmf info`: a 4096-token context, or the model's whole one when it is shorter.
        const uint64_t maxPos = cmf::archUnsigned(f.header(), "max_position_embeddings").value_or(0);
        const uint32_t ctx = uint32_t(maxPos ? std::min<uint64_t>(4096, maxPos) : 4096);
        const auto model = doc_->model(); // the merged set of a shard; else the file alone
        const auto e = model ? cmf::engine::estimateMemory(*model, {}, {}, ctx) : cmf::engine::estimateMemory(f, {}, {}, ctx);
        if (e.stateBytes)
            memory_->setText(tr("Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache + %4 of "
                                "recurrent state with its checkpoints = %5 (cmf info --json \"memory\")")
                                 .arg(ctx)
                                 .arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes), Text::bytes(e.stateBytes + e.checkpointBytes),
                                      Text::bytes(e.totalBytes())));
        else
            memory_->setText(tr("Memory to chat with the backbone at a %1-token context: %2 of weights + %3 of KV cache = %4 "
                                "(cmf info --json \"memory\")")
                                 .arg(ctx)
                                 .arg(Text::bytes(e.weightBytes), Text::bytes(e.kvBytes), Text::bytes(e.totalBytes())));
    } catch (const std::exception& ex) {
        memory_->setText(tr("No memory estimate: %1").arg(QString::fromUtf8(ex.what())));
    }
}

QPushButton* TasksView::actionButton(ModelOperation::Kind kind) const {
    return findChild<QPushButton*>(u"action-%1"_s.arg(int(kind)));
}

void TasksView::runAction(ModelOperation::Kind kind) {
    if (!operationUnavailable(*doc_, kind).isEmpty()) return; // the button is disabled and says why
    OperationDialog dialog(kind, doc_->path(), this, OperationChoices::of(*doc_));
    // What the person typed last time, accepted or cancelled, is there again.
    if (remembered_.contains(int(kind))) dialog.setValues(remembered_[int(kind)]);
    const bool accepted = [&] {
        if (!dialogHook_) return dialog.exec() == QDialog::Accepted;
        dialogHook_(dialog);
        return dialog.result() == QDialog::Accepted;
    }();
    remembered_[int(kind)] = dialog.values();
    if (accepted) start(dialog.operation());
}

Job* TasksView::start(const ModelOperation& op) {
    Job* job = services_.jobs->start({}, operationTitle(op), jobs::modelOperation(op),
                                     [](const QVariant& v) { return v.value<ModelOutcome>().summary; });
    if (services_.log) services_.log->info(tr("Started: %1").arg(operationTitle(op)));
    const bool model = op.kind != ModelOperation::Kind::RouteStats;
    connect(job, &Job::succeeded, this, [this, model](const QVariant& v) {
        const auto out = v.value<ModelOutcome>();
        if (services_.log) services_.log->info(out.summary);
        if (model && services_.openFile) services_.openFile(out.output);
        Q_EMIT operationFinished(out);
    });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
    return job;
}

} // namespace cmfw
