// Issue 24: the value histogram's x ticks are anchor + k·step with the anchor
// at 0 when the range spans it, so the centre tick of a symmetric weight
// distribution reads 0 — not min + 4·step = 8.67e-19 as Qt's default places it.
#include "charts/histogram_chart.h"

#include <QChart>
#include <QTest>
#include <QValueAxis>

#include <cmath>

using namespace cmfw;

class TstHistogramChart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ticksAreAnchoredAtZero() {
        HistogramChart chart;
        chart.setHistogram(std::vector<uint64_t>(64, 5), -0.04, 0.04);
        auto axes = chart.chart()->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), qsizetype(1));
        auto* x = qobject_cast<QValueAxis*>(axes.first());
        QVERIFY(x);
        QCOMPARE(x->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(x->tickAnchor(), 0.0);
        // The ticks Qt draws: the anchor plus whole steps, inside the range; 0 is one of them, exactly.
        const double step = x->tickInterval();
        QVERIFY(step > 0);
        bool zero = false;
        for (double k = std::ceil((x->min() - x->tickAnchor()) / step - 1e-9); x->tickAnchor() + k * step <= x->max() + 1e-12; ++k)
            zero |= x->tickAnchor() + k * step == 0.0;
        QVERIFY(zero);
    }
    void rangeWithoutZeroKeepsItsMinimum() {
        HistogramChart chart;
        chart.setHistogram(std::vector<uint64_t>(16, 1), 1.0, 2.0);
        auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first());
        QCOMPARE(x->tickAnchor(), x->min());
    }
};

QTEST_MAIN(TstHistogramChart)
#include "tst_histogram_chart.moc"
