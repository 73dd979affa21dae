// The workbench as a person uses it, offscreen: open the demo model and the
// conformance files and check what every view shows; drop files on the
// window and on the Verify/Sign panel; verify a tampered copy; cancel a
// verification; open a file that is not CMF; generate a key, sign, verify;
// close with jobs running; settings that persist.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"
#include "cmf/format/convert.h"
#include "settings_dialog.h"

#include "document/cmf_document.h"
#include "file_builder.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "models/preview_model.h"
#include "models/row_scales_model.h"
#include "models/tensor_directory_model.h"
#include "test_support.h"
#include "util/trusted_keys.h"
#include "views/envelope_view.h"
#include "views/error_view.h"
#include "views/file_page.h"
#include "views/header_view.h"
#include "views/masks_view.h"
#include "views/section_bar.h"
#include "views/shards_view.h"
#include "views/signature_view.h"
#include "views/skills_view.h"
#include "views/tensor_detail_view.h"
#include "views/tensors_view.h"
#include "views/tokenizer_view.h"
#include "views/verify_sign_panel.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/codec.h"
#include "cmf/format/hash64.h"
#include "cmf/format/signature.h"

#include <QMetaEnum>
#include <QTextDocument>
#include <QTextOption>
#include <QAction>
#include <QCheckBox>
#include <QPushButton>
#include <QComboBox>
#include <QSpinBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QClipboard>
#include <QMenuBar>
#include <QMenu>
#include <QTest>
#include <QTreeWidget>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <sys/stat.h>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

QString demo() { return QStringLiteral(CMF_DEMO_MODEL); }
QString data(const char* rel) { return QString::fromStdString(cmftest::dataPath(rel)); }

bool waitIdle(MainWindow& w, int ms = 60000) { return w.jobs()->waitForAll(ms); }

QString copyToTemp(const QString& from, const QString& name) {
    const QString to = QString::fromStdString(cmftest::tempDir()) + u'/' + name;
    QFile::remove(to);
    QFile::remove(to + u".sig"_s);
    if (!QFile::copy(from, to)) qFatal("cannot copy");
    QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    return to;
}

// A file big enough that hashing it takes a while (a few hundred MB), built once.
QString bigFile() {
    static const QString path = [] {
        const QString p = QString::fromStdString(cmftest::tempDir()) + u"/big.cmf"_s;
        cmftest::FileBuilder b;
        for (int i = 0; i < 64; ++i) b.addRaw("model.layers." + std::to_string(i) + ".mlp.up_proj.weight", 1, {2048, 2048},
                                              std::vector<uint8_t>(size_t(2048) * 2048 * 2, uint8_t(i)));
        b.writeTo(p.toStdString());
        return p;
    }();
    return path;
}

// Flips one bit in the middle of a tensor's payload: the file still opens,
// but the tensor no longer hashes as recorded.
void flipTensorByte(const QString& path, const char* tensor) {
    const auto f = cmf::CmfFile::open(path.toStdString());
    const auto rec = *f->findTensor(tensor);
    const uint64_t at = f->envelope().data.off + rec.off + rec.nbytes / 2;
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite)) qFatal("cannot open");
    file.seek(qint64(at));
    char c = 0;
    file.getChar(&c);
    file.seek(qint64(at));
    file.putChar(char(c ^ 0x10));
}

// A signing key written beside the test's settings.
QString writeKey(const QString& dir) {
    const QString key = dir + u"/signer.key"_s;
    cmf::sig::writeKeyFile(key.toStdString(), cmf::sig::generateSeed());
    return key;
}

QPushButton* button(QWidget* in, const QString& text) {
    for (auto* b : in->findChildren<QPushButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

QAction* action(QWidget* in, const QString& text) {
    for (auto* a : in->findChildren<QAction*>())
        if (a->text() == text) return a;
    return nullptr;
}

} // namespace

class TstMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void opensTheDemoModelInEveryView();
    void envelopeView();
    void tensorsViewFilters();
    void tensorStatisticsEqualDecodeAll();
    void exportsNpy();
    void dropOpensFiles();
    void dropOnThePanelVerifies();
    void verifyReportsTheTamperedTensor();
    void verifyReportsEveryKindOfDamage_data();
    void verifyReportsEveryKindOfDamage();
    void verifyNotesBytesNoHashCovers();
    void cancelStopsPromptlyAndLeavesNothing();
    void nonCmfFileShowsTheErrorView_data();
    void nonCmfFileShowsTheErrorView();
    void signThenVerifyRoundTrips();
    void panelFollowsTheCurrentTab();
    void panelDropsAStaleResult();
    void signRefusesAFileThatFailsVerification();
    void signatureViewShowsTheSigner();
    void masksSkillsTokenizerShards();
    void closingWithJobsRunningCancels();
    void settingsPersist();
    void bottomDocksTakeAFifth();
    void minimumFitsAScaledScreen();
    void viewMenuReachesEveryPage();
    void ctrlFFocusesTheTensorFilter();
    void tabContextMenu();
    void recentFilesDropWhatFailsOrIsGone();
    void settingsDialogSaves();

private:
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

void TstMainWindow::init() {
    cmftest::openWindow(dir_, settings_, w_);
}

void TstMainWindow::cleanup() {
    cmftest::closeWindow(settings_, w_);
}

void TstMainWindow::opensTheDemoModelInEveryView() {
    FilePage* page = w_->openFile(demo());
    QVERIFY(!page->isError());
    QCOMPARE(w_->fileCount(), 1);
    QCOMPARE(w_->tabs()->tabText(0), u"tiny-chat.cmf"_s);
    QTreeWidget* nav = page->navigation();
    QStringList items;
    for (int i = 0; i < nav->topLevelItemCount(); ++i) items << nav->topLevelItem(i)->text(0);
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    // A dense model: no expert-routing view.
    QCOMPARE(page->currentView(), FilePage::View::Overview); // the first page
    QCOMPARE(items, (QStringList{u"Overview"_s, u"Envelope"_s, u"Header"_s, u"Architecture"_s, u"Tensors (%1)"_s.arg(f->directory().count()), u"Bit allocation"_s,
                                 u"Masks (%1)"_s.arg(f->masks()->nMasks), u"Skills (%1)"_s.arg(f->skills().size()), u"Tokenizer"_s,
                                 u"Signature"_s, u"Tasks & skills"_s, u"Quantization error"_s, u"Measure"_s}));
    for (auto v : {FilePage::View::Overview, FilePage::View::Envelope, FilePage::View::Header, FilePage::View::Tensors, FilePage::View::Masks,
                   FilePage::View::Skills, FilePage::View::Tokenizer, FilePage::View::Signature}) {
        QVERIFY(page->showView(v));
        QCOMPARE(page->currentView(), v);
        QVERIFY(page->viewWidget(v)->isVisible());
    }
    QVERIFY(!page->showView(FilePage::View::Shards)); // not a shard
    // Selecting in the tree switches the view.
    nav->setCurrentItem(nav->topLevelItem(2));
    QCOMPARE(page->currentView(), FilePage::View::Header);
    QVERIFY(waitIdle(*w_));
    // Opening the same file again focuses its tab.
    QCOMPARE(w_->openFile(demo()), page);
    QCOMPARE(w_->fileCount(), 1);
    QVERIFY(w_->log()->lastMessage().contains(u"Opened tiny-chat.cmf"_s));
}

void TstMainWindow::envelopeView() {
    FilePage* page = w_->openFile(demo());
    QVERIFY(page->showView(FilePage::View::Envelope)); // one click from the overview
    auto* env = page->view<EnvelopeView>(FilePage::View::Envelope);
    QVERIFY(env);
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const auto& e = f->envelope();
    // 4 fixed fields, six offset/length pairs, two reserved hashes.
    QCOMPARE(env->fieldsTable()->rowCount(), 4 + 12 + 2);
    auto field = [&](const QString& name, int col) {
        for (int r = 0; r < env->fieldsTable()->rowCount(); ++r)
            if (env->fieldsTable()->item(r, 0)->text() == name) return env->fieldsTable()->item(r, col)->text();
        return QString();
    };
    QCOMPARE(field(u"data_off"_s, 2), QString::number(e.data.off));
    QCOMPARE(field(u"data_off"_s, 3), u"0x"_s + QString::number(e.data.off, 16));
    QCOMPARE(field(u"vocab_len"_s, 2), QString::number(e.vocab.len));
    QCOMPARE(field(u"magic"_s, 2), u"CMF\\x01"_s);
    QCOMPARE(field(u"required_features"_s, 2), QString::number(e.requiredFeatures));
    // Feature bits by name, as the reader names them (the demo has at least TENSOR_DIR and QUANT_2F).
    QStringList set, want;
    for (int r = 0; r < env->featuresTable()->rowCount(); ++r)
        if (env->featuresTable()->item(r, 2)->text() == u"yes") set << env->featuresTable()->item(r, 1)->text();
    for (const auto& n : cmf::featureNames(e.requiredFeatures)) want << QString::fromStdString(n);
    QCOMPARE(set, want);
    QVERIFY(set.contains(u"TENSOR_DIR"_s) && set.contains(u"QUANT_2F"_s));
    // The bar: segments proportional to the sections, covering the whole file.
    uint64_t covered = 0;
    for (const auto& s : env->sectionBar()->segments()) covered += s.len;
    QCOMPARE(covered, f->fileSize());
}

void TstMainWindow::tensorsViewFilters() {
    FilePage* page = w_->openFile(demo());
    QVERIFY(page->showView(FilePage::View::Tensors));
    auto* tv = page->view<TensorsView>(FilePage::View::Tensors);
    // The demo: 47 backbone tensors, and as many again as the code skill's replacements.
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    const int total = int(f->directory().count());
    int downs = 0, skill = 0;
    for (uint64_t i = 0; i < f->directory().count(); ++i) {
        const auto name = f->directory().record(i).name;
        downs += name.find("down_proj") != std::string_view::npos;
        skill += name.rfind("skill.", 0) == 0;
    }
    QCOMPARE(total - skill, 47);
    QCOMPARE(tv->model()->rowCount(), total);
    QVERIFY(tv->countLabel()->text().startsWith(u"%1 of %1 tensors"_s.arg(total)));
    tv->filterEdit()->setText(u"down_proj"_s);
    tv->applyFilter();
    QCOMPARE(tv->model()->rowCount(), downs);
    QVERIFY(tv->countLabel()->text().startsWith(u"%1 of %2 tensors"_s.arg(downs).arg(total)));
    // The charts follow the filter: only vbit_ro FFN tensors are left.
    tv->regexBox()->setChecked(true);
    tv->filterEdit()->setText(u"^model\\.layers\\.[02]\\.self_attn\\.[qk]_proj"_s);
    tv->applyFilter();
    QCOMPARE(tv->model()->rowCount(), 4);
    tv->filterEdit()->setText(u"(unclosed"_s);
    tv->applyFilter();
    QCOMPARE(tv->model()->rowCount(), 4); // invalid: the last good filter stays
    QVERIFY(!tv->filterEdit()->toolTip().isEmpty());
    tv->filterEdit()->clear();
    tv->applyFilter();
    tv->groupBox()->setChecked(true);
    QCOMPARE(tv->model()->rowCount(), total + 5); // groups: 4 layers (skill replacements join their layer) and "other"
    // Activating a row opens the tensor's detail.
    tv->groupBox()->setChecked(false);
    const QModelIndex idx = tv->model()->index(2, TensorDirectoryModel::Name);
    Q_EMIT tv->table()->activated(idx);
    QCOMPARE(page->currentView(), FilePage::View::Tensor);
    QCOMPARE(page->view<TensorDetailView>(FilePage::View::Tensor)->tensorName(), u"lm_head.weight"_s);
    QVERIFY(waitIdle(*w_));
}

void TstMainWindow::tensorStatisticsEqualDecodeAll() {
    FilePage* page = w_->openFile(demo());
    const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
    for (const char* name : {"model.layers.0.mlp.down_proj.weight", "model.embed_tokens.weight", "model.norm.weight",
                             "model.layers.3.self_attn.k_proj.weight"}) {
        QVERIFY(page->showTensor(QString::fromLatin1(name)));
        auto* d = page->view<TensorDetailView>(FilePage::View::Tensor);
        QVERIFY(QTest::qWaitFor([d] { return d->stats().has_value(); }, 30000));
        QVERIFY(waitIdle(*w_));
        const auto values = cmf::decodeAll(f->tensorBytes(*f->findTensor(name)));
        double sum = 0, absSum = 0, lo = INFINITY, hi = -INFINITY;
        for (float x : values) sum += x, absSum += std::fabs(x), lo = std::min(lo, double(x)), hi = std::max(hi, double(x));
        const auto& s = *d->stats();
        QCOMPARE(s.count, uint64_t(values.size()));
        QCOMPARE(s.sum, sum);
        QCOMPARE(s.absSum, absSum);
        QCOMPARE(s.min, lo);
        QCOMPARE(s.max, hi);
        // What the person reads is the same numbers.
        QCOMPARE(d->statText(u"count"_s), QLocale().toString(qulonglong(values.size())));
        QCOMPARE(d->statText(u"sum"_s), QString::number(sum, 'g', 10));
        QCOMPARE(d->statText(u"min"_s), QString::number(lo, 'g', 6));
        // The preview and the scales arrived too.
        QVERIFY(d->previewModel()->rowCount() > 0);
        QCOMPARE(d->previewModel()->index(0, 0).data(Qt::EditRole).toDouble(), double(values[0]));
    }
    // A quantized tensor shows its per-row scales.
    QVERIFY(page->showTensor(u"model.layers.1.mlp.up_proj.weight"_s));
    auto* d = page->view<TensorDetailView>(FilePage::View::Tensor);
    QVERIFY(waitIdle(*w_));
    QVERIFY(QTest::qWaitFor([d] { return d->scalesModel()->rowCount() == 768; }, 60000));
    QCOMPARE(d->scalesModel()->headerData(1, Qt::Horizontal).toString(), u"Bits"_s);
}

void TstMainWindow::exportsNpy() {
    FilePage* page = w_->openFile(demo());
    QVERIFY(page->showTensor(u"model.layers.0.self_attn.q_norm.weight"_s));
    auto* d = page->view<TensorDetailView>(FilePage::View::Tensor);
    const QString out = dir_->path() + u"/q_norm.npy"_s;
    Job* job = d->exportTo(out);
    QVERIFY(QTest::qWaitFor([job] { return !job->isRunning(); }, 60000));
    QCOMPARE(job->state(), Job::State::Succeeded);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray b = f.readAll();
    QVERIFY(b.startsWith("\x93NUMPY"));
    QVERIFY(b.contains("'shape': (64,)"));
    QCOMPARE(b.size() % 4, 0);
    QVERIFY(w_->log()->lastMessage().contains(u"q_norm.npy"_s));
}

void TstMainWindow::dropOpensFiles() {
    // Anywhere on the window: on the tab area, even on a line edit that
    // would otherwise take the text of the drop.
    QVERIFY(cmftest::dropOn(w_.get(), {demo()}));
    QCOMPARE(w_->fileCount(), 1);
    FilePage* page = w_->page(0);
    QVERIFY(page->showView(FilePage::View::Tensors));
    auto* filter = page->view<TensorsView>(FilePage::View::Tensors)->filterEdit();
    const QString a = data("conformance/valid/tiny-s7-F16.cmf"), b = data("conformance/invalid/01-bad_magic.cmf");
    QVERIFY(cmftest::dropOn(filter, {a, b}));
    QCOMPARE(filter->text(), QString()); // not pasted into the filter
    QCOMPARE(w_->fileCount(), 3);
    QCOMPARE(w_->page(1)->document()->fileName(), u"tiny-s7-F16.cmf"_s);
    QVERIFY(w_->page(2)->isError());
    QCOMPARE(w_->tabs()->currentIndex(), 2);
    // A drop without files is refused.
    QMimeData text;
    text.setText(u"hello"_s);
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w_.get(), &enter);
    QVERIFY(!enter.isAccepted());
}

void TstMainWindow::dropOnThePanelVerifies() {
    VerifySignPanel* panel = w_->verifyPanel();
    QSignalSpy done(panel, &VerifySignPanel::verifyFinished);
    QVERIFY(cmftest::dropOn(panel, {demo()}));
    // The file opens in a tab too, so what the panel acts on is on screen.
    QCOMPARE(w_->fileCount(), 1);
    QCOMPARE(w_->currentPage()->document()->path(), QFileInfo(demo()).absoluteFilePath());
    QCOMPARE(panel->file(), QFileInfo(demo()).absoluteFilePath());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), true);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Valid);
    QVERIFY(panel->badgeText().contains(u"VALID"_s));
    QCOMPARE(panel->lastOutcome()->report.tensorsChecked, cmf::CmfFile::open(CMF_DEMO_MODEL)->directory().count());
    QVERIFY(panel->lastOutcome()->report.problems.empty());
    QVERIFY(panel->reportText().contains(u"No problems"_s));
}

void TstMainWindow::verifyReportsTheTamperedTensor() {
    const QString copy = copyToTemp(demo(), u"tampered.cmf"_s);
    const auto f = cmf::CmfFile::open(copy.toStdString());
    const auto rec = *f->findTensor("model.layers.2.self_attn.v_proj.weight");
    const uint64_t at = f->envelope().data.off + rec.off + rec.nbytes / 2;
    {
        QFile file(copy);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(qint64(at));
        char c = 0;
        file.getChar(&c);
        file.seek(qint64(at));
        file.putChar(char(c ^ 0x10));
    }
    FilePage* page = w_->openFile(copy); // still opens: hashes are verify's job
    QVERIFY(!page->isError());
    w_->verifyFile(copy);
    VerifySignPanel* panel = w_->verifyPanel();
    QVERIFY(QTest::qWaitFor([panel] { return panel->status() == VerifySignPanel::Status::Invalid; }, 30000));
    const auto& o = *panel->lastOutcome();
    QCOMPARE(o.report.problems.size(), size_t(1));
    QCOMPARE(o.report.problems[0].kind, std::string("tensor_hash_mismatch"));
    QCOMPARE(o.report.problems[0].where, std::string("model.layers.2.self_attn.v_proj.weight"));
    QVERIFY(panel->badgeText().contains(u"INVALID"_s));
    QVERIFY(panel->reportText().contains(u"model.layers.2.self_attn.v_proj.weight"_s));
    QVERIFY(panel->reportText().contains(u"Tensor bytes changed"_s));
    QVERIFY(panel->reportText().contains(u"no longer hash"_s)); // the plain-language explanation
}

// Issue 18: a payload hidden in the padding keeps every hash valid; the panel
// still says VALID (as cmf verify does without --strict) and shows the note.
void TstMainWindow::verifyNotesBytesNoHashCovers() {
    const QString copy = copyToTemp(data("conformance/valid/tiny-s42-Q8_ROW.cmf"), u"padded.cmf"_s);
    const auto f = cmf::CmfFile::open(copy.toStdString());
    const uint64_t at = f->envelope().dir.end() + 3;
    QVERIFY(at < f->envelope().data.off);
    {
        QFile file(copy);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(qint64(at));
        file.putChar('X');
    }
    w_->openFile(copy);
    w_->verifyFile(copy);
    VerifySignPanel* panel = w_->verifyPanel();
    QVERIFY(QTest::qWaitFor([panel] { return panel->status() == VerifySignPanel::Status::Valid; }, 30000));
    QCOMPARE(panel->lastOutcome()->report.notes.size(), size_t(1));
    QVERIFY(panel->badgeText().contains(u"VALID"_s));
    QVERIFY2(panel->reportText().contains(u"Bytes no hash covers"_s) && panel->reportText().contains(u"cmf compact"_s),
             qPrintable(panel->reportText()));
    QVERIFY(panel->reportText().contains(u"1 non-zero byte(s) in 1 region(s)"_s));
}

void TstMainWindow::verifyReportsEveryKindOfDamage_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("title");
    QTest::newRow("tensor") << data("conformance/invalid/19-flip_tensor_data.cmf") << u"tensor_hash_mismatch"_s
                            << u"model.layers.0.mlp.down_proj.weight"_s << u"Tensor bytes changed"_s;
    QTest::newRow("header") << data("conformance/invalid/20-flip_header_json.cmf") << u"header_hash_mismatch"_s << u"header"_s
                            << u"Header changed"_s;
    QTest::newRow("directory") << data("conformance/invalid/22-flip_dir_pool.cmf") << u"dir_hash_mismatch"_s
                               << u"directory"_s << u"Tensor directory changed"_s;
    QTest::newRow("vocab") << data("conformance/invalid/23-flip_vocab_byte.cmf") << u"section_hash_mismatch"_s << u"vocab"_s
                           << u"Section changed"_s;
    QTest::newRow("masks") << data("conformance/invalid/24-flip_masks_bit.cmf") << u"section_hash_mismatch"_s << u"masks"_s
                           << u"Section changed"_s;
    QTest::newRow("index") << data("conformance/invalid/25-flip_index_byte.cmf") << u"section_hash_mismatch"_s << u"index"_s
                           << u"Section changed"_s;
}

void TstMainWindow::verifyReportsEveryKindOfDamage() {
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(QString, where);
    QFETCH(QString, title);
    VerifySignPanel* panel = w_->verifyPanel();
    panel->setFile(file);
    QSignalSpy done(panel, &VerifySignPanel::verifyFinished);
    panel->verify();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    const auto& problems = panel->lastOutcome()->report.problems;
    QCOMPARE(problems.size(), size_t(1));
    QCOMPARE(QString::fromStdString(problems[0].kind), kind);
    QCOMPARE(QString::fromStdString(problems[0].where), where);
    QVERIFY(panel->reportText().contains(title));
    QVERIFY(panel->reportText().contains(where));
}

void TstMainWindow::cancelStopsPromptlyAndLeavesNothing() {
    const QString big = bigFile();
    const QStringList before = QDir(QFileInfo(big).absolutePath()).entryList(QDir::Files);
    VerifySignPanel* panel = w_->verifyPanel();
    panel->setFile(big);
    QSignalSpy done(panel, &VerifySignPanel::verifyFinished);
    Job* job = panel->verify();
    QVERIFY(job);
    // Let it get going (at most 10 ms: hashing the 512 MB file takes far longer on any
    // machine, while the first progress report may come late on a fast one), then cancel.
    (void)QTest::qWaitFor([job] { return job->fraction() > 0.0 || !job->isRunning(); }, 10);
    QVERIFY2(job->isRunning(), "the verification finished before it could be cancelled: make the file bigger");
    const auto t0 = std::chrono::steady_clock::now();
    panel->cancel();
    QVERIFY(done.wait(120000));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY2(ms < 1000, qPrintable(u"cancel took "_s + QString::number(ms) + u" ms"_s));
    QCOMPARE(job->state(), Job::State::Cancelled);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Cancelled);
    // Nothing of the cancelled run is left: no outcome, no badge, no report, no job, no file.
    QVERIFY(!panel->lastOutcome());
    QCOMPARE(panel->badgeText(), QString());
    QCOMPARE(panel->reportText(), QString());
    QCOMPARE(w_->jobs()->runningCount(), 0);
    QCOMPARE(QDir(QFileInfo(big).absolutePath()).entryList(QDir::Files), before);
    // And the panel works again afterwards.
    panel->setFile(demo());
    QSignalSpy again(panel, &VerifySignPanel::verifyFinished);
    panel->verify();
    QVERIFY(again.wait(120000));
    QCOMPARE(panel->status(), VerifySignPanel::Status::Valid);
}

void TstMainWindow::nonCmfFileShowsTheErrorView_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("message");
    const QString text = QString::fromStdString(cmftest::tempDir()) + u"/notes.txt"_s;
    {
        QFile f(text);
        f.open(QIODevice::WriteOnly);
        f.write("These are my notes, not a model.\n");
    }
    QTest::newRow("text file") << text << u"Not a CMF file"_s << u"magic"_s;
    QTest::newRow("bad magic") << data("conformance/invalid/01-bad_magic.cmf") << u"Not a CMF file"_s << u"434d4602"_s;
    QTest::newRow("version 3") << data("conformance/invalid/03-version_3.cmf") << u"Unsupported CMF version"_s << u"version 3"_s;
    QTest::newRow("feature") << data("conformance/invalid/04-feature_bit20.cmf")
                             << u"Requires a feature this reader does not implement"_s << u"BIT_20"_s;
    QTest::newRow("truncated") << data("conformance/invalid/06-truncated_mid_data.cmf") << u"Truncated or out-of-bounds data"_s
                               << u"past the end of the file"_s;
    QTest::newRow("dtype") << data("conformance/invalid/13-dtype_200.cmf") << u"Malformed structure"_s << u"unknown dtype 200"_s;
    QTest::newRow("missing") << QString::fromStdString(cmftest::tempDir()) + u"/does-not-exist.cmf"_s
                             << u"The file cannot be read"_s << u"does-not-exist.cmf"_s;
}

void TstMainWindow::nonCmfFileShowsTheErrorView() {
    QFETCH(QString, file);
    QFETCH(QString, title);
    QFETCH(QString, message);
    FilePage* page = w_->openFile(file);
    QVERIFY(page->isError());
    auto* err = page->view<ErrorView>(FilePage::View::Error);
    QVERIFY(err);
    QVERIFY(err->isVisible());
    QCOMPARE(err->titleText(), title);
    QVERIFY2(err->messageText().contains(message), qPrintable(err->messageText()));
    QVERIFY(w_->log()->lastMessage().contains(u"not a valid CMF file"_s));
    // Verifying it says the same, in the panel, instead of failing silently.
    w_->verifyFile(file);
    QVERIFY(waitIdle(*w_));
    QVERIFY(w_->verifyPanel()->badgeText().contains(u"NOT A VALID CMF FILE"_s));
}

// The first label of the Verify / Sign panel that is cut — narrower than its
// longest unbreakable run, shorter than its wrapped text, or outside the
// dock's visible part — with why; empty when every label is whole.
static QString cutLabel(MainWindow* w) {
    QWidget* viewport = w->verifyPanel()->parentWidget(); // the dock's scroll area's viewport
    for (QLabel* l : w->verifyPanel()->findChildren<QLabel*>()) {
        if (!l->isVisibleTo(w->verifyPanel()) || l->text().isEmpty()) continue;
        const QRect r(l->mapTo(viewport, QPoint(0, 0)), l->size());
        const QString what = l->text().left(60) + u": "_s;
        // The widest line the text can be broken into at the label's width.
        QTextDocument doc;
        doc.setDefaultFont(l->font());
        doc.setDocumentMargin(0);
        QTextOption wrap; // as a label wraps: at word boundaries only
        wrap.setWrapMode(l->wordWrap() ? QTextOption::WordWrap : QTextOption::NoWrap);
        doc.setDefaultTextOption(wrap);
        if (Qt::mightBeRichText(l->text()) && l->textFormat() != Qt::PlainText) doc.setHtml(l->text()); else doc.setPlainText(l->text());
        doc.setTextWidth(l->wordWrap() ? l->width() : -1);
        if (doc.idealWidth() > l->width() + 1) return what + u"%1 wide, needs %2"_s.arg(l->width()).arg(doc.idealWidth());
        if (l->wordWrap() && l->height() < l->heightForWidth(l->width()))
            return what + u"%1 high, needs %2"_s.arg(l->height()).arg(l->heightForWidth(l->width()));
        if (!viewport->rect().contains(r)) return what + u"outside the dock"_s;
    }
    return {};
}

void TstMainWindow::signThenVerifyRoundTrips() {
    const QString model = copyToTemp(demo(), u"signed.cmf"_s);
    const QString key = dir_->path() + u"/me.key"_s;
    VerifySignPanel* panel = w_->verifyPanel();
    QSignalSpy generated(panel, &VerifySignPanel::keyGenerated);
    panel->generateKey(key);
    QVERIFY(generated.wait(120000));
    // The key is private: mode 0600, and the panel says to keep it so.
    struct stat st {};
    QCOMPARE(::stat(key.toLocal8Bit().constData(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0600u);
    QVERIFY(panel->keyWarningText().contains(u"private"_s));
    QTRY_VERIFY2(cutLabel(w_.get()).isEmpty(), qPrintable(cutLabel(w_.get()))); // the warning names the whole path
    QCOMPARE(panel->keyPath(), key);
    QCOMPARE(settings_->keyPath(), key);
    const QString pubkey = generated.first().at(1).toString();
    QCOMPARE(pubkey.size(), 64);
    const auto seed = cmf::sig::readKeyFile(key.toStdString());
    const auto pk = cmf::sig::publicKeyFromSeed(seed);
    QCOMPARE(pubkey, QString::fromStdString(cmf::toHex(pk.data(), pk.size())));
    QVERIFY(w_->trustedKeys()->find(pubkey)); // your own key is trusted

    // Sign: the .sig appears beside the file.
    panel->setFile(model);
    QSignalSpy signedSpy(panel, &VerifySignPanel::signFinished);
    QVERIFY(panel->sign());
    QVERIFY(signedSpy.wait(120000));
    QCOMPARE(signedSpy.first().first().toBool(), true);
    QVERIFY(QFileInfo::exists(model + u".sig"_s));
    QCOMPARE(panel->lastSign()->pubkey, pubkey);
    QTRY_VERIFY2(cutLabel(w_.get()).isEmpty(), qPrintable(cutLabel(w_.get()))); // the signer's 64 digits wrap

    // Verify: every hash, and the signature by a trusted signer.
    QSignalSpy verified(panel, &VerifySignPanel::verifyFinished);
    panel->verify();
    QVERIFY(verified.wait(120000));
    QCOMPARE(verified.first().first().toBool(), true);
    const auto& sig = panel->lastOutcome()->signature;
    QVERIFY(sig.present);
    QVERIFY(sig.valid);
    QCOMPARE(QString::fromStdString(sig.pubkey), pubkey);
    QVERIFY(QString(panel->signatureText()).remove(u' ').contains(pubkey)); // shown in groups of 16 digits
    QVERIFY(panel->signatureText().contains(u"Trusted key"_s));
    QTRY_VERIFY2(cutLabel(w_.get()).isEmpty(), qPrintable(cutLabel(w_.get())));

    // Unpinned: the same valid signature, but the signer is not trusted.
    w_->trustedKeys()->remove(pubkey);
    QVERIFY(panel->signatureText().contains(u"not in your trusted keys"_s));

    // Change one byte after signing: the signature no longer checks.
    {
        QFile f(model);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(f.size() - 10);
        f.putChar('!');
    }
    QSignalSpy again(panel, &VerifySignPanel::verifyFinished);
    panel->verify();
    QVERIFY(again.wait(120000));
    QCOMPARE(again.first().first().toBool(), false);
    QVERIFY(!panel->lastOutcome()->signature.valid);
    QVERIFY(panel->reportText().contains(u"Signature does not check"_s));

    // Keys are never overwritten.
    QSignalSpy failed(panel, &VerifySignPanel::keyGenerated);
    Job* j = panel->generateKey(key);
    QVERIFY(QTest::qWaitFor([j] { return !j->isRunning(); }, 60000));
    QCOMPARE(j->state(), Job::State::Failed);
    QCOMPARE(failed.count(), 0);
}

// Issue 18: with A and B open, Verify on B then a click on tab A left the
// panel on B, and its Sign wrote B.sig while A was shown.
void TstMainWindow::panelFollowsTheCurrentTab() {
    const QString a = copyToTemp(data("conformance/valid/tiny-s7-F16.cmf"), u"follow-a.cmf"_s);
    const QString b = copyToTemp(data("conformance/valid/tiny-s7-F32.cmf"), u"follow-b.cmf"_s);
    VerifySignPanel* panel = w_->verifyPanel();
    panel->setKeyPath(writeKey(dir_->path()));
    w_->openFile(a);
    FilePage* pageB = w_->openFile(b);
    QCOMPARE(panel->file(), b);

    // Verify on B (the page's own button), then click tab A.
    QSignalSpy verified(panel, &VerifySignPanel::verifyFinished);
    Q_EMIT pageB->verifyRequested(b);
    QVERIFY(verified.wait(120000));
    QCOMPARE(panel->status(), VerifySignPanel::Status::Valid);
    w_->tabs()->setCurrentIndex(0);
    // The panel names A, in the dock's title and in its own label (full path as tooltip)...
    QCOMPARE(panel->file(), a);
    QVERIFY2(w_->verifyDock()->windowTitle().contains(u"follow-a.cmf"_s), qPrintable(w_->verifyDock()->windowTitle()));
    QVERIFY(!w_->verifyDock()->windowTitle().contains(u"follow-b.cmf"_s));
    QCOMPARE(panel->fileLabelText(), u"follow-a.cmf"_s);
    QCOMPARE(panel->fileLabelToolTip(), QDir::toNativeSeparators(a));
    QCOMPARE(w_->verifyDock()->toggleViewAction()->text(), u"Verify / Sign"_s);
    // ...and shows nothing that was about B.
    QCOMPARE(panel->status(), VerifySignPanel::Status::Idle);
    QVERIFY(!panel->lastOutcome());
    QCOMPARE(panel->badgeText(), QString());
    QCOMPARE(panel->reportText(), QString());

    // The panel's Sign button signs A.
    QSignalSpy signedSpy(panel, &VerifySignPanel::signFinished);
    QPushButton* sign = button(panel, u"Sign"_s);
    QVERIFY(sign && sign->isEnabled());
    sign->click();
    QVERIFY(signedSpy.wait(120000));
    QCOMPARE(signedSpy.first().first().toBool(), true);
    QVERIFY(QFileInfo::exists(a + u".sig"_s));
    QVERIFY(!QFileInfo::exists(b + u".sig"_s));
    QVERIFY(cmf::sig::checkSignature(a.toStdString(), std::nullopt).valid);
    QCOMPARE(panel->lastSign()->path, a);

    // Re-opening B brings its tab to the front and the panel with it.
    QCOMPARE(w_->openFile(b), pageB);
    QCOMPARE(w_->tabs()->currentIndex(), 1);
    QCOMPARE(panel->file(), b);
    QVERIFY(w_->verifyDock()->windowTitle().contains(u"follow-b.cmf"_s));
    QVERIFY(!panel->lastSign()); // A's outcome is not shown for B

    // Verify B again, go to A, and use Tools ▸ Sign: A is signed, never B.
    QVERIFY(QFile::remove(a + u".sig"_s));
    QSignalSpy again(panel, &VerifySignPanel::verifyFinished);
    Q_EMIT pageB->verifyRequested(b);
    QVERIFY(again.wait(120000));
    w_->tabs()->setCurrentIndex(0);
    QAction* signAction = action(w_.get(), u"&Sign…"_s);
    QVERIFY(signAction && signAction->isEnabled());
    QSignalSpy signedAgain(panel, &VerifySignPanel::signFinished);
    signAction->trigger();
    QVERIFY(signedAgain.wait(120000));
    QVERIFY(QFileInfo::exists(a + u".sig"_s));
    QVERIFY(!QFileInfo::exists(b + u".sig"_s));

    // The last tab closed: the panel acts on nothing, and says so.
    w_->closeTab(1);
    w_->closeTab(0);
    QCOMPARE(panel->file(), QString());
    QCOMPARE(w_->verifyDock()->windowTitle(), u"Verify / Sign"_s);
    QVERIFY(!sign->isEnabled());
}

// A verification of B still running when the panel moves to A is stopped,
// and what it found never reaches the panel.
void TstMainWindow::panelDropsAStaleResult() {
    const QString a = copyToTemp(data("conformance/valid/tiny-s7-F16.cmf"), u"stale-a.cmf"_s);
    const QString b = copyToTemp(demo(), u"stale-b.cmf"_s);
    flipTensorByte(b, "model.layers.2.self_attn.v_proj.weight"); // B's result would be a red INVALID
    w_->openFile(a);
    w_->openFile(b);
    VerifySignPanel* panel = w_->verifyPanel();
    QSignalSpy finished(panel, &VerifySignPanel::verifyFinished);
    QSignalSpy statuses(panel, &VerifySignPanel::statusChanged);
    Job* job = panel->verify();
    QVERIFY(job);
    // Its result, if the worker is already done, is still queued for the GUI thread.
    QSignalSpy logged(w_->log(), &LogModel::messageAdded);
    w_->tabs()->setCurrentIndex(0);
    QCOMPARE(panel->file(), a);
    QVERIFY(waitIdle(*w_));
    QVERIFY(job->state() == Job::State::Cancelled || job->state() == Job::State::Succeeded);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Idle);
    QVERIFY(!panel->lastOutcome());
    QCOMPARE(panel->badgeText(), QString());
    QCOMPARE(panel->reportText(), QString());
    for (const auto& s : statuses) QVERIFY(s.first().value<VerifySignPanel::Status>() != VerifySignPanel::Status::Invalid);
    bool said = false;
    for (const auto& m : logged) said |= m.at(1).toString().contains(u"now acts on stale-a.cmf"_s);
    QVERIFY(said); // the log says why B's check stopped
}

// Issue 18: a tampered file (verify says INVALID) was signed, with a green
// SIGNED and a .sig. Sign verifies the whole hash chain first and refuses.
void TstMainWindow::signRefusesAFileThatFailsVerification() {
    const char* tensor = "model.layers.2.self_attn.v_proj.weight";
    const QString tampered = copyToTemp(demo(), u"sign-tampered.cmf"_s);
    flipTensorByte(tampered, tensor);
    VerifySignPanel* panel = w_->verifyPanel();
    panel->setKeyPath(writeKey(dir_->path()));

    // Dropped on the panel: it opens, verifies INVALID; then Sign.
    QSignalSpy verified(panel, &VerifySignPanel::verifyFinished);
    QVERIFY(cmftest::dropOn(panel, {tampered}));
    QVERIFY(verified.wait(120000));
    QCOMPARE(panel->status(), VerifySignPanel::Status::Invalid);
    QSignalSpy signedSpy(panel, &VerifySignPanel::signFinished);
    QVERIFY(panel->sign());
    QVERIFY(signedSpy.wait(120000));
    QCOMPARE(signedSpy.first().first().toBool(), false);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Refused);
    QVERIFY(!QFileInfo::exists(tampered + u".sig"_s));
    QVERIFY2(panel->badgeText().contains(u"NOT SIGNED"_s), qPrintable(panel->badgeText()));
    QVERIFY(panel->lastSign()->refused());
    QCOMPARE(panel->lastSign()->check.report.problems.size(), size_t(1));
    // Why, as a failed verify explains it: the tensor and what the problem means.
    QVERIFY2(panel->reportText().contains(QString::fromLatin1(tensor)), qPrintable(panel->reportText()));
    QVERIFY(panel->reportText().contains(u"Tensor bytes changed"_s));
    QVERIFY(panel->reportText().contains(u"no longer hash"_s));
    Job* refused = w_->jobs()->jobs().last();
    QVERIFY(refused->resultText().contains(u"refused"_s));

    // A file that does not open is refused too.
    const QString notes = QString::fromStdString(cmftest::tempDir()) + u"/sign-notes.cmf"_s;
    {
        QFile f(notes);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("These are my notes, not a model.\n");
    }
    QFile::remove(notes + u".sig"_s);
    w_->openFile(notes);
    QCOMPARE(panel->file(), notes);
    QSignalSpy signedNotes(panel, &VerifySignPanel::signFinished);
    QVERIFY(panel->sign());
    QVERIFY(signedNotes.wait(120000));
    QCOMPARE(signedNotes.first().first().toBool(), false);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Refused);
    QVERIFY(!QFileInfo::exists(notes + u".sig"_s));
    QVERIFY(panel->badgeText().contains(u"NOT SIGNED"_s));
    QVERIFY2(panel->reportText().contains(u"Not a CMF file"_s), qPrintable(panel->reportText()));

    // An untouched copy still signs, and its .sig verifies.
    const QString good = copyToTemp(demo(), u"sign-good.cmf"_s);
    w_->openFile(good);
    QSignalSpy signedGood(panel, &VerifySignPanel::signFinished);
    QVERIFY(panel->sign());
    QVERIFY(signedGood.wait(120000));
    QCOMPARE(signedGood.first().first().toBool(), true);
    QCOMPARE(panel->status(), VerifySignPanel::Status::Signed);
    QVERIFY(panel->badgeText().contains(u"SIGNED"_s) && !panel->badgeText().contains(u"NOT"_s));
    QVERIFY(cmf::sig::checkSignature(good.toStdString(), std::nullopt).valid);
}

void TstMainWindow::signatureViewShowsTheSigner() {
    const QString model = copyToTemp(demo(), u"viewsig.cmf"_s);
    const QString key = dir_->path() + u"/k.key"_s;
    const auto seed = cmf::sig::generateSeed();
    cmf::sig::writeKeyFile(key.toStdString(), seed);
    cmf::sig::signFile(model.toStdString(), seed);
    const auto pk = cmf::sig::publicKeyFromSeed(seed);
    const QString pub = QString::fromStdString(cmf::toHex(pk.data(), pk.size()));
    w_->trustedKeys()->add(u"Release team"_s, pub);
    FilePage* page = w_->openFile(model);
    QVERIFY(page->showView(FilePage::View::Signature));
    auto* sv = page->view<SignatureView>(FilePage::View::Signature);
    QVERIFY(QTest::qWaitFor([sv] { return sv->info().has_value(); }, 30000));
    QVERIFY(sv->info()->check.valid);
    QCOMPARE(sv->info()->pubkey, pub);
    QCOMPARE(sv->info()->alg, u"ed25519-sha256"_s);
    QVERIFY(sv->statusText().contains(u"Signature valid"_s));
    QVERIFY(sv->statusText().contains(u"Release team"_s));
    // An unsigned file says so.
    FilePage* plain = w_->openFile(demo());
    QVERIFY(plain->showView(FilePage::View::Signature));
    auto* sv2 = plain->view<SignatureView>(FilePage::View::Signature);
    QVERIFY(QTest::qWaitFor([sv2] { return sv2->info().has_value(); }, 30000));
    QVERIFY(!sv2->info()->check.present);
    QVERIFY(sv2->statusText().contains(u"Not signed"_s));
}

void TstMainWindow::masksSkillsTokenizerShards() {
    // Masks and skills of the conformance swarm file.
    FilePage* page = w_->openFile(data("conformance/valid/tiny-s42-skills-Q4_BLOCK.cmf"));
    QVERIFY(page->showView(FilePage::View::Masks));
    auto* masks = page->view<MasksView>(FilePage::View::Masks);
    QCOMPARE(masks->masksTable()->rowCount(), 2);
    QCOMPARE(masks->masksTable()->item(0, 1)->text(), u"general"_s);
    QCOMPARE(masks->masksTable()->item(1, 3)->text(), u"NOT MEASURED"_s);
    masks->selectMask(1);
    QCOMPARE(masks->layersTable()->rowCount(), 2); // 2 layers
    QVERIFY(page->showView(FilePage::View::Skills));
    auto* skills = page->view<SkillsView>(FilePage::View::Skills);
    QCOMPARE(skills->skillsTable()->rowCount(), 1);
    QCOMPARE(skills->skillsTable()->item(0, 0)->text(), u"boost"_s);
    QCOMPARE(skills->tensorsTable()->rowCount(), 1);
    QCOMPARE(skills->tensorsTable()->item(0, 0)->text(), u"model.layers.0.mlp.gate_proj.weight"_s);

    // The demo model's tokenizer and chat template.
    FilePage* demoPage = w_->openFile(demo());
    QVERIFY(demoPage->showView(FilePage::View::Tokenizer));
    auto* tok = demoPage->view<TokenizerView>(FilePage::View::Tokenizer);
    QVERIFY(QTest::qWaitFor([tok] { return !tok->busy(); }, 30000));
    QVERIFY(waitIdle(*w_));
    QVERIFY(tok->value(u"model"_s).contains(u"BPE"_s));
    QVERIFY(tok->value(u"eos"_s).contains(u"8168"_s));
    QVERIFY(tok->value(u"eos"_s).contains(u"im_end"_s));
    QVERIFY(tok->templateText()->toPlainText().contains(u"<|im_start|>"_s));
    QVERIFY(tok->specialTokens()->rowCount() > 0);

    // A shard opens alone and shows its set.
    FilePage* shard = w_->openFile(data("conformance/valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"));
    QVERIFY(shard->document()->isShard());
    QVERIFY(shard->showView(FilePage::View::Shards));
    QCOMPARE(shard->view<ShardsView>(FilePage::View::Shards)->table()->rowCount(), 4);
    QVERIFY(shard->showView(FilePage::View::Tensors));
    QCOMPARE(shard->view<TensorsView>(FilePage::View::Tensors)->model()->rowCount(), 34); // the merged set
    QVERIFY(waitIdle(*w_));

    // Shard 2 of the demo split in a set: the tokenizer and template live in shard 1 and show from here.
    cmf::ConvertOptions o;
    o.modelDir = cmftest::dataPath("../../resources/demo-model");
    o.output = cmftest::tempDir() + "/gui-split.cmf";
    o.quant = cmf::DType::Q8Row;
    o.shardMaxGb = 0.01;
    const auto parts = cmf::convertHf(o, {}).outputs;
    QVERIFY(parts.size() >= 3);
    FilePage* second = w_->openFile(QString::fromStdString(parts[1]));
    QVERIFY(second->showView(FilePage::View::Tokenizer));
    auto* fromShard = second->view<TokenizerView>(FilePage::View::Tokenizer);
    QVERIFY(QTest::qWaitFor([fromShard] { return !fromShard->busy(); }, 30000));
    QVERIFY(waitIdle(*w_));
    QVERIFY2(fromShard->value(u"model"_s).contains(u"BPE"_s), qPrintable(fromShard->value(u"model"_s)));
    QVERIFY(fromShard->templateText()->toPlainText().contains(u"<|im_start|>"_s));
    // A Shards row opens that shard.
    QVERIFY(second->showView(FilePage::View::Shards));
    const int before = w_->fileCount();
    Q_EMIT second->view<ShardsView>(FilePage::View::Shards)->table()->cellActivated(2, 0);
    QCOMPARE(w_->fileCount(), before + 1);
    QCOMPARE(w_->currentPage()->document()->path(), QFileInfo(QString::fromStdString(parts[2])).absoluteFilePath());
    // Verify from shard 2 checks the whole set: every tensor of every shard.
    w_->verifyFile(QString::fromStdString(parts[1]));
    VerifySignPanel* panel = w_->verifyPanel();
    QVERIFY(QTest::qWaitFor([panel] { return panel->status() == VerifySignPanel::Status::Valid; }, 30000));
    uint64_t all = 0;
    for (const auto& p : parts) all += cmf::CmfFile::open(p)->directory().count();
    QCOMPARE(panel->lastOutcome()->report.tensorsChecked, all);
}

void TstMainWindow::closingWithJobsRunningCancels() {
    int asked = 0;
    w_->setCloseConfirmation([&asked](int running) {
        asked = running;
        return false; // "No": the window stays
    });
    VerifySignPanel* panel = w_->verifyPanel();
    panel->setFile(bigFile());
    Job* job = panel->verify();
    QVERIFY(!w_->close());
    QCOMPARE(asked, 1);
    QVERIFY(job->isRunning());
    w_->setCloseConfirmation([](int) { return true; }); // "Yes": cancel and close
    const auto t0 = std::chrono::steady_clock::now();
    QVERIFY(w_->close());
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
    QCOMPARE(w_->jobs()->runningCount(), 0);
    QCOMPARE(job->state(), Job::State::Cancelled);
}

void TstMainWindow::settingsPersist() {
    w_->openFile(demo());
    w_->openFile(data("conformance/valid/tiny-s7-F32.cmf"));
    w_->trustedKeys()->add(u"Alice"_s, QString(64, u'a'));
    w_->verifyPanel()->setKeyPath(u"/keys/alice.key"_s);
    QVERIFY(w_->close());
    w_.reset();
    settings_.reset();
    AppSettings reread(dir_->path() + u"/settings.ini"_s);
    QCOMPARE(reread.recentFiles().value(0), data("conformance/valid/tiny-s7-F32.cmf"));
    QCOMPARE(reread.recentFiles().value(1), QFileInfo(demo()).absoluteFilePath());
    QCOMPARE(reread.trustedKeys().size(), 1);
    QCOMPARE(reread.trustedKeys().first().name, u"Alice"_s);
    QCOMPARE(reread.keyPath(), u"/keys/alice.key"_s);
    QVERIFY(!reread.windowState().isEmpty());
    QVERIFY(!reread.windowGeometry().isEmpty());
    // A new window starts from them.
    settings_ = std::make_unique<AppSettings>(dir_->path() + u"/settings.ini"_s);
    w_ = std::make_unique<MainWindow>(settings_.get());
    QVERIFY(w_->trustedKeys()->find(QString(64, u'a')));
    QCOMPARE(w_->verifyPanel()->keyPath(), u"/keys/alice.key"_s);
}

// The bottom area: from the top of the verify dock to the status bar (the dock, its title and the tab bar of the tabified docks).
static int bottomArea(MainWindow* w) { return w->statusBar()->geometry().top() - w->verifyDock()->geometry().top(); }

void TstMainWindow::bottomDocksTakeAFifth() {
    w_->openFile(demo());
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    QTRY_VERIFY(w_->verifyDock()->isVisible());
    QCOMPARE(w_->height(), 800);
    // The first sizing runs once the window has its size (a queued call after the first show).
    QTRY_VERIFY2(bottomArea(w_.get()) <= 800 / 5, qPrintable(QString::number(bottomArea(w_.get()))));
    QVERIFY(bottomArea(w_.get()) >= 100); // still a usable panel
    // What the user sets is kept: a taller dock survives a new window.
    w_->resizeDocks({w_->verifyDock()}, {320}, Qt::Vertical);
    QTRY_VERIFY(bottomArea(w_.get()) > 300);
    const int set = bottomArea(w_.get());
    QVERIFY(w_->close());
    w_.reset();
    settings_.reset();
    settings_ = std::make_unique<AppSettings>(dir_->path() + u"/settings.ini"_s);
    w_ = std::make_unique<MainWindow>(settings_.get());
    w_->setCloseConfirmation([](int) { return true; });
    w_->show();
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    QTest::qWait(200); // time for a wrong reset to a fifth to happen, if it would
    // Not reset to a fifth (Qt fits the restored docks around the welcome page's own minimum, so not to the pixel).
    QVERIFY2(bottomArea(w_.get()) > 800 / 5 + 60, qPrintable(u"%1 vs %2"_s.arg(bottomArea(w_.get())).arg(set)));
}

// A 1280 × 800 screen at a scale factor of 2 has 640 × 400 logical pixels,
// less a panel: the window's minimum must stay inside that on every page (the
// pages scroll instead), or the first window cannot fit the screen.
void TstMainWindow::minimumFitsAScaledScreen() {
    const QSize room(600, 370);
    const auto fits = [&](const char* where) {
        QCoreApplication::processEvents();
        const QSize m = w_->minimumSizeHint().expandedTo(w_->minimumSize());
        if (m.width() <= room.width() && m.height() <= room.height()) return true;
        qWarning("%s: minimum %dx%d", where, m.width(), m.height());
        return false;
    };
    QVERIFY(fits("welcome page"));
    FilePage* page = w_->openFile(demo());
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    QVERIFY(page->showTensor(u"model.layers.1.mlp.down_proj.weight"_s));
    QVERIFY(fits("tensor detail"));
    for (int v = 0; v <= int(FilePage::View::Error); ++v)
        if (page->showView(FilePage::View(v))) QVERIFY2(fits(QMetaEnum::fromType<FilePage::View>().valueToKey(v)), "see the warning");
    QVERIFY(w_->openChat(demo()));
    QVERIFY(fits("chat"));
    QVERIFY(w_->openServe(demo()));
    QVERIFY(fits("serve"));
    // And it is what the window can be shrunk to.
    w_->resize(room);
    QCoreApplication::processEvents();
    QVERIFY(w_->width() <= room.width() && w_->height() <= room.height());
}

static QMenu* menuNamed(MainWindow* w, const QString& title) {
    for (QAction* a : w->menuBar()->actions())
        if (a->menu() && a->text().remove(u'&') == title) return a->menu();
    return nullptr;
}

static QString plain(QString text) { return text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&'); }

void TstMainWindow::viewMenuReachesEveryPage() {
    // The demo (every page but routing and shards), tiny-moe's routing, a shard's Shards page.
    const QString moe = QString::fromStdString(cmftest::tempDir()) + u"/menu-moe.cmf"_s;
    cmf::ConvertOptions o;
    o.modelDir = cmftest::dataPath("models/tiny-moe");
    o.output = moe.toStdString();
    o.quant = cmf::DType::Q8Row;
    cmf::convertHf(o, {});
    o.modelDir = cmftest::dataPath("../../resources/demo-model");
    o.output = cmftest::tempDir() + "/menu-split.cmf";
    o.shardMaxGb = 0.02;
    const auto shards = cmf::convertHf(o, {}).outputs;
    QVERIFY(shards.size() >= 2);
    QMenu* view = menuNamed(w_.get(), u"View"_s);
    QVERIFY(view);
    for (const QString& file : {demo(), moe, QString::fromStdString(shards[1])}) {
        FilePage* page = w_->openFile(file);
        QVERIFY(!page->isError());
        QTreeWidget* nav = page->navigation();
        for (int i = 0; i < nav->topLevelItemCount(); ++i) {
            const QString label = nav->topLevelItem(i)->text(0);
            QAction* hit = nullptr;
            for (QAction* a : view->actions())
                if (!a->isSeparator() && !a->menu() && !plain(a->text()).isEmpty() && label.startsWith(plain(a->text()))) hit = a;
            QVERIFY2(hit, qPrintable(file + u": no View menu entry for the page "_s + label));
            // From another page, so that the action's effect shows.
            page->showView(label == u"Envelope"_s ? FilePage::View::Header : FilePage::View::Envelope);
            hit->trigger();
            QVERIFY2(nav->currentItem() && nav->currentItem()->text(0) == label, qPrintable(label));
        }
    }
    // A page the file lacks: the status bar says so, the page stays.
    FilePage* page = w_->openFile(demo());
    page->showView(FilePage::View::Header);
    for (QAction* a : view->actions())
        if (plain(a->text()) == u"Expert routing"_s) a->trigger();
    QCOMPARE(page->currentView(), FilePage::View::Header);
    QVERIFY2(w_->statusBar()->currentMessage().contains(u"has no Expert routing page"_s), qPrintable(w_->statusBar()->currentMessage()));
}

void TstMainWindow::ctrlFFocusesTheTensorFilter() {
    FilePage* page = w_->openFile(demo());
    w_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w_.get()));
    QTest::keyClick(w_.get(), Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(page->currentView(), FilePage::View::Tensors);
    auto* tensors = page->view<TensorsView>(FilePage::View::Tensors);
    QTRY_VERIFY(tensors->filterEdit()->hasFocus());
}

void TstMainWindow::tabContextMenu() {
    w_->openFile(demo());
    w_->openFile(data("conformance/valid/tiny-s7-F32.cmf"));
    QCOMPARE(w_->fileCount(), 2);
    std::unique_ptr<QMenu> menu(w_->tabMenu(1));
    auto act = [&](const QString& text) -> QAction* {
        for (QAction* a : menu->actions())
            if (plain(a->text()) == text) return a;
        return nullptr;
    };
    QVERIFY(act(u"Copy Path"_s) && act(u"Close Others"_s) && act(u"Show in Folder"_s) && act(u"Close"_s));
    act(u"Copy Path"_s)->trigger();
    QCOMPARE(QApplication::clipboard()->text(), QFileInfo(data("conformance/valid/tiny-s7-F32.cmf")).absoluteFilePath());
    act(u"Close Others"_s)->trigger();
    QCOMPARE(w_->fileCount(), 1);
    QCOMPARE(w_->tabs()->tabText(0), u"tiny-s7-F32.cmf"_s);
    std::unique_ptr<QMenu> single(w_->tabMenu(0));
    for (QAction* a : single->actions())
        if (plain(a->text()) == u"Close Others"_s) QVERIFY(!a->isEnabled()); // nothing else to close
}

void TstMainWindow::recentFilesDropWhatFailsOrIsGone() {
    const QString dir = QString::fromStdString(cmftest::tempDir());
    const QString copy = dir + u"/recent-copy.cmf"_s, junk = dir + u"/recent-junk.cmf"_s;
    QFile::remove(copy);
    QVERIFY(QFile::copy(demo(), copy));
    {
        QFile j(junk);
        QVERIFY(j.open(QIODevice::WriteOnly));
        j.write("not a model at all");
    }
    w_->openFile(copy);
    QVERIFY(settings_->recentFiles().contains(copy));
    w_->openFile(junk); // fails to open: not listed
    QVERIFY(!settings_->recentFiles().contains(junk));
    w_->closeTab(w_->tabs()->currentIndex());
    w_->closeTab(w_->tabs()->currentIndex());
    QVERIFY(QFile::remove(copy)); // gone since it was opened
    w_->openFile(demo());
    QVERIFY(!settings_->recentFiles().contains(copy));
    QVERIFY(settings_->recentFiles().contains(QFileInfo(demo()).absoluteFilePath()));
}

void TstMainWindow::settingsDialogSaves() {
    SettingsDialog d(settings_.get(), w_->trustedKeys()); // no parent: the window is recreated below
    QCOMPARE(d.languageBox()->currentData().toString(), QString()); // default: the system locale
    QCOMPARE(d.threadsBox()->value(), 0);                            // default: one per core
    d.languageBox()->setCurrentIndex(d.languageBox()->findData(u"zh_CN"_s));
    d.threadsBox()->setValue(3);
    const int r = d.keysTable()->rowCount();
    d.keysTable()->insertRow(r);
    d.keysTable()->setItem(r, 0, new QTableWidgetItem(u"Bob"_s));
    d.keysTable()->setItem(r, 1, new QTableWidgetItem(QString(64, u'B'))); // any case is accepted
    d.accept();
    QCOMPARE(d.result(), int(QDialog::Accepted));
    QCOMPARE(settings_->language(), u"zh_CN"_s);
    QCOMPARE(settings_->threadCount(), 3);
    QVERIFY(w_->trustedKeys()->find(QString(64, u'b')));
    QCOMPARE(settings_->trustedKeys().last().name, u"Bob"_s);
    // The window applies the thread count when it starts.
    w_.reset();
    w_ = std::make_unique<MainWindow>(settings_.get());
    QCOMPARE(w_->jobs()->threadCount(), 3);
}

QTEST_MAIN(TstMainWindow)
#include "tst_main_window.moc"
