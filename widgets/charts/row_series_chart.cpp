#include "charts/row_series_chart.h"
#include "charts/chart_style.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cmfw {

namespace {

constexpr size_t kMaxBuckets = 1000;

QLineSeries* decimated(const QString& name, const std::vector<float>& v, double& lo, double& hi) {
    auto* s = new QLineSeries();
    s->setName(name);
    const size_t n = v.size();
    const size_t per = std::max<size_t>(1, (n + kMaxBuckets - 1) / kMaxBuckets);
    for (size_t b = 0; b < n; b += per) {
        const size_t e = std::min(n, b + per);
        const auto [mn, mx] = std::minmax_element(v.begin() + std::ptrdiff_t(b), v.begin() + std::ptrdiff_t(e));
        s->append(double(b), double(*mn));
        if (per > 1) s->append(double(e - 1), double(*mx));
        lo = std::min(lo, double(*mn));
        hi = std::max(hi, double(*mx));
    }
    return s;
}

} // namespace

RowSeriesChart::RowSeriesChart(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    clear();
}

void RowSeriesChart::clear() { setSeries({}, {}); }

void RowSeriesChart::setSeries(const QString& name, const std::vector<float>& values, const QString& secondaryName,
                               const std::vector<float>& secondary) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setVisible(!secondary.empty());
    chart->legend()->setAlignment(Qt::AlignTop);
    if (!values.empty()) {
        auto* x = new QValueAxis();
        x->setRange(0, double(std::max<size_t>(1, values.size() - 1)));
        x->setLabelFormat(QStringLiteral("%.0f"));
        x->setTitleText(xTitle_.isEmpty() ? tr("row") : xTitle_);
        chart->addAxis(x, Qt::AlignBottom);
        auto addLine = [&](const QString& n, const std::vector<float>& v, Qt::Alignment side, QColor color) {
            double lo = INFINITY, hi = -INFINITY;
            QLineSeries* s = decimated(n, v, lo, hi);
            s->setColor(color);
            chart->addSeries(s);
            s->attachAxis(x);
            auto* y = new QValueAxis();
            const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(1e-6, std::fabs(hi) * 0.05);
            y->setRange(lo - pad, hi + pad);
            y->setLabelFormat(QStringLiteral("%.3g"));
            y->setTitleText(n);
            chart->addAxis(y, side);
            s->attachAxis(y);
        };
        addLine(name, values, Qt::AlignLeft, QColor(0x3a, 0x7b, 0xc8));
        if (!secondary.empty()) addLine(secondaryName, secondary, Qt::AlignRight, QColor(0xd0, 0x6a, 0x1c));
    }
    QChart* old = this->chart();
    styleChart(chart);
    setChart(chart);
    delete old;
}

} // namespace cmfw
