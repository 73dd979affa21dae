#include "views/architecture_paint.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

using namespace Qt::StringLiterals;
using namespace cmfw::archgeom;

namespace cmfw {
namespace {

// A frame's colour by its mixer: attention's, a cooler hue for sliding windows, DeltaNet's.
QColor frameAccent(int mixer) {
    switch (cmf::engine::MixerKind(mixer)) {
    case cmf::engine::MixerKind::FullAttention: return accentColor(int(cmf::engine::OpKind::Attention));
    case cmf::engine::MixerKind::SlidingAttention: return QColor::fromHsv(250, 150, 215);
    case cmf::engine::MixerKind::LinearAttention: return accentColor(int(cmf::engine::OpKind::LinearAttention));
    }
    return accentColor(-1);
}

void frameOf(const ArchItem& f, qreal line, ArchScene& s) {
    s.shapes.push_back({ArchShape::Kind::Box, f.rect, Ink::AltBase, Ink::Mid, true, 6, 1, {}});
    s.shapes.push_back({ArchShape::Kind::Rect, QRectF(f.rect.left(), f.rect.top() + kFramePad, 4, line * 2), Ink::Accent, Ink::Mid, false, 0,
                        1, frameAccent(f.accent)});
    const qreal x = f.rect.left() + kFramePad, w = f.rect.width() - 2 * kFramePad;
    const QString mark = f.expandable ? (f.expanded ? u"▾ "_s : u"▸ "_s) : QString();
    s.texts.push_back({QRectF(x, f.rect.top() + kFramePad, w, line), mark + f.title, Ink::Text, true, {}});
    for (qsizetype i = 0; i < f.lines.size(); ++i)
        s.texts.push_back({QRectF(x, f.rect.top() + kFramePad + line * qreal(i + 1), w, line), f.lines[i], Ink::Muted, false, {}});
}

void opOf(const ArchItem& o, qreal line, ArchScene& s) {
    s.shapes.push_back({ArchShape::Kind::Box, o.rect, Ink::Base, Ink::Mid, true, 4, 1, {}});
    s.shapes.push_back({ArchShape::Kind::Rect, QRectF(o.rect.left(), o.rect.top(), kStripe, o.rect.height()), Ink::Accent, Ink::Mid, false, 0, 1,
                        accentColor(o.accent)});
    const qreal x = o.rect.left() + kStripe + kPad, w = o.rect.width() - kStripe - 2 * kPad;
    s.texts.push_back({QRectF(x, o.rect.top() + kPad, w, line), o.title, Ink::Text, true, {}});
    const qsizetype shift = o.besideTitle > 0 ? 1 : 0; // the first line on the title's row
    for (qsizetype i = 0; i < o.lines.size(); ++i) {
        const QRectF r = i == 0 && shift ? QRectF(x + o.besideTitle, o.rect.top() + kPad, w - o.besideTitle, line)
                                         : QRectF(x, o.rect.top() + kPad + line * qreal(i + 1 - shift), w, line);
        s.texts.push_back({r, o.lines[i], Ink::Muted, false, {}});
    }
}

void rowOf(const ArchItem& r, const ArchLayout& l, const QString& hovered, ArchScene& s) {
    if (!hovered.isEmpty() && r.tensor == hovered)
        s.shapes.push_back({ArchShape::Kind::Rect, r.rect.adjusted(kStripe, 0, 0, 0), Ink::Highlight, Ink::Mid, false, 0, 0.22, {}});
    const bool off = r.hasMark && r.mark.keep == 0;
    for (int c = 0; c < 4 && c < r.cells.size(); ++c) {
        const qreal x = r.rect.left() + l.columns[c];
        const qreal right = c + 1 < 5 && l.columns[c + 1] > l.columns[c] ? r.rect.left() + l.columns[c + 1] : r.rect.right();
        s.texts.push_back({QRectF(x, r.rect.top(), right - x, r.rect.height()), r.cells[c], off || c > 0 ? Ink::Muted : Ink::Text, false,
                           c == 0 ? r.tensor : QString()});
    }
    if (!r.hasMark) return;
    qreal x = r.rect.left() + l.columns[4];
    if (r.mark.keep >= 0) {
        const QRectF bar(x, r.rect.top() + r.rect.height() * 0.3, kBar, r.rect.height() * 0.4);
        s.shapes.push_back({ArchShape::Kind::Rect, bar, Ink::Mid, Ink::Mid, false, 0, 0.35, {}});
        if (r.mark.keep > 0)
            s.shapes.push_back({ArchShape::Kind::Rect, QRectF(bar.left(), bar.top(), kBar * r.mark.keep, bar.height()), Ink::Accent, Ink::Mid,
                                false, 0, 1, accentColor(r.accent)});
        x += kBar + kPad;
    }
    s.texts.push_back({QRectF(x, r.rect.top(), r.rect.right() - x, r.rect.height()), r.mark.text, r.mark.replaced ? Ink::Link : Ink::Text,
                       r.mark.replaced, {}});
}

} // namespace

ArchScene sceneOf(const ArchLayout& l, const QFont& font, const QString& hovered) {
    ArchScene s;
    s.size = l.size;
    const qreal line = l.lineHeight > 0 ? l.lineHeight : QFontMetricsF(font).height();
    // Frames under their operators, operators under their rows.
    for (const auto& i : l.items)
        if (i.kind == ArchItem::Kind::Frame) frameOf(i, line, s);
    for (const auto& i : l.items)
        if (i.kind == ArchItem::Kind::Op) opOf(i, line, s);
    for (const auto& i : l.items) {
        if (i.kind == ArchItem::Kind::Row) rowOf(i, l, hovered, s);
        else if (i.kind == ArchItem::Kind::Arrow) s.shapes.push_back({ArchShape::Kind::Arrow, i.rect, Ink::Muted, Ink::Muted, true, 0, 1, {}});
        else if (i.kind == ArchItem::Kind::Label) s.texts.push_back({i.rect, i.title, i.strong ? Ink::Text : Ink::Muted, i.strong, {}});
    }
    return s;
}

QColor inkColor(Ink ink, const QPalette& p, const QColor& accent) {
    switch (ink) {
    case Ink::Text: return p.color(QPalette::Text);
    case Ink::Muted: return p.color(QPalette::PlaceholderText);
    case Ink::Link: return p.color(QPalette::Link);
    case Ink::Base: return p.color(QPalette::Base);
    case Ink::AltBase: return p.color(QPalette::AlternateBase);
    case Ink::Mid: return p.color(QPalette::Mid);
    case Ink::Window: return p.color(QPalette::Window);
    case Ink::Highlight: return p.color(QPalette::Highlight);
    case Ink::Accent: return accent;
    }
    return p.color(QPalette::Text);
}

void paintScene(QPainter& p, const ArchScene& s, const QPalette& pal, const QFont& font) {
    p.setRenderHint(QPainter::Antialiasing);
    for (const auto& sh : s.shapes) {
        QColor fill = inkColor(sh.fill, pal, sh.accent);
        fill.setAlphaF(float(fill.alphaF() * sh.opacity));
        if (sh.kind == ArchShape::Kind::Arrow) {
            const QColor c = inkColor(sh.stroke, pal, sh.accent);
            const QPointF top(sh.rect.center().x(), sh.rect.top() + 3), tip(sh.rect.center().x(), sh.rect.bottom() - 2);
            p.setPen(QPen(c, 1.5));
            p.drawLine(top, tip - QPointF(0, 5));
            QPainterPath head;
            head.moveTo(tip);
            head.lineTo(tip + QPointF(-5, -7));
            head.lineTo(tip + QPointF(5, -7));
            head.closeSubpath();
            p.fillPath(head, c);
            continue;
        }
        p.setPen(sh.stroked ? QPen(inkColor(sh.stroke, pal, sh.accent), 1) : QPen(Qt::NoPen));
        p.setBrush(fill);
        if (sh.radius > 0) p.drawRoundedRect(sh.rect.adjusted(0.5, 0.5, -0.5, -0.5), sh.radius, sh.radius);
        else p.drawRect(sh.rect);
    }
    QFont bold = font;
    bold.setBold(true);
    for (const auto& t : s.texts) {
        p.setFont(t.bold ? bold : font);
        p.setPen(inkColor(t.ink, pal));
        const QFontMetricsF fm(p.font());
        p.drawText(t.rect, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(t.text, Qt::ElideMiddle, t.rect.width()));
    }
}

} // namespace cmfw
