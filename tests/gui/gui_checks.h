#pragma once
// Small checks several GUI tests share: WCAG 2's contrast ratio (written
// here from its definition, not taken from the code under test) and a click
// on a link of a QTextBrowser's document, as a person would make it.
#include <QColor>
#include <QPoint>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>

#include <algorithm>
#include <cmath>

namespace cmftest {

// Relative luminance and contrast ratio as WCAG 2 defines them.
inline double luminance(const QColor& c) {
    const auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

inline double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Clicks the middle of the link with this href; false when the document has none.
inline bool clickLink(QTextBrowser* b, const QString& href) {
    QTextDocument* d = b->document();
    for (QTextBlock bl = d->begin(); bl.isValid(); bl = bl.next())
        for (auto it = bl.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (f.charFormat().anchorHref() != href) continue;
            QTextCursor c(d);
            c.setPosition(f.position() + f.length() / 2);
            b->setTextCursor(c);
            b->ensureCursorVisible();
            QTest::mouseClick(b->viewport(), Qt::LeftButton, {}, b->cursorRect(c).center() + QPoint(2, 0));
            return true;
        }
    return false;
}

} // namespace cmftest
