#pragma once
// Charts follow the widget palette (light or dark theme): one place that
// picks the QChart theme from whether the palette is dark and gives series
// colours that read on its background.
#include <QColor>
#include <QPalette>

class QChart;

namespace cmfw {

bool isDarkPalette(const QPalette& palette);
// Sets the chart's theme, background and label colours from palette.
void applyPaletteTheme(QChart* chart, const QPalette& palette);
// The i-th series colour: the palette's highlight first, then hues spaced from it.
QColor seriesColor(const QPalette& palette, int i);

} // namespace cmfw
