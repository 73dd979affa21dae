// File ▸ Import Hugging Face model… as a person uses it, offscreen (issue 24):
// the dialog filled in field by field on tiny-chat and tiny-moe writes what
// `cmf convert` (the built binary) writes with the same options, byte for
// byte, sharded or not; its preview's tensor count and size are the file's;
// a fallback shows its reason; cancel leaves no file and keeps the fields; a
// dropped folder without config.json is refused with the reason.
#include <tbb/parallel_for.h> // before Qt: Qt's emit macro

#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"

#include "document/cmf_document.h"
#include "jobs/job.h"
#include "jobs/job_runner.h"
#include "models/log_model.h"
#include "test_support.h"
#include "views/file_page.h"
#include "views/import_dialog.h"
#include "views/shard_picker.h"
#include "views/keep_rules_editor.h"
#include "views/operation_dialog.h"
#include "util/format_text.h"
#include "views/quant_picker.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/shards.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

QString modelDir(const QString& name) {
    return QDir::cleanPath(QString::fromStdString(name == u"tiny-chat" ? cmftest::dataPath("../../resources/demo-model")
                                                                       : cmftest::dataPath("models/" + name.toStdString())));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

// `cmf convert` with the same options, into dir; the files it wrote (shards in order).
QStringList cliConvert(const QString& model, const QString& quant, const QString& keep, double shardGb, const QString& out) {
    QStringList args{u"convert"_s, u"--model"_s, model, u"--quant"_s, quant, u"--output"_s, out, u"--summary"_s};
    if (!keep.isEmpty()) args << u"--keep"_s << keep;
    if (shardGb > 0) args << u"--shard-max-gb"_s << QString::number(shardGb);
    QProcess p;
    p.start(QStringLiteral(CMF_BIN), args);
    if (!p.waitForFinished(300000) || p.exitCode() != 0) {
        qWarning("cmf convert failed: %s", p.readAllStandardError().constData());
        return {};
    }
    if (shardGb <= 0) return {out};
    QStringList shards;
    const QFileInfo base(out);
    for (const QString& n : QDir(base.absolutePath()).entryList({base.completeBaseName() + u"-*-of-*.cmf"_s}, QDir::Files, QDir::Name))
        shards << base.absoluteDir().filePath(n);
    return shards;
}

// Every entry of a folder, temporary files included.
QStringList everything(const QString& dir) { return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot); }

bool waitForPreview(ImportDialog* d) {
    return QTest::qWaitFor([&] { return !d->previewPending() && d->preview().has_value(); }, 60000);
}

} // namespace

class TstImportDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { cmftest::openWindow(dir_, settings_, w_); }
    void cleanup() { cmftest::closeWindow(settings_, w_); }

    void importEqualsCmfConvert_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("quant");
        QTest::addColumn<QString>("keep");
        QTest::addColumn<double>("shardGb");
        QTest::newRow("tiny-chat q8") << u"tiny-chat"_s << u"q8"_s << QString() << 0.0;
        QTest::newRow("tiny-chat q4tp --keep down_proj=q8") << u"tiny-chat"_s << u"q4tp"_s << u"mlp\\.down_proj=q8"_s << 0.0;
        QTest::newRow("tiny-moe q8 sharded") << u"tiny-moe"_s << u"q8"_s << QString() << 0.02;
        QTest::newRow("tiny-moe q4tp --keep experts=q4t") << u"tiny-moe"_s << u"q4tp"_s << u"experts\\.[0-3]\\.=q4t"_s << 0.0;
    }
    void importEqualsCmfConvert() {
        QFETCH(QString, model);
        QFETCH(QString, quant);
        QFETCH(QString, keep);
        QFETCH(double, shardGb);
        const QString out = dir_->path() + u"/gui/"_s + model + u".cmf"_s, cli = dir_->path() + u"/cli/"_s + model + u".cmf"_s;
        QVERIFY(QDir().mkpath(dir_->path() + u"/gui"_s) && QDir().mkpath(dir_->path() + u"/cli"_s));

        ImportDialog* d = w_->importFolder(modelDir(model));
        QVERIFY(d->windowTitle().contains(QDir(modelDir(model)).dirName()));
        // The default output: beside the folder, named after it and the quant.
        QCOMPARE(d->resolvedOutput(), QFileInfo(modelDir(model)).absolutePath() + u'/' + QDir(modelDir(model)).dirName() + u"-q8.cmf"_s);
        d->quantPicker()->setQuant(quant);
        QVERIFY(!d->quantPicker()->meanBitsBox()->isEnabled()); // not vbit
        if (!keep.isEmpty()) d->keepRules()->addRule(keep.section(u'=', 0, 0), keep.section(u'=', 1));
        if (shardGb > 0) {
            d->shardPicker()->checkBox()->setChecked(true);
            d->shardPicker()->sizeBox()->setValue(shardGb);
        }
        d->outputEdit()->setText(out);
        QCOMPARE(d->resolvedOutput(), out);
        QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
        QVERIFY(waitForPreview(d));
        const cmf::ConvertPlan plan = d->preview()->plan;
        QVERIFY(plan.exact);
        // The quant drop-down quotes this model's size for the chosen quant.
        QVERIFY2(d->quantPicker()->combo()->currentText().contains(Text::bytes(plan.fileBytes)),
                 qPrintable(d->quantPicker()->combo()->currentText()));

        QSignalSpy finished(d, &ImportDialog::importFinished);
        const QPointer<ImportDialog> alive(d); // it deletes itself once it closes
        Job* job = d->start();
        QVERIFY(job);
        QVERIFY(job->title().contains(QDir(modelDir(model)).dirName()));
        QVERIFY(finished.wait(300000));
        QCOMPARE(job->state(), Job::State::Succeeded);
        const auto outcome = job->result().value<ImportOutcome>();

        const QStringList expected = cliConvert(modelDir(model), quant, keep, shardGb, cli);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(outcome.outputs.size(), expected.size());
        if (shardGb > 0) QVERIFY(expected.size() > 1);
        uint64_t total = 0;
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const QByteArray a = readAll(outcome.outputs[i]), b = readAll(expected[i]);
            QVERIFY(!a.isEmpty());
            QVERIFY2(a == b, qPrintable(outcome.outputs[i] + u" differs from "_s + expected[i]));
            QCOMPARE(uint64_t(a.size()), plan.outputBytes[size_t(i)]);
            total += uint64_t(a.size());
        }
        // The preview said what was written: tensor count and size, exactly.
        QCOMPARE(plan.fileBytes, total);
        const auto model0 = cmf::Model::open(outcome.outputs.front().toStdString());
        QCOMPARE(plan.tensors.size(), model0.tensors().size());
        // The result opened in a tab (shard 1 of a set), and the dialog closed.
        QCOMPARE(w_->fileCount(), 1);
        QCOMPARE(w_->page(0)->document()->path(), outcome.outputs.front());
        QVERIFY(!alive || !alive->isVisible());
    }

    // Cancelled while converting: no output and no temporary file; the dialog
    // stays with every field as it was.
    void cancelLeavesNothingAndKeepsFields() {
        const QString folder = dir_->path() + u"/out"_s;
        QVERIFY(QDir().mkpath(folder));
        const QString out = folder + u"/moe-vbit.cmf"_s;
        ImportDialog* d = w_->importFolder(modelDir(u"tiny-moe"_s));
        d->quantPicker()->setQuant(u"vbit"_s);
        QVERIFY(d->quantPicker()->meanBitsBox()->isEnabled());
        d->quantPicker()->setMeanBits(5.25);
        d->keepRules()->addRule(u"self_attn"_s, u"q8"_s);
        d->outputEdit()->setText(out);
        QSignalSpy finished(d, &ImportDialog::importFinished);
        Job* job = d->start();
        QVERIFY(job);
        // Cancel at the first progress report: mid-conversion.
        connect(job, &Job::progressChanged, d, [d] { d->reject(); });
        QVERIFY(finished.wait(300000));
        QCOMPARE(job->state(), Job::State::Cancelled);
        QVERIFY2(everything(folder).isEmpty(), qPrintable(everything(folder).join(u", "_s)));
        QVERIFY(d->isVisible());
        QCOMPARE(d->quantPicker()->quant(), u"vbit"_s);
        QCOMPARE(d->quantPicker()->meanBits(), 5.25);
        QCOMPARE(d->keepRules()->rules().size(), 1);
        QCOMPARE(d->keepRules()->rules().front().first, u"self_attn"_s);
        QCOMPARE(d->outputEdit()->text(), out);
        QVERIFY(d->startButton()->isEnabled());
        QVERIFY(d->quantPicker()->combo()->isEnabled());
        QVERIFY(d->noteLabel()->text().contains(u"nothing was written"_s));
        QCOMPARE(w_->fileCount(), 0);
        d->close();
    }

    // The preview names the tensors that take another dtype, with the
    // converter's reason; an invalid override is named and stops the import.
    void previewShowsFallbacksAndBadOverrides() {
        ImportDialog* d = w_->importFolder(modelDir(u"tiny-chat"_s));
        d->quantPicker()->setQuant(u"q4t"_s);
        QVERIFY(waitForPreview(d));
        QTableWidget* t = d->fallbackTable();
        QString head, norm;
        for (int r = 0; r < t->rowCount(); ++r) {
            if (t->item(r, 0)->text() == u"lm_head.weight") head = t->item(r, 1)->text() + u' ' + t->item(r, 2)->text();
            if (t->item(r, 0)->text() == u"model.norm.weight") norm = t->item(r, 1)->text() + u' ' + t->item(r, 2)->text();
        }
        QVERIFY2(head.startsWith(u"q8_row"_s) && head.contains(u"lm_head"_s), qPrintable(head));
        QVERIFY2(norm.startsWith(u"f16"_s) && norm.contains(u"always f16"_s), qPrintable(norm));
        QVERIFY(d->previewSummary()->text().contains(QString::number(d->preview()->plan.tensors.size())));
        QVERIFY(d->skippedLabel()->text().contains(u"none is skipped"_s));
        // A tied q8 choice has no lm_head row; an override shows its rule.
        d->keepRules()->addRule(u"mlp\\.up_proj"_s, u"q8"_s);
        QVERIFY(waitForPreview(d));
        bool rule = false;
        for (int r = 0; r < t->rowCount(); ++r) rule |= t->item(r, 2)->text().contains(u"--keep mlp\\.up_proj=q8_row"_s);
        QVERIFY(rule);

        d->keepRules()->addRule(u"(unclosed"_s, u"f16"_s);
        QVERIFY2(d->problem().contains(u"Override 2"_s) && d->problem().contains(u"(unclosed"_s), qPrintable(d->problem()));
        QVERIFY(!d->start());
        QVERIFY(d->noteLabel()->text().contains(u"(unclosed"_s));
        QTRY_VERIFY(d->previewSummary()->text().contains(u"(unclosed"_s));
        d->close();
    }

    // A multimodal checkpoint: the preview lists what it leaves out.
    void previewListsSkippedTensors() {
        ImportDialog* d = w_->importFolder(modelDir(u"tiny-gemma3-mm"_s));
        QVERIFY(waitForPreview(d));
        QVERIFY(!d->preview()->plan.skipped.empty());
        QVERIFY2(d->skippedLabel()->text().contains(u"vision_tower"_s), qPrintable(d->skippedLabel()->text()));
        d->close();
    }

    // Drops: a folder without config.json is refused with the reason and
    // opens nothing; a Hugging Face folder opens the import dialog on it.
    void droppedFolders() {
        const QString plain = dir_->path() + u"/holiday-photos"_s;
        QVERIFY(QDir().mkpath(plain));
        QVERIFY(cmftest::dropOn(w_.get(), {plain}));
        QVERIFY2(w_->log()->lastMessage().contains(u"holiday-photos has no config.json: not a Hugging Face model folder"_s),
                 qPrintable(w_->log()->lastMessage()));
        QCOMPARE(w_->fileCount(), 0);
        QVERIFY(w_->findChildren<ImportDialog*>().isEmpty());

        QVERIFY(cmftest::dropOn(w_.get(), {modelDir(u"tiny-moe"_s)}));
        const auto dialogs = w_->findChildren<ImportDialog*>();
        QCOMPARE(dialogs.size(), 1);
        QCOMPARE(dialogs.front()->folder(), QDir::cleanPath(modelDir(u"tiny-moe"_s)));
        QCOMPARE(w_->fileCount(), 0);
        dialogs.front()->close();
    }

    // Requantize on the Tasks page asks with the same drop-down: each quant
    // with its explanation and the size it gives this file (planRequant);
    // vbit's mean bits reach the operation; a bad --only regex is named.
    void requantUsesTheQuantPicker() {
        OperationDialog d(ModelOperation::Kind::Requant, QStringLiteral(CMF_DEMO_MODEL));
        QuantPicker* q = d.quantPicker();
        QVERIFY(q);
        cmf::RequantOptions r{CMF_DEMO_MODEL, "x.cmf", cmf::DType::Q4TP, {}, {}};
        const QString size = Text::bytes(cmf::planRequant(r).fileBytes);
        const int q4tp = q->combo()->findData(u"q4tp"_s);
        QTRY_VERIFY2(q->combo()->itemText(q4tp).contains(size), qPrintable(q->combo()->itemText(q4tp) + u" vs "_s + size));
        q->setQuant(u"q4tp"_s);
        QVERIFY(q->explanationLabel()->text().contains(u"4.17"_s));
        QVERIFY(!q->meanBitsBox()->isEnabled());
        q->setQuant(u"vbit"_s);
        QVERIFY(q->meanBitsBox()->isEnabled());
        q->setMeanBits(5.5);
        const ModelOperation op = d.operation();
        QCOMPARE(op.other, u"vbit"_s);
        QCOMPARE(op.number, 5.5);
        d.field(u"name"_s)->setText(u"self_attn("_s);
        QVERIFY2(d.problem().contains(u"self_attn("_s), qPrintable(d.problem()));
    }

    // --screenshot --view import renders the dialog with its preview.
    void screenshot() {
        const QString png = dir_->path() + u"/import.png"_s;
        QProcess p;
        p.start(QStringLiteral(CMF_WORKBENCH_BIN), {u"--screenshot"_s, png, u"--view"_s, u"import"_s, u"--size"_s, u"1280x800"_s});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(p.readAllStandardOutput().contains("(1280x800, import, demo-model)"), "wrong size or view");
        QVERIFY(QFileInfo(png).size() > 10000);
    }

private:
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<MainWindow> w_;
};

QTEST_MAIN(TstImportDialog)
#include "tst_import_dialog.moc"
