// The Compare view, offscreen: the demo model against a copy with three
// tensors requantized (cmf::requant --only) lists exactly those as changed,
// with NMSE > 0, and every other tensor as same with NMSE 0 — the same rows
// `cmf diff --json` reports; the status filter and name filter; the header
// difference; a file against itself; a file that is not CMF; cancel; the
// menu action; and `--screenshot --view compare:OTHER`.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"
#include "screenshot.h"

#include "file_builder.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/tensor_diff_filter.h"
#include "models/tensor_diff_model.h"
#include "test_support.h"
#include "views/compare_view.h"
#include "views/file_page.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <map>
#include <set>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

QString demo() { return QStringLiteral(CMF_DEMO_MODEL); }
QString tmp(const char* name) { return QString::fromStdString(cmftest::tempDir()) + u'/' + QString::fromLatin1(name); }

// Two attention projections of layer 0 (q8_row) and one FFN projection of
// layer 1 (vbit_ro in the demo), re-encoded as q4_block.
const std::set<std::string> kRequantized = {"model.layers.0.self_attn.q_proj.weight", "model.layers.0.self_attn.k_proj.weight",
                                            "model.layers.1.mlp.down_proj.weight"};
const char* kOnly = "^model\\.layers\\.0\\.self_attn\\.[qk]_proj\\.weight$|^model\\.layers\\.1\\.mlp\\.down_proj\\.weight$";

QString requantized() {
    static const QString path = [] {
        const QString out = tmp("requant.cmf");
        cmf::RequantOptions o;
        o.input = demo().toStdString();
        o.output = out.toStdString();
        o.quant = cmf::DType::Q4Block;
        o.only = kOnly;
        cmf::requant(o);
        return out;
    }();
    return path;
}

// Two files whose every tensor differs: enough values that comparing them
// takes longer than starting and cancelling the job.
QString bigFile(const char* name, uint8_t fill) {
    const QString p = tmp(name);
    if (!QFile::exists(p)) {
        cmftest::FileBuilder b;
        for (int i = 0; i < 8; ++i)
            b.addRaw("model.layers." + std::to_string(i) + ".mlp.up_proj.weight", 1, {2048, 2048},
                     std::vector<uint8_t>(size_t(2048) * 2048 * 2, uint8_t(fill + i)));
        b.writeTo(p.toStdString());
    }
    return p;
}

// `cmf diff --json A B`: exit code and the parsed report.
std::pair<int, nlohmann::json> cmfDiffJson(const QString& a, const QString& b) {
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), {u"diff"_s, a, b, u"--json"_s});
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, nlohmann::json::parse(p.readAllStandardOutput().toStdString())};
}

std::set<std::string> rowsWithStatus(const cmf::DiffReport& r, cmf::DiffStatus s) {
    std::set<std::string> out;
    for (const auto& t : r.tensors)
        if (t.status == s) out.insert(t.name);
    return out;
}

QAction* findAction(QMenuBar* bar, const QString& text) {
    for (QAction* menu : bar->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == text) return a;
    return nullptr;
}

} // namespace

class TstCompareView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void requantizedTensorsAreExactlyTheChangedOnes();
    void filtersAndSorting();
    void matchesCmfDiffJson();
    void fileAgainstItselfIsAllSame();
    void notACmfFileFails();
    void cancelLeavesNoResult();
    void menuAction();
    void screenshot();

private:
    CompareView* compareAndWait(const QString& a, const QString& b);
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

void TstCompareView::initTestCase() {
    const auto f = cmf::CmfFile::open(demo().toStdString());
    // The regex picks real tensors, none of them already q4_block: each one must change.
    for (const auto& n : kRequantized) {
        const auto r = f->findTensor(n);
        QVERIFY2(r, n.c_str());
        QVERIFY(r->dtype != cmf::DType::Q4Block);
    }
    QVERIFY(QFile::exists(requantized()));
}

void TstCompareView::init() {
    cmftest::openWindow(dir_, settings_, w_);
}

void TstCompareView::cleanup() {
    cmftest::closeWindow(settings_, w_);
}

CompareView* TstCompareView::compareAndWait(const QString& a, const QString& b) {
    CompareView* v = w_->compareFiles(a, b);
    if (!v) return nullptr;
    if (!w_->jobs()->waitForAll(120000)) return nullptr;
    QCoreApplication::processEvents();
    return v;
}

void TstCompareView::requantizedTensorsAreExactlyTheChangedOnes() {
    CompareView* v = compareAndWait(demo(), requantized());
    QVERIFY(v);
    QCOMPARE(v->state(), CompareView::State::Done);
    QVERIFY(v->isVisible());
    FilePage* page = w_->currentPage();
    QCOMPARE(page->currentView(), FilePage::View::Compare);
    QCOMPARE(page->view<CompareView>(FilePage::View::Compare), v);
    QCOMPARE(page->navigation()->currentItem()->text(0), u"Compare"_s);
    QVERIFY(page->navigation()->currentItem()->toolTip(0).endsWith(u"requant.cmf"_s));

    QAbstractItemModelTester tester(v->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(v->filter(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto r = v->report();
    QVERIFY(r);
    const auto f = cmf::CmfFile::open(demo().toStdString());
    QCOMPARE(v->model()->rowCount(), int(f->directory().count()));
    QCOMPARE(rowsWithStatus(*r, cmf::DiffStatus::Changed), kRequantized);
    QCOMPARE(rowsWithStatus(*r, cmf::DiffStatus::Same).size(), f->directory().count() - kRequantized.size());
    QVERIFY(!r->identical());
    for (int row = 0; row < v->model()->rowCount(); ++row) {
        const cmf::TensorDiff* t = v->model()->diffAt(row);
        QVERIFY(t->nmse.has_value());
        if (t->status == cmf::DiffStatus::Changed) {
            QVERIFY2(*t->nmse > 0, t->name.c_str());
            QCOMPARE(t->b->dtype, cmf::DType::Q4Block);
            // The table shows both sides and a number.
            QCOMPARE(v->model()->index(row, TensorDiffModel::DTypeB).data().toString(), u"q4_block"_s);
            QVERIFY(v->model()->index(row, TensorDiffModel::Nmse).data().toString().contains(u'e'));
        } else {
            QCOMPARE(*t->nmse, 0.0);
            QCOMPARE(v->model()->index(row, TensorDiffModel::Nmse).data().toString(), u"0"_s);
        }
    }
    // Colour-coded status: changed and same cells differ in colour.
    int changedRow = -1, sameRow = -1;
    for (int row = 0; row < v->model()->rowCount(); ++row)
        (v->model()->diffAt(row)->status == cmf::DiffStatus::Changed ? changedRow : sameRow) = row;
    const auto bg = [&](int row) { return v->model()->index(row, TensorDiffModel::Status).data(Qt::BackgroundRole).value<QBrush>().color(); };
    QVERIFY(bg(changedRow) != bg(sameRow));
    QCOMPARE(bg(changedRow), TensorDiffModel::statusColor(cmf::DiffStatus::Changed));

    QVERIFY2(v->summaryText().contains(u"3 changed"_s), qPrintable(v->summaryText()));
    QVERIFY(v->summaryText().contains(u"0 only in A"_s));
    // requant writes its provenance; that is the whole header difference.
    QTreeWidget* tree = v->headerTree();
    QVERIFY(tree->isVisibleTo(v));
    QCOMPARE(tree->topLevelItemCount(), 1);
    QCOMPARE(tree->topLevelItem(0)->text(1), u"/provenance/requant"_s);
    QCOMPARE(tree->topLevelItem(0)->text(0), u"added"_s);
    QVERIFY(tree->topLevelItem(0)->text(3).contains(u"q4_block"_s));
    QVERIFY(tree->topLevelItem(0)->childCount() >= 2); // its keys, one per row
}

void TstCompareView::filtersAndSorting() {
    CompareView* v = compareAndWait(demo(), requantized());
    QVERIFY(v);
    const int n = v->model()->rowCount();
    // Sorted by status: what differs comes first.
    for (int row = 0; row < 3; ++row)
        QCOMPARE(v->filter()->index(row, TensorDiffModel::Status).data().toString(), u"changed"_s);
    QCOMPARE(v->filter()->index(3, TensorDiffModel::Status).data().toString(), u"same"_s);

    v->setShow(TensorDiffFilter::Show::Changed);
    QCOMPARE(v->table()->model()->rowCount(), 3);
    QCOMPARE(v->showBox()->currentText(), u"Changed"_s);
    v->setShow(TensorDiffFilter::Show::OnlyA);
    QCOMPARE(v->filter()->rowCount(), 0);
    v->setShow(TensorDiffFilter::Show::OnlyB);
    QCOMPARE(v->filter()->rowCount(), 0);
    v->setShow(TensorDiffFilter::Show::Same);
    QCOMPARE(v->filter()->rowCount(), n - 3);
    v->setShow(TensorDiffFilter::Show::Differences);
    QCOMPARE(v->filter()->rowCount(), 3);
    v->setShow(TensorDiffFilter::Show::All);
    QCOMPARE(v->filter()->rowCount(), n);

    // The name filter combines with the status filter.
    v->setShow(TensorDiffFilter::Show::Changed);
    v->filterEdit()->setText(u"Q_PROJ"_s); // case-insensitive
    QCOMPARE(v->filter()->rowCount(), 1);
    QCOMPARE(v->filter()->index(0, TensorDiffModel::Name).data().toString(), u"model.layers.0.self_attn.q_proj.weight"_s);
    v->filterEdit()->clear();

    // Sorting by NMSE puts the largest error first when descending.
    v->table()->sortByColumn(TensorDiffModel::Nmse, Qt::DescendingOrder);
    const double first = v->filter()->index(0, TensorDiffModel::Nmse).data(TensorDiffModel::SortRole).toDouble();
    const double last = v->filter()->index(2, TensorDiffModel::Nmse).data(TensorDiffModel::SortRole).toDouble();
    QVERIFY(first >= last && last > 0);
}

void TstCompareView::matchesCmfDiffJson() {
    CompareView* v = compareAndWait(demo(), requantized());
    QVERIFY(v);
    const auto [code, j] = cmfDiffJson(demo(), requantized());
    QCOMPARE(code, 1);
    const auto r = v->report();
    QCOMPARE(j["tensors"].size(), r->tensors.size());
    for (size_t i = 0; i < r->tensors.size(); ++i) {
        const auto& t = r->tensors[i];
        const auto& jt = j["tensors"][i];
        QCOMPARE(jt["name"].get<std::string>(), t.name);
        QCOMPARE(jt["status"].get<std::string>(), std::string(cmf::diffStatusName(t.status)));
        QVERIFY(jt["nmse"].is_number());
        QCOMPARE(jt["nmse"].get<double>(), *t.nmse); // the same computation, printed round-trip exact
    }
    QCOMPARE(j["header"].size(), r->header.size());
    QCOMPARE(j["header"][0]["path"].get<std::string>(), r->header[0].path);
}

void TstCompareView::fileAgainstItselfIsAllSame() {
    CompareView* v = compareAndWait(demo(), demo());
    QVERIFY(v);
    QCOMPARE(v->state(), CompareView::State::Done);
    const auto r = v->report();
    QVERIFY(r->identical());
    QCOMPARE(rowsWithStatus(*r, cmf::DiffStatus::Same).size(), r->tensors.size());
    QVERIFY2(v->summaryText().contains(u"Identical"_s), qPrintable(v->summaryText()));
    QVERIFY(!v->headerTree()->isVisibleTo(v));
    v->setShow(TensorDiffFilter::Show::Differences);
    QCOMPARE(v->filter()->rowCount(), 0);
}

void TstCompareView::notACmfFileFails() {
    const QString junk = tmp("junk.cmf");
    {
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
    }
    CompareView* v = w_->compareFiles(demo(), junk);
    QVERIFY(v);
    QSignalSpy done(v, &CompareView::finished);
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    QCOMPARE(v->state(), CompareView::State::Failed);
    QVERIFY2(v->summaryText().contains(u"InvalidMagic"_s) && v->summaryText().contains(junk), qPrintable(v->summaryText()));
    QCOMPARE(v->model()->rowCount(), 0);
    // A file that does not open is not compared at all.
    QVERIFY(!w_->compareFiles(junk, demo()));
}

void TstCompareView::cancelLeavesNoResult() {
    const QString a = bigFile("big-a.cmf", 1), b = bigFile("big-b.cmf", 2);
    CompareView* v = w_->compareFiles(a, b);
    QVERIFY(v);
    QCOMPARE(v->state(), CompareView::State::Running);
    QVERIFY(v->findChild<QProgressBar*>()->isVisibleTo(v));
    QSignalSpy done(v, &CompareView::finished);
    v->cancel();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    QCOMPARE(v->state(), CompareView::State::Cancelled);
    QVERIFY(!v->report());
    QCOMPARE(v->model()->rowCount(), 0);
    QVERIFY(!v->findChild<QProgressBar*>()->isVisibleTo(v));
    QVERIFY(w_->jobs()->waitForAll(20000));
}

void TstCompareView::menuAction() {
    QAction* a = findAction(w_->menuBar(), u"&Compare with…"_s);
    QVERIFY(a);
    QVERIFY(!a->isEnabled()); // no file open
    w_->openFile(demo());
    QVERIFY(a->isEnabled());
}

void TstCompareView::screenshot() {
    ScreenshotOptions o;
    o.output = dir_->filePath(u"compare.png"_s);
    o.file = demo();
    o.view = u"compare:"_s + requantized();
    QCOMPARE(runScreenshot(o), 0);
    const QImage img(o.output);
    QCOMPARE(img.size(), QSize(1280, 800));
    // The changed rows' status colour is on the picture: the job had finished.
    const QRgb changed = TensorDiffModel::statusColor(cmf::DiffStatus::Changed).rgb();
    int hits = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) hits += img.pixel(x, y) == changed;
    QVERIFY2(hits > 100, qPrintable(QString::number(hits)));
    o.view = u"compare:"_s + tmp("no-such-file.cmf");
    QCOMPARE(runScreenshot(o), 2);
}

QTEST_MAIN(TstCompareView)
#include "tst_compare_view.moc"
