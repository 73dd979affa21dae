#include "charts/heatmap_export.h"

#include <QBuffer>
#include <QColor>
#include <QFile>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// Past this many rects an SVG is tens of megabytes; the PNG inside says the same.
constexpr qsizetype kMaxRects = 250000;

} // namespace

QImage scaledCells(const QImage& cells, int scale) {
    if (cells.isNull() || scale <= 1) return cells;
    return cells.scaled(cells.width() * scale, cells.height() * scale, Qt::IgnoreAspectRatio, Qt::FastTransformation);
}

QByteArray cellsSvg(const QImage& cells, int scale, const QString& title) {
    scale = std::max(scale, 1);
    const int w = cells.width(), h = cells.height();
    QByteArray body;
    qsizetype rects = 0;
    for (int y = 0; y < h && rects <= kMaxRects; ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(cells.constScanLine(y));
        for (int x = 0; x < w;) {
            int end = x + 1;
            while (end < w && row[end] == row[x]) ++end;
            body += u"<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"/>\n"_s
                        .arg(x * scale)
                        .arg(y * scale)
                        .arg((end - x) * scale)
                        .arg(scale)
                        .arg(QColor(row[x]).name())
                        .toUtf8();
            ++rects;
            x = end;
        }
    }
    if (rects > kMaxRects) {
        QByteArray png;
        QBuffer buf(&png);
        buf.open(QIODevice::WriteOnly);
        cells.save(&buf, "PNG");
        body = u"<image x=\"0\" y=\"0\" width=\"%1\" height=\"%2\" style=\"image-rendering:pixelated\" preserveAspectRatio=\"none\" href=\"data:image/png;base64,"_s
                   .arg(w * scale)
                   .arg(h * scale)
                   .toUtf8() +
               png.toBase64() + "\"/>\n";
    }
    return u"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\" shape-rendering=\"crispEdges\">\n<title>%3</title>\n"_s
               .arg(w * scale)
               .arg(h * scale)
               .arg(title.toHtmlEscaped())
               .toUtf8() +
           body + "</svg>\n";
}

bool writeCells(const QImage& cells, int scale, const QString& title, const QString& path) {
    if (cells.isNull()) return false;
    if (path.endsWith(u".svg"_s, Qt::CaseInsensitive)) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
        const QByteArray svg = cellsSvg(cells, scale, title);
        return f.write(svg) == svg.size();
    }
    return scaledCells(cells, scale).save(path, "PNG");
}

} // namespace cmfw
