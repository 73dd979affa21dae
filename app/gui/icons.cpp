#include "icons.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace cmfw {

namespace {

QPixmap canvas(int size) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    return pm;
}

} // namespace

QIcon signIcon() {
    QIcon icon;
    for (int size : {16, 24, 32, 48}) {
        QPixmap pm = canvas(size);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(size / 24.0, size / 24.0);
        // The scribble.
        QPainterPath line;
        line.moveTo(2, 20);
        line.cubicTo(5, 15, 7, 23, 10, 19);
        line.cubicTo(12, 16, 13, 21, 16, 20);
        p.setPen(QPen(QColor(0x2e, 0x75, 0xc8), 1.8, Qt::SolidLine, Qt::RoundCap));
        p.drawPath(line);
        // The pen, slanted.
        p.translate(15, 9);
        p.rotate(45);
        p.setPen(QPen(QColor(0x30, 0x30, 0x30), 1.0));
        p.setBrush(QColor(0xe0, 0x8e, 0x1b));
        p.drawRoundedRect(QRectF(-2.5, -9, 5, 13), 1, 1);
        QPainterPath nib;
        nib.moveTo(-2.5, 4);
        nib.lineTo(2.5, 4);
        nib.lineTo(0, 8.5);
        nib.closeSubpath();
        p.setBrush(QColor(0x50, 0x50, 0x50));
        p.drawPath(nib);
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

QIcon appIcon() {
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256}) {
        QPixmap pm = canvas(size);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const double s = size / 64.0;
        p.scale(s, s);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x2e, 0x75, 0xc8));
        p.drawRoundedRect(QRectF(4, 4, 56, 56), 10, 10);
        // Three stripes: header, directory, weights (the envelope's sections).
        p.setBrush(QColor(0xe0, 0x8e, 0x1b));
        p.drawRect(QRectF(12, 14, 12, 6));
        p.setBrush(QColor(0xb8, 0x8c, 0xd8));
        p.drawRect(QRectF(24, 14, 8, 6));
        p.setBrush(QColor(0xff, 0xff, 0xff, 220));
        p.drawRect(QRectF(32, 14, 20, 6));
        QFont f;
        f.setBold(true);
        f.setPixelSize(17);
        p.setFont(f);
        p.setPen(Qt::white);
        p.drawText(QRectF(4, 26, 56, 28), Qt::AlignCenter, QStringLiteral("CMF"));
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace cmfw
