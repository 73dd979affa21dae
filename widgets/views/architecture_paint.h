#pragma once
// The Architecture diagram as a list of primitives — boxes, stripes, bars,
// arrows and text runs, each coloured by a palette role — drawn on screen
// and into a PNG by QPainter, and written as SVG text by
// architecture_svg.h: what one shows the other shows.
#include "views/architecture_layout.h"

#include <QColor>
#include <QPalette>

class QPainter;

namespace cmfw {

enum class Ink { Text, Muted, Link, Base, AltBase, Mid, Window, Highlight, Accent };

struct ArchShape {
    enum class Kind { Box, Rect, Arrow };
    Kind kind = Kind::Rect;
    QRectF rect;
    Ink fill = Ink::Base, stroke = Ink::Mid; // Accent: `accent`
    bool stroked = false;
    qreal radius = 0;
    qreal opacity = 1; // of the fill
    QColor accent;
};

struct ArchText {
    QRectF rect; // vertically centred in it, left-aligned
    QString text;
    Ink ink = Ink::Text;
    bool bold = false;
    QString tensor; // a row's name cell: the tensor it opens (the SVG's <title>)
};

struct ArchScene {
    QSizeF size;
    std::vector<ArchShape> shapes; // in painting order
    std::vector<ArchText> texts;   // painted after every shape
};

// hovered: the tensor of the row under the mouse (highlighted), or empty.
ArchScene sceneOf(const ArchLayout& layout, const QFont& font, const QString& hovered = {});
QColor inkColor(Ink ink, const QPalette& palette, const QColor& accent = {});
void paintScene(QPainter& p, const ArchScene& scene, const QPalette& palette, const QFont& font);

} // namespace cmfw
