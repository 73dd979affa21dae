#include "charts/bytes_chart.h"
#include "charts/chart_style.h"

#include "util/format_text.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QEvent>
#include <QFontMetrics>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace cmfw {

BytesChart::BytesChart(const QString& title, QWidget* parent) : QChartView(parent), title_(title) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    setBars({});
}

void BytesChart::changeEvent(QEvent* e) {
    // A new font size: the bars need another height for their labels.
    if (e->type() == QEvent::FontChange) setBars(bars_);
    QChartView::changeEvent(e);
}

void BytesChart::setBars(std::vector<Bar> bars) {
    bars.erase(std::remove_if(bars.begin(), bars.end(), [](const Bar& b) { return b.bytes == 0; }), bars.end());
    std::stable_sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) { return a.bytes > b.bytes; });
    bars_ = bars;

    const uint64_t top = bars.empty() ? 0 : bars.front().bytes;
    double unit = 1;
    QString unitName = tr("bytes");
    if (top >= (uint64_t(1) << 30)) unit = double(uint64_t(1) << 30), unitName = tr("GiB");
    else if (top >= (uint64_t(1) << 20)) unit = double(uint64_t(1) << 20), unitName = tr("MiB");
    else if (top >= 1024) unit = 1024, unitName = tr("KiB");

    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title_);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);

    auto* set = new QBarSet(title_);
    QStringList categories;
    // Largest at the top: a horizontal bar series draws its first category at the bottom.
    for (auto it = bars.rbegin(); it != bars.rend(); ++it) {
        *set << double(it->bytes) / unit;
        categories << it->label + u" (" + QString::number(it->count) + u')';
    }
    set->setColor(QColor(0x3a, 0x7b, 0xc8));
    set->setLabelColor(palette().color(QPalette::WindowText));
    auto* series = new QHorizontalBarSeries();
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    series->setBarWidth(0.7);
    chart->addSeries(series);

    auto* y = new QBarCategoryAxis();
    y->append(categories);
    // Qt Charts hides category labels that would overlap: give each bar a
    // label's height and a half in the interface font (the title and the
    // value axis take about seven lines), or the family chart's five bars
    // showed "..." — at 9 pt in a 160 px view, at a larger size in any fixed one.
    const int line = QFontMetrics(QApplication::font()).height();
    setMinimumHeight(std::max(160, 7 * line + (3 * line / 2 + 2) * int(bars.size())));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    auto* x = new QValueAxis();
    x->setTitleText(unitName);
    x->setRange(0, top > 0 ? double(top) / unit * 1.18 : 1.0); // room for the value labels
    x->setLabelFormat(QStringLiteral("%.3g"));
    x->setTickCount(5);
    x->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);

    QChart* old = this->chart();
    styleChart(chart);
    setChart(chart); // the view takes ownership of the new chart
    delete old;
}

} // namespace cmfw
