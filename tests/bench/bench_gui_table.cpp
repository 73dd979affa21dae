// The Tensors view on a file of 100,000 tensors: open (map + validate the
// directory + model + first paint of the table), scroll, sort every column,
// filter by substring and by regular expression, group by layer. Targets:
// open < 100 ms, sort and filter < 200 ms. Prints medians of REPS runs.
// usage: bench_gui_table [WORKDIR] [TENSORS=100000] [REPS=11]
#include "bench_util.h"
#include "file_builder.h"

#include "document/cmf_document.h"
#include "models/tensor_directory_model.h"
#include "models/tensor_summary.h"

#include <QApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>

using namespace cmfw;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// Median milliseconds of reps runs of f (after one warm-up run).
double timeMs(int reps, const std::function<void()>& f) {
    f();
    std::vector<double> runs;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = Clock::now();
        f();
        runs.push_back(msSince(t0) / 1000.0);
    }
    return cmfbench::median(runs) * 1000.0;
}

void paint(QTableView& view) {
    view.viewport()->repaint(); // synchronous paint of the visible rows
    QCoreApplication::processEvents();
}

void row(const char* what, double ms, const char* target = nullptr) {
    if (target) std::printf("%-44s %9.2f ms   (target %s)\n", what, ms, target);
    else std::printf("%-44s %9.2f ms\n", what, ms);
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::string dir = argc > 1 ? argv[1] : std::filesystem::temp_directory_path().string();
    const int count = argc > 2 ? std::atoi(argv[2]) : 100000;
    const int reps = argc > 3 ? std::atoi(argv[3]) : 11;
    const std::string path = dir + "/bench_gui_table.cmf";

    {
        cmftest::FileBuilder b;
        b.addRaw("model.embed_tokens.weight", 1, {64, 8}, std::vector<uint8_t>(1024, 1));
        for (int i = 0; i < count; ++i) {
            // An expert bank, as in a large MoE model: 768 tensors per layer.
            b.addRaw("model.layers." + std::to_string(i / 768) + ".mlp.experts." + std::to_string((i / 3) % 256) + "." +
                         (i % 3 == 0 ? "gate_proj" : i % 3 == 1 ? "up_proj" : "down_proj") + ".weight",
                     1, {uint32_t(4 + i % 5), 8}, std::vector<uint8_t>(size_t(2 * 8 * (4 + i % 5)), uint8_t(i)));
        }
        b.addRaw("lm_head.weight", 1, {64, 8}, std::vector<uint8_t>(1024, 2));
        b.writeTo(path);
    }
    const QString qpath = QString::fromStdString(path);
    std::printf("file %s: %d tensors, %.1f MB; medians of %d runs\n", path.c_str(), count + 2,
                double(std::filesystem::file_size(path)) / 1e6, reps);

    // Open: what happens on File ▸ Open up to the first painted table.
    const double mapOnly = timeMs(reps, [&] { CmfDocument::open(qpath); });
    const double open = timeMs(reps, [&] {
        const auto doc = CmfDocument::open(qpath);
        TensorDirectoryModel model;
        model.setSource(doc->tensors());
        QTableView view;
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.verticalHeader()->setDefaultSectionSize(20);
        view.resize(1100, 600);
        view.setModel(&model);
        view.show();
        paint(view);
    });
    row("open: map + validate directory", mapOnly);
    row("open: ... + model + first paint", open, "< 100 ms");

    const auto doc = CmfDocument::open(qpath);
    TensorDirectoryModel model;
    model.setSource(doc->tensors());
    QTableView view;
    view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view.verticalHeader()->setDefaultSectionSize(20);
    view.resize(1100, 600);
    view.setModel(&model);
    view.setSortingEnabled(false);
    view.show();
    paint(view);

    // Scroll: jump through the table and paint each page.
    QScrollBar* bar = view.verticalScrollBar();
    int step = 0;
    const double scroll = timeMs(reps * 5, [&] {
        bar->setValue(int((uint64_t(step++) * 7919) % uint64_t(std::max(1, bar->maximum()))));
        paint(view);
    });
    row("scroll: jump + paint one page", scroll);

    const char* names[] = {"name", "dtype", "shape", "elements", "bytes", "bits/weight", "offset", "hash"};
    double worstSort = 0;
    for (int c = 0; c < int(TensorDirectoryModel::Shard); ++c) {
        bool asc = true;
        const double ms = timeMs(reps, [&] {
            model.sort(c, asc ? Qt::AscendingOrder : Qt::DescendingOrder);
            asc = !asc;
            paint(view);
        });
        worstSort = std::max(worstSort, ms);
        char what[64];
        std::snprintf(what, sizeof what, "sort by %s + paint", names[c]);
        row(what, ms, "< 200 ms");
    }
    model.sort(-1);

    auto filter = [&](const char* what, const QString& text, TensorDirectoryModel::FilterMode mode) {
        bool on = true;
        const double ms = timeMs(reps, [&] {
            model.setFilter(on ? text : QString(), mode); // alternate: every run filters all rows
            on = !on;
            paint(view);
        });
        row(what, ms, "< 200 ms");
        model.setFilter(text, mode);
        std::printf("%-44s %9d rows\n", "  matching", model.rowCount());
        return ms;
    };
    const double f1 = filter("filter substring \"experts.17.\" + paint", QStringLiteral("experts.17."),
                             TensorDirectoryModel::FilterMode::Substring);
    const double f2 = filter("filter regex + paint", QStringLiteral(R"(layers\.1\d\.mlp\.experts\.\d+\.up_proj)"),
                             TensorDirectoryModel::FilterMode::Regex);
    model.setFilter(QString(), TensorDirectoryModel::FilterMode::Substring);
    bool grouped = false;
    const double group = timeMs(reps, [&] {
        grouped = !grouped;
        model.setGroupByLayer(grouped);
        paint(view);
    });
    row("group by layer on/off + paint", group);
    const double summary = timeMs(reps, [&] {
        const auto& m = model.matched();
        TensorSummary::of(*doc->tensors(), std::span<const uint32_t>(m.data(), m.size()));
    });
    row("bytes per dtype/family summary", summary);

    std::printf("\nworst sort %.1f ms, worst filter %.1f ms, open %.1f ms\n", worstSort, std::max(f1, f2), open);
    std::filesystem::remove(path);
    return 0;
}
