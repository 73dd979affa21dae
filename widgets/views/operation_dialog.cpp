#include "views/operation_dialog.h"
#include "util/tones.h"

#include "util/output_path.h"
#include "views/quant_picker.h"
#include "views/shard_picker.h"

#include "cmf/format/convert.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
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
    case K::Shard: return u"shard"_s;
    }
    return u"out"_s;
}

} // namespace

OperationDialog::OperationDialog(ModelOperation::Kind kind, const QString& input, QWidget* parent, OperationChoices choices)
    : QDialog(parent), kind_(kind), input_(input), extension_(kind == K::RouteStats ? u".json"_s : u".cmf"_s),
      choices_(std::move(choices)) {
    // The title names the operation and the file ("Defrag a task — demo.cmf").
    QString name = operationName(kind);
    if (name.endsWith(u'…')) name.chop(1);
    setWindowTitle(tr("%1 — %2").arg(name, QFileInfo(input).fileName()));
    auto* layout = new QVBoxLayout(this);
    form_ = new QFormLayout;
    layout->addWidget(new QLabel(tr("Input: %1").arg(QDir::toNativeSeparators(input)), this));
    layout->addLayout(form_);
    const QFileInfo in(input);
    const QString output = in.dir().filePath(shardBase(in.fileName()) + u'-' + suffixOf(kind) + extension_);
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
    case K::Defrag:
        if (choices_.tasks.isEmpty()) add(u"name"_s, tr("Task"), {});
        else addChoice(u"name"_s, tr("Task"), choices_.tasks);
        break;
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
    case K::Shard:
        // The import dialog's sharding part, required here.
        shard_ = new ShardPicker(form_, this, ShardPicker::Mode::Required, 1);
        break;
    }
    add(u"output"_s, tr("Output"), output, u"save"_s);
    // The path the job will write, as it will write it, updated as the person types.
    resolved_ = new QLabel(this);
    resolved_->setObjectName(u"resolvedOutput"_s);
    resolved_->setWordWrap(true);
    resolved_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setTone(resolved_, Tone::Muted);
    form_->addRow(QString(), resolved_);
    connect(fields_[u"output"_s], &QLineEdit::textChanged, this, &OperationDialog::showResolved);
    if (shard_) {
        // The plan opens the model: once per size, not per keystroke or per check.
        auto plan = [this] {
            try {
                shardCount_ = cmf::shardCount(input_.toStdString(), shard_->maxGb()), shardError_.clear();
            } catch (const std::exception& e) {
                shardCount_ = 0, shardError_ = QString::fromUtf8(e.what());
            }
            showResolved();
        };
        connect(shard_, &ShardPicker::changed, this, plan);
        plan();
    }
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
    setTone(note, Tone::Bad);
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

void OperationDialog::addChoice(const QString& key, const QString& label, const QStringList& items) {
    auto* combo = new QComboBox(this);
    combo->setObjectName(key);
    combo->addItems(items);
    combos_[key] = combo;
    form_->addRow(label, combo);
}

QString OperationDialog::text(const QString& key) const {
    if (const auto* c = combos_.value(key, nullptr)) return c->currentText().trimmed();
    if (const auto* f = fields_.value(key, nullptr)) return f->text().trimmed();
    return {};
}

QMap<QString, QString> OperationDialog::values() const {
    QMap<QString, QString> v;
    for (auto it = fields_.begin(); it != fields_.end(); ++it) v[it.key()] = it.value()->text();
    for (auto it = combos_.begin(); it != combos_.end(); ++it) v[it.key()] = it.value()->currentText();
    if (quant_) v[u"quant"_s] = quant_->quant(), v[u"meanBits"_s] = QString::number(quant_->meanBits());
    if (shard_) v[u"shardGb"_s] = QString::number(shard_->maxGb());
    return v;
}

void OperationDialog::setValues(const QMap<QString, QString>& v) {
    for (auto it = v.begin(); it != v.end(); ++it) {
        if (auto* f = fields_.value(it.key(), nullptr)) f->setText(it.value());
        if (auto* c = combos_.value(it.key(), nullptr); c && c->findText(it.value()) >= 0) c->setCurrentText(it.value());
    }
    if (quant_ && v.contains(u"quant"_s)) quant_->setQuant(v[u"quant"_s]);
    if (quant_ && v.contains(u"meanBits"_s)) quant_->setMeanBits(v[u"meanBits"_s].toDouble());
    if (shard_ && v.value(u"shardGb"_s).toDouble() > 0) shard_->setMaxGb(v[u"shardGb"_s].toDouble());
}

QString OperationDialog::resolvedOutput() const {
    return resolveOutputPath(fields_.value(u"output"_s)->text(), input_, extension_);
}

void OperationDialog::showResolved() {
    const QString path = resolvedOutput();
    if (path.isEmpty()) {
        resolved_->setText(tr("Choose an output file."));
        return;
    }
    QString shown = tr("Writes %1").arg(QDir::toNativeSeparators(path));
    if (shard_) {
        // A set of files under the base: name the first and the last, as the import dialog does.
        const QString base = QDir::toNativeSeparators(shardBase(path));
        if (shardCount_ > 0) {
            const uint32_t n = shardCount_;
            auto name = [&](uint32_t k) -> QString { return base + QString::asprintf("-%05u-of-%05u.cmf", k, n); };
            shown = n == 1 ? tr("Writes %1 (one shard: every tensor fits)").arg(name(1))
                           : tr("Writes %n shard(s): %1 … %2", nullptr, int(n)).arg(name(1), name(n));
        } else {
            shown = tr("Cannot plan the shards: %1").arg(shardError_);
        }
    }
    resolved_->setText(shown);
    resolved_->setToolTip(QDir::toNativeSeparators(path));
}

ModelOperation OperationDialog::operation() const {
    ModelOperation op;
    op.kind = kind_;
    op.input = input_;
    auto text = [&](const QString& k) { return this->text(k); };
    op.output = resolvedOutput();
    op.name = text(u"name"_s);
    op.other = text(u"other"_s);
    op.heldout = text(u"heldout"_s);
    op.extraFile = text(u"extra"_s);
    for (const auto& f : text(u"files"_s).split(u';', Qt::SkipEmptyParts)) op.files << f.trimmed();
    if (fields_.contains(u"number"_s)) op.number = text(u"number"_s).toDouble();
    if (quant_) op.other = quant_->quant(), op.number = quant_->meanBits();
    if (shard_) {
        op.number = shard_->maxGb();
        // The first file of the set, which the job opens when it is done (problem() says why when there is no plan).
        if (shardCount_ > 0) op.output = shardBase(op.output) + QString::asprintf("-00001-of-%05u.cmf", shardCount_);
    }
    return op;
}

QString OperationDialog::problem() const {
    const ModelOperation op = operation();
    if (op.output.isEmpty()) return tr("Choose an output file.");
    if (op.output.endsWith(u'/') || QFileInfo(op.output).isDir()) return tr("The output is a folder: give it a file name.");
    if (QFileInfo(op.output).absoluteFilePath() == QFileInfo(op.input).absoluteFilePath())
        return tr("The output must be a new file: the open one is never overwritten.");
    for (const auto& k : {u"name"_s, u"other"_s, u"files"_s})
        if ((fields_.contains(k) || combos_.contains(k)) && text(k).isEmpty() && !(kind_ == K::Requant && k == u"name"))
            return tr("Fill in every field.");
    // New names must be new; the message lists the ones taken.
    if (kind_ == K::Calibrate || kind_ == K::MoeMask || (kind_ == K::Bake && !op.name.isEmpty()))
        if (QString p = newNameProblem(op.name, choices_.tasks, tr("task")); !p.isEmpty()) return p;
    if (kind_ == K::AddSkill)
        if (QString p = newNameProblem(op.name, choices_.skills, tr("skill")); !p.isEmpty()) return p;
    if (kind_ == K::Defrag && !choices_.tasks.isEmpty() && !choices_.tasks.contains(op.name))
        return tr("“%1” is not a task of this file; its tasks are: %2.").arg(op.name, choices_.tasks.join(u", "_s));
    if (fields_.contains(u"heldout"_s) && op.heldout.isEmpty() && kind_ != K::Calibrate)
        return tr("A held-out text is needed: quality is measured, never declared.");
    for (const auto& f : op.files)
        if (!QFileInfo::exists(f)) return tr("No such file: %1").arg(f);
    if (fields_.contains(u"number"_s) && !(op.number > 0 && op.number <= 1))
        return tr("%1 must be a number in (0, 1]; “%2” is not.").arg(kind_ == K::MoeMask || kind_ == K::MoeDefrag ? tr("Cover") : tr("The keep fraction"),
                                                                  fields_[u"number"_s]->text());
    if (shard_ && shardCount_ == 0) return tr("Cannot plan the shards: %1").arg(shardError_);
    if (kind_ == K::Requant && !op.name.isEmpty()) {
        try {
            std::regex check(op.name.toStdString()); // the dialect requant reads
        } catch (const std::regex_error& e) {
            return tr("“%1” is not a valid regular expression (%2).").arg(op.name, QString::fromUtf8(e.what()));
        }
    }
    return {};
}

QString OperationDialog::newNameProblem(const QString& name, const QStringList& taken, const QString& what) const {
    static const QRegularExpression valid(u"^[A-Za-z0-9_-]+$"_s);
    if (kind_ == K::AddSkill && !valid.match(name).hasMatch())
        return tr("“%1” is not a valid %2 id: use letters, digits, - and _.").arg(name, what);
    if (taken.contains(name))
        return tr("The file already has a %1 named “%2” (it has: %3); choose a new name.").arg(what, name, taken.join(u", "_s));
    return {};
}

} // namespace cmfw
