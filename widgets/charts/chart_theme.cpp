#include "charts/chart_theme.h"

#include <QChart>
#include <QLegend>

namespace cmfw {

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

void applyPaletteTheme(QChart* chart, const QPalette& palette) {
    chart->setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
}

QColor seriesColor(const QPalette& palette, int i) {
    const QColor base = palette.color(QPalette::Highlight);
    if (i == 0) return base;
    // Hues a third of the circle apart (and between), at a lightness that
    // keeps them visible on either background.
    const int hue = (std::max(0, base.hslHue()) + 137 * i) % 360;
    return QColor::fromHsl(hue, 170, isDarkPalette(palette) ? 160 : 100);
}

} // namespace cmfw
