// Issue 24: heatmaps and mask bitmaps export at full resolution — one pixel
// (or a chosen number) per cell, as PNG and as SVG — whatever the zoom and the
// scroll bars, with each cell the colour the heatmap paints it.
#include "charts/heatmap_export.h"
#include "charts/heatmap_widget.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace cmfw;
using namespace Qt::StringLiterals;

namespace {

// A 7 × 300 grid of two categories, like a mask bitmap: cell (r, c) is on when (r + c) % 3 == 0.
void fillMask(HeatmapWidget& h) {
    std::vector<float> v(7 * 300);
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 300; ++c) v[size_t(r * 300 + c)] = (r + c) % 3 == 0 ? 1.f : 0.f;
    h.setCategories({{0.f, QColor(Qt::white), u"off"_s}, {1.f, QColor(Qt::black), u"on"_s}});
    h.setData(7, 300, std::move(v));
}

struct SvgRect {
    int x, y, w, h;
    QColor fill;
};

std::vector<SvgRect> rectsOf(const QByteArray& svg, int* width, int* height) {
    std::vector<SvgRect> out;
    QXmlStreamReader x(svg);
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement) continue;
        const auto a = x.attributes();
        if (x.name() == u"svg"_s) {
            *width = a.value(u"width"_s).toInt();
            *height = a.value(u"height"_s).toInt();
        } else if (x.name() == u"rect"_s) {
            out.push_back({a.value(u"x"_s).toInt(), a.value(u"y"_s).toInt(), a.value(u"width"_s).toInt(), a.value(u"height"_s).toInt(),
                           QColor(a.value(u"fill"_s).toString())});
        }
    }
    return x.hasError() ? std::vector<SvgRect>{} : out;
}

} // namespace

class TstHeatmapExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pngIsOnePixelPerCellAtAnyZoom() {
        HeatmapWidget h;
        h.resize(400, 200);
        h.show();
        fillMask(h);
        QTemporaryDir dir;
        for (double zoom : {0.25, 1.0, 6.0}) {
            h.setZoom(zoom);
            const QString path = dir.filePath(u"cells.png"_s);
            QVERIFY(writeCells(h.image(), 1, h.title(), path));
            const QImage img(path);
            QCOMPARE(img.size(), QSize(300, 7));
            for (int r = 0; r < 7; ++r)
                for (int c = 0; c < 300; ++c)
                    QCOMPARE(QColor(img.pixel(c, r)), QColor((r + c) % 3 == 0 ? Qt::black : Qt::white));
        }
        QVERIFY(writeCells(h.image(), 4, h.title(), dir.filePath(u"x4.png"_s)));
        const QImage x4(dir.filePath(u"x4.png"_s));
        QCOMPARE(x4.size(), QSize(1200, 28));
        QCOMPARE(QColor(x4.pixel(4 * 2 + 3, 4 * 1 + 3)), QColor(Qt::black)); // cell (1, 2): 1 + 2 = 3
        QCOMPARE(QColor(x4.pixel(4 * 1, 4 * 1)), QColor(Qt::white));         // cell (1, 1)
    }

    void svgHoldsEveryCell() {
        HeatmapWidget h;
        fillMask(h);
        h.setTitle(u"FFN <layer 0>"_s);
        int w = 0, ht = 0;
        const auto rects = rectsOf(cellsSvg(h.image(), 2, h.title()), &w, &ht);
        QCOMPARE(w, 600);
        QCOMPARE(ht, 14);
        // Every cell is covered by exactly one rect of its colour.
        std::vector<int> cover(7 * 300, 0);
        for (const auto& r : rects) {
            QCOMPARE(r.h, 2);
            for (int x = r.x / 2; x < (r.x + r.w) / 2; ++x) {
                const int row = r.y / 2;
                ++cover[size_t(row * 300 + x)];
                QCOMPARE(r.fill, QColor((row + x) % 3 == 0 ? Qt::black : Qt::white));
            }
        }
        QVERIFY(std::all_of(cover.begin(), cover.end(), [](int n) { return n == 1; }));
        QVERIFY(cellsSvg(h.image(), 1, h.title()).contains("<title>FFN &lt;layer 0&gt;</title>"));
        // By extension.
        QTemporaryDir dir;
        QVERIFY(writeCells(h.image(), 1, h.title(), dir.filePath(u"m.svg"_s)));
        QFile f(dir.filePath(u"m.svg"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("<?xml"));
    }

    void hugeGridsEmbedThePng() {
        // 600 × 600 cells of alternating colours: 360,000 runs, more than an SVG should hold.
        QImage cells(600, 600, QImage::Format_RGB32);
        for (int y = 0; y < 600; ++y)
            for (int x = 0; x < 600; ++x) cells.setPixel(x, y, (x + y) % 2 ? qRgb(255, 0, 0) : qRgb(0, 0, 255));
        const QByteArray svg = cellsSvg(cells, 1, u"big"_s);
        QVERIFY(!svg.contains("<rect"));
        const qsizetype at = svg.indexOf("base64,") + 7;
        const QByteArray png = QByteArray::fromBase64(svg.mid(at, svg.indexOf('"', at) - at));
        QCOMPARE(QImage::fromData(png, "PNG").convertToFormat(QImage::Format_RGB32), cells);
    }
};

QTEST_MAIN(TstHeatmapExport)
#include "tst_heatmap_export.moc"
