// The tasks and skills panel as a person uses it, offscreen: the demo
// model's masks and skills listed with their measured quality; calibrate,
// defrag, skill export and apply started from the panel's buttons (the
// operation dialog filled in as a user would), run as jobs, cancelled or
// completed, and the files they write checked with the reader.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"

#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "test_support.h"
#include "views/file_page.h"
#include "views/operation_dialog.h"
#include "views/tasks_view.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/format/cmf_file.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

QString data(const char* rel) { return QString::fromStdString(cmftest::dataPath(rel)); }

std::string readAll(const QString& path) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll().toStdString();
}

} // namespace

class TstTasksView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        cmftest::openWindow(dir_, settings_, w_);
        page_ = w_->openFile(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(page_->showView(FilePage::View::Tasks));
        view_ = page_->view<TasksView>(FilePage::View::Tasks);
        QVERIFY(view_);
    }
    void cleanup() {
        cmftest::closeWindow(settings_, w_);
    }

    void listsMasksSkillsAndMemory() {
        const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
        QCOMPARE(view_->masksTable()->rowCount(), int(f->masks()->nMasks));
        QCOMPARE(view_->skillsTable()->rowCount(), int(f->skills().size()));
        // Measured quality is shown with its figure; the backbone record's null as not measured.
        const auto ratio = f->masks()->masks[0].quality["value"].get<double>();
        QVERIFY(view_->masksTable()->item(0, 2)->text().contains(QString::number(ratio, 'f', 3)));
        bool notMeasured = false;
        for (int r = 0; r < view_->skillsTable()->rowCount(); ++r) notMeasured |= view_->skillsTable()->item(r, 4)->text() == u"not measured";
        QVERIFY(notMeasured);
        // The memory line carries the same total as the engine's estimate (cmf info --json "memory").
        const auto e = cmf::engine::estimateMemory(*f, {}, {}, 2048);
        QVERIFY2(view_->memoryLabel()->text().contains(u"2048-token"_s), qPrintable(view_->memoryLabel()->text()));
        QVERIFY(e.kvBytes == 2048ull * e.kvBytesPerToken);
    }

    // Calibrate from the button: cancelled at once it leaves nothing; run to
    // the end it writes a file whose new mask has a measured quality, and opens it.
    void calibrateCancelThenComplete() {
        const QString out = dir_->path() + u"/calibrated.cmf"_s;
        auto fill = [&](OperationDialog& d) {
            d.field(u"name"_s)->setText(u"prose"_s);
            d.field(u"files"_s)->setText(data("models/heldout_prose.txt"));
            d.field(u"heldout"_s)->setText(data("models/heldout_chat.txt"));
            d.field(u"number"_s)->setText(u"0.5"_s);
            d.field(u"output"_s)->setText(out);
            QVERIFY(d.problem().isEmpty());
            d.accept();
        };
        view_->setDialogHook(fill);
        QSignalSpy added(w_->jobs(), &JobRunner::jobAdded);
        view_->runAction(ModelOperation::Kind::Calibrate);
        QCOMPARE(added.count(), 1);
        Job* job = added.first().first().value<Job*>();
        job->cancel();
        QVERIFY(w_->jobs()->waitForAll(60000));
        QCOMPARE(job->state(), Job::State::Cancelled);
        QVERIFY(!QFile::exists(out));
        QCOMPARE(QDir(dir_->path()).entryList({u"*.cmf*"_s}).size(), 0); // no temporary sibling either

        QSignalSpy done(view_, &TasksView::operationFinished);
        view_->runAction(ModelOperation::Kind::Calibrate);
        QVERIFY(done.wait(900000));
        const auto f = cmf::CmfFile::open(out.toStdString());
        const auto* m = f->masks()->find("prose");
        QVERIFY(m);
        QVERIFY(!m->quality.is_null());
        QVERIFY(m->quality["value"].get<double>() > 0);
        QVERIFY(std::abs(m->sparsity - 0.5) < 1e-9);
        QCOMPARE(w_->fileCount(), 2); // the output opened in its own tab
    }

    // Defrag a task, cut the specialist as a skill file against the demo, apply
    // it back: the applied file is the specialist byte for byte.
    void defragExportApply() {
        const QString spec = dir_->path() + u"/chat-defrag.cmf"_s, skill = dir_->path() + u"/chat.skill.cmf"_s,
                      applied = dir_->path() + u"/applied.cmf"_s;
        QSignalSpy done(view_, &TasksView::operationFinished);
        view_->setDialogHook([&](OperationDialog& d) {
            d.field(u"name"_s)->setText(u"chat"_s);
            d.field(u"output"_s)->setText(spec);
            d.accept();
        });
        view_->runAction(ModelOperation::Kind::Defrag);
        QVERIFY(done.wait(900000));
        const auto cut = cmf::CmfFile::open(spec.toStdString());
        QVERIFY(!cut->masks());
        QVERIFY(cut->header()["provenance"].contains("defrag"));
        const auto gate = cut->findTensor("model.layers.0.mlp.gate_proj.weight");
        QCOMPARE(gate->dims()[0], uint64_t(384)); // the chat mask keeps half of 768

        // Export and apply run from the specialist's own panel, as a user would.
        FilePage* specPage = w_->openFile(spec);
        QVERIFY(specPage->showView(FilePage::View::Tasks));
        auto* specView = specPage->view<TasksView>(FilePage::View::Tasks);
        QSignalSpy specDone(specView, &TasksView::operationFinished);
        specView->setDialogHook([&](OperationDialog& d) {
            d.field(u"name"_s)->setText(u"chat-lite"_s);
            d.field(u"other"_s)->setText(QStringLiteral(CMF_DEMO_MODEL));
            d.field(u"output"_s)->setText(skill);
            d.accept();
        });
        specView->runAction(ModelOperation::Kind::ExportSkill);
        QVERIFY(specDone.wait(900000));
        QVERIFY(QFile::exists(skill));
        QVERIFY(QFileInfo(skill).size() < QFileInfo(spec).size());

        view_->setDialogHook([&](OperationDialog& d) {
            d.field(u"other"_s)->setText(skill);
            d.field(u"output"_s)->setText(applied);
            d.accept();
        });
        view_->runAction(ModelOperation::Kind::ApplySkill);
        QVERIFY(done.wait(900000));
        QVERIFY(readAll(applied) == readAll(spec));
    }

    void dialogRefusesWhatCannotRun() {
        OperationDialog d(ModelOperation::Kind::Calibrate, QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(!d.problem().isEmpty()); // no corpus yet
        d.field(u"files"_s)->setText(data("models/heldout_prose.txt"));
        QVERIFY(d.problem().isEmpty());
        d.field(u"output"_s)->setText(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(d.problem().contains(u"new file"_s)); // never over the open file
        d.field(u"output"_s)->setText(dir_->path() + u"/x.cmf"_s);
        d.field(u"number"_s)->setText(u"1.5"_s);
        QVERIFY(!d.problem().isEmpty());
        OperationDialog bake(ModelOperation::Kind::Bake, QStringLiteral(CMF_DEMO_MODEL));
        bake.field(u"files"_s)->setText(data("models/heldout_prose.txt"));
        QVERIFY(bake.problem().contains(u"held-out"_s)); // quality is measured, never declared
    }

    // Issue 18: Output = "code" in the Bake dialog wrote ./code in the
    // process's working directory, without .cmf. The dialog shows where it
    // will write, and the job writes exactly there: beside the input.
    void bareOutputNameLandsBesideTheInput() {
        const QString input = dir_->path() + u"/model.cmf"_s;
        QVERIFY(QFile::copy(QStringLiteral(CMF_DEMO_MODEL), input));
        QTemporaryDir elsewhere; // the working directory: somewhere the person never looks
        const QString cwd = QDir::currentPath();
        QVERIFY(QDir::setCurrent(elsewhere.path()));
        const QString expected = dir_->path() + u"/code.cmf"_s;
        {
            OperationDialog bake(ModelOperation::Kind::Bake, input);
            bake.field(u"output"_s)->setText(u"code"_s);
            QCOMPARE(bake.resolvedOutput(), expected);
            QCOMPARE(bake.operation().output, expected);
            // Shown under the field before anything runs, and kept up to date while typing.
            QVERIFY2(bake.resolvedLabel()->text().contains(QDir::toNativeSeparators(expected)), qPrintable(bake.resolvedLabel()->text()));
            bake.field(u"output"_s)->setText(u"sub/code2"_s);
            QVERIFY(bake.resolvedLabel()->text().contains(QDir::toNativeSeparators(dir_->path() + u"/sub/code2.cmf"_s)));
            bake.field(u"output"_s)->setText(u"sub/"_s);
            bake.field(u"files"_s)->setText(data("models/heldout_prose.txt"));
            bake.field(u"heldout"_s)->setText(data("models/heldout_chat.txt"));
            QVERIFY(bake.problem().contains(u"folder"_s));
            // The same name for route statistics is a JSON file.
            OperationDialog stats(ModelOperation::Kind::RouteStats, input);
            stats.field(u"output"_s)->setText(u"code"_s);
            QCOMPARE(stats.operation().output, dir_->path() + u"/code.json"_s);
        }

        // From the panel's button: the job is started with, and writes, the resolved path.
        FilePage* page = w_->openFile(input);
        QVERIFY(page->showView(FilePage::View::Tasks));
        auto* view = page->view<TasksView>(FilePage::View::Tasks);
        view->setDialogHook([](OperationDialog& d) {
            d.field(u"output"_s)->setText(u"code"_s);
            d.accept();
        });
        QSignalSpy done(view, &TasksView::operationFinished);
        view->runAction(ModelOperation::Kind::Compact);
        QVERIFY(done.wait(900000));
        QCOMPARE(done.first().first().value<ModelOutcome>().output, expected);
        QVERIFY(QFile::exists(expected));
        QVERIFY(cmf::CmfFile::open(expected.toStdString()));
        QCOMPARE(QDir(elsewhere.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
        QVERIFY(QDir::setCurrent(cwd));
    }

private:
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
    FilePage* page_ = nullptr;
    TasksView* view_ = nullptr;
};

QTEST_MAIN(TstTasksView)
#include "tst_tasks_view.moc"
