// Issue 24: tables export CSV — RFC 4180 quoting, a model's rows in order
// with children after their parents, numbers as numbers where the model keeps
// them (the tensors table's bytes as the directory's byte counts, not
// "13.2 MiB") — and the tensors, quantization-error and compare tables offer
// it in their context menus.
#include "app_settings.h"
#include "main_window.h"
#include "window_fixture.h"

#include "models/tensor_directory_model.h"
#include "util/table_csv.h"
#include "views/compare_view.h"
#include "views/file_page.h"
#include "views/quant_view.h"
#include "views/tensors_view.h"

#include "cmf/format/cmf_file.h"

#include <QAction>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// A minimal RFC 4180 reader: rows of fields.
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> rows{{}};
    QString f;
    bool quoted = false, any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') f += u'"', ++i;
            else if (c == u'"') quoted = false;
            else f += c;
        } else if (c == u'"') quoted = any = true;
        else if (c == u',') rows.back() << f, f.clear();
        else if (c == u'\n') rows.back() << f, f.clear(), rows << QStringList{};
        else f += c;
    }
    if (rows.back().isEmpty()) rows.removeLast();
    Q_UNUSED(any);
    return rows;
}

bool hasCsvAction(QWidget* w) {
    for (QAction* a : w->actions())
        if (a->objectName() == u"exportCsv"_s) return true;
    return false;
}

} // namespace

class TstTableCsv : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void quotingAndChildren() {
        QStandardItemModel m(0, 2);
        m.setHorizontalHeaderLabels({u"name"_s, u"note, with comma"_s});
        auto* parent = new QStandardItem(u"layer \"0\""_s);
        parent->appendRow({new QStandardItem(u"child"_s), new QStandardItem(u"two\nlines"_s)});
        m.appendRow({parent, new QStandardItem(u"plain"_s)});
        const auto rows = parseCsv(tableCsv(m));
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0], (QStringList{u"name"_s, u"note, with comma"_s}));
        QCOMPARE(rows[1], (QStringList{u"layer \"0\""_s, u"plain"_s}));
        QCOMPARE(rows[2], (QStringList{u"child"_s, u"two\nlines"_s}));
    }

    void tensorsTableHasTheDirectory() {
        std::unique_ptr<QTemporaryDir> dir;
        std::unique_ptr<AppSettings> settings;
        std::unique_ptr<MainWindow> w;
        cmftest::openWindow(dir, settings, w);
        FilePage* page = w->openFile(QStringLiteral(CMF_DEMO_MODEL));
        QVERIFY(page->showView(FilePage::View::Tensors));
        auto* tensors = page->view<TensorsView>(FilePage::View::Tensors);
        QVERIFY(hasCsvAction(tensors->table()));
        const auto rows = parseCsv(tableCsv(*tensors->table()->model(), TensorDirectoryModel::SortRole));
        const auto f = cmf::CmfFile::open(CMF_DEMO_MODEL);
        // Header, then one row per tensor (no grouping by default), each with the directory's name and bytes.
        QCOMPARE(rows.size(), qsizetype(f->directory().count() + 1));
        QCOMPARE(rows[0].value(TensorDirectoryModel::Name), tensors->table()->model()->headerData(TensorDirectoryModel::Name, Qt::Horizontal).toString());
        uint64_t matched = 0;
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const auto rec = f->findTensor(rows[r][TensorDirectoryModel::Name].toStdString());
            QVERIFY2(rec, qPrintable(rows[r][TensorDirectoryModel::Name]));
            QCOMPARE(rows[r][TensorDirectoryModel::Bytes].toULongLong(), rec->nbytes);
            ++matched;
        }
        QCOMPARE(matched, f->directory().count());
        // The other tables offer it too.
        QVERIFY(page->showView(FilePage::View::Quant));
        QVERIFY(hasCsvAction(page->view<QuantView>(FilePage::View::Quant)->table()));
        CompareView* compare = page->showCompare(QStringLiteral(CMF_DEMO_BASE));
        QVERIFY(compare && hasCsvAction(compare->table()));
        cmftest::closeWindow(settings, w);
    }
};

QTEST_MAIN(TstTableCsv)
#include "tst_table_csv.moc"
