#pragma once
// Charts in the application's palette: the chart's background, title,
// legend, axis labels, lines and grid take the window's colours, so a chart
// reads the same in the light and the dark theme. Series keep their colours
// (chosen to read on both). A theme change restyles every chart on screen
// (util/tones.cpp).
class QChart;

namespace cmfw {

void styleChart(QChart* chart);

} // namespace cmfw
