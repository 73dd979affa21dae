#include "views/routing_view.h"
#include "util/table_csv.h"

#include "charts/heatmap_widget.h"
#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "util/format_text.h"

#include "cmf/engine/calibrate.h"
#include "cmf/engine/corpus.h"
#include "cmf/engine/session.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/writer.h"

#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

// Statistics from token streams, as `cmf route-stats` computes them.
nlohmann::json statsOf(const QString& path, const std::vector<std::string>& texts, const cmf::Control& control) {
    const auto model = cmf::engine::Model::open(path.toStdString());
    const auto tok = cmf::engine::tokenizerOf(*model);
    std::vector<std::vector<int32_t>> docs;
    for (const auto& t : texts) docs.push_back(tok.encode(t, false));
    return cmf::engine::routeStatistics(model, docs, 256, control);
}

} // namespace

QString RoutingView::sampleText() {
    return u"The word harbor means a sheltered body of water where ships can anchor. A quote about science: the important thing "
           "is not to stop questioning. What is 17 + 25? 17 + 25 = 42.\n\n"
           "def fibonacci(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n\n"
           "class Stack:\n    def __init__(self):\n        self.items = []\n    def push(self, x):\n        self.items.append(x)\n"_s;
}

RoutingView::RoutingView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent)
    : QWidget(parent), doc_(std::move(doc)), services_(services) {
    auto* layout = new QVBoxLayout(this);
    prompt_ = new QPlainTextEdit(sampleText(), this);
    prompt_->setMaximumHeight(90);
    layout->addWidget(new QLabel(tr("Text to route (or a file); the statistics count, per MoE layer, how many tokens selected each expert:"), this));
    layout->addWidget(prompt_);
    auto* buttons = new QHBoxLayout;
    for (int slot = 0; slot < 2; ++slot) {
        const QString name = slot == 0 ? u"A"_s : u"B"_s;
        auto* runText = new QPushButton(tr("Run on the text as %1").arg(name), this);
        auto* runFile = new QPushButton(tr("Run on a file as %1…").arg(name), this);
        auto* load = new QPushButton(tr("Load %1…").arg(name), this);
        auto* save = new QPushButton(tr("Save %1…").arg(name), this);
        for (auto* b : {runText, runFile, load, save}) buttons->addWidget(b);
        connect(runText, &QPushButton::clicked, this, [this, slot] { runOnText(slot, prompt_->toPlainText()); });
        connect(runFile, &QPushButton::clicked, this, [this, slot] {
            const QString f = QFileDialog::getOpenFileName(this, tr("Text file"));
            if (!f.isEmpty()) runOnFile(slot, f);
        });
        connect(load, &QPushButton::clicked, this, [this, slot] {
            const QString f = QFileDialog::getOpenFileName(this, tr("Route statistics"), {}, tr("JSON (*.json)"));
            if (!f.isEmpty()) loadStats(slot, f);
        });
        connect(save, &QPushButton::clicked, this, [this, slot] {
            const QString f = QFileDialog::getSaveFileName(this, tr("Route statistics"), u"route-stats.json"_s, tr("JSON (*.json)"));
            if (!f.isEmpty()) saveStats(slot, f);
        });
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);

    auto* split = new QSplitter(Qt::Horizontal, this);
    for (int slot = 0; slot < 2; ++slot) {
        auto* box = new QWidget(split);
        auto* v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        captions_[slot] = new QLabel(tr("%1: no statistics yet").arg(slot == 0 ? u"A"_s : u"B"_s), box);
        maps_[slot] = new HeatmapWidget(box);
        maps_[slot]->setAxisTitles(tr("layer"), tr("expert"));
        maps_[slot]->setEmptyText(tr("Run or load statistics"));
        maps_[slot]->setValueFormatter([](float v) { return Text::percent(v); });
        connect(maps_[slot], &HeatmapWidget::cellClicked, this, [this](int row, int col, float) { showExpert(row, col); });
        v->addWidget(captions_[slot]);
        v->addWidget(maps_[slot], 1);
    }
    maps_[0]->linkView(maps_[1]);
    layout->addWidget(split, 3);

    auto* bottom = new QSplitter(Qt::Horizontal, this);
    overlap_ = new QTableWidget(0, 2, bottom);
    overlap_->setHorizontalHeaderLabels({tr("Layer"), tr("Overlap of A and B (Σ min)")});
    expertTensors_ = new QTableWidget(0, 4, bottom);
    expertTensors_->setHorizontalHeaderLabels({tr("Tensor"), tr("dtype"), tr("Shape"), tr("Bytes")});
    addCsvExport(overlap_, [] { return u"routing-overlap.csv"_s; });
    addCsvExport(expertTensors_, [] { return u"expert-tensors.csv"_s; });
    for (auto* t : {overlap_, expertTensors_}) {
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    }
    layout->addWidget(bottom, 1);
    // A first picture at once: the sample text as A (a background job, cancellable like any other).
    runOnText(0, sampleText());
}

Job* RoutingView::runOnText(int slot, const QString& text) {
    const QString path = doc_->path();
    const std::string t = text.toStdString();
    Job* job = services_.jobs->start(u"routing-%1-%2"_s.arg(path).arg(slot), tr("Route statistics (%1)").arg(slot == 0 ? u"A"_s : u"B"_s),
                                     [path, t](const cmf::Control& c) { return QVariant::fromValue(QString::fromStdString(statsOf(path, {t}, c).dump())); });
    connect(job, &Job::succeeded, this, [this, slot](const QVariant& v) { setStats(slot, nlohmann::json::parse(v.toString().toStdString())); });
    connect(job, &Job::failed, this, [this](const QString& kind, const QString& message) {
        if (services_.log) services_.log->error(kind + u": "_s + message);
    });
    return job;
}

Job* RoutingView::runOnFile(int slot, const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return nullptr;
    return runOnText(slot, QString::fromUtf8(f.readAll()));
}

void RoutingView::setStats(int slot, const nlohmann::json& stats) {
    stats_[slot] = stats;
    const auto& layers = stats.value("layers", nlohmann::json::array());
    int cols = 0;
    for (const auto& l : layers) cols = std::max<int>(cols, int(l.size()));
    const int rows = int(layers.size());
    const double perLayer = std::max(1.0, stats.value("tokens", 0.0) * std::max(1.0, stats.value("top_k", 1.0)));
    std::vector<float> values(size_t(rows) * size_t(cols), std::nanf(""));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < int(layers[r].size()); ++c) values[size_t(r) * size_t(cols) + size_t(c)] = float(layers[r][c].get<double>() / perLayer);
    maps_[slot]->setTitle(tr("Selection frequency (share of a layer's selections)"));
    maps_[slot]->setMissingLabel(tr("dense layer"));
    maps_[slot]->setSequential(std::pair<double, double>{0.0, 1.0 / std::max(1.0, double(cols)) * 2.5});
    maps_[slot]->setData(rows, cols, std::move(values));
    captions_[slot]->setText(tr("%1: %2 tokens, top-%3").arg(slot == 0 ? u"A"_s : u"B"_s).arg(stats.value("tokens", 0)).arg(stats.value("top_k", 0)));
    refreshOverlap();
    Q_EMIT statsReady(slot);
}

std::vector<double> RoutingView::overlap(const nlohmann::json& a, const nlohmann::json& b) {
    std::vector<double> out;
    const auto& la = a.value("layers", nlohmann::json::array());
    const auto& lb = b.value("layers", nlohmann::json::array());
    for (size_t l = 0; l < la.size() && l < lb.size(); ++l) {
        double ta = 0, tb = 0, o = 0;
        for (const auto& v : la[l]) ta += v.get<double>();
        for (const auto& v : lb[l]) tb += v.get<double>();
        if (ta == 0 || tb == 0 || la[l].size() != lb[l].size()) {
            out.push_back(std::nan(""));
            continue;
        }
        for (size_t e = 0; e < la[l].size(); ++e) o += std::min(la[l][e].get<double>() / ta, lb[l][e].get<double>() / tb);
        out.push_back(o);
    }
    return out;
}

void RoutingView::refreshOverlap() {
    overlap_->setRowCount(0);
    if (stats_[0].is_null() || stats_[1].is_null()) return;
    const auto o = overlap(stats_[0], stats_[1]);
    for (size_t l = 0; l < o.size(); ++l) {
        overlap_->insertRow(int(l));
        overlap_->setItem(int(l), 0, new QTableWidgetItem(QString::number(l)));
        overlap_->setItem(int(l), 1, new QTableWidgetItem(std::isnan(o[l]) ? tr("dense") : Text::percent(o[l])));
    }
}

void RoutingView::showExpert(int layer, int expert) {
    const std::string prefix = "model.layers." + std::to_string(layer) + ".mlp.experts." + std::to_string(expert) + ".";
    const auto& dir = doc_->file()->directory();
    expertTensors_->setRowCount(0);
    for (uint64_t i = 0; i < dir.count(); ++i) {
        const auto r = dir.record(i);
        if (r.name.substr(0, prefix.size()) != prefix) continue;
        const int row = expertTensors_->rowCount();
        expertTensors_->insertRow(row);
        const auto dims = r.dims();
        expertTensors_->setItem(row, 0, new QTableWidgetItem(Text::fromUtf8(r.name)));
        expertTensors_->setItem(row, 1, new QTableWidgetItem(QString::fromUtf8(cmf::dtypeName(r.dtype).data())));
        expertTensors_->setItem(row, 2, new QTableWidgetItem(Text::shape(dims)));
        expertTensors_->setItem(row, 3, new QTableWidgetItem(Text::bytes(r.nbytes)));
    }
    expertTensors_->resizeColumnsToContents();
}

bool RoutingView::saveStats(int slot, const QString& path) const {
    if (stats_[slot].is_null()) return false;
    const std::string text = stats_[slot].dump(1) + "\n";
    try {
        cmf::writeFileAtomic(path.toStdString(), text.data(), text.size());
    } catch (const std::exception&) {
        return false;
    }
    return true;
}

bool RoutingView::loadStats(int slot, const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    try {
        setStats(slot, nlohmann::json::parse(f.readAll().toStdString()));
    } catch (const nlohmann::json::exception& e) {
        if (services_.log) services_.log->error(tr("%1 is not route statistics: %2").arg(path, QString::fromUtf8(e.what())));
        return false;
    }
    return true;
}

} // namespace cmfw
