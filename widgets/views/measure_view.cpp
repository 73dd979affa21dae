#include "views/measure_view.h"

#include "charts/chart_style.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "measure/measure_store.h"
#include "models/log_model.h"
#include "util/table_csv.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/skill_file.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

QString str(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

double num(const nlohmann::json& j, const char* key, double fallback = NAN) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

QTableWidgetItem* cell(const QString& text) {
    auto* c = new QTableWidgetItem(text);
    c->setFlags(c->flags() & ~Qt::ItemIsEditable);
    return c;
}

QSpinBox* spin(int lo, int hi, int value, QWidget* parent) {
    auto* s = new QSpinBox(parent);
    s->setRange(lo, hi);
    s->setValue(value);
    return s;
}

// "when" of a record in local time, minutes.
QString when(const nlohmann::json& r) {
    const QDateTime t = QDateTime::fromString(str(r, "time"), Qt::ISODateWithMs);
    return t.isValid() ? t.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s) : str(r, "time");
}

QString specialistText(const nlohmann::json& r) {
    QStringList parts;
    if (!str(r, "task").isEmpty()) parts << MeasureView::tr("task %1").arg(str(r, "task"));
    if (!str(r, "skill").isEmpty()) parts << MeasureView::tr("skill %1").arg(str(r, "skill"));
    return parts.isEmpty() ? MeasureView::tr("dense") : parts.join(u", "_s);
}

// The compare pickers' label of a record: file, kind, task/skill and time.
QString recordLabel(const nlohmann::json& r) {
    const QString kind = str(r, "kind") == u"ppl" ? MeasureView::tr("perplexity") : MeasureView::tr("speed");
    return u"%1 · %2 · %3 · %4"_s.arg(QFileInfo(str(r, "file")).fileName(), kind, specialistText(r), when(r));
}

QChart* newChart() {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    return chart;
}

void replaceChart(QChartView* view, QChart* chart) {
    styleChart(chart); // its axes are in place now
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

QValueAxis* axis(const QString& title, double lo, double hi, const char* format) {
    auto* a = new QValueAxis();
    a->setTitleText(title);
    a->setRange(lo, hi);
    a->setLabelFormat(QString::fromLatin1(format));
    return a;
}

} // namespace

MeasureView::MeasureView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services),
      store_(std::make_unique<MeasureStore>(doc_->path(), doc_->file() ? doc_->file()->envelope().dirHash : 0)) {
    auto* layout = new QVBoxLayout(this);

    // What to run: the speed test, the perplexity test, and the task / skill both run under.
    auto* forms = new QHBoxLayout;
    auto* benchBox = new QGroupBox(tr("Speed (cmf bench)"), this);
    auto* bf = new QFormLayout(benchBox);
    pp_ = spin(0, 65536, 512, benchBox);
    tg_ = spin(0, 65536, 128, benchBox);
    reps_ = spin(1, 1000, 3, benchBox);
    depth_ = spin(0, 1 << 20, 0, benchBox);
    threads_ = spin(0, 1024, 0, benchBox);
    threads_->setSpecialValueText(tr("all cores"));
    bf->addRow(tr("Prompt tokens (pp)"), pp_);
    bf->addRow(tr("Decoded tokens (tg)"), tg_);
    bf->addRow(tr("Repetitions"), reps_);
    bf->addRow(tr("Tokens in the cache before (depth)"), depth_);
    bf->addRow(tr("Threads"), threads_);
    runBench_ = new QPushButton(tr("Run speed test"), benchBox);
    bf->addRow(runBench_);
    forms->addWidget(benchBox);

    auto* pplBox = new QGroupBox(tr("Perplexity (cmf ppl)"), this);
    auto* pf = new QFormLayout(pplBox);
    auto* fileRow = new QHBoxLayout;
    textFile_ = new QLineEdit(pplBox);
    textFile_->setPlaceholderText(tr("a text file, or paste the text below"));
    auto* browse = new QPushButton(tr("Browse…"), pplBox);
    fileRow->addWidget(textFile_, 1);
    fileRow->addWidget(browse);
    pf->addRow(tr("Text file"), fileRow);
    pasted_ = new QPlainTextEdit(pplBox);
    pasted_->setPlaceholderText(tr("Text to score, when no file is given"));
    pasted_->setMaximumHeight(60);
    pf->addRow(tr("Text"), pasted_);
    auto* windowRow = new QHBoxLayout;
    ctx_ = spin(2, 1 << 20, 512, pplBox);
    stride_ = spin(1, 1 << 20, 256, pplBox);
    windowRow->addWidget(ctx_);
    windowRow->addWidget(new QLabel(tr("stride"), pplBox));
    windowRow->addWidget(stride_);
    pf->addRow(tr("Window (ctx)"), windowRow);
    auto* refRow = new QHBoxLayout;
    reference_ = new QLineEdit(pplBox);
    reference_->setPlaceholderText(tr("optional: a model to measure KL divergence from"));
    auto* browseRef = new QPushButton(tr("Browse…"), pplBox);
    refRow->addWidget(reference_, 1);
    refRow->addWidget(browseRef);
    pf->addRow(tr("KL reference"), refRow);
    runPpl_ = new QPushButton(tr("Run perplexity"), pplBox);
    pf->addRow(runPpl_);
    forms->addWidget(pplBox, 2);

    auto* underBox = new QGroupBox(tr("Run under"), this);
    auto* uf = new QFormLayout(underBox);
    task_ = new QComboBox(underBox);
    skill_ = new QComboBox(underBox);
    task_->addItem(tr("(dense)"), QString());
    skill_->addItem(tr("(backbone)"), QString());
    if (const auto f = doc_->bundleFile()) {
        if (f->masks())
            for (const auto& m : f->masks()->masks) task_->addItem(QString::fromStdString(m.name), QString::fromStdString(m.name));
        bool routed = false;
        for (const auto& s : cmf::listSkills(*f)) {
            routed = routed || !s.record.selection.is_null();
            if (s.tensorCount) skill_->addItem(QString::fromStdString(s.record.id), QString::fromStdString(s.record.id));
        }
        if (routed) skill_->addItem(tr("auto (routed on the text)"), u"auto"_s);
    }
    uf->addRow(tr("Task mask"), task_);
    uf->addRow(tr("Skill"), skill_);
    auto* note = new QLabel(tr("Both tests run under this choice; a KL reference runs dense on its backbone."), underBox);
    note->setWordWrap(true);
    uf->addRow(note);
    forms->addWidget(underBox, 1);
    layout->addLayout(forms);

    auto* progressRow = new QHBoxLayout;
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    status_ = new QLabel(tr("No test running."), this);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(status_, 2);
    progressRow->addWidget(cancel_);
    layout->addLayout(progressRow);

    // The charts of the selected result and of speed across runs, then every result.
    auto* charts = new QHBoxLayout;
    windowChart_ = new QChartView(this);
    speedChart_ = new QChartView(this);
    for (auto* v : {windowChart_, speedChart_}) {
        v->setRenderHint(QPainter::Antialiasing);
        v->setMinimumHeight(230);
        charts->addWidget(v, 1);
    }
    layout->addLayout(charts, 1);
    results_ = new QTableWidget(0, 7, this);
    results_->setHorizontalHeaderLabels(
        {tr("When"), tr("Test"), tr("Under"), tr("Settings"), tr("Result"), tr("KL / top-1"), tr("Seconds")});
    results_->verticalHeader()->hide();
    results_->setSelectionBehavior(QAbstractItemView::SelectRows);
    results_->setSelectionMode(QAbstractItemView::SingleSelection);
    results_->horizontalHeader()->setStretchLastSection(true);
    results_->setMinimumHeight(150);
    addCsvExport(results_, [this] { return QFileInfo(doc_->path()).completeBaseName() + u"-measurements.csv"_s; });
    layout->addWidget(results_, 1);

    auto* compareBox = new QGroupBox(tr("Compare two results"), this);
    auto* cl = new QVBoxLayout(compareBox);
    auto* pick = new QHBoxLayout;
    compareA_ = new QComboBox(compareBox);
    compareB_ = new QComboBox(compareBox);
    for (auto* c : {compareA_, compareB_}) c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    pick->addWidget(new QLabel(tr("A"), compareBox));
    pick->addWidget(compareA_, 1);
    pick->addWidget(new QLabel(tr("B"), compareBox));
    pick->addWidget(compareB_, 1);
    cl->addLayout(pick);
    compare_ = new QTableWidget(0, 4, compareBox);
    compare_->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B / A")});
    compare_->verticalHeader()->hide();
    compare_->horizontalHeader()->setStretchLastSection(true);
    compare_->setMinimumHeight(120);
    addCsvExport(compare_, [] { return u"measure-compare.csv"_s; });
    cl->addWidget(compare_);
    layout->addWidget(compareBox);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Text to score"));
        if (!f.isEmpty()) textFile_->setText(f);
    });
    connect(browseRef, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Reference model"), QFileInfo(doc_->path()).absolutePath(),
                                                       tr("CMF files (*.cmf)"));
        if (!f.isEmpty()) reference_->setText(f);
    });
    connect(runBench_, &QPushButton::clicked, this, [this] { runBench(benchRequest()); });
    connect(runPpl_, &QPushButton::clicked, this, [this] { runPerplexity(pplRequest()); });
    connect(cancel_, &QPushButton::clicked, this, &MeasureView::cancel);
    connect(results_, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = results_->selectionModel()->selectedRows();
        if (!rows.isEmpty()) showWindows(rows.first().row());
    });
    connect(compareA_, &QComboBox::currentIndexChanged, this, &MeasureView::refreshCompare);
    connect(compareB_, &QComboBox::currentIndexChanged, this, &MeasureView::refreshCompare);

    fillResults();
    refreshCandidates();
}

MeasureView::~MeasureView() {
    // The job outlives the view only as long as its worker needs: stop it.
    if (job_) job_->cancel();
}

const nlohmann::json& MeasureView::records() const { return store_->records(); }

BenchRequest MeasureView::benchRequest() const {
    BenchRequest q;
    q.path = doc_->path();
    q.pp = uint32_t(pp_->value());
    q.tg = uint32_t(tg_->value());
    q.reps = uint32_t(reps_->value());
    q.depth = uint32_t(depth_->value());
    q.threads = uint32_t(threads_->value());
    q.task = task_->currentData().toString();
    q.skill = skill_->currentData().toString();
    return q;
}

PplRequest MeasureView::pplRequest() const {
    PplRequest q;
    q.path = doc_->path();
    q.textFile = textFile_->text().trimmed();
    q.text = pasted_->toPlainText();
    q.reference = reference_->text().trimmed();
    q.ctx = uint32_t(ctx_->value());
    q.stride = uint32_t(std::min(stride_->value(), ctx_->value()));
    q.task = task_->currentData().toString();
    q.skill = skill_->currentData().toString();
    return q;
}

Job* MeasureView::runBench(const BenchRequest& q) {
    Job* job = services_.jobs->start(u"measure-%1"_s.arg(doc_->path()), tr("Speed of %1").arg(QFileInfo(q.path).fileName()),
                                     jobs::bench(q), [](const QVariant& v) { return measureSummary(v.value<MeasureRecord>().json); });
    return track(job, tr("speed test"));
}

Job* MeasureView::runPerplexity(const PplRequest& q) {
    if (q.textFile.isEmpty() && q.text.trimmed().isEmpty()) {
        status_->setText(tr("Give a text file or paste a text to score."));
        return nullptr;
    }
    const QString title = q.reference.isEmpty()
                              ? tr("Perplexity of %1").arg(QFileInfo(q.path).fileName())
                              : tr("KL divergence of %1 from %2").arg(QFileInfo(q.path).fileName(), QFileInfo(q.reference).fileName());
    Job* job = services_.jobs->start(u"measure-%1"_s.arg(doc_->path()), title, jobs::perplexity(q),
                                     [](const QVariant& v) { return measureSummary(v.value<MeasureRecord>().json); });
    return track(job, q.reference.isEmpty() ? tr("perplexity") : tr("KL divergence"));
}

Job* MeasureView::track(Job* job, const QString& what) {
    job_ = job;
    setBusy(true);
    status_->setText(tr("Running the %1…").arg(what));
    progress_->setValue(0);
    connect(job, &Job::progressChanged, this, [this](double fraction, const QString& phase) {
        if (fraction >= 0) progress_->setValue(int(fraction * 1000));
        status_->setText(JobRunner::phaseText(phase));
    });
    connect(job, &Job::succeeded, this, [this](const QVariant& v) { addRecord(v.value<MeasureRecord>().json); });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        status_->setText(tr("Failed: %1").arg(message));
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
    connect(job, &Job::finished, this, [this, job](Job::State state) {
        if (job != job_) return; // a newer test took over
        setBusy(false);
        if (state == Job::State::Succeeded) status_->setText(tr("Done in %1 s.").arg(double(job->elapsedMs()) / 1000.0, 0, 'f', 1));
        if (state == Job::State::Cancelled) status_->setText(tr("Cancelled."));
        if (state != Job::State::Succeeded) progress_->setValue(0);
    });
    return job;
}

void MeasureView::cancel() {
    if (job_) job_->cancel();
}

void MeasureView::setBusy(bool busy) {
    cancel_->setEnabled(busy);
    runBench_->setEnabled(!busy);
    runPpl_->setEnabled(!busy);
}

void MeasureView::addRecord(const nlohmann::json& record) {
    if (!store_->add(record) && services_.log)
        services_.log->error(tr("Cannot keep the result in %1").arg(store_->filePath()));
    fillResults();
    const int index = int(records().size()) - 1;
    results_->selectRow(index);
    refreshCandidates();
    // The new result (this file's come first among the candidates) against the one before it.
    if (index >= 1) setCompare(index - 1, index);
    Q_EMIT recordAdded(index);
}

void MeasureView::fillResults() {
    const auto& rs = records();
    results_->setRowCount(int(rs.size()));
    int lastPpl = -1;
    for (int i = 0; i < int(rs.size()); ++i) {
        const auto& r = rs[size_t(i)];
        const bool ppl = str(r, "kind") == u"ppl";
        QString settings, result, kl;
        if (ppl) {
            lastPpl = i;
            const QString text = str(r, "text").isEmpty() ? tr("pasted text") : QFileInfo(str(r, "text")).fileName();
            settings = tr("%1, %2 tokens, ctx %3 / stride %4")
                           .arg(text)
                           .arg(qint64(num(r, "tokens", 0)))
                           .arg(qint64(num(r, "ctx", 0)))
                           .arg(qint64(num(r, "stride", 0)));
            result = tr("perplexity %1").arg(num(r, "perplexity"), 0, 'f', 4);
            if (r.contains("kl_divergence"))
                kl = tr("%1 / %2 % vs %3")
                         .arg(num(r, "kl_divergence"), 0, 'g', 4)
                         .arg(100.0 * num(r, "top1_agreement"), 0, 'f', 1)
                         .arg(QFileInfo(str(r, "kl_reference")).fileName());
        } else {
            settings = tr("pp%1 tg%2 depth %3, ×%4, %5 threads")
                           .arg(qint64(num(r, "pp", 0)))
                           .arg(qint64(num(r, "tg", 0)))
                           .arg(qint64(num(r, "depth", 0)))
                           .arg(qint64(num(r, "reps", 0)))
                           .arg(qint64(num(r, "threads", 0)));
            result = measureSummary(r);
        }
        const double seconds = ppl ? num(r, "seconds") : NAN;
        const QString cells[] = {when(r), ppl ? tr("perplexity") : tr("speed"), specialistText(r), settings, result, kl,
                                 std::isnan(seconds) ? QString() : QString::number(seconds, 'f', 1)};
        for (int c = 0; c < 7; ++c) results_->setItem(i, c, cell(cells[c]));
    }
    results_->resizeColumnsToContents();
    showWindows(lastPpl);
    refreshSpeedChart();
}

void MeasureView::showWindows(int index) {
    const auto& rs = records();
    // A speed row keeps the last perplexity chart on show.
    if (index >= 0 && (size_t(index) >= rs.size() || str(rs[size_t(index)], "kind") != u"ppl")) return;
    shownWindows_ = index;
    QChart* chart = newChart();
    chart->legend()->setAlignment(Qt::AlignTop);
    if (index < 0) {
        chart->setTitle(tr("Perplexity per window: run a perplexity test"));
        chart->legend()->hide();
        replaceChart(windowChart_, chart);
        return;
    }
    const auto& r = rs[size_t(index)];
    const auto& windows = r.value("windows", nlohmann::json::array());
    auto* s = new QLineSeries();
    s->setName(tr("perplexity"));
    s->setColor(seriesColor(palette(), 0));
    s->setPointsVisible(windows.size() < 60);
    double hi = 0;
    for (size_t w = 0; w < windows.size(); ++w) {
        const double p = num(windows[w], "perplexity", 0);
        s->append(double(w), p);
        hi = std::max(hi, p);
    }
    chart->addSeries(s);
    auto* x = axis(tr("window"), 0, std::max<double>(1, double(windows.size()) - 1), "%.0f");
    auto* y = axis(tr("perplexity"), 0, hi > 0 ? hi * 1.1 : 1, "%.3g");
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    s->attachAxis(x);
    s->attachAxis(y);
    const auto& kl = r.value("window_kl", nlohmann::json::array());
    if (kl.size() == windows.size() && !kl.empty()) {
        auto* k = new QLineSeries();
        k->setName(tr("KL divergence"));
        k->setColor(seriesColor(palette(), 1));
        double top = 0;
        for (size_t w = 0; w < kl.size(); ++w) {
            k->append(double(w), kl[w].get<double>());
            top = std::max(top, kl[w].get<double>());
        }
        chart->addSeries(k);
        auto* yk = axis(tr("KL (nats)"), 0, top > 0 ? top * 1.1 : 1, "%.3g");
        chart->addAxis(yk, Qt::AlignRight);
        k->attachAxis(x);
        k->attachAxis(yk);
    } else {
        chart->legend()->hide();
    }
    chart->setTitle(tr("Perplexity per window (%1, %2)").arg(specialistText(r), when(r)));
    replaceChart(windowChart_, chart);
}

void MeasureView::refreshSpeedChart() {
    QChart* chart = newChart();
    chart->legend()->setAlignment(Qt::AlignTop);
    const auto& rs = records();
    auto* pp = new QLineSeries();
    auto* tg = new QLineSeries();
    pp->setName(tr("prefill tok/s"));
    tg->setName(tr("decode tok/s"));
    pp->setColor(seriesColor(palette(), 0));
    tg->setColor(seriesColor(palette(), 1));
    double hi = 0;
    int run = 0;
    for (const auto& r : rs) {
        if (str(r, "kind") != u"bench") continue;
        ++run;
        if (num(r, "pp", 0) > 0) pp->append(run, num(r, "pp_tok_s", 0));
        if (num(r, "tg", 0) > 0) tg->append(run, num(r, "tg_tok_s", 0));
        hi = std::max({hi, num(r, "pp_tok_s", 0), num(r, "tg_tok_s", 0)});
    }
    for (auto* s : {pp, tg}) {
        s->setPointsVisible(true);
        s->setMarkerSize(8); // one run is a point, not a line
    }
    if (!run) {
        delete pp;
        delete tg;
        chart->setTitle(tr("Speed across runs: run a speed test"));
        chart->legend()->hide();
        replaceChart(speedChart_, chart);
        return;
    }
    auto* x = axis(tr("run"), 0.5, run + 0.5, "%.0f");
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(std::max(1.0, std::ceil(run / 10.0)));
    auto* y = axis(tr("tok/s"), 0, hi * 1.1, "%.0f");
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (auto* s : {pp, tg}) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->setTitle(tr("Speed across runs"));
    replaceChart(speedChart_, chart);
}

void MeasureView::refreshCandidates() {
    candidates_ = nlohmann::json::array();
    // This file's results first, then every other measured file's.
    for (const auto& r : records()) candidates_.push_back(r);
    const QString self = QFileInfo(doc_->path()).absoluteFilePath();
    for (const auto& f : MeasureStore::all())
        if (QString::fromStdString(f["path"].get<std::string>()) != self)
            for (const auto& r : f["records"]) candidates_.push_back(r);
    const int a = compareA_->currentIndex(), b = compareB_->currentIndex();
    for (auto* c : {compareA_, compareB_}) {
        const QSignalBlocker block(c);
        c->clear();
        for (const auto& r : candidates_) c->addItem(recordLabel(r));
    }
    const int n = int(candidates_.size());
    const QSignalBlocker ba(compareA_), bb(compareB_);
    compareA_->setCurrentIndex(a >= 0 && a < n ? a : std::max(0, n - 2));
    compareB_->setCurrentIndex(b >= 0 && b < n ? b : n - 1);
    refreshCompare();
}

void MeasureView::setCompare(int a, int b) {
    const QSignalBlocker ba(compareA_), bb(compareB_);
    compareA_->setCurrentIndex(a);
    compareB_->setCurrentIndex(b);
    refreshCompare();
}

void MeasureView::refreshCompare() {
    compare_->setRowCount(0);
    const int a = compareA_->currentIndex(), b = compareB_->currentIndex();
    if (a < 0 || b < 0 || a >= int(candidates_.size()) || b >= int(candidates_.size())) return;
    const auto &ra = candidates_[size_t(a)], &rb = candidates_[size_t(b)];
    struct Figure {
        const char* key;
        QString name;
        int decimals;
    };
    const Figure figures[] = {
        {"perplexity", tr("Perplexity"), 4},
        {"nll_per_token", tr("NLL per token"), 5},
        {"kl_divergence", tr("KL divergence (nats per token)"), 6},
        {"kl_p99", tr("KL divergence, 99th percentile"), 6},
        {"top1_agreement", tr("Top-1 agreement"), 4},
        {"reference_perplexity", tr("Reference perplexity"), 4},
        {"tokens_predicted", tr("Tokens predicted"), 0},
        {"pp_tok_s", tr("Prefill tok/s"), 1},
        {"tg_tok_s", tr("Decode tok/s"), 1},
        {"tg_read_gb_s", tr("Decode reads GB/s"), 2},
        {"decode_bytes_per_token", tr("Bytes read per decoded token"), 0},
    };
    const auto text = [](double v, int decimals) { return std::isnan(v) ? u"–"_s : QString::number(v, 'f', decimals); };
    const auto row = [&](const QString& name, const QString& va, const QString& vb, const QString& ratio) {
        const int r = compare_->rowCount();
        compare_->insertRow(r);
        compare_->setItem(r, 0, cell(name));
        compare_->setItem(r, 1, cell(va));
        compare_->setItem(r, 2, cell(vb));
        compare_->setItem(r, 3, cell(ratio));
    };
    row(tr("Result"), recordLabel(ra), recordLabel(rb), QString());
    for (const auto& f : figures) {
        const double va = num(ra, f.key), vb = num(rb, f.key);
        if (std::isnan(va) && std::isnan(vb)) continue;
        const bool ratio = !std::isnan(va) && !std::isnan(vb) && va != 0;
        row(f.name, text(va, f.decimals), text(vb, f.decimals), ratio ? QString::number(vb / va, 'f', 3) : QString());
    }
    compare_->resizeColumnsToContents();
}

void MeasureView::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    // A theme switch: the charts take the new palette's colours.
    if (e->type() == QEvent::PaletteChange) {
        showWindows(shownWindows_);
        refreshSpeedChart();
    }
}

} // namespace cmfw
