#include "charts/level_histogram.h"
#include "charts/chart_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>

namespace cmfw {

LevelHistogram::LevelHistogram(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(160, 140);
    clear();
}

void LevelHistogram::clear() { setCounts(0, {}, {}, {}); }

uint64_t LevelHistogram::count(int level) const {
    const int i = level - first_;
    return i >= 0 && i < int(counts_.size()) ? counts_[size_t(i)] : 0;
}

void LevelHistogram::setCounts(int firstLevel, std::vector<uint64_t> counts, const QString& levelTitle, const QString& countTitle) {
    first_ = firstLevel;
    counts_ = std::move(counts);
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    if (!counts_.empty()) {
        auto* set = new QBarSet(countTitle);
        set->setColor(QColor(0x3a, 0x7b, 0xc8));
        set->setBorderColor(QColor(0x1f, 0x4f, 0x8a));
        set->setLabelColor(palette().color(QPalette::Text)); // the default suits labels inside a bar, these sit above it
        QStringList levels;
        uint64_t top = 0;
        for (size_t i = 0; i < counts_.size(); ++i) {
            *set << double(counts_[i]);
            levels << QString::number(first_ + int(i));
            top = std::max(top, counts_[i]);
        }
        auto* series = new QBarSeries();
        series->append(set);
        series->setBarWidth(0.8);
        series->setLabelsVisible(true);
        series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
        chart->addSeries(series);
        auto* x = new QBarCategoryAxis();
        x->append(levels);
        x->setTitleText(levelTitle);
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        auto* y = new QValueAxis();
        y->setRange(0, std::max<double>(1.0, double(top) * 1.15)); // room for the labels above the bars
        y->applyNiceNumbers();
        y->setLabelFormat(QStringLiteral("%.0f"));
        y->setTitleText(countTitle);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(y);
    }
    QChart* old = this->chart();
    styleChart(chart);
    setChart(chart);
    delete old;
}

} // namespace cmfw
