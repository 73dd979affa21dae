#include "views/architecture_svg.h"

#include <QFontInfo>
#include <QFontMetricsF>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QString num(qreal v) { return QString::number(v, 'f', 1); }

// fill="#rrggbb" plus fill-opacity when not opaque (SVG 1.1 has no #rrggbbaa).
QString paint(const char* attr, const QColor& c, qreal opacity = 1) {
    QString s = QString::fromLatin1(attr) + u"=\""_s + c.name(QColor::HexRgb) + u'"';
    const qreal a = c.alphaF() * opacity;
    if (a < 0.999) s += u' ' + QString::fromLatin1(attr) + u"-opacity=\""_s + QString::number(a, 'f', 3) + u'"';
    return s;
}

} // namespace

QString architectureSvg(const ArchScene& scene, const QPalette& pal, const QFont& font) {
    const QFontMetricsF fm(font);
    const int px = QFontInfo(font).pixelSize();
    QString out;
    out += u"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"_s;
    out += u"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\" font-family=\"%3\" font-size=\"%4\">\n"_s
               .arg(num(scene.size.width()), num(scene.size.height()), font.family().toHtmlEscaped())
               .arg(px);
    out += u"<rect width=\"100%\" height=\"100%\" "_s + paint("fill", inkColor(Ink::Window, pal)) + u"/>\n"_s;
    for (const auto& s : scene.shapes) {
        if (s.kind == ArchShape::Kind::Arrow) {
            const QColor c = inkColor(s.stroke, pal, s.accent);
            const qreal x = s.rect.center().x(), top = s.rect.top() + 3, tip = s.rect.bottom() - 2;
            out += u"<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke-width=\"1.5\" "_s.arg(num(x), num(top), num(tip - 5)) + paint("stroke", c) +
                   u"/>\n"_s;
            out += u"<polygon points=\"%1,%2 %3,%4 %5,%4\" "_s.arg(num(x), num(tip), num(x - 5), num(tip - 7), num(x + 5)) + paint("fill", c) +
                   u"/>\n"_s;
            continue;
        }
        out += u"<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\""_s.arg(num(s.rect.x()), num(s.rect.y()), num(s.rect.width()),
                                                                          num(s.rect.height()));
        if (s.radius > 0) out += u" rx=\"%1\""_s.arg(num(s.radius));
        out += u' ' + paint("fill", inkColor(s.fill, pal, s.accent), s.opacity);
        if (s.stroked) out += u' ' + paint("stroke", inkColor(s.stroke, pal, s.accent));
        out += u"/>\n"_s;
    }
    // Text on its baseline, placed as the painter's AlignVCenter places it.
    for (const auto& t : scene.texts) {
        const qreal baseline = t.rect.top() + (t.rect.height() - fm.height()) / 2 + fm.ascent();
        out += u"<text x=\"%1\" y=\"%2\" "_s.arg(num(t.rect.x()), num(baseline)) + paint("fill", inkColor(t.ink, pal));
        if (t.bold) out += u" font-weight=\"bold\""_s;
        out += u'>';
        if (!t.tensor.isEmpty()) out += u"<title>"_s + t.tensor.toHtmlEscaped() + u"</title>"_s;
        out += t.text.toHtmlEscaped() + u"</text>\n"_s;
    }
    out += u"</svg>\n"_s;
    return out;
}

} // namespace cmfw
