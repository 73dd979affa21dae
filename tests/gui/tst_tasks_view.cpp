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
#include "views/shard_picker.h"
#include "jobs/operation_availability.h"
#include "views/tasks_view.h"

#include "cmf/engine/memory_estimate.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QPushButton>
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
            QVERIFY(!d.field(u"name"_s)); // the task is picked from the file's tasks
            d.choice(u"name"_s)->setCurrentText(u"chat"_s);
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

    // Issue 24: job dialogs that cannot be filled in wrong. What cannot run on
    // this file is disabled with the reason; a task is picked, not typed; new
    // names that are taken, and bad numbers, are refused with the valid values;
    // the title names the operation and the file.
    void dialogsOfferOnlyWhatCanWork() {
        using K = ModelOperation::Kind;
        // The demo: dense, with a tokenizer, tasks chat and chat-lite, skill code.
        for (K k : {K::MoeMask, K::MoeDefrag, K::RouteStats}) {
            QPushButton* b = view_->actionButton(k);
            QVERIFY(b);
            QVERIFY(!b->isEnabled());
            QVERIFY2(b->toolTip().contains(u"dense"_s), qPrintable(b->toolTip()));
        }
        for (K k : {K::Calibrate, K::Bake, K::AddSkill, K::Defrag, K::ExportSkill, K::ApplySkill, K::Compact, K::Requant, K::Shard})
            QVERIFY2(view_->actionButton(k)->isEnabled(), qPrintable(view_->actionButton(k)->text()));

        const auto choices = OperationChoices::of(*page_->document());
        QCOMPARE(choices.tasks, (QStringList{u"chat"_s, u"chat-lite"_s}));
        QVERIFY(choices.skills.contains(u"code"_s));
        OperationDialog defrag(K::Defrag, QStringLiteral(CMF_DEMO_MODEL), nullptr, choices);
        QVERIFY(defrag.windowTitle().contains(QFileInfo(QStringLiteral(CMF_DEMO_MODEL)).fileName()));
        QVERIFY(defrag.windowTitle().contains(u"Defrag"_s));
        QCOMPARE(defrag.choice(u"name"_s)->count(), 2);
        QCOMPARE(defrag.choice(u"name"_s)->itemText(1), u"chat-lite"_s);

        OperationDialog cal(K::Calibrate, QStringLiteral(CMF_DEMO_MODEL), nullptr, choices);
        cal.field(u"files"_s)->setText(data("models/heldout_prose.txt"));
        cal.field(u"output"_s)->setText(dir_->path() + u"/x.cmf"_s);
        QVERIFY(cal.problem().isEmpty());
        cal.field(u"name"_s)->setText(u"chat"_s); // taken
        QVERIFY2(cal.problem().contains(u"chat, chat-lite"_s), qPrintable(cal.problem()));
        cal.field(u"name"_s)->setText(u"prose"_s);
        cal.field(u"number"_s)->setText(u"half"_s);
        QVERIFY2(cal.problem().contains(u"(0, 1]"_s) && cal.problem().contains(u"half"_s), qPrintable(cal.problem()));

        OperationDialog skill(K::AddSkill, QStringLiteral(CMF_DEMO_MODEL), nullptr, choices);
        skill.field(u"name"_s)->setText(u"code"_s);
        skill.field(u"other"_s)->setText(dir_->path());
        skill.field(u"files"_s)->setText(data("models/heldout_code.txt"));
        skill.field(u"heldout"_s)->setText(data("models/heldout_code.txt"));
        QVERIFY2(skill.problem().contains(u"already has a skill"_s) && skill.problem().contains(u"code"_s), qPrintable(skill.problem()));
        skill.field(u"name"_s)->setText(u"my skill"_s);
        QVERIFY2(skill.problem().contains(u"letters, digits"_s), qPrintable(skill.problem()));

        // A file without a tokenizer and without masks: what reads text, and defrag, are off.
        FilePage* notok = w_->openFile(data("conformance/valid/tiny-s7-notok-F16.cmf"));
        QVERIFY(notok->showView(FilePage::View::Tasks));
        auto* v = notok->view<TasksView>(FilePage::View::Tasks);
        for (K k : {K::Calibrate, K::Bake, K::AddSkill}) {
            QVERIFY(!v->actionButton(k)->isEnabled());
            QVERIFY2(v->actionButton(k)->toolTip().contains(u"tokenizer"_s), qPrintable(v->actionButton(k)->toolTip()));
        }
        QVERIFY(!v->actionButton(K::Defrag)->isEnabled());
        QVERIFY(v->actionButton(K::Defrag)->toolTip().contains(u"no task masks"_s));
        QVERIFY(v->actionButton(K::Compact)->isEnabled());
        // Its chat: the overview's button and the main window's action say why not.
        QVERIFY(!chatUnavailable(*notok->document()).isEmpty());
        QVERIFY(!w_->findChild<QAction*>(u"chatAction"_s)->isEnabled());
        QVERIFY(w_->findChild<QAction*>(u"chatAction"_s)->toolTip().contains(u"tokenizer"_s));
    }

    // A cancelled dialog keeps what was typed for the next time it opens.
    void fieldsKeptAfterCancel() {
        const QString corpus = data("models/heldout_prose.txt");
        view_->setDialogHook([&](OperationDialog& d) {
            d.field(u"name"_s)->setText(u"mine"_s);
            d.field(u"files"_s)->setText(corpus);
            d.field(u"number"_s)->setText(u"0.3"_s);
            d.reject();
        });
        QSignalSpy added(w_->jobs(), &JobRunner::jobAdded);
        view_->runAction(ModelOperation::Kind::Calibrate);
        QCOMPARE(added.count(), 0);
        QString name, files, number;
        view_->setDialogHook([&](OperationDialog& d) {
            name = d.field(u"name"_s)->text(), files = d.field(u"files"_s)->text(), number = d.field(u"number"_s)->text();
            d.reject();
        });
        view_->runAction(ModelOperation::Kind::Calibrate);
        QCOMPARE(name, u"mine"_s);
        QCOMPARE(files, corpus);
        QCOMPARE(number, u"0.3"_s);
    }

    // Shard from the Tasks page: the import dialog's sharding part; the set it
    // writes is cmf::shard's (what `cmf shard` runs) byte for byte, and its first shard opens.
    void shardFromTheTasksPage() {
        const double gb = 0.01; // the spin box's smallest step: the demo's f32 size makes several shards
        const QString base = dir_->path() + u"/demo-set"_s;
        QString shown;
        view_->setDialogHook([&](OperationDialog& d) {
            QVERIFY(d.shardPicker());
            d.shardPicker()->sizeBox()->setValue(gb);
            d.field(u"output"_s)->setText(base);
            shown = d.resolvedLabel()->text();
            QVERIFY2(d.problem().isEmpty(), qPrintable(d.problem()));
            d.accept();
        });
        QSignalSpy done(view_, &TasksView::operationFinished);
        view_->runAction(ModelOperation::Kind::Shard);
        QVERIFY(done.wait(900000));
        const uint32_t n = cmf::shardCount(CMF_DEMO_MODEL, gb);
        QVERIFY(n > 1);
        const QString count = QString::number(n) + u" shard"_s;
        QVERIFY2(shown.contains(count) && shown.contains(u"demo-set-00001-of-"_s), qPrintable(shown + u" / "_s + count));
        const QString first = done.first().first().value<ModelOutcome>().output;
        QCOMPARE(first, base + QString::asprintf("-00001-of-%05u.cmf", n));
        QTemporaryDir ref;
        const auto r = cmf::shard(CMF_DEMO_MODEL, gb, QString(ref.path() + u"/demo-set"_s).toStdString());
        QCOMPARE(r.outputs.size(), size_t(n));
        for (uint32_t k = 1; k <= n; ++k) {
            const QString name = QString::asprintf("/demo-set-%05u-of-%05u.cmf", k, n);
            QVERIFY2(readAll(dir_->path() + name) == readAll(ref.path() + name), qPrintable(name));
        }
        QVERIFY(QTest::qWaitFor([&] { return w_->fileCount() == 2; }, 10000)); // the first shard opened
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
