// BytesChart (widgets/charts): every bar's category label is drawn. Qt Charts
// hides labels that would overlap, and the tensor-family chart's five bars
// showed "..." in its old fixed 160 px: the view must grow with its bars.
#include "charts/bytes_chart.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QFontMetrics>
#include <QTest>

using namespace cmfw;

class TstBytesChart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyLabelHasRoom_data() {
        QTest::addColumn<int>("bars");
        for (int n : {1, 3, 5, 7, 9}) QTest::newRow(qPrintable(QString::number(n))) << n;
    }
    void everyLabelHasRoom() {
        QFETCH(int, bars);
        BytesChart chart(QStringLiteral("Bytes per tensor family"));
        std::vector<BytesChart::Bar> b;
        for (int i = 0; i < bars; ++i) b.push_back({QStringLiteral("family %1").arg(i), uint64_t(1000 * (i + 1)), uint64_t(i + 1)});
        chart.setBars(b);
        chart.resize(520, chart.minimumHeight()); // the smallest the layout may make it
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCoreApplication::processEvents();
        const auto axes = chart.chart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), qsizetype(1));
        const auto* y = qobject_cast<QBarCategoryAxis*>(axes.first());
        QVERIFY(y);
        QCOMPARE(y->count(), bars);
        const double perBar = chart.chart()->plotArea().height() / bars;
        const int labelHeight = QFontMetrics(y->labelsFont()).height();
        // Qt keeps a label when it clears its neighbours with some spacing: in
        // the 160 px view five bars had 15 px each for 14 px labels, and lost them.
        QVERIFY2(perBar >= 1.5 * labelHeight, qPrintable(QStringLiteral("%1 px per bar, labels %2 px").arg(perBar).arg(labelHeight)));
    }
};

QTEST_MAIN(TstBytesChart)
#include "tst_bytes_chart.moc"
