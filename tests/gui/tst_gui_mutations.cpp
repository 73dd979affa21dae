// The workbench on mutated files (issue 18): the mutants of the CLI mutation
// test (tests/support/mutations.h) opened through the main window, every
// view of each shown (offscreen) with the jobs they start run to the end,
// the first tensors opened, the file verified in the Verify/Sign panel; then
// the tab is closed. Nothing may crash; a file that did not open shows the
// error view. A campaign: CMF_MUTATION_SECONDS=1800 CMF_MUTATION_SEED=7 tst_gui_mutations
#include "mutations.h"
#include "test_support.h"
#include "window_fixture.h"

#include "views/file_page.h"
#include "views/verify_sign_panel.h"

#include <QApplication>
#include <QMetaEnum>
#include <QTabWidget>
#include <QTest>
#include <chrono>
#include <filesystem>
#include <fstream>

using namespace cmfw;
namespace fs = std::filesystem;

class TestGuiMutations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { cmftest::openWindow(dir_, settings_, w_); }
    void cleanupTestCase() { cmftest::closeWindow(settings_, w_); }

    void everyViewSurvivesMutations() {
        const auto bases = cmftest::mutationBases(false);
        QVERIFY(bases.size() >= 10);

        const uint64_t seconds = cmftest::envNumber("CMF_MUTATION_SECONDS", 0), count = cmftest::envNumber("CMF_MUTATIONS", 12);
        std::mt19937_64 rng(cmftest::envNumber("CMF_MUTATION_SEED", 1));
        const auto start = std::chrono::steady_clock::now();
        const QMetaEnum views = QMetaEnum::fromType<FilePage::View>();
        uint64_t mutants = 0, opened = 0, errorPages = 0, viewsShown = 0;
        while (seconds ? std::chrono::steady_clock::now() - start < std::chrono::seconds(seconds) : mutants < count) {
            const auto& base = bases[rng() % bases.size()];
            const auto m = cmftest::mutate(base, rng);
            // A new name each time: reopening a path focuses its old tab.
            const std::string path = cmftest::tempDir() + "/m" + std::to_string(mutants++) + "-" + base.name;
            cmftest::writeBytes(path, m.bytes);
            if (!seconds) qInfo("%s: %s", base.name.c_str(), m.what.c_str());
            else if (mutants % 100 == 0) qInfo("%llu mutants", (unsigned long long)mutants);

            FilePage* page = w_->openFile(QString::fromStdString(path));
            QVERIFY(page);
            if (page->isError()) {
                ++errorPages;
            } else {
                ++opened;
                for (int i = 0; i < views.keyCount(); ++i) {
                    const auto v = FilePage::View(views.value(i));
                    if (v == FilePage::View::Error || v == FilePage::View::Compare) continue;
                    if (page->showView(v)) ++viewsShown;
                    QCoreApplication::processEvents();
                    QVERIFY(w_->jobs()->waitForAll(120000));
                }
                for (uint64_t t = 0; t < 3; ++t) {
                    page->showTensorIndex(t);
                    QVERIFY(w_->jobs()->waitForAll(120000));
                }
                page->showCompare(QString::fromStdString(base.path));
                QVERIFY(w_->jobs()->waitForAll(120000));
            }
            w_->verifyPanel()->verify();
            QVERIFY(w_->jobs()->waitForAll(120000));
            QCoreApplication::processEvents();
            w_->closeTab(w_->tabs()->indexOf(page));
            QCoreApplication::processEvents();
            fs::remove(path);
        }
        qInfo("%llu mutants: %llu opened (%llu views shown), %llu error pages, in %.0f s", (unsigned long long)mutants,
              (unsigned long long)opened, (unsigned long long)viewsShown, (unsigned long long)errorPages,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        QVERIFY(mutants > 0);
    }

private:
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

int main(int argc, char** argv) {
    cmftest::allowCampaignTime();
    QApplication app(argc, argv);
    TestGuiMutations test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_gui_mutations.moc"
