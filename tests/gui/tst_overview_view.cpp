// The overview page, offscreen: it is the first page of every file; its
// numbers (architecture, parameters, size, bits per weight, dtype mix,
// tokenizer, masks and skills, chat memory) are what `cmf info --json` — the
// real binary — reports for the demo model and a MoE file; its buttons
// reach the Chat, Verify, Compare and Tasks actions; the signature is "not
// checked" until asked, then valid and, once the key is trusted, its signer;
// a shard, a Qwen3.5 hybrid and a file without a tokenizer show too; and a
// screenshot without --view is the overview.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"

#include "analysis/model_overview.h"
#include "analysis/tokenizer_summary.h"
#include "chat/chat_view.h"
#include "document/cmf_document.h"
#include "jobs/job_runner.h"
#include "test_support.h"
#include "util/format_text.h"
#include "util/trusted_keys.h"
#include "views/file_page.h"
#include "views/overview_view.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/signature.h"

#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;
using nlohmann::json;

namespace {

// `cmf info --json FILE --ctx N`, from the built binary.
json cliInfo(const QString& file, uint32_t ctx) {
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), {u"info"_s, file, u"--json"_s, u"--ctx"_s, QString::number(ctx)});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return json();
    return json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
}

QString convert(const std::string& modelDir, const QString& name, cmf::DType quant) {
    const QString out = QString::fromStdString(cmftest::tempDir()) + u'/' + name;
    cmf::ConvertOptions o;
    o.modelDir = cmftest::dataPath(modelDir);
    o.output = out.toStdString();
    o.quant = quant;
    cmf::convertHf(o, {});
    return out;
}

} // namespace

class TstOverviewView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        moe_ = convert("models/tiny-moe", u"tiny-moe-q8.cmf"_s, cmf::DType::Q8Row);
        hybrid_ = convert("models/gdn/tiny-qwen3.5", u"tiny-qwen3.5-q8.cmf"_s, cmf::DType::Q8Row);
    }
    void init() { cmftest::openWindow(dir_, settings_, w_); }
    void cleanup() { cmftest::closeWindow(settings_, w_); }

    void numbersAreCmfInfo_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("demo (dense)") << QStringLiteral(CMF_DEMO_MODEL);
        QTest::newRow("tiny-moe") << moe_;
    }
    void numbersAreCmfInfo();
    void buttonsRunTheActions();
    void reflowsInsteadOfCutting();
    void signatureStates();
    void everyKindOfFile();
    void screenshotDefaultIsTheOverview();

private:
    OverviewView* openOverview(const QString& file) {
        FilePage* page = w_->openFile(file);
        if (page->isError() || page->currentView() != FilePage::View::Overview) return nullptr;
        return page->view<OverviewView>(FilePage::View::Overview);
    }

    QString moe_, hybrid_;
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

void TstOverviewView::numbersAreCmfInfo() {
    QFETCH(QString, file);
    FilePage* page = w_->openFile(file);
    QCOMPARE(page->currentView(), FilePage::View::Overview); // the first page
    QCOMPARE(page->navigation()->topLevelItem(0)->text(0), u"Overview"_s);
    auto* view = page->view<OverviewView>(FilePage::View::Overview);
    QVERIFY(view && view->isVisible());
    const auto memory = chatMemory(*page->document()->file(), nullptr);
    const json info = cliInfo(file, memory.ctx);
    QVERIFY2(info.is_object(), "cmf info --json failed");
    const json& arch = info["header"]["arch"];
    const json& summary = info["summary"];
    const auto count = [](const json& j) { return Text::count(j.get<uint64_t>()); };

    QCOMPARE(view->value(u"family"_s), QString::fromStdString(arch["arch_name"].get<std::string>()));
    QCOMPARE(view->value(u"layers"_s), count(arch["num_layers"]));
    QCOMPARE(view->value(u"hidden"_s), count(arch["hidden_size"]));
    QVERIFY(view->value(u"heads"_s).startsWith(u"%1 query, %2 key/value"_s.arg(count(arch["num_attention_heads"]), count(arch["num_kv_heads"]))));
    QCOMPARE(view->value(u"context"_s), u"%1 tokens"_s.arg(count(arch["max_position_embeddings"])));
    QCOMPARE(view->value(u"vocab"_s), count(arch["vocab_size"]));
    if (arch.contains("moe") && arch["moe"].is_object()) { // a dense model may carry "moe": null
        QVERIFY(view->value(u"moe"_s).startsWith(u"%1 experts, top-%2"_s.arg(count(arch["moe"]["num_experts"]), count(arch["moe"]["top_k"]))));
    } else {
        QVERIFY(view->value(u"moe"_s).startsWith(u"none"_s));
    }
    // Every layer of these files is full attention (no layer_types).
    QCOMPARE(view->value(u"attention"_s), u"%1 × full"_s.arg(count(arch["num_layers"])));

    // The directory's summary, number for number.
    const auto& c = view->overview().content;
    QCOMPARE(c.tensors, summary["tensors"].get<uint64_t>());
    QCOMPARE(c.tensors, uint64_t(info["tensors"].size()));
    QCOMPARE(c.parameters, summary["parameters"].get<uint64_t>());
    QCOMPARE(c.bytes, summary["bytes"].get<uint64_t>());
    QVERIFY(view->value(u"parameters"_s).startsWith(count(summary["parameters"]) + u" ("_s));
    QCOMPARE(view->value(u"tensors"_s), count(summary["tensors"]));
    QCOMPARE(view->value(u"file_size"_s), u"%1 (%2 bytes)"_s.arg(Text::bytes(info["size"].get<uint64_t>()), count(info["size"])));
    QCOMPARE(view->value(u"bits_per_weight"_s), QString::number(summary["bits_per_weight"].get<double>(), 'f', 2));
    QCOMPARE(summary["dtypes"].size(), c.dtypes.size());
    uint64_t sum = 0;
    for (size_t i = 0; i < c.dtypes.size(); ++i) {
        const json& d = summary["dtypes"][i];
        QCOMPARE(c.dtypes[i].dtype, d["dtype"].get<std::string>());
        QCOMPARE(c.dtypes[i].tensors, d["tensors"].get<uint64_t>());
        QCOMPARE(c.dtypes[i].bytes, d["bytes"].get<uint64_t>());
        QVERIFY(view->value(u"dtypes"_s).contains(QString::fromStdString(c.dtypes[i].dtype) + u": "_s));
        sum += d["tensors"].get<uint64_t>();
    }
    QCOMPARE(sum, c.tensors);
    // And the summary is the directory's: recount it from the tensors list.
    std::map<std::string, uint64_t> perDtype;
    for (const auto& t : info["tensors"]) ++perDtype[t["dtype"].get<std::string>()];
    for (const auto& d : c.dtypes) QCOMPARE(perDtype[d.dtype], d.tensors);

    // Masks and skills, with their quality.
    QCOMPARE(view->overview().masks.size(), info["masks"].size());
    QCOMPARE(view->overview().skills.size(), info["skills"].size());
    for (const auto& m : info["masks"]) QVERIFY(view->value(u"masks"_s).contains(QString::fromStdString(m["name"].get<std::string>())));
    for (const auto& s : info["skills"]) QVERIFY(view->value(u"skills"_s).contains(QString::fromStdString(s["id"].get<std::string>())));

    // The chat's memory: the engine's estimate, as `cmf info --ctx` reports it under "memory".
    QVERIFY(info["memory"].is_object());
    QCOMPARE(info["memory"]["ctx"].get<uint32_t>(), memory.ctx);
    QVERIFY2(view->value(u"memory"_s).startsWith(Text::bytes(uint64_t(info["memory"]["total"].get<double>())) + u" at a "_s),
             qPrintable(view->value(u"memory"_s)));

    // The tokenizer, read by a job: its vocabulary is the tokenizer.json's.
    QTRY_VERIFY_WITH_TIMEOUT(view->tokenizerSummary().has_value(), 60000);
    const auto f = cmf::CmfFile::open(file.toStdString());
    const auto direct = summarizeTokenizer(f->vocab(), {});
    QCOMPARE(view->tokenizerSummary()->vocabSize, direct.vocabSize);
    QVERIFY2(view->value(u"tokenizer"_s).contains(u", %1 tokens"_s.arg(Text::count(direct.vocabSize))), qPrintable(view->value(u"tokenizer"_s)));
    QCOMPARE(view->value(u"chat_template"_s).startsWith(u"yes"_s), f->chatBundle().has_value() && !f->chatBundle()->chatTemplate.empty());
}

// Every box is whole inside the page: three columns on a wide window, fewer
// at the first window's 1216 pixels and below; a window too narrow for even
// one column (600) scrolls.
void TstOverviewView::reflowsInsteadOfCutting() {
    FilePage* page = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
    auto* view = page->view<OverviewView>(FilePage::View::Overview);
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
    int previous = 4;
    for (int width : {1600, 1216, 900, 600}) {
        w_->resize(width, 800);
        QTRY_COMPARE(w_->width(), width);
        QCoreApplication::processEvents();
        QVERIFY2(view->columns() <= previous, qPrintable(u"%1 columns at %2"_s.arg(view->columns()).arg(width)));
        previous = view->columns();
        if (width < 800) continue;
        for (auto* box : view->findChildren<QGroupBox*>()) {
            const QRect r(box->mapTo(view, QPoint(0, 0)), box->size());
            QVERIFY2(r.left() >= 0 && r.right() < view->width(),
                     qPrintable(u"%1 at %2..%3 of %4 (window %5, %6 columns)"_s.arg(box->title()).arg(r.left()).arg(r.right()).arg(view->width()).arg(width).arg(view->columns())));
            QVERIFY(box->width() >= box->minimumSizeHint().width());
        }
    }
    QCOMPARE(previous, 1);
    w_->resize(1600, 800);
    QTRY_COMPARE(view->columns(), 3);
}

void TstOverviewView::buttonsRunTheActions() {
    FilePage* page = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
    auto* view = page->view<OverviewView>(FilePage::View::Overview);
    QVERIFY(view);
    // Tasks & skills and the envelope are pages of this tab.
    view->button(u"tasks"_s)->click();
    QCOMPARE(page->currentView(), FilePage::View::Tasks);
    QVERIFY(page->showView(FilePage::View::Overview));
    view->button(u"envelope"_s)->click();
    QCOMPARE(page->currentView(), FilePage::View::Envelope);
    QVERIFY(page->showView(FilePage::View::Overview));
    // Verify: the Verify / Sign panel verifies this file.
    QSignalSpy verify(page, &FilePage::verifyRequested);
    view->button(u"verify"_s)->click();
    QCOMPARE(verify.count(), 1);
    QCOMPARE(verify.at(0).at(0).toString(), page->document()->path());
    QVERIFY(w_->jobs()->waitForAll(60000));
    QVERIFY(w_->jobs()->jobs().constLast()->title().contains(u"Verify"_s));
    // Compare: the main window's Compare dialog (a file dialog: not opened here).
    QSignalSpy compare(page, &FilePage::compareRequested);
    QVERIFY(disconnect(page, &FilePage::compareRequested, w_.get(), nullptr));
    view->button(u"compare"_s)->click();
    QCOMPARE(compare.count(), 1);
    QCOMPARE(compare.at(0).at(0).toString(), page->document()->path());
    // Chat: a chat window on this file.
    QSignalSpy chat(page, &FilePage::chatRequested);
    QVERIFY(view->button(u"chat"_s)->isEnabled());
    view->button(u"chat"_s)->click();
    QCOMPARE(chat.count(), 1);
    const auto chats = w_->findChildren<ChatView*>();
    QCOMPARE(chats.size(), 1);
    QCOMPARE(chats.front()->windowFlags() & Qt::Window, Qt::Window);
    chats.front()->close();
}

void TstOverviewView::signatureStates() {
    const QString file = QString::fromStdString(cmftest::tempDir()) + u"/signed.cmf"_s;
    QFile::remove(file);
    QFile::remove(file + u".sig"_s);
    QVERIFY(QFile::copy(QStringLiteral(CMF_DEMO_MODEL), file));
    QFile(file).setPermissions(QFile::ReadOwner | QFile::WriteOwner); // the build's copy may be read-only
    const auto seed = cmf::sig::generateSeed();
    const auto written = cmf::sig::signFile(file.toStdString(), seed);
    OverviewView* view = openOverview(file);
    QVERIFY(view);
    QCOMPARE(view->value(u"signature"_s), u"not checked"_s); // hashing the file is asked for
    QSignalSpy checked(view, &OverviewView::signatureChecked);
    view->button(u"check_signature"_s)->click();
    QVERIFY(checked.wait(60000));
    QCOMPARE(view->value(u"signature"_s), u"valid; the signer is not\nin your trusted keys"_s);
    QVERIFY(w_->trustedKeys()->add(u"Test publisher"_s, QString::fromStdString(written.pubkey)));
    QCOMPARE(view->value(u"signature"_s), u"valid, signed by Test publisher\n(a trusted signer)"_s);
    // A changed byte: invalid.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadWrite));
    f.seek(f.size() - 1);
    char last = 0;
    f.getChar(&last);
    f.seek(f.size() - 1);
    f.putChar(char(last ^ 1));
    f.close();
    view->checkSignature();
    QVERIFY(checked.wait(60000));
    QCOMPARE(view->value(u"signature"_s), u"INVALID"_s);
    QVERIFY(!view->findChild<QLabel*>(u"signature"_s)->toolTip().isEmpty()); // why, in the tooltip
    // No .sig at all.
    OverviewView* plain = openOverview(moe_);
    QSignalSpy plainChecked(plain, &OverviewView::signatureChecked);
    plain->checkSignature();
    QVERIFY(plainChecked.wait(60000));
    QCOMPARE(plain->value(u"signature"_s), u"not signed"_s);
}

void TstOverviewView::everyKindOfFile() {
    // A Qwen3.5 hybrid: linear attention beside full attention.
    OverviewView* hybrid = openOverview(hybrid_);
    QVERIFY(hybrid);
    const auto& kinds = hybrid->overview().attention;
    QVERIFY(kinds.contains("LinearAttention") && kinds.contains("FullAttention"));
    QVERIFY(hybrid->value(u"attention"_s).contains(u"linear"_s));
    QVERIFY(!hybrid->value(u"memory"_s).startsWith(u"no estimate"_s));
    // A shard of a complete set: the set's parameters, this shard's file.
    const QString shard = QString::fromStdString(cmftest::dataPath("conformance/valid/tiny-s42-Q8_2F-sharded-00002-of-00004.cmf"));
    OverviewView* s = openOverview(shard);
    QVERIFY(s);
    QCOMPARE(s->overview().shardNo, 2u);
    QCOMPARE(s->overview().shardCount, 4u);
    QVERIFY(s->overview().setContent.has_value());
    const auto whole = cmf::summarizeContent(*cmf::CmfFile::open(cmftest::dataPath("conformance/valid/tiny-s42-Q8_2F.cmf")));
    QCOMPARE(s->overview().setContent->parameters, whole.parameters);
    QVERIFY(s->value(u"parameters"_s).startsWith(Text::count(whole.parameters)));
    // A file without a tokenizer: no chat, and the reason on the button.
    const QString bare = QString::fromStdString(cmftest::dataPath("conformance/valid/tiny-s42-F32.cmf"));
    OverviewView* b = openOverview(bare);
    QVERIFY(b);
    if (!b->overview().tokenizer) {
        QVERIFY(!b->button(u"chat"_s)->isEnabled());
        QVERIFY(!b->button(u"chat"_s)->toolTip().isEmpty());
        QVERIFY(b->value(u"tokenizer"_s).startsWith(u"none"_s));
    }
    QVERIFY(w_->jobs()->waitForAll(60000));
}

void TstOverviewView::screenshotDefaultIsTheOverview() {
    QProcess p;
    const QString out = dir_->filePath(u"default.png"_s);
    p.start(QStringLiteral(CMF_WORKBENCH_BIN), {u"--screenshot"_s, out, QStringLiteral(CMF_DEMO_MODEL)});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QString said = QString::fromLocal8Bit(p.readAllStandardOutput());
    QVERIFY2(said.contains(u"(1280x800, overview, tiny-chat.cmf)"_s), qPrintable(said));
    p.start(QStringLiteral(CMF_WORKBENCH_BIN), {u"--help"_s});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY(p.readAllStandardOutput().contains("overview"));
}

QTEST_MAIN(TstOverviewView)
#include "tst_overview_view.moc"
