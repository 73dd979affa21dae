#include "charts/chart_style.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QLegend>
#include <QPalette>

namespace cmfw {

void styleChart(QChart* chart) {
    if (!chart) return;
    const QPalette& p = QApplication::palette();
    const QColor text = p.color(QPalette::Text), grid = p.color(QPalette::Mid), base = p.color(QPalette::Base);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    if (chart->legend()) chart->legend()->setLabelColor(text);
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(text);
        a->setTitleBrush(text);
        a->setLinePenColor(grid);
        a->setGridLineColor(p.color(QPalette::Midlight));
        a->setMinorGridLineColor(p.color(QPalette::Midlight));
    }
}

} // namespace cmfw
