#include "screenshot.h"

#include "charts/heatmap_export.h"
#include "charts/heatmap_widget.h"

#include "app_settings.h"
#include "chat_script.h"
#include "main_window.h"

#include "chat/chat_view.h"
#include "chat/conversation_store.h"
#include "serve/serve_view.h"

#include "jobs/import_jobs.h"
#include "jobs/job_runner.h"
#include "views/file_page.h"
#include "views/measure_view.h"
#include "measure/measure_store.h"
#include "jobs/job.h"
#include "views/import_dialog.h"
#include "views/keep_rules_editor.h"
#include "views/quant_picker.h"
#include "views/overview_view.h"
#include "views/quant_view.h"
#include "views/verify_sign_panel.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPixmap>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <functional>
#include <httplib.h>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

void fail(const QString& message) { std::fprintf(stderr, "cmf-workbench: %s\n", message.toLocal8Bit().constData()); }

// Lets layouts, charts and queued results settle.
void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
}

// Processes events until done() or ms pass; whether done() came true.
bool settleUntil(const std::function<bool()>& done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > ms) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}

// A picture never adds to the person's stored results: the Measure view
// keeps them in a throwaway folder (set before the view is made).
void useThrowawayMeasureStore() {
    static QTemporaryDir store;
    MeasureStore::setFolder(store.path());
}

// The Measure view with something in it: a quick speed test and a
// perplexity test on the held-out prose the demo was measured on (when the
// source tree is beside the build).
bool measureForShot(MeasureView* view, int timeoutMs) {
    BenchRequest b = view->benchRequest();
    b.pp = 128;
    b.tg = 32;
    b.reps = 2;
    Job* job = view->runBench(b);
    if (!settleUntil([&] { return !job->isRunning(); }, timeoutMs)) return false;
#ifdef CMF_DEMO_SOURCE
    const QString text = QDir(QStringLiteral(CMF_DEMO_SOURCE)).filePath(QStringLiteral("../../tests/data/models/heldout_prose.txt"));
    if (QFileInfo::exists(text)) {
        view->textFileEdit()->setText(QDir::cleanPath(text));
        PplRequest q = view->pplRequest();
        q.ctx = 256;
        q.stride = 128;
        job = view->runPerplexity(q);
        if (job && !settleUntil([&] { return !job->isRunning(); }, timeoutMs)) return false;
    }
#endif
    return true;
}

} // namespace

QString screenshotViewList() {
    return u"overview, envelope, header, tensors, tensor:NAME, bits, architecture, verify, masks, skills, tasks, routing, quant[:SOURCE], measure, tokenizer, playground, signature, shards, compare:OTHER, chat, serve, import[:DIR]"_s;
}

QSize parseSize(const QString& text) {
    const QStringList parts = text.toLower().split(u'x');
    if (parts.size() != 2) return {};
    bool okW = false, okH = false;
    const int w = parts[0].toInt(&okW), h = parts[1].toInt(&okH);
    if (!okW || !okH || w < 200 || h < 150 || w > 8192 || h > 8192) return {};
    return {w, h};
}

int runScreenshot(const ScreenshotOptions& o) {
    if (o.file.isEmpty()) {
        fail(u"no FILE given and this build has no demo model"_s);
        return 2;
    }
    if (!QFileInfo::exists(o.file)) {
        fail(o.file + u": no such file"_s);
        return 2;
    }
    // A throwaway settings file: a screenshot neither reads nor changes the user's layout.
    QTemporaryDir tmp;
    AppSettings settings(tmp.path() + u"/settings.ini");
    setChatDataDirectory(tmp.path()); // nor the user's chat history and presets
    MainWindow w(&settings);
    w.resize(o.size);
    w.show();
    settle(50);

    FilePage* page = w.openFile(o.file);
    const QString view = o.view.isEmpty() ? u"overview"_s : o.view; // the first page of a file
    if (view == u"chat") {
        if (page->isError()) {
            fail(o.file + u" is not a valid CMF file: nothing to chat with"_s);
            return 2;
        }
        ChatView* chat = w.openChat(o.file);
        chat->resize(o.size);
        const QString problem = playChatScript(chat, o.chatScript, o.timeoutMs);
        if (!problem.isEmpty()) {
            fail(problem);
            return 2;
        }
        settle(300);
        const QPixmap shot = chat->grab();
        if (!shot.save(o.output, "PNG")) {
            fail(u"cannot write "_s + o.output);
            return 2;
        }
        std::printf("wrote %s (%dx%d, chat, %s)\n", o.output.toLocal8Bit().constData(), shot.width(), shot.height(),
                    QFileInfo(o.file).fileName().toLocal8Bit().constData());
        return 0;
    }
    if (view == u"serve") {
        // Serving on a free port, after one greedy chat request of its own, so the log shows a row.
        ServeView* serve = w.openServe(o.file);
        serve->resize(o.size);
        serve->portBox()->setValue(0);
        serve->startServing();
        if (!settleUntil([&] { return serve->isServing(); }, o.timeoutMs)) {
            fail(u"the server did not start: "_s + serve->statusLabel()->text());
            return 2;
        }
        httplib::Client client("127.0.0.1", serve->port());
        client.set_read_timeout(o.timeoutMs / 1000, 0);
        const nlohmann::json body{{"messages", {{{"role", "user"}, {"content", "Hello there!"}}}}, {"max_tokens", 16}, {"temperature", 0}};
        client.Post("/v1/chat/completions", body.dump(), "application/json");
        settleUntil([&] { return serve->log()->rowCount() > 0; }, o.timeoutMs);
        settle(300);
        const QPixmap shot = serve->grab();
        if (!shot.save(o.output, "PNG")) {
            fail(u"cannot write "_s + o.output);
            return 2;
        }
        std::printf("wrote %s (%dx%d, serve, %s)\n", o.output.toLocal8Bit().constData(), shot.width(), shot.height(),
                    QFileInfo(o.file).fileName().toLocal8Bit().constData());
        return 0;
    }
    if (view == u"import" || view.startsWith(u"import:")) {
        // The dialog on the folder after "import:"; for the demo model, its bundled source.
        QString source = view.mid(7);
#ifdef CMF_DEMO_SOURCE
        if (source.isEmpty()) source = QStringLiteral(CMF_DEMO_SOURCE);
#endif
        if (source.isEmpty() || !notAModelFolderReason(source).isEmpty()) {
            fail(u"--view import needs a Hugging Face folder (with config.json): import:DIR"_s);
            return 2;
        }
        ImportDialog* dialog = w.importFolder(source);
        dialog->resize(o.size);
        // The demo model's own recipe (resources/CMakeLists.txt): q8 with the FFN in vbit at 5 bits.
        if (view == u"import") {
            dialog->keepRules()->addRule(u"mlp\\.(gate|up|down)_proj\\.weight$"_s, u"vbit"_s);
            dialog->quantPicker()->setMeanBits(5);
            dialog->refreshPreview();
        }
        if (!settleUntil([&] { return !dialog->previewPending(); }, o.timeoutMs)) {
            fail(u"the import preview did not finish within the timeout"_s);
            return 2;
        }
        settle(300);
        const QPixmap shot = dialog->grab();
        if (!shot.save(o.output, "PNG")) {
            fail(u"cannot write "_s + o.output);
            return 2;
        }
        std::printf("wrote %s (%dx%d, import, %s)\n", o.output.toLocal8Bit().constData(), shot.width(), shot.height(),
                    QDir(source).dirName().toLocal8Bit().constData());
        return 0;
    }
    if (view == u"verify") {
        w.verifyFile(o.file);
    } else if (view.startsWith(u"tensor:")) {
        const QString name = view.mid(7);
        if (page->isError() || !page->showTensor(name)) {
            fail(o.file + u": no tensor named "_s + name);
            return 2;
        }
    } else if (view.startsWith(u"compare:")) {
        // FILE is A, the path after "compare:" is B; the diff job is waited for below.
        const QString other = view.mid(8);
        if (!QFileInfo::exists(other)) {
            fail(other + u": no such file"_s);
            return 2;
        }
        if (!w.compareFiles(o.file, other)) {
            fail(o.file + u" is not a valid CMF file: nothing to compare"_s);
            return 2;
        }
    } else if (view == u"quant" || view.startsWith(u"quant:")) {
        // The source checkpoint after "quant:"; for the demo model, its bundled source.
        QString source = view.mid(6);
#ifdef CMF_DEMO_SOURCE
        if (source.isEmpty()) source = QStringLiteral(CMF_DEMO_SOURCE);
#endif
        if (page->isError() || source.isEmpty() || !page->showView(FilePage::View::Quant)) {
            fail(u"--view quant needs a model and its source checkpoint: quant:DIR"_s);
            return 2;
        }
        page->view<QuantView>(FilePage::View::Quant)->measure(source);
    } else if (view == u"error") {
        if (!page->isError()) {
            fail(o.file + u" opened without error: there is no error view"_s);
            return 2;
        }
    } else {
        const auto v = FilePage::viewFromName(view);
        if (!v || v == FilePage::View::Tensor || v == FilePage::View::Compare) {
            fail(u"unknown view "_s + view + u" ("_s + screenshotViewList() + u")"_s);
            return 2;
        }
        if (v == FilePage::View::Measure) useThrowawayMeasureStore();
        if (!page->isError() && !page->showView(*v)) {
            fail(o.file + u" has no "_s + view + u" view"_s);
            return 2;
        }
        if (v == FilePage::View::Measure && !page->isError() && !measureForShot(page->view<MeasureView>(FilePage::View::Measure), o.timeoutMs)) {
            fail(u"the measure view's tests did not finish within the timeout"_s);
            return 2;
        }
    }
    // The overview checks the signature only when asked (it hashes the whole
    // file); a picture of it should show the state, so it asks here.
    if (view == u"overview" && !page->isError())
        if (auto* overview = page->view<OverviewView>(FilePage::View::Overview)) overview->checkSignature();
    // Wait for what the view started (statistics, verify, signature, tokenizer).
    settle(100);
    if (!w.jobs()->waitForAll(o.timeoutMs)) {
        fail(u"background jobs did not finish within the timeout"_s);
        return 2;
    }
    settle(300);
    const QPixmap shot = w.grab();
    if (!shot.save(o.output, "PNG")) {
        fail(u"cannot write "_s + o.output);
        return 2;
    }
    std::printf("wrote %s (%dx%d, %s, %s)\n", o.output.toLocal8Bit().constData(), shot.width(), shot.height(),
                view.toLocal8Bit().constData(), QFileInfo(o.file).fileName().toLocal8Bit().constData());
    // --export-cells: the view's first heatmap at full resolution, as its Export cells does.
    if (!o.exportCells.isEmpty()) {
        HeatmapWidget* heatmap = nullptr;
        for (HeatmapWidget* h : page->findChildren<HeatmapWidget*>())
            if (!heatmap && h->isVisible() && !h->image().isNull()) heatmap = h;
        if (!heatmap) {
            fail(u"the "_s + view + u" view shows no heatmap to export"_s);
            return 2;
        }
        if (!writeCells(heatmap->image(), o.cellScale, heatmap->title(), o.exportCells)) {
            fail(u"cannot write "_s + o.exportCells);
            return 2;
        }
        std::printf("wrote %s (%s: %d × %d cells, %d px per cell)\n", o.exportCells.toLocal8Bit().constData(),
                    heatmap->title().toLocal8Bit().constData(), heatmap->image().width(), heatmap->image().height(), o.cellScale);
    }
    return 0;
}

} // namespace cmfw
