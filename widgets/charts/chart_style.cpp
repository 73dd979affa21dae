#include "charts/chart_style.h"

#include "util/theme.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QFont>
#include <QLegend>
#include <QPalette>

#include <algorithm>

namespace cmfw {

void styleChart(QChart* chart) {
    if (!chart) return;
    const QPalette& p = QApplication::palette();
    const QColor text = p.color(QPalette::Text), grid = p.color(QPalette::Mid), base = p.color(QPalette::Base);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    // The interface font, so a font-size change reaches the charts and they lay out again.
    QFont title = QApplication::font();
    title.setBold(true);
    chart->setTitleFont(title);
    if (chart->legend()) chart->legend()->setLabelColor(text);
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(text);
        a->setLabelsFont(QApplication::font());
        a->setTitleFont(title);
        a->setTitleBrush(text);
        a->setLinePenColor(grid);
        a->setGridLineColor(p.color(QPalette::Midlight));
        a->setMinorGridLineColor(p.color(QPalette::Midlight));
    }
}

QColor seriesColor(const QPalette& palette, int i) {
    const QColor base = palette.color(QPalette::Highlight);
    if (i == 0) return base;
    const int hue = (std::max(0, base.hslHue()) + 137 * i) % 360; // golden-angle steps: no two alike
    return QColor::fromHsl(hue, 170, isDark(palette) ? 160 : 100);
}

} // namespace cmfw
