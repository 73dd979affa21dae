#pragma once
// Charts in the application's palette and font: the chart's background, title,
// legend, axis labels, lines and grid take the window's colours (and its font), so a chart
// reads the same in the light and the dark theme. Series keep their colours
// (chosen to read on both). A theme change restyles every chart on screen
// (util/tones.cpp).
#include <QColor>

class QChart;
class QPalette;

namespace cmfw {

// Call once the chart's axes are in place.
void styleChart(QChart* chart);
// The i-th series colour: the palette's highlight first, then hues spaced
// from it, at a lightness that reads on the palette's base.
QColor seriesColor(const QPalette& palette, int i);

} // namespace cmfw
