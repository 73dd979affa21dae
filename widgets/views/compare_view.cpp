#include "views/compare_view.h"
#include "util/table_csv.h"

#include "jobs/diff_job.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "models/tensor_diff_model.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/table_util.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

enum HeaderColumn { OpColumn, PathColumn, AColumn, BColumn };

// A JSON value on one line, shortened for a table cell.
QString compact(const nlohmann::json& v, int max = 160) {
    QString s = QString::fromStdString(v.dump());
    if (s.size() > max) s = s.left(max - 1) + u'…';
    return s;
}

QString pretty(const nlohmann::json& v) {
    QString s = QString::fromStdString(v.dump(2));
    if (s.size() > 4000) s = s.left(3999) + u'…';
    return s;
}

// Children for a structured value, so an added object reads key by key.
void addChildren(QTreeWidgetItem* parent, const nlohmann::json& v, int column, int depth = 0) {
    if (!v.is_structured() || depth > 3) return;
    int n = 0;
    for (const auto& [k, child] : v.items()) {
        if (++n > 200) {
            auto* more = new QTreeWidgetItem(parent);
            more->setText(PathColumn, CompareView::tr("… %n more", nullptr, int(v.size()) - 200));
            return;
        }
        auto* it = new QTreeWidgetItem(parent);
        it->setText(PathColumn, QString::fromStdString(k));
        it->setText(column, compact(child));
        it->setToolTip(column, pretty(child));
        addChildren(it, child, column, depth + 1);
    }
}

QString chip(const QString& text, const QColor& bg) {
    return u"<span style=\"background-color:%1; color:#141414;\">&nbsp;%2&nbsp;</span>"_s.arg(bg.name(), text.toHtmlEscaped());
}

QString sectionWord(const cmf::SectionDiff& s) {
    if (!s.aBytes && !s.bBytes) return CompareView::tr("absent");
    if (!s.bBytes) return CompareView::tr("only in A");
    if (!s.aBytes) return CompareView::tr("only in B");
    return s.same() ? CompareView::tr("same") : CompareView::tr("changed");
}

} // namespace

CompareView::CompareView(Services services, QWidget* parent) : QWidget(parent), services_(services) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(12, 10, 12, 12);
    lay->addWidget(makeTitle(tr("Compare"), this));
    files_ = new QLabel(this);
    files_->setTextFormat(Qt::RichText);
    files_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    files_->setWordWrap(true);
    lay->addWidget(files_);

    progressRow_ = new QWidget(this);
    auto* pr = new QHBoxLayout(progressRow_);
    pr->setContentsMargins(0, 0, 0, 0);
    progress_ = new QProgressBar(progressRow_);
    progress_->setRange(0, 1000);
    phase_ = new QLabel(progressRow_);
    cancel_ = new QPushButton(tr("Cancel"), progressRow_);
    pr->addWidget(progress_, 1);
    pr->addWidget(phase_);
    pr->addWidget(cancel_);
    lay->addWidget(progressRow_);

    stateLine_ = new QLabel(this);
    stateLine_->setWordWrap(true);
    stateLine_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(stateLine_);
    // Counts and sections on one line: the table below gets the height.
    auto* countsRow = new QHBoxLayout();
    counts_ = new QLabel(this);
    counts_->setTextFormat(Qt::RichText);
    countsRow->addWidget(counts_);
    countsRow->addSpacing(16);
    sections_ = new QLabel(this);
    sections_->setWordWrap(true);
    countsRow->addWidget(sections_, 1);
    lay->addLayout(countsRow);

    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Show:"), this));
    show_ = new QComboBox(this);
    const std::pair<TensorDiffFilter::Show, QString> shows[] = {
        {TensorDiffFilter::Show::All, tr("All tensors")},        {TensorDiffFilter::Show::Differences, tr("Every difference")},
        {TensorDiffFilter::Show::Changed, tr("Changed")},        {TensorDiffFilter::Show::OnlyA, tr("Only in A")},
        {TensorDiffFilter::Show::OnlyB, tr("Only in B")},        {TensorDiffFilter::Show::Same, tr("Same")},
    };
    for (const auto& [s, text] : shows) show_->addItem(text, int(s));
    bar->addWidget(show_);
    nameFilter_ = new QLineEdit(this);
    nameFilter_->setPlaceholderText(tr("Filter by name…"));
    nameFilter_->setClearButtonEnabled(true);
    bar->addWidget(nameFilter_, 1);
    shown_ = new QLabel(this);
    bar->addWidget(shown_);
    lay->addLayout(bar);

    model_ = new TensorDiffModel(this);
    filter_ = new TensorDiffFilter(this);
    filter_->setSourceModel(model_);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    table_ = new QTableView(split);
    table_->setModel(filter_);
    makeReadOnlyTable(table_);
    addCsvExport(table_, [] { return u"compare.csv"_s; });
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->setTextElideMode(Qt::ElideMiddle);
    auto* header = table_->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    const QFontMetrics fm(font());
    auto width = [&](const QString& sample) { return fm.horizontalAdvance(sample) + 20; };
    table_->setColumnWidth(TensorDiffModel::Status, width(tr("only in A")) + 8);
    for (int c : {TensorDiffModel::DTypeA, TensorDiffModel::DTypeB})
        table_->setColumnWidth(c, std::max(width(u"q4_block"_s), width(model_->headerData(c, Qt::Horizontal).toString())));
    for (int c : {TensorDiffModel::ShapeA, TensorDiffModel::ShapeB}) table_->setColumnWidth(c, width(u"[151936, 1024]"_s));
    for (int c : {TensorDiffModel::BytesA, TensorDiffModel::BytesB})
        table_->setColumnWidth(c, std::max(width(u"133.3 KiB"_s), width(model_->headerData(c, Qt::Horizontal).toString())));
    table_->setColumnWidth(TensorDiffModel::Nmse, width(u"1.234e-03"_s));
    header->setSectionResizeMode(TensorDiffModel::Name, QHeaderView::Stretch);
    // What differs first; within a status the directory order (the sort is stable).
    table_->setSortingEnabled(true);
    table_->sortByColumn(TensorDiffModel::Status, Qt::AscendingOrder);

    auto* headerPane = new QWidget(split);
    auto* hl = new QVBoxLayout(headerPane);
    hl->setContentsMargins(0, 0, 0, 0);
    hl->addWidget(makeHeading(tr("Header differences"), headerPane));
    headerNote_ = makeNote(QString(), headerPane);
    hl->addWidget(headerNote_);
    headerTree_ = new QTreeWidget(headerPane);
    headerTree_->setColumnCount(4);
    headerTree_->setHeaderLabels({tr("Change"), tr("JSON pointer"), tr("A"), tr("B")});
    headerTree_->setUniformRowHeights(true);
    headerTree_->setAlternatingRowColors(true);
    headerTree_->header()->setStretchLastSection(false);
    hl->addWidget(headerTree_, 1);
    split->addWidget(table_);
    split->addWidget(headerPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 150});
    lay->addWidget(split, 1);

    connect(cancel_, &QPushButton::clicked, this, &CompareView::cancel);
    connect(show_, &QComboBox::currentIndexChanged, this, [this](int i) {
        filter_->setShow(TensorDiffFilter::Show(show_->itemData(i).toInt()));
        updateCount();
    });
    connect(nameFilter_, &QLineEdit::textChanged, this, [this](const QString& t) {
        filter_->setNameFilter(t);
        updateCount();
    });
    setState(State::Idle);
}

std::shared_ptr<const cmf::DiffReport> CompareView::report() const { return model_->report(); }

void CompareView::setShow(TensorDiffFilter::Show show) {
    const int i = show_->findData(int(show));
    if (i >= 0) show_->setCurrentIndex(i);
}

QString CompareView::summaryText() const { return stateLine_->text() + u'\n' + countsText_ + u'\n' + sections_->text(); }

void CompareView::setState(State s) {
    state_ = s;
    const bool busy = s == State::Running;
    progressRow_->setVisible(busy);
    cancel_->setEnabled(busy);
    if (busy || s == State::Idle) {
        model_->clear();
        counts_->clear();
        countsText_.clear();
        sections_->clear();
        headerTree_->clear();
        headerNote_->clear();
        updateCount();
    }
    if (s == State::Idle) stateLine_->setText(tr("Choose Tools ▸ Compare with… to compare this file with another."));
}

Job* CompareView::compare(const QString& pathA, const QString& pathB) {
    pathA_ = QFileInfo(pathA).absoluteFilePath();
    pathB_ = QFileInfo(pathB).absoluteFilePath();
    const QString nameA = QFileInfo(pathA_).fileName(), nameB = QFileInfo(pathB_).fileName();
    files_->setText(u"<b>A</b> "_s + pathA_.toHtmlEscaped() + u"<br><b>B</b> "_s + pathB_.toHtmlEscaped());
    // One comparison per view (per file A): a new one supersedes the old.
    Job* job = services_.jobs->start(u"compare:"_s + pathA_, tr("Compare %1 with %2").arg(nameA, nameB), jobs::diff(pathA_, pathB_),
                                     [](const QVariant& v) {
                                         const auto o = v.value<DiffOutcome>();
                                         if (o.report->identical()) return tr("identical");
                                         return tr("%n tensor(s) differ", nullptr,
                                                   int(o.report->tensors.size() - o.report->count(cmf::DiffStatus::Same)));
                                     });
    job_ = job;
    setState(State::Running);
    progress_->setValue(0);
    stateLine_->setText(tr("Comparing %1 with %2…").arg(nameA, nameB));
    phase_->clear();
    const quint64 id = job->id();
    connect(job, &Job::progressChanged, this, [this, id](double f, const QString& phase) {
        if (!job_ || job_->id() != id) return;
        if (f >= 0) progress_->setValue(int(f * 1000));
        phase_->setText(JobRunner::phaseText(phase));
    });
    connect(job, &Job::succeeded, this, [this, id](const QVariant& v) {
        if (!job_ || job_->id() != id) return;
        showOutcome(v.value<DiffOutcome>());
    });
    connect(job, &Job::failed, this, [this, id](const QString& kind, const QString& message) {
        if (!job_ || job_->id() != id) return;
        setState(State::Failed);
        stateLine_->setText(tr("Could not compare: %1 (%2)").arg(message, kind));
        services_.log->error(tr("Compare failed: %1").arg(message));
        Q_EMIT finished(false);
    });
    connect(job, &Job::finished, this, [this, id](Job::State st) {
        if (!job_ || job_->id() != id) return;
        if (st == Job::State::Cancelled || st == Job::State::Superseded) {
            setState(State::Cancelled);
            stateLine_->setText(tr("Comparison cancelled."));
            Q_EMIT finished(false);
        }
    });
    return job;
}

void CompareView::cancel() {
    if (job_ && job_->isRunning()) job_->cancel();
}

void CompareView::showOutcome(const DiffOutcome& o) {
    const cmf::DiffReport& r = *o.report;
    setState(State::Done);
    model_->setReport(o.report);
    const uint64_t same = r.count(cmf::DiffStatus::Same), changed = r.count(cmf::DiffStatus::Changed),
                   onlyA = r.count(cmf::DiffStatus::OnlyA), onlyB = r.count(cmf::DiffStatus::OnlyB);
    const QString nameA = QFileInfo(o.pathA).fileName(), nameB = QFileInfo(o.pathB).fileName();
    if (r.identical())
        stateLine_->setText(tr("✔ Identical: every tensor, the header and every section agree (compared in %1).")
                                .arg(Text::duration(o.ms)));
    else
        stateLine_->setText(tr("✘ The files differ (%1 tensors in A, %2 in B, compared in %3).")
                                .arg(Text::count(r.tensorsA), Text::count(r.tensorsB), Text::duration(o.ms)));
    const QStringList parts{tr("%n changed", nullptr, int(changed)), tr("%n only in A", nullptr, int(onlyA)),
                            tr("%n only in B", nullptr, int(onlyB)), tr("%n same", nullptr, int(same))};
    const cmf::DiffStatus order[] = {cmf::DiffStatus::Changed, cmf::DiffStatus::OnlyA, cmf::DiffStatus::OnlyB, cmf::DiffStatus::Same};
    QString html;
    for (int i = 0; i < 4; ++i) html += (i ? u"&nbsp;&nbsp;"_s : QString()) + chip(parts[i], TensorDiffModel::statusColor(order[i]));
    const QString headerText = r.header.empty() ? tr("header same") : tr("header: %n difference(s)", nullptr, int(r.header.size()));
    html += u"&nbsp;&nbsp;&nbsp;"_s + headerText.toHtmlEscaped();
    counts_->setText(html);
    countsText_ = parts.join(u", "_s) + u", "_s + headerText;
    QStringList secs;
    for (const auto& s : r.sections) secs << Text::fromUtf8(s.name) + u' ' + sectionWord(s);
    sections_->setText(tr("Sections: %1").arg(secs.join(u" · "_s)) +
                       (o.valuesCompared ? QString() : u"  "_s + tr("Values were not compared.")));
    showHeader(r);
    updateCount();
    services_.log->info(r.identical() ? tr("%1 and %2 are identical").arg(nameA, nameB)
                                      : tr("%1 and %2 differ: %3 changed, %4 only in A, %5 only in B, %6 header difference(s)")
                                            .arg(nameA, nameB)
                                            .arg(changed)
                                            .arg(onlyA)
                                            .arg(onlyB)
                                            .arg(r.header.size()));
    Q_EMIT finished(true);
}

void CompareView::showHeader(const cmf::DiffReport& r) {
    headerTree_->clear();
    const QString why = tr("section_hashes is left out: the masks, vocab and index sections are compared byte for byte above.");
    headerNote_->setText(r.header.empty() ? tr("The headers are the same.") + u' ' + why : why);
    headerTree_->setVisible(!r.header.empty());
    for (const auto& h : r.header) {
        auto* it = new QTreeWidgetItem(headerTree_);
        QString op;
        QColor color;
        switch (h.op) {
        case cmf::HeaderChange::Op::Add: op = tr("added"), color = TensorDiffModel::statusColor(cmf::DiffStatus::OnlyB); break;
        case cmf::HeaderChange::Op::Remove: op = tr("removed"), color = TensorDiffModel::statusColor(cmf::DiffStatus::OnlyA); break;
        case cmf::HeaderChange::Op::Replace: op = tr("changed"), color = TensorDiffModel::statusColor(cmf::DiffStatus::Changed); break;
        }
        it->setText(OpColumn, op);
        it->setBackground(OpColumn, color);
        it->setForeground(OpColumn, QColor(20, 20, 20));
        it->setText(PathColumn, QString::fromStdString(h.path));
        it->setToolTip(PathColumn, QString::fromStdString(h.path));
        it->setFont(PathColumn, QFontDatabase::systemFont(QFontDatabase::FixedFont));
        if (h.op != cmf::HeaderChange::Op::Add) {
            it->setText(AColumn, compact(h.a));
            it->setToolTip(AColumn, pretty(h.a));
            addChildren(it, h.a, AColumn);
        }
        if (h.op != cmf::HeaderChange::Op::Remove) {
            it->setText(BColumn, compact(h.b));
            it->setToolTip(BColumn, pretty(h.b));
            addChildren(it, h.b, BColumn);
        }
    }
    headerTree_->expandAll();
    // Width goes to the sides that have values: an addition has nothing in A.
    bool anyA = false, anyB = false;
    for (const auto& h : r.header) {
        anyA = anyA || h.op != cmf::HeaderChange::Op::Add;
        anyB = anyB || h.op != cmf::HeaderChange::Op::Remove;
    }
    // Stretch sections follow the viewport as it resizes; a side without
    // values keeps a narrow fixed column.
    QHeaderView* h = headerTree_->header();
    headerTree_->resizeColumnToContents(OpColumn);
    headerTree_->resizeColumnToContents(PathColumn);
    headerTree_->setColumnWidth(PathColumn, std::min(headerTree_->columnWidth(PathColumn) + 12, 340));
    const int narrow = fontMetrics().horizontalAdvance(u"MMMM"_s);
    for (const auto& [column, used] : {std::pair{int(AColumn), anyA}, std::pair{int(BColumn), anyB}}) {
        h->setSectionResizeMode(column, used ? QHeaderView::Stretch : QHeaderView::Fixed);
        if (!used) headerTree_->setColumnWidth(column, narrow);
    }
}

void CompareView::updateCount() {
    const int total = model_->rowCount(), shown = filter_->rowCount();
    shown_->setText(total ? tr("%1 of %n tensor(s)", nullptr, total).arg(shown) : QString());
}

} // namespace cmfw
