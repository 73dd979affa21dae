#include "views/operation_dialog.h"

#include "util/output_path.h"
#include "views/quant_picker.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <regex>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

using K = ModelOperation::Kind;

QString suffixOf(K k) {
    switch (k) {
    case K::Calibrate: return u"masked"_s;
    case K::Bake: return u"specialist"_s;
    case K::AddSkill: return u"skilled"_s;
    case K::ExportSkill: return u"skill"_s;
    case K::ApplySkill: return u"applied"_s;
    case K::Defrag: return u"defrag"_s;
    case K::MoeMask: return u"moe-masked"_s;
    case K::MoeDefrag: return u"moe-defrag"_s;
    case K::RouteStats: return u"route-stats"_s;
    case K::Compact: return u"compact"_s;
    case K::Requant: return u"requant"_s;
    }
    return u"out"_s;
}

} // namespace

OperationDialog::OperationDialog(ModelOperation::Kind kind, const QString& input, QWidget* parent)
    : QDialog(parent), kind_(kind), input_(input), extension_(kind == K::RouteStats ? u".json"_s : u".cmf"_s) {
    ModelOperation probe;
    probe.kind = kind, probe.input = input;
    setWindowTitle(operationTitle(probe));
    auto* layout = new QVBoxLayout(this);
    form_ = new QFormLayout;
    layout->addWidget(new QLabel(tr("Input: %1").arg(QDir::toNativeSeparators(input)), this));
    layout->addLayout(form_);
    const QFileInfo in(input);
    const QString output = in.dir().filePath(in.completeBaseName() + u'-' + suffixOf(kind) + extension_);
    switch (kind) {
    case K::Calibrate:
        add(u"name"_s, tr("Task name"), u"task"_s);
        add(u"files"_s, tr("Corpus files (;-separated)"), {}, u"files"_s);
        add(u"heldout"_s, tr("Held-out text (quality)"), {}, u"file"_s);
        add(u"number"_s, tr("Keep fraction"), u"0.5"_s);
        break;
    case K::Bake:
        add(u"files"_s, tr("Corpus files (;-separated)"), {}, u"files"_s);
        add(u"heldout"_s, tr("Held-out text (quality)"), {}, u"file"_s);
        add(u"number"_s, tr("Keep fraction"), u"0.5"_s);
        add(u"name"_s, tr("Task name"), u"specialist"_s);
        break;
    case K::AddSkill:
        add(u"name"_s, tr("Skill id"), u"skill"_s);
        add(u"other"_s, tr("Donor folder (Hugging Face)"), {}, u"dir"_s);
        add(u"files"_s, tr("Example prompts"), {}, u"file"_s);
        add(u"extra"_s, tr("Backbone prompts (optional)"), {}, u"file"_s);
        add(u"heldout"_s, tr("Held-out text (quality)"), {}, u"file"_s);
        break;
    case K::ExportSkill:
        add(u"name"_s, tr("Skill id"), u"skill"_s);
        add(u"other"_s, tr("Base model"), {}, u"file"_s);
        break;
    case K::ApplySkill: add(u"other"_s, tr("Skill file"), {}, u"file"_s); break;
    case K::Defrag: add(u"name"_s, tr("Task"), {}); break;
    case K::MoeMask:
        add(u"name"_s, tr("Task name"), u"experts"_s);
        add(u"other"_s, tr("Route statistics (JSON)"), {}, u"file"_s);
        add(u"number"_s, tr("Cover"), u"0.95"_s);
        break;
    case K::MoeDefrag:
        add(u"other"_s, tr("Route statistics (JSON)"), {}, u"file"_s);
        add(u"number"_s, tr("Cover"), u"0.95"_s);
        break;
    case K::RouteStats: add(u"files"_s, tr("Text files (;-separated)"), {}, u"files"_s); break;
    case K::Compact: break;
    case K::Requant:
        // The import dialog's drop-down: every quant with its explanation, and vbit's mean bits.
        quant_ = new QuantPicker(form_, this);
        add(u"name"_s, tr("Only tensors matching (regex)"), {});
        break;
    }
    add(u"output"_s, tr("Output"), output, u"save"_s);
    // The path the job will write, as it will write it, updated as the person types.
    resolved_ = new QLabel(this);
    resolved_->setObjectName(u"resolvedOutput"_s);
    resolved_->setWordWrap(true);
    resolved_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    resolved_->setStyleSheet(u"color: #555555"_s);
    form_->addRow(QString(), resolved_);
    connect(fields_[u"output"_s], &QLineEdit::textChanged, this, &OperationDialog::showResolved);
    showResolved();
    if (quant_) {
        // Each quant's size for this file, computed off the GUI thread, again when --only or the budget changes.
        sizes_ = new QFutureWatcher<QuantSizes>(this);
        connect(sizes_, &QFutureWatcherBase::finished, this, [this] { quant_->setSizes(sizes_->result().bytes, sizes_->result().exact); });
        auto refresh = [this] {
            if (sizes_->isRunning()) sizes_->cancel(); // its result is replaced by the next one
            sizes_->setFuture(QtConcurrent::run(requantSizes, input_, fields_[u"name"_s]->text().trimmed(), quant_->meanBits()));
        };
        connect(fields_[u"name"_s], &QLineEdit::textChanged, this, refresh);
        connect(quant_, &QuantPicker::changed, this, refresh);
        refresh();
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
    auto* note = new QLabel(this);
    note->setStyleSheet(u"color: #b00020"_s);
    layout->addWidget(note);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this, note] {
        const QString p = problem();
        note->setText(p);
        if (p.isEmpty()) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void OperationDialog::add(const QString& key, const QString& label, const QString& value, const QString& browse) {
    auto* edit = new QLineEdit(value, this);
    edit->setObjectName(key);
    fields_[key] = edit;
    if (browse.isEmpty()) {
        form_->addRow(label, edit);
        return;
    }
    auto* row = new QHBoxLayout;
    auto* button = new QPushButton(tr("Browse…"), this);
    row->addWidget(edit, 1);
    row->addWidget(button);
    form_->addRow(label, row);
    connect(button, &QPushButton::clicked, this, [this, edit, browse] {
        QString chosen;
        if (browse == u"files") chosen = QFileDialog::getOpenFileNames(this, tr("Choose files")).join(u';');
        else if (browse == u"dir") chosen = QFileDialog::getExistingDirectory(this, tr("Choose a folder"));
        else if (browse == u"save") chosen = QFileDialog::getSaveFileName(this, tr("Output"), resolvedOutput());
        else chosen = QFileDialog::getOpenFileName(this, tr("Choose a file"));
        if (!chosen.isEmpty()) edit->setText(chosen);
    });
}

QString OperationDialog::resolvedOutput() const {
    return resolveOutputPath(fields_.value(u"output"_s)->text(), input_, extension_);
}

void OperationDialog::showResolved() {
    const QString path = resolvedOutput();
    resolved_->setText(path.isEmpty() ? tr("Choose an output file.") : tr("Writes %1").arg(QDir::toNativeSeparators(path)));
    resolved_->setToolTip(QDir::toNativeSeparators(path));
}

ModelOperation OperationDialog::operation() const {
    ModelOperation op;
    op.kind = kind_;
    op.input = input_;
    auto text = [&](const QString& k) { return fields_.contains(k) ? fields_[k]->text().trimmed() : QString(); };
    op.output = resolvedOutput();
    op.name = text(u"name"_s);
    op.other = text(u"other"_s);
    op.heldout = text(u"heldout"_s);
    op.extraFile = text(u"extra"_s);
    for (const auto& f : text(u"files"_s).split(u';', Qt::SkipEmptyParts)) op.files << f.trimmed();
    if (fields_.contains(u"number"_s)) op.number = text(u"number"_s).toDouble();
    if (quant_) op.other = quant_->quant(), op.number = quant_->meanBits();
    return op;
}

QString OperationDialog::problem() const {
    const ModelOperation op = operation();
    if (op.output.isEmpty()) return tr("Choose an output file.");
    if (op.output.endsWith(u'/') || QFileInfo(op.output).isDir()) return tr("The output is a folder: give it a file name.");
    if (QFileInfo(op.output).absoluteFilePath() == QFileInfo(op.input).absoluteFilePath())
        return tr("The output must be a new file: the open one is never overwritten.");
    for (const auto& k : {u"name"_s, u"other"_s, u"files"_s})
        if (fields_.contains(k) && fields_[k]->text().trimmed().isEmpty() && !(kind_ == K::Requant && k == u"name"))
            return tr("Fill in every field.");
    if (fields_.contains(u"heldout"_s) && op.heldout.isEmpty() && kind_ != K::Calibrate)
        return tr("A held-out text is needed: quality is measured, never declared.");
    for (const auto& f : op.files)
        if (!QFileInfo::exists(f)) return tr("No such file: %1").arg(f);
    if (fields_.contains(u"number"_s) && !(op.number > 0 && op.number <= 1)) return tr("The fraction must be in (0, 1].");
    if (kind_ == K::Requant && !op.name.isEmpty()) {
        try {
            std::regex check(op.name.toStdString()); // the dialect requant reads
        } catch (const std::regex_error& e) {
            return tr("“%1” is not a valid regular expression (%2).").arg(op.name, QString::fromUtf8(e.what()));
        }
    }
    return {};
}

} // namespace cmfw
