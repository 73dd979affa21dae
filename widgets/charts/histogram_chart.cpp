#include "charts/histogram_chart.h"
#include "charts/chart_style.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cmfw {

HistogramChart::HistogramChart(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(180);
    rebuild();
}

void HistogramChart::setHistogram(const std::vector<uint64_t>& bins, double lo, double hi) {
    bins_ = bins;
    lo_ = lo;
    hi_ = hi;
    rebuild();
}

void HistogramChart::clear() {
    bins_.clear();
    rebuild();
}

void HistogramChart::setLogScale(bool on) {
    if (on == log_) return;
    log_ = on;
    rebuild();
}

void HistogramChart::rebuild() {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    if (!bins_.empty()) {
        // A step curve: each bin is a flat segment from its left to its right edge.
        const double width = bins_.size() > 0 && hi_ > lo_ ? (hi_ - lo_) / double(bins_.size()) : 1.0;
        const double floor = log_ ? 0.5 : 0.0; // log axes cannot show zero counts
        auto* upper = new QLineSeries();
        auto* lower = new QLineSeries();
        uint64_t top = 0;
        for (size_t i = 0; i < bins_.size(); ++i) {
            const double x0 = lo_ + double(i) * width, x1 = x0 + width;
            const double y = std::max(floor, double(bins_[i]));
            upper->append(x0, y);
            upper->append(x1, y);
            top = std::max(top, bins_[i]);
        }
        lower->append(lo_, floor);
        lower->append(lo_ + width * double(bins_.size()), floor);
        auto* area = new QAreaSeries(upper, lower);
        area->setColor(QColor(0x3a, 0x7b, 0xc8, 170));
        area->setBorderColor(QColor(0x1f, 0x4f, 0x8a));
        chart->addSeries(area);

        auto* x = new QValueAxis();
        x->setRange(lo_, lo_ + width * double(bins_.size()));
        x->setLabelFormat(QStringLiteral("%.3g"));
        x->setTickCount(7);
        x->applyNiceNumbers(); // round tick values; the range grows a little
        // Qt places ticks at min + i·step, so a tick meant to be 0 comes out as
        // −0.04 + 4·0.02 = 8.67e-19. Anchored ticks are anchor + k·step: with
        // the anchor at 0, the middle tick of a range around 0 is 0 itself.
        if (x->tickCount() > 1) {
            const double step = (x->max() - x->min()) / double(x->tickCount() - 1);
            x->setTickType(QValueAxis::TicksDynamic);
            x->setTickAnchor(x->min() <= 0 && x->max() >= 0 ? 0.0 : x->min());
            x->setTickInterval(step);
        }
        x->setTitleText(tr("value"));
        chart->addAxis(x, Qt::AlignBottom);
        area->attachAxis(x);
        if (log_) {
            auto* y = new QLogValueAxis();
            y->setBase(10);
            y->setRange(0.5, std::max(10.0, double(top) * 2));
            y->setLabelFormat(QStringLiteral("%g"));
            y->setTitleText(tr("count (log)"));
            chart->addAxis(y, Qt::AlignLeft);
            area->attachAxis(y);
        } else {
            auto* y = new QValueAxis();
            y->setRange(0, std::max<double>(1.0, double(top) * 1.05));
            y->applyNiceNumbers();
            y->setLabelFormat(QStringLiteral("%.0f"));
            y->setTitleText(tr("count"));
            chart->addAxis(y, Qt::AlignLeft);
            area->attachAxis(y);
        }
    }
    QChart* old = this->chart();
    styleChart(chart);
    setChart(chart);
    delete old;
}

} // namespace cmfw
