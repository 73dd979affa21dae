// Issue 24: a model's generation defaults travel from its generation_config.json
// (through `convert` into header.generation_config) to the chat window's
// sampling fields and the overview page. Each case converts a copy of the demo
// folder whose generation_config.json the test writes, so the values are the
// test's own, not the demo's.
#include "main_window.h"
#include "window_fixture.h"

#include "chat/chat_settings_panel.h"
#include "chat/chat_view.h"
#include "test_support.h"
#include "views/file_page.h"
#include "views/overview_view.h"

#include "cmf/format/convert.h"

#include <QPushButton>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace cmfw;
using namespace Qt::StringLiterals;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The demo folder with this generation_config.json (none when null), converted at f16.
QString convertWith(const std::string& name, const json& generation) {
    const fs::path src = cmftest::dataPath("../../resources/demo-model");
    const fs::path dir = fs::path(cmftest::tempDir()) / name;
    fs::create_directories(dir);
    for (const auto& e : fs::directory_iterator(src))
        if (e.path().filename() != "generation_config.json") fs::copy_file(e.path(), dir / e.path().filename(), fs::copy_options::overwrite_existing);
    fs::remove(dir / "generation_config.json");
    if (!generation.is_null()) std::ofstream(dir / "generation_config.json") << generation.dump(2);
    cmf::ConvertOptions o;
    o.modelDir = dir.string();
    o.output = (dir / "model.cmf").string();
    o.quant = cmf::DType::F16;
    cmf::convertHf(o, {});
    return QString::fromStdString(o.output);
}

} // namespace

class TstGenerationDefaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chatFieldsStartFromTheFile() {
        const QString file = convertWith("sampled", {{"do_sample", true}, {"temperature", 0.45}, {"top_k", 7}, {"top_p", 0.8},
                                                     {"min_p", 0.05}, {"repetition_penalty", 1.15}, {"eos_token_id", {8168, 8166}}});
        ChatView view(file);
        const auto s = view.settingsPanel()->settings().sampling;
        QVERIFY(!s.greedy);
        QCOMPARE(s.temperature, 0.45f);
        QCOMPARE(s.topK, 7u);
        QCOMPARE(s.topP, 0.8f);
        QCOMPARE(s.minP, 0.05f);
        QCOMPARE(s.repetitionPenalty, 1.15f);
        // What the next reply runs under is the same.
        QCOMPARE(view.controller()->settings().sampling.temperature, 0.45f);
        // A change, then Reset: back to the file's values, not the workbench's.
        ChatSettings changed = view.settingsPanel()->settings();
        changed.sampling.temperature = 1.5f;
        changed.sampling.topK = 99;
        changed.sampling.greedy = true;
        view.settingsPanel()->setSettings(changed);
        view.settingsPanel()->resetSampling();
        const auto r = view.settingsPanel()->settings().sampling;
        QVERIFY(!r.greedy);
        QCOMPARE(r.temperature, 0.45f);
        QCOMPARE(r.topK, 7u);
    }

    void doSampleFalseStartsGreedy() {
        const QString file = convertWith("greedy", {{"do_sample", false}, {"top_k", 3}});
        ChatView view(file);
        const auto s = view.settingsPanel()->settings().sampling;
        QVERIFY(s.greedy);
        QCOMPARE(s.topK, 3u);
        QCOMPARE(s.temperature, ChatSettings::defaultSampling().temperature); // the file does not set it
    }

    void withoutTheBlockTheWorkbenchDefaults() {
        const QString file = convertWith("none", nullptr);
        ChatView view(file);
        const auto s = view.settingsPanel()->settings().sampling;
        const auto d = ChatSettings::defaultSampling();
        QCOMPARE(s.greedy, d.greedy);
        QCOMPARE(s.temperature, d.temperature);
        QCOMPARE(s.topK, d.topK);
        QCOMPARE(s.topP, d.topP);
    }

    void overviewShowsThem() {
        std::unique_ptr<QTemporaryDir> dir;
        std::unique_ptr<AppSettings> settings;
        std::unique_ptr<MainWindow> w;
        cmftest::openWindow(dir, settings, w);
        FilePage* page = w->openFile(convertWith("shown", {{"do_sample", true}, {"temperature", 0.45}, {"top_k", 7}, {"eos_token_id", 8168}}));
        QVERIFY(page && !page->isError());
        auto* view = page->view<OverviewView>(FilePage::View::Overview);
        QVERIFY(view);
        const QString text = view->value(u"generation"_s);
        QVERIFY2(text.contains(u"samples"_s) && text.contains(u"temperature 0.45"_s) && text.contains(u"top-k 7"_s) &&
                     text.contains(u"stops at ids 8168"_s),
                 qPrintable(text));
        FilePage* bare = w->openFile(convertWith("bare", nullptr));
        QVERIFY(bare->view<OverviewView>(FilePage::View::Overview)->value(u"generation"_s).startsWith(u"none in the file"_s));
        cmftest::closeWindow(settings, w);
    }
};

QTEST_MAIN(TstGenerationDefaults)
#include "tst_generation_defaults.moc"
