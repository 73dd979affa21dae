#pragma once
// A heatmap's grid at full resolution, independent of zoom and scroll bars:
// one cell = scale × scale pixels, as PNG, or as SVG (runs of equal colour per
// row become one rect each, so binary mask bitmaps stay small; a grid whose
// runs would make the SVG huge embeds the PNG, drawn pixelated).
#include <QByteArray>
#include <QImage>
#include <QString>

namespace cmfw {

// cells: one pixel per cell (HeatmapWidget::image()).
QImage scaledCells(const QImage& cells, int scale);
QByteArray cellsSvg(const QImage& cells, int scale, const QString& title);
// By the path's extension: .svg writes SVG, anything else PNG. False when the file cannot be written.
bool writeCells(const QImage& cells, int scale, const QString& title, const QString& path);

} // namespace cmfw
