// util/table_util: a table sized to its rows shows every row. It was sized
// before its first show, when the header counts as not visible, so the
// header's height was left out and the last row was cut (the Skills view's
// only skill was half hidden). The shrinkable form shows all rows while there
// is room and gives them up, down to its minimum, when the window is small.
#include "util/table_util.h"
#include "document/cmf_document.h"
#include "views/skills_view.h"

#include "test_support.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTest>
#include <QVBoxLayout>

using namespace cmfw;

namespace {

QTableWidget* table(int rows, QWidget* parent) {
    auto* t = new QTableWidget(rows, 3, parent);
    t->setHorizontalHeaderLabels({QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
    makeReadOnlyTable(t);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < 3; ++c) setCell(t, r, c, QStringLiteral("r%1c%2").arg(r).arg(c));
    return t;
}

// The last row lies wholly inside the viewport.
bool lastRowShown(QTableView* t) {
    const int last = t->model()->rowCount() - 1;
    const QRect r = t->visualRect(t->model()->index(last, 0));
    return r.isValid() && r.top() >= 0 && r.bottom() < t->viewport()->height();
}

QString why(QTableView* t) {
    const QRect r = t->visualRect(t->model()->index(t->model()->rowCount() - 1, 0));
    return QStringLiteral("last row %1..%2, viewport %3").arg(r.top()).arg(r.bottom()).arg(t->viewport()->height());
}

} // namespace

class TstTableFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fittedBeforeShowShowsEveryRow_data() {
        QTest::addColumn<int>("rows");
        for (int n : {1, 2, 5, 8}) QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void fittedBeforeShowShowsEveryRow() {
        QFETCH(int, rows);
        QWidget w;
        auto* lay = new QVBoxLayout(&w);
        auto* t = table(rows, &w);
        fitTableHeight(t); // before show, as the views do
        lay->addWidget(t);
        lay->addWidget(new QLabel(QStringLiteral("below"), &w), 1);
        w.resize(600, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(lastRowShown(t), qPrintable(why(t)));
    }

    void shrinkableShowsAllThenScrolls() {
        QWidget w;
        auto* lay = new QVBoxLayout(&w);
        auto* t = table(5, &w);
        fitTableHeightShrinkable(t, 2);
        lay->addWidget(t);
        auto* rest = new QWidget(&w);
        rest->setMinimumHeight(100);
        lay->addWidget(rest, 1);
        w.resize(600, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(lastRowShown(t), qPrintable(why(t)));
        // Small: the table keeps at least two rows, fewer than five.
        const int rowH = t->rowHeight(0);
        QVERIFY(t->minimumHeight() >= t->horizontalHeader()->height() + 2 * rowH);
        QVERIFY(t->minimumHeight() < t->horizontalHeader()->height() + 5 * rowH);
        QVERIFY(w.minimumSizeHint().height() < t->maximumHeight() + 100);
    }

    void skillsViewShowsItsSkill() {
        auto doc = CmfDocument::open(QString::fromStdString(cmftest::dataPath("conformance/valid/tiny-s42-skills-Q4_BLOCK.cmf")));
        QVERIFY(doc->ok());
        SkillsView view(doc);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.skillsTable()->rowCount() >= 1);
        QVERIFY2(lastRowShown(view.skillsTable()), qPrintable(why(view.skillsTable())));
    }
};

QTEST_MAIN(TstTableFit)
#include "tst_table_fit.moc"
