#include "util/token_colors.h"

#include <QPalette>

namespace cmfw {

TokenColors tokenColors(bool dark) {
    TokenColors c;
    if (dark) {
        // Deep, desaturated tones: light text on them keeps a contrast above 7:1.
        c.normal = {QColor(0x1f, 0x4e, 0x79), QColor(0x5c, 0x3d, 0x12), QColor(0x1e, 0x5b, 0x3a),
                    QColor(0x5e, 0x27, 0x50), QColor(0x2f, 0x4f, 0x4f), QColor(0x5a, 0x2a, 0x2a)};
        c.text = QColor(0xf0, 0xf0, 0xf0);
        c.special = QColor(0xb3, 0x6b, 0xff);
        c.added = QColor(0x26, 0xa6, 0x9a);
        c.byte = QColor(0xe0, 0x8a, 0x1e);
        c.markText = QColor(0x10, 0x10, 0x10);
    } else {
        // Pastels: dark text on them keeps a contrast above 10:1.
        c.normal = {QColor(0xcf, 0xe5, 0xff), QColor(0xff, 0xe3, 0xb8), QColor(0xcd, 0xf2, 0xd5),
                    QColor(0xf6, 0xd5, 0xf0), QColor(0xd9, 0xf1, 0xf1), QColor(0xff, 0xd6, 0xd1)};
        c.text = QColor(0x15, 0x15, 0x15);
        c.special = QColor(0x6a, 0x1b, 0x9a);
        c.added = QColor(0x00, 0x69, 0x5c);
        c.byte = QColor(0xa8, 0x4b, 0x00);
        c.markText = QColor(0xff, 0xff, 0xff);
    }
    return c;
}

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

} // namespace cmfw
