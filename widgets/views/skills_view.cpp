#include "views/skills_view.h"

#include "document/cmf_document.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include "cmf/format/dtype.h"
#include "cmf/format/hash64.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QString jsonText(const nlohmann::json& j) {
    if (j.is_null()) return QString();
    if (j.is_string()) return QString::fromStdString(j.get<std::string>());
    if (j.is_array()) {
        QStringList parts;
        for (const auto& e : j) parts << (e.is_string() ? QString::fromStdString(e.get<std::string>()) : QString::fromStdString(e.dump()));
        return parts.join(u", ");
    }
    return QString::fromStdString(j.dump());
}

} // namespace

SkillsView::SkillsView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const cmf::CmfFile& f = *doc_->bundleFile(); // shard 1 of a set
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Skills"), this));
    const auto& skills = f.skills();
    if (skills.empty()) {
        lay->addWidget(makeNote(tr("This file has no skills registry. A skill is a set of full-shape replacement tensors "
                                   "named skill.{id}.{tensor} over the shared backbone; at run time the engine reads the "
                                   "replacement instead of the backbone tensor (spec §9)."),
                                this));
        lay->addStretch(1);
        return;
    }
    QString note = tr("%n skill(s) over one backbone.", nullptr, int(skills.size()));
    if (f.envelope().has(cmf::SkillFile))
        note += u' ' + tr("SKILL_FILE is set: this is a standalone skill, not runnable alone; apply it to the base whose "
                          "directory hash it names (§9.1).");
    lay->addWidget(makeNote(note, this));

    auto* split = new QSplitter(Qt::Vertical, this);
    skills_ = new QTableWidget(0, 7, split);
    skills_->setHorizontalHeaderLabels({tr("Id"), tr("Name"), tr("Layers"), tr("Tensors"), tr("Bytes"), tr("Quality"), tr("Base directory hash")});
    makeReadOnlyTable(skills_);
    skills_->setSelectionMode(QAbstractItemView::SingleSelection);
    const auto src = doc_->tensors();
    for (const auto& s : skills) {
        uint64_t bytes = 0;
        for (const auto& t : s.tensors)
            if (const auto i = src->find(s.tensorPrefix() + t)) bytes += src->record(*i).nbytes;
        const int r = skills_->rowCount();
        skills_->insertRow(r);
        setCell(skills_, r, 0, QString::fromStdString(s.id));
        setCell(skills_, r, 1, QString::fromStdString(s.name));
        setCell(skills_, r, 2, jsonText(s.layers));
        setCell(skills_, r, 3, QString::number(s.tensors.size()));
        setCell(skills_, r, 4, Text::bytes(bytes));
        setCell(skills_, r, 5, s.quality.is_null() ? tr("not measured") : jsonText(s.quality));
        setCell(skills_, r, 6, s.baseDirHash ? Text::hash(*s.baseDirHash) : QString());
    }
    skills_->resizeColumnsToContents();
    skills_->horizontalHeader()->setStretchLastSection(true);
    // Every skill while there is room; one row, scrolling, in a small window.
    if (skills.size() <= 8) fitTableHeightShrinkable(skills_, 1);

    auto* bottom = new QSplitter(Qt::Horizontal, split);
    tensors_ = new QTableWidget(0, 4, bottom);
    tensors_->setHorizontalHeaderLabels({tr("Replaces"), tr("DType"), tr("Shape"), tr("Bytes")});
    makeReadOnlyTable(tensors_);
    raw_ = new QPlainTextEdit(bottom);
    raw_->setReadOnly(true);
    raw_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    raw_->setLineWrapMode(QPlainTextEdit::NoWrap);
    bottom->addWidget(tensors_);
    bottom->addWidget(raw_);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    split->addWidget(skills_);
    split->addWidget(bottom);
    lay->addWidget(split, 1);
    connect(skills_, &QTableWidget::currentCellChanged, this, [this](int row) { selectSkill(row); });
    skills_->setCurrentCell(0, 0);
}

void SkillsView::selectSkill(int row) {
    const auto& skills = doc_->bundleFile()->skills();
    if (!tensors_ || row < 0 || row >= int(skills.size())) return;
    const auto& s = skills[size_t(row)];
    const auto src = doc_->tensors();
    tensors_->setRowCount(0);
    for (const auto& t : s.tensors) {
        const int r = tensors_->rowCount();
        tensors_->insertRow(r);
        setCell(tensors_, r, 0, QString::fromStdString(t));
        if (const auto i = src->find(s.tensorPrefix() + t)) {
            const auto rec = src->record(*i);
            const auto dims = rec.dims();
            setCell(tensors_, r, 1, Text::fromUtf8(cmf::dtypeName(rec.dtype)));
            setCell(tensors_, r, 2, Text::shape(dims));
            setCell(tensors_, r, 3, Text::bytes(rec.nbytes));
        }
    }
    tensors_->resizeColumnsToContents();
    tensors_->horizontalHeader()->setStretchLastSection(true);
    // The registry record as written; long base64 subspaces are shortened.
    nlohmann::json shown = s.raw;
    if (shown.contains("selection") && shown["selection"].is_object())
        for (auto& [k, v] : shown["selection"].items())
            if (v.is_string() && v.get<std::string>().size() > 48) v = v.get<std::string>().substr(0, 48) + "…";
    raw_->setPlainText(QString::fromStdString(shown.dump(2)));
}

} // namespace cmfw
