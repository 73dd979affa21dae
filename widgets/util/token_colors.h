#pragma once
// The colours of token spans (the tokenizer playground): alternating
// backgrounds for ordinary tokens and one distinct colour each for special,
// added and byte-fallback tokens, chosen for the palette's lightness so the
// text stays readable on a light and on a dark theme.
#include <QColor>
#include <QList>

class QPalette;

namespace cmfw {

struct TokenColors {
    QList<QColor> normal; // alternated token by token
    QColor special, added, byte;
    QColor text;          // the text on any of them
    QColor markText;      // the text on special / added / byte backgrounds
};

TokenColors tokenColors(bool dark); // dark: util/theme.h isDark(palette)

} // namespace cmfw
