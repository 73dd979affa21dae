// The expert-routing and quantization-error views, offscreen: the routing
// heatmap shows what `cmf route-stats` counts for the same text, two corpora
// give their per-layer overlap, an expert's tensors are listed on a click;
// the quantization view's errors are the dequantized values against the
// source checkpoint, sorted worst first.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"

#include "charts/heatmap_widget.h"
#include "jobs/job_runner.h"
#include "test_support.h"
#include "views/file_page.h"
#include "views/quant_view.h"
#include "views/routing_view.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/encode.h"
#include "cmf/format/safetensors.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstRoutingQuantViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        moe_ = QString::fromStdString(cmftest::tempDir()) + u"/tiny-moe-q8.cmf"_s;
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath("models/tiny-moe");
        o.output = moe_.toStdString();
        o.quant = cmf::DType::Q8Row;
        cmf::convertHf(o, {});
    }
    void init() {
        cmftest::openWindow(dir_, settings_, w_);
    }
    void cleanup() {
        cmftest::closeWindow(settings_, w_);
    }

    void routingHeatmapIsRouteStats() {
        FilePage* page = w_->openFile(moe_);
        QVERIFY(page->showView(FilePage::View::Routing));
        auto* view = page->view<RoutingView>(FilePage::View::Routing);
        QSignalSpy ready(view, &RoutingView::statsReady);
        QVERIFY(ready.count() > 0 || ready.wait(120000)); // the sample text runs as A when the view opens
        // The same text through the command line.
        const QString text = dir_->path() + u"/sample.txt"_s, out = dir_->path() + u"/stats.json"_s;
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(RoutingView::sampleText().toUtf8());
        f.close();
        QProcess p;
        p.start(QStringLiteral(CMF_BIN), {u"route-stats"_s, moe_, u"--corpus"_s, text, u"--output"_s, out});
        QVERIFY(p.waitForFinished(60000) && p.exitCode() == 0);
        const auto cli = cmftest::loadJson(out.toStdString());
        QVERIFY(cli["layers"] == view->stats(0)["layers"]);
        const double perLayer = cli["tokens"].get<double>() * cli["top_k"].get<double>();
        const auto* map = view->heatmap(0);
        QCOMPARE(map->rows(), int(cli["layers"].size()));
        for (int r = 0; r < map->rows(); ++r)
            for (int c = 0; c < map->cols(); ++c)
                QCOMPARE(map->value(r, c), float(cli["layers"][r][c].get<double>() / perLayer));

        // A second corpus: per-layer overlap as Σ min of the two distributions.
        view->runOnText(1, u"import os\nfor path in os.listdir('.'):\n    print(path)\n"_s);
        QVERIFY(ready.wait(120000));
        const auto o = RoutingView::overlap(view->stats(0), view->stats(1));
        QCOMPARE(view->overlapTable()->rowCount(), int(o.size()));
        const auto& a = view->stats(0)["layers"][1];
        const auto& b = view->stats(1)["layers"][1];
        double ta = 0, tb = 0, want = 0;
        for (size_t e = 0; e < a.size(); ++e) ta += a[e].get<double>(), tb += b[e].get<double>();
        for (size_t e = 0; e < a.size(); ++e) want += std::min(a[e].get<double>() / ta, b[e].get<double>() / tb);
        QVERIFY(std::fabs(o[1] - want) < 1e-12);
        QVERIFY(want > 0 && want <= 1.0 + 1e-12);

        // Clicking an expert lists its three projections.
        view->showExpert(2, 5);
        QCOMPARE(view->expertTensors()->rowCount(), 3);
        QVERIFY(view->expertTensors()->item(0, 0)->text().startsWith(u"model.layers.2.mlp.experts.5."_s));
        // Save and load round-trip.
        const QString saved = dir_->path() + u"/saved.json"_s;
        QVERIFY(view->saveStats(1, saved));
        QVERIFY(view->loadStats(0, saved));
        QVERIFY(view->stats(0) == view->stats(1));
    }

    void denseModelHasNoRoutingView() {
        FilePage* page = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(!page->showView(FilePage::View::Routing));
    }

    void quantErrorsAgainstTheSource() {
        FilePage* page = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(page->showView(FilePage::View::Quant));
        auto* view = page->view<QuantView>(FilePage::View::Quant);
        QSignalSpy done(view, &QuantView::measured);
        const QString source = QString::fromStdString(cmftest::dataPath("../../resources/demo-model"));
        view->measure(source);
        QVERIFY(done.wait(120000));
        const auto file = cmf::CmfFile::open(CMF_DEMO_MODEL);
        const auto ckpt = cmf::Checkpoint::open(source.toStdString());
        QCOMPARE(view->errors().size(), ckpt.tensors().size()); // every source tensor; skill replacements are not in it
        for (const auto& e : view->errors()) {
            if (e.name != u"model.layers.1.mlp.down_proj.weight") continue;
            const auto rec = *file->findTensor(e.name.toStdString());
            std::vector<float> q(rec.count()), w(rec.count());
            const auto t = file->tensorBytes(rec);
            cmf::decodeRows(t, 0, t.shape.rows, q.data());
            const auto* st = ckpt.find(e.name.toStdString());
            st->toFloat(0, st->rows(), w.data());
            QVERIFY(std::fabs(e.relRms - cmf::relativeRmsError(w.data(), q.data(), w.size())) < 1e-6 * e.relRms);
            uint64_t total = 0;
            for (auto c : e.histogram) total += c;
            QCOMPARE(total, rec.count());
        }
        // Sorted worst first.
        QVERIFY(view->table()->item(0, 3)->data(Qt::UserRole).toDouble() >= view->table()->item(1, 3)->data(Qt::UserRole).toDouble());
    }

    // Issue 24: a checkpoint that is not the file's source is said to be one,
    // not plotted as quantization error. tiny-chat has the demo's exact shapes
    // and names but other weights; tiny-moe other names and shapes.
    void otherCheckpointIsSaidToBeOne() {
        FilePage* page = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(page->showView(FilePage::View::Quant));
        auto* view = page->view<QuantView>(FilePage::View::Quant);
        QSignalSpy done(view, &QuantView::measured);
        view->measure(QString::fromStdString(cmftest::dataPath("models/tiny-chat")));
        QVERIFY(done.wait(120000));
        const auto& c = view->comparison();
        QVERIFY(!c.errors.empty());
        QVERIFY(c.looksLikeOtherSource());
        QVERIFY2(view->summaryText().contains(u"does not look like this file's source"_s), qPrintable(view->summaryText()));
        for (const auto& e : c.errors)
            if (e.dtype == u"q8_row") QVERIFY2(e.aboveBound(), qPrintable(e.name));

        view->measure(QString::fromStdString(cmftest::dataPath("models/tiny-moe")));
        QVERIFY(done.wait(120000));
        const auto& m = view->comparison();
        QVERIFY(m.looksLikeOtherSource());
        QVERIFY(!m.missing.isEmpty() || !m.shapeMismatch.isEmpty());
        QVERIFY2(view->summaryText().contains(u"not in the checkpoint"_s) || view->summaryText().contains(u"another shape"_s),
                 qPrintable(view->summaryText()));

        // Its own source: nothing above the bounds, no verdict.
        view->measure(QString::fromStdString(cmftest::dataPath("../../resources/demo-model")));
        QVERIFY(done.wait(120000));
        QCOMPARE(view->comparison().aboveBound(), 0);
        QVERIFY(!view->comparison().looksLikeOtherSource());
        QVERIFY(!view->summaryText().contains(u"does not look like"_s));
    }

    void boundsFollowTheBits() {
        // 8 bits per value: 10/(127·√12) ≈ 0.0227; 4.5 (q4 with scales): 4 bits, 10/(7·√12) ≈ 0.41; floats by mantissa.
        QVERIFY(std::fabs(expectedRelRmsBound(cmf::DType::Q8Row, 1040, 1024) - 10 / (127 * std::sqrt(12.0))) < 1e-9);
        QVERIFY(std::fabs(expectedRelRmsBound(cmf::DType::Q4Block, 576, 1024) - 10 / (7 * std::sqrt(12.0))) < 1e-9);
        QCOMPARE(expectedRelRmsBound(cmf::DType::Q1, 136, 1024), 1.0);
        QVERIFY(expectedRelRmsBound(cmf::DType::F16, 2048, 1024) < 0.01);
        QVERIFY(expectedRelRmsBound(cmf::DType::BF16, 2048, 1024) > expectedRelRmsBound(cmf::DType::F16, 2048, 1024));
    }

private:
    QString moe_;
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

QTEST_MAIN(TstRoutingQuantViews)
#include "tst_routing_quant_views.moc"
