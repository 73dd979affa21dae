#include "views/import_dialog.h"
#include "util/tones.h"

#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/format_text.h"
#include "util/output_path.h"
#include "views/keep_rules_editor.h"
#include "views/quant_picker.h"
#include "views/shard_picker.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <map>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QLabel* wrapping(QWidget* parent, const QString& objectName) {
    auto* l = new QLabel(parent);
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    item->setToolTip(text);
    return item;
}

// "model.vision_tower.x" -> "vision_tower", as the converter groups them in provenance.
QString partOf(const std::string& name) {
    std::string_view v(name);
    if (v.starts_with("model.")) v.remove_prefix(6);
    return Text::fromUtf8(v.substr(0, v.find('.')));
}

} // namespace

ImportDialog::ImportDialog(const QString& folder, Services services, QWidget* parent)
    : QDialog(parent), folder_(QDir::cleanPath(QFileInfo(folder).absoluteFilePath())), services_(std::move(services)) {
    setObjectName(u"ImportDialog"_s);
    setWindowTitle(tr("Import %1 — Hugging Face model").arg(QDir(folder_).dirName()));
    auto* layout = new QVBoxLayout(this);
    auto* source = wrapping(this, u"importFolder"_s);
    source->setText(tr("Folder: %1").arg(QDir::toNativeSeparators(folder_)));
    layout->addWidget(source);
    auto* columns = new QHBoxLayout;
    options_ = buildOptions();
    columns->addWidget(options_, 2);
    columns->addWidget(buildPreview(), 3);
    layout->addLayout(columns, 1);

    note_ = wrapping(this, u"importNote"_s);
    setTone(note_, Tone::Bad);
    layout->addWidget(note_);
    auto* run = new QHBoxLayout;
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setVisible(false);
    phase_ = new QLabel(this);
    phase_->setVisible(false);
    run->addWidget(progress_, 1);
    run->addWidget(phase_, 2);
    layout->addLayout(run);
    auto* buttons = new QDialogButtonBox(this);
    startButton_ = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    startButton_->setObjectName(u"startImport"_s);
    startButton_->setDefault(true);
    closeButton_ = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(startButton_, &QPushButton::clicked, this, [this] { start(); });
    connect(closeButton_, &QPushButton::clicked, this, &ImportDialog::reject);

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(200);
    connect(debounce_, &QTimer::timeout, this, &ImportDialog::startPreview);
    connect(quant_, &QuantPicker::changed, this, [this] {
        // The default name carries the quant; a name the person typed stays.
        if (output_->text() == defaultOutput_) {
            defaultOutput_ = defaultImportOutput(folder_, quant_->quant());
            output_->setText(defaultOutput_);
        }
        optionsChanged();
    });
    connect(keep_, &KeepRulesEditor::changed, this, [this] {
        bool vbit = false;
        for (const auto& rule : keep_->rules()) vbit |= rule.second == u"vbit";
        quant_->setVbitElsewhere(vbit);
        optionsChanged();
    });
    connect(shard_, &ShardPicker::changed, this, &ImportDialog::optionsChanged);
    connect(output_, &QLineEdit::textChanged, this, &ImportDialog::optionsChanged);
    resize(1100, 700);
    showResolved();
    startPreview();
}

ImportDialog::~ImportDialog() {
    // The work holds its settings by value; asked to stop, it removes what it was writing.
    if (job_ && job_->isRunning()) job_->cancel();
}

QWidget* ImportDialog::buildOptions() {
    auto* box = new QGroupBox(tr("Options (cmf convert)"), this);
    auto* outer = new QVBoxLayout(box);
    auto* form = new QFormLayout;
    outer->addLayout(form);
    outer->addStretch(1); // the rows keep their height; the spare room goes below them
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    quant_ = new QuantPicker(form, box);
    keep_ = new KeepRulesEditor(box);
    form->addRow(tr("Per-tensor overrides"), keep_);
    shard_ = new ShardPicker(form, box, ShardPicker::Mode::Optional);
    auto* outRow = new QHBoxLayout;
    defaultOutput_ = defaultImportOutput(folder_, quant_->quant());
    output_ = new QLineEdit(defaultOutput_, box);
    output_->setObjectName(u"output"_s);
    auto* browse = new QPushButton(tr("Browse…"), box);
    outRow->addWidget(output_, 1);
    outRow->addWidget(browse);
    form->addRow(tr("Output"), outRow);
    resolved_ = wrapping(box, u"resolvedOutput"_s);
    setTone(resolved_, Tone::Muted);
    form->addRow(QString(), resolved_);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Output"), resolvedOutput(), tr("CMF files (*.cmf)"));
        if (!chosen.isEmpty()) output_->setText(chosen);
    });
    return box;
}

QWidget* ImportDialog::buildPreview() {
    auto* box = new QGroupBox(tr("What will be written"), this);
    auto* v = new QVBoxLayout(box);
    summary_ = wrapping(box, u"previewSummary"_s);
    summary_->setTextFormat(Qt::RichText);
    skipped_ = wrapping(box, u"previewSkipped"_s);
    v->addWidget(summary_);
    v->addWidget(skipped_);
    v->addWidget(new QLabel(tr("Tensors that get another dtype than the quantization, and why:"), box));
    fallbacks_ = new QTableWidget(0, 3, box);
    fallbacks_->setObjectName(u"previewFallbacks"_s);
    fallbacks_->setHorizontalHeaderLabels({tr("Tensor"), tr("Dtype"), tr("Why")});
    fallbacks_->verticalHeader()->hide();
    fallbacks_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    fallbacks_->horizontalHeader()->setStretchLastSection(true);
    fallbacks_->setSelectionBehavior(QAbstractItemView::SelectRows);
    fallbacks_->setWordWrap(false);
    fallbacks_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    v->addWidget(fallbacks_, 1);
    return box;
}

ImportSettings ImportDialog::settings() const {
    ImportSettings s;
    s.folder = folder_;
    s.output = resolvedOutput();
    s.quant = quant_->quant();
    s.meanBits = quant_->meanBits();
    s.shardMaxGb = shard_->maxGb();
    s.keep = keep_->rules();
    return s;
}

QString ImportDialog::resolvedOutput() const { return resolveOutputPath(output_->text(), folder_, u".cmf"_s); }

QString ImportDialog::problem() const {
    if (const QString why = notAModelFolderReason(folder_); !why.isEmpty()) return why;
    if (const QString bad = keep_->problem(); !bad.isEmpty()) return bad;
    const QString out = resolvedOutput();
    if (out.isEmpty()) return tr("Choose an output file.");
    if (out.endsWith(u'/') || QFileInfo(out).isDir()) return tr("The output is a folder: give it a file name.");
    if (!QFileInfo(QFileInfo(out).absolutePath()).isDir())
        return tr("The output's folder %1 does not exist.").arg(QDir::toNativeSeparators(QFileInfo(out).absolutePath()));
    return {};
}

bool ImportDialog::isRunning() const { return job_ && job_->isRunning(); }

bool ImportDialog::previewPending() const { return debounce_->isActive() || (previewJob_ && previewJob_->isRunning()); }

void ImportDialog::refreshPreview() {
    debounce_->stop();
    startPreview();
}

void ImportDialog::optionsChanged() {
    showResolved();
    preview_.reset();
    debounce_->start();
}

void ImportDialog::startPreview() {
    preview_.reset();
    if (const QString why = notAModelFolderReason(folder_); !why.isEmpty()) return showPreviewError(why);
    if (const QString bad = keep_->problem(); !bad.isEmpty()) return showPreviewError(bad);
    if (!services_.jobs) return;
    const ImportSettings s = settings();
    // Keyed by folder: a newer preview supersedes the one still running.
    Job* job = services_.jobs->start(u"import-preview:"_s + folder_, tr("Preview of the import of %1").arg(QDir(folder_).dirName()),
                                     jobs::importPreview(s), [](const QVariant& v) {
                                         const auto p = v.value<ImportPreview>();
                                         return tr("%n tensor(s), %1", nullptr, int(p.plan.tensors.size())).arg(Text::bytes(p.plan.fileBytes));
                                     });
    previewJob_ = job;
    summary_->setText(tr("Computing the preview…"));
    connect(job, &Job::succeeded, this, [this, job](const QVariant& v) {
        if (job != previewJob_) return;
        showPreview(v.value<ImportPreview>());
    });
    connect(job, &Job::failed, this, [this, job](const QString&, const QString& message) {
        if (job == previewJob_) showPreviewError(message);
    });
}

void ImportDialog::showPreviewError(const QString& message) {
    summary_->setText(u"<span style=\"color:"_s + toneHex(Tone::Bad) + u"\">"_s + tr("Cannot import: %1").arg(message.toHtmlEscaped()) + u"</span>"_s);
    skipped_->clear();
    fallbacks_->setRowCount(0);
    quant_->setSizes({});
    Q_EMIT previewUpdated();
}

void ImportDialog::showPreview(const ImportPreview& p) {
    preview_ = p;
    quant_->setSizes(p.sizeByQuant, p.exactByQuant);
    const cmf::ConvertPlan& plan = p.plan;
    // The dtype mix, as cmf convert's summary line.
    std::map<std::string, int> mix;
    for (const auto& t : plan.tensors) ++mix[std::string(cmf::dtypeName(t.dtype))];
    QStringList parts;
    for (const auto& [name, n] : mix) parts << u"%1 × %2"_s.arg(n).arg(Text::fromUtf8(name));
    const QString size = plan.exact ? tr("<b>%1</b> (exact)").arg(Text::bytes(plan.fileBytes))
                                    : tr("at most <b>%1</b> (vbit: each row's width depends on its weights)").arg(Text::bytes(plan.fileBytes));
    QString text = tr("<b>%n tensor(s)</b> from %1 of source weights → %2", nullptr, int(plan.tensors.size()))
                       .arg(Text::bytes(plan.sourceBytes), size);
    text += u"<br>"_s + tr("Dtypes: %1").arg(parts.join(u", "_s));
    if (plan.outputs.size() > 1) {
        QStringList shards;
        for (size_t i = 0; i < plan.outputs.size(); ++i)
            shards << tr("%1 (%2)").arg(QFileInfo(QString::fromStdString(plan.outputs[i])).fileName().toHtmlEscaped(), Text::bytes(plan.outputBytes[i]));
        text += u"<br>"_s + tr("%n shard(s): %1", nullptr, int(plan.outputs.size())).arg(shards.join(u", "_s));
    }
    summary_->setText(text);

    if (plan.skipped.empty()) {
        skipped_->setText(tr("Every source tensor is part of the text model: none is skipped."));
    } else {
        QMap<QString, int> byPart;
        for (const auto& n : plan.skipped) ++byPart[partOf(n)];
        QStringList list;
        for (auto it = byPart.cbegin(); it != byPart.cend(); ++it) list << tr("%1 (%2)").arg(it.key()).arg(it.value());
        skipped_->setText(tr("Skipped %n source tensor(s), not part of the text model: %1", nullptr, int(plan.skipped.size()))
                              .arg(list.join(u", "_s)));
    }

    const auto requested = cmf::quantFromName(quant_->quant().toStdString());
    fallbacks_->setRowCount(0);
    // What a rule decided (an override, a router, the lm_head) first; §3.2's
    // 1-D rule, which holds for every model, after.
    for (const bool ruled : {true, false})
        for (size_t i = 0; i < plan.tensors.size(); ++i) {
            const auto& t = plan.tensors[i];
            if (requested && t.dtype == *requested) continue;
            const std::string& rule = i < plan.rules.size() ? plan.rules[i] : std::string();
            if (rule.empty() == ruled) continue;
            QString why = Text::fromUtf8(t.reason);
            if (!rule.empty() && t.reason.find(rule) == std::string::npos)
                why = why.isEmpty() ? Text::fromUtf8(rule) : Text::fromUtf8(rule) + u"; "_s + why;
            const int r = fallbacks_->rowCount();
            fallbacks_->insertRow(r);
            fallbacks_->setItem(r, 0, cell(Text::fromUtf8(t.name)));
            fallbacks_->setItem(r, 1, cell(Text::fromUtf8(cmf::dtypeName(t.dtype))));
            fallbacks_->setItem(r, 2, cell(why));
        }
    fallbacks_->resizeColumnToContents(0);
    fallbacks_->resizeColumnToContents(1);
    showResolved();
    Q_EMIT previewUpdated();
}

void ImportDialog::showResolved() {
    const QString path = resolvedOutput();
    QString text = path.isEmpty() ? tr("Choose an output file.") : tr("Writes %1").arg(QDir::toNativeSeparators(path));
    if (shard_->maxGb() > 0 && preview_ && preview_->plan.outputs.size() > 1) {
        const auto& outs = preview_->plan.outputs;
        text = tr("Writes %n shard(s): %1 … %2", nullptr, int(outs.size()))
                   .arg(QDir::toNativeSeparators(QString::fromStdString(outs.front())),
                        QFileInfo(QString::fromStdString(outs.back())).fileName());
    }
    if (!path.isEmpty() && QFileInfo::exists(path)) text += u"\n"_s + tr("(it exists and will be replaced)");
    resolved_->setText(text);
    resolved_->setToolTip(QDir::toNativeSeparators(path));
}

Job* ImportDialog::start() {
    const QString p = problem();
    note_->setText(p);
    if (!p.isEmpty() || isRunning() || !services_.jobs) return nullptr;
    const ImportSettings s = settings();
    Job* job = services_.jobs->start({}, importTitle(s), jobs::importModel(s), [](const QVariant& v) { return v.value<ImportOutcome>().summary; });
    job_ = job;
    if (services_.log) services_.log->info(tr("Started: %1").arg(importTitle(s)));
    setRunning(true);
    connect(job, &Job::progressChanged, this, [this](double f, const QString& phase) {
        if (f >= 0) progress_->setValue(int(f * 1000));
        phase_->setText(JobRunner::phaseText(phase));
    });
    connect(job, &Job::finished, this, [this, job](Job::State state) {
        setRunning(false);
        switch (state) {
        case Job::State::Succeeded: {
            const auto out = job->result().value<ImportOutcome>();
            if (services_.log) services_.log->info(out.summary);
            if (services_.openFile && !out.outputs.isEmpty()) services_.openFile(out.outputs.front());
            Q_EMIT importFinished(state);
            accept();
            return;
        }
        case Job::State::Cancelled: note_->setText(tr("Cancelled: nothing was written.")); break;
        case Job::State::Failed:
            note_->setText(tr("The import failed: %1").arg(job->errorMessage()));
            if (services_.log) services_.log->error(job->errorKind() + u": "_s + job->errorMessage());
            break;
        default: break;
        }
        Q_EMIT importFinished(state);
    });
    return job;
}

void ImportDialog::setRunning(bool running) {
    options_->setEnabled(!running);
    startButton_->setEnabled(!running);
    closeButton_->setText(running ? tr("Cancel import") : tr("Close"));
    progress_->setVisible(running);
    phase_->setVisible(running);
    if (running) {
        progress_->setValue(0);
        note_->clear();
    }
}

void ImportDialog::reject() {
    if (isRunning()) {
        job_->cancel();
        note_->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

} // namespace cmfw
