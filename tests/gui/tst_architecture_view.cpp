// The Architecture view (issue 25) on the demo model, tiny-moe and a Qwen3.5
// hybrid, offscreen: it shows the engine's layer plan (compared operator by
// operator with cmf::engine::layerPlan), folds layers as the header's layer
// count and arch.layer_types say, opens a clicked tensor, exports SVG that
// an XML reader accepts with every tensor shown, and a mask overlay marks
// the share of neurons the masks section keeps.
#include "main_window.h"
#include "app_settings.h"

#include "document/cmf_document.h"
#include "test_support.h"
#include "views/architecture_view.h"
#include "views/file_page.h"
#include "views/tensor_detail_view.h"
#include "window_fixture.h"

#include "cmf/engine/layer_plan.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/masks.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <filesystem>

using namespace Qt::StringLiterals;
using namespace cmfw;
using cmf::engine::ModelPlan;
using cmf::engine::PlanOp;

namespace {

QString demo() { return QStringLiteral(CMF_DEMO_MODEL); }

std::string converted(const std::string& dir, const std::string& name) {
    const std::string out = cmftest::tempDir() + "/" + name + "-q8.cmf";
    if (!std::filesystem::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = cmftest::dataPath(dir);
        o.output = out;
        o.quant = *cmf::quantFromName("q8");
        cmf::convertHf(o, {});
    }
    return out;
}

// Operators equal: kind, facts, tensors (name, dtype, shape, bytes).
bool sameOps(const std::vector<PlanOp>& a, const std::vector<PlanOp>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].kind != b[i].kind || a[i].facts != b[i].facts || a[i].tensors.size() != b[i].tensors.size()) return false;
        for (size_t t = 0; t < a[i].tensors.size(); ++t) {
            const auto &x = a[i].tensors[t], &y = b[i].tensors[t];
            if (x.name != y.name || x.dtype != y.dtype || x.shape != y.shape || x.nbytes != y.nbytes) return false;
        }
    }
    return true;
}

bool samePlan(const ModelPlan& a, const ModelPlan& b) {
    if (a.layers.size() != b.layers.size() || a.mtpLayers.size() != b.mtpLayers.size()) return false;
    for (size_t i = 0; i < a.layers.size(); ++i)
        if (!sameOps(a.layers[i].ops, b.layers[i].ops) || a.layers[i].mixer != b.layers[i].mixer) return false;
    for (size_t i = 0; i < a.mtpLayers.size(); ++i)
        if (!sameOps(a.mtpLayers[i].ops, b.mtpLayers[i].ops)) return false;
    return sameOps(a.input, b.input) && sameOps(a.output, b.output) && sameOps(a.mtpInput, b.mtpInput) && sameOps(a.mtpOutput, b.mtpOutput);
}

// Runs of equal entries of arch.layer_types (absent: one run of num_layers).
std::vector<size_t> runsOfLayerTypes(const nlohmann::json& arch) {
    std::vector<size_t> runs;
    if (!arch.contains("layer_types") || !arch["layer_types"].is_array()) return {arch["num_layers"].get<size_t>()};
    std::string prev;
    for (const auto& t : arch["layer_types"]) {
        if (!runs.empty() && t.get<std::string>() == prev) ++runs.back();
        else runs.push_back(1);
        prev = t.get<std::string>();
    }
    return runs;
}

} // namespace

class TestArchitectureView : public QObject {
    Q_OBJECT
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;

    ArchitectureView* open(const QString& path, FilePage** pageOut = nullptr) {
        FilePage* page = w_->openFile(path);
        if (!page || !page->showView(FilePage::View::Architecture)) return nullptr;
        auto* v = page->view<ArchitectureView>(FilePage::View::Architecture);
        if (!v || !w_->jobs()->waitForAll(120000)) return nullptr;
        QCoreApplication::processEvents();
        if (pageOut) *pageOut = page;
        return v;
    }

    void checkAgainstEngine(ArchitectureView* v, const QString& path) {
        QVERIFY2(v->isLoaded(), qPrintable(v->statusText()));
        const auto model = cmf::engine::Model::open(path.toStdString());
        QVERIFY(samePlan(*v->operators(), cmf::engine::layerPlan(*model)));
        // Each row opens a tensor of the directory.
        for (const QString& t : v->diagram().shownTensors()) QVERIFY2(model->file().find(t.toStdString()).has_value(), qPrintable(t));
    }

private Q_SLOTS:
    void init() { cmftest::openWindow(dir_, settings_, w_); }
    void cleanup() { cmftest::closeWindow(settings_, w_); }

    void viewName() {
        QCOMPARE(FilePage::viewFromName(u"architecture"_s), FilePage::View::Architecture);
        QCOMPARE(FilePage::viewName(FilePage::View::Architecture), u"architecture"_s);
    }

    void demoFoldsAllLayers() {
        FilePage* page = nullptr;
        ArchitectureView* v = open(demo(), &page);
        QVERIFY(v);
        checkAgainstEngine(v, demo());
        const auto& arch = page->document()->file()->header()["arch"];
        const auto& groups = v->diagram().groups;
        QCOMPARE(groups.size(), size_t(1)); // Qwen3: every layer alike
        QCOMPARE(groups[0].count, arch["num_layers"].get<size_t>());
        // The folded frame lists layer 0's tensors once: input norm, q k v q_norm k_norm o, post-attention norm, gate up down.
        QStringList layerRows;
        for (const QString& t : v->diagram().shownTensors())
            if (t.startsWith(u"model.layers."_s)) layerRows << t;
        QCOMPARE(layerRows.size(), 11);
        for (const QString& t : layerRows) QVERIFY(t.startsWith(u"model.layers.0."_s));

        // Its title unfolds it into one frame per layer, and folds it again.
        QTest::mouseClick(v->canvas(), Qt::LeftButton, {}, v->canvas()->titleOf(0));
        QCOMPARE(v->diagram().groups.size(), arch["num_layers"].get<size_t>());
        QVERIFY(v->diagram().rowOf(u"model.layers.2.mlp.up_proj.weight"_s));
        QTest::mouseClick(v->canvas(), Qt::LeftButton, {}, v->canvas()->titleOf(1));
        QCOMPARE(v->diagram().groups.size(), size_t(1));
    }

    void clickOpensTensor() {
        FilePage* page = nullptr;
        ArchitectureView* v = open(demo(), &page);
        QVERIFY(v);
        QSignalSpy spy(v, &ArchitectureView::tensorActivated);
        const QString name = u"model.layers.0.mlp.down_proj.weight"_s;
        const QPoint at = v->canvas()->pointOf(name);
        QVERIFY(!at.isNull());
        QTest::mouseClick(v->canvas(), Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), name);
        QCOMPARE(page->currentView(), FilePage::View::Tensor);
        QCOMPARE(page->view<TensorDetailView>(FilePage::View::Tensor)->tensorName(), name);
    }

    void svgAndPngExport() {
        ArchitectureView* v = open(demo());
        QVERIFY(v);
        const QString svgPath = dir_->filePath(u"a.svg"_s), pngPath = dir_->filePath(u"a.png"_s);
        QVERIFY(v->exportSvg(svgPath));
        QFile f(svgPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QXmlStreamReader xml(bytes);
        int texts = 0;
        QSet<QString> titles;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == u"text"_s) ++texts;
            if (xml.isStartElement() && xml.name() == u"title"_s) titles.insert(xml.readElementText());
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(texts > 20);
        const QStringList shown = v->diagram().shownTensors();
        QVERIFY(!shown.isEmpty());
        for (const QString& t : shown) QVERIFY2(titles.contains(t), qPrintable(t));
        for (const auto& i : v->diagram().items) // and the text each row shows
            if (i.kind == ArchItem::Kind::Row) QVERIFY(bytes.contains(i.cells[0].toUtf8()));

        QVERIFY(v->exportPng(pngPath));
        const QImage png(pngPath);
        QCOMPARE(png.size(), (v->diagram().size * 2).toSize());
    }

    void maskOverlay() {
        FilePage* page = nullptr;
        ArchitectureView* v = open(demo(), &page);
        QVERIFY(v);
        const auto& masks = page->document()->file()->masks();
        QVERIFY(masks && !masks->masks.empty());
        const cmf::Mask& m = masks->masks.front();
        const QString gate = u"model.layers.0.mlp.gate_proj.weight"_s, down = u"model.layers.0.mlp.down_proj.weight"_s;
        QVERIFY(!v->diagram().rowOf(gate)->hasMark);
        const QString before = v->svg();
        QVERIFY(v->setOverlay(u"mask:"_s + QString::fromStdString(m.name)));
        // The masks section's own count of kept neurons of layer 0 over the FFN width.
        const double keep = double(m.ffnActive[0]) / double(masks->layout.ffnBits);
        QVERIFY(keep < 1);
        const ArchItem* g = v->diagram().rowOf(gate);
        QVERIFY(g && g->hasMark);
        QCOMPARE(g->mark.keep, keep);
        QVERIFY(v->diagram().rowOf(down)->mark.text.contains(u"column"_s));
        QVERIFY(!v->diagram().rowOf(u"model.layers.0.self_attn.k_proj.weight"_s)->hasMark); // masks do not touch keys
        QVERIFY(v->svg() != before);
        QVERIFY(v->setOverlay(QString()));
        QVERIFY(!v->diagram().rowOf(gate)->hasMark);
    }

    void skillOverlay() {
        FilePage* page = nullptr;
        ArchitectureView* v = open(demo(), &page);
        QVERIFY(v);
        const auto& skills = page->document()->file()->skills();
        QVERIFY(!skills.empty());
        const std::string prefix = "skill." + skills.front().id + ".";
        QVERIFY(v->setOverlay(u"skill:"_s + QString::fromStdString(skills.front().id)));
        // Every backbone tensor shown whose skill.{id}. twin the directory holds is marked replaced, and only those.
        const auto& f = *page->document()->file();
        int replaced = 0;
        for (const auto& i : v->diagram().items) {
            if (i.kind != ArchItem::Kind::Row) continue;
            const bool twin = f.directory().find(prefix + i.tensor.toStdString()).has_value();
            QCOMPARE(i.hasMark && i.mark.replaced, twin);
            replaced += twin;
        }
        QVERIFY(replaced > 0);
    }

    void tinyMoe() {
        const QString path = QString::fromStdString(converted("models/tiny-moe", "tiny-moe"));
        ArchitectureView* v = open(path);
        QVERIFY(v);
        checkAgainstEngine(v, path);
        const auto cfg = cmftest::loadJson(cmftest::dataPath("models/tiny-moe/config.json"));
        QCOMPARE(v->diagram().groups.size(), size_t(1));
        QCOMPARE(v->diagram().groups[0].count, cfg["num_hidden_layers"].get<size_t>());
        // The experts' tensors as one row each for gate, up and down.
        const int experts = cfg["num_experts"].get<int>();
        int expertRows = 0;
        for (const auto& i : v->diagram().items)
            if (i.kind == ArchItem::Kind::Row && i.cells[0].startsWith(u"mlp.experts.{0–%1}."_s.arg(experts - 1))) {
                ++expertRows;
                QVERIFY(i.cells[2].startsWith(QString::number(experts) + u" × "_s));
            }
        QCOMPARE(expertRows, 3);
    }

    void qwen35Hybrid() {
        const QString path = QString::fromStdString(converted("models/gdn/tiny-qwen3.5", "tiny-qwen3.5"));
        FilePage* page = nullptr;
        ArchitectureView* v = open(path, &page);
        QVERIFY(v);
        checkAgainstEngine(v, path);
        const auto& arch = page->document()->file()->header()["arch"];
        const auto runs = runsOfLayerTypes(arch);
        std::vector<size_t> counts, mtp;
        for (const auto& g : v->diagram().groups) (g.mtp ? mtp : counts).push_back(g.count);
        QVERIFY(counts == runs); // LLL F: two frames, three and one
        QCOMPARE(mtp.size(), size_t(arch["mtp"]["num_layers"].get<int>()));
        QVERIFY(v->diagram().rowOf(u"model.mtp.eh_proj.weight"_s));
    }

    void overlayPickerListsMasksAndSkills() {
        FilePage* page = nullptr;
        ArchitectureView* v = open(demo(), &page);
        QVERIFY(v);
        const auto& f = *page->document()->file();
        QStringList expected{QString()};
        for (const auto& m : f.masks()->masks) expected << u"mask:"_s + QString::fromStdString(m.name);
        for (const auto& s : f.skills()) expected << u"skill:"_s + QString::fromStdString(s.id);
        QStringList got;
        for (int i = 0; i < v->overlayPicker()->count(); ++i) got << v->overlayPicker()->itemData(i).toString();
        QCOMPARE(got, expected);
        QVERIFY(!v->setOverlay(u"mask:no-such-task"_s));
    }
};

QTEST_MAIN(TestArchitectureView)
#include "tst_architecture_view.moc"
