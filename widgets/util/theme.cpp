#include "util/theme.h"

#include "util/tones.h"

#include <QApplication>
#include <QFont>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// What the application started with: "system" goes back to it.
struct Startup {
    QString style;
    QPalette palette;
    QFont font;
};

const Startup& startup() {
    static const Startup s{QApplication::style() ? QApplication::style()->name() : QString(), QApplication::palette(),
                           QApplication::font()};
    return s;
}

Theme& current() {
    static Theme t = Theme::System;
    return t;
}

void setStyle(const QString& name) {
    if (QApplication::style() && QApplication::style()->name().compare(name, Qt::CaseInsensitive) == 0) return;
    if (QStyle* s = QStyleFactory::create(name)) QApplication::setStyle(s);
}

} // namespace

QString themeName(Theme t) {
    switch (t) {
    case Theme::Light: return u"light"_s;
    case Theme::Dark: return u"dark"_s;
    case Theme::System: break;
    }
    return u"system"_s;
}

std::optional<Theme> themeFromName(const QString& name) {
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (name.compare(themeName(t), Qt::CaseInsensitive) == 0) return t;
    return std::nullopt;
}

namespace {

// The colours a palette is made of; the roles Qt derives from them are set here too.
struct PaletteColors {
    QColor window, text, base, alternateBase, tooltipBase, placeholder, button, brightText;
    QColor light, midlight, mid, dark, shadow, highlight, link, linkVisited, disabledText;
};

QPalette makePalette(const PaletteColors& c) {
    QPalette p;
    p.setColor(QPalette::Window, c.window);
    p.setColor(QPalette::WindowText, c.text);
    p.setColor(QPalette::Base, c.base);
    p.setColor(QPalette::AlternateBase, c.alternateBase);
    p.setColor(QPalette::ToolTipBase, c.tooltipBase);
    p.setColor(QPalette::ToolTipText, c.text);
    p.setColor(QPalette::PlaceholderText, c.placeholder);
    p.setColor(QPalette::Text, c.text);
    p.setColor(QPalette::Button, c.button);
    p.setColor(QPalette::ButtonText, c.text);
    p.setColor(QPalette::BrightText, c.brightText);
    p.setColor(QPalette::Light, c.light);
    p.setColor(QPalette::Midlight, c.midlight);
    p.setColor(QPalette::Mid, c.mid);
    p.setColor(QPalette::Dark, c.dark);
    p.setColor(QPalette::Shadow, c.shadow);
    p.setColor(QPalette::Highlight, c.highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, c.link);
    p.setColor(QPalette::LinkVisited, c.linkVisited);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) p.setColor(QPalette::Disabled, role, c.disabledText);
    return p;
}

} // namespace

QPalette lightPalette() {
    return makePalette({.window = QColor(0xef, 0xef, 0xef), .text = QColor(0x1e, 0x1e, 0x1e), .base = Qt::white,
                        .alternateBase = QColor(0xf5, 0xf5, 0xf5), .tooltipBase = QColor(0xff, 0xff, 0xdc),
                        .placeholder = QColor(0x6b, 0x6b, 0x6b), .button = QColor(0xef, 0xef, 0xef), .brightText = Qt::red,
                        .light = Qt::white, .midlight = QColor(0xe3, 0xe3, 0xe3), .mid = QColor(0xb8, 0xb8, 0xb8),
                        .dark = QColor(0x9f, 0x9f, 0x9f), .shadow = QColor(0x76, 0x76, 0x76), .highlight = QColor(0x30, 0x8c, 0xc6),
                        .link = QColor(0x1f, 0x5f, 0xb0), .linkVisited = QColor(0x6a, 0x3d, 0x9a), .disabledText = QColor(0x9a, 0x9a, 0x9a)});
}

QPalette darkPalette() {
    return makePalette({.window = QColor(0x2b, 0x2d, 0x30), .text = QColor(0xe6, 0xe6, 0xe6), .base = QColor(0x1e, 0x1f, 0x22),
                        .alternateBase = QColor(0x26, 0x28, 0x2b), .tooltipBase = QColor(0x3a, 0x3c, 0x40),
                        .placeholder = QColor(0x9a, 0x9c, 0xa0), .button = QColor(0x35, 0x37, 0x3b), .brightText = QColor(0xff, 0x70, 0x70),
                        .light = QColor(0x4a, 0x4c, 0x50), .midlight = QColor(0x3c, 0x3e, 0x42), .mid = QColor(0x55, 0x57, 0x5c),
                        .dark = QColor(0x18, 0x19, 0x1b), .shadow = QColor(0x0c, 0x0c, 0x0d), .highlight = QColor(0x2f, 0x6e, 0xb5),
                        .link = QColor(0x6c, 0xb0, 0xff), .linkVisited = QColor(0xb8, 0x9c, 0xf0), .disabledText = QColor(0x7a, 0x7c, 0x80)});
}

bool isDark(const QPalette& p) { return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness(); }

bool isDark() { return isDark(QApplication::palette()); }

void applyTheme(Theme t) {
    const Startup& s = startup(); // captured before the first change
    current() = t;
    switch (t) {
    case Theme::System:
        setStyle(s.style);
        QApplication::setPalette(s.palette);
        break;
    case Theme::Light:
        setStyle(u"Fusion"_s);
        QApplication::setPalette(lightPalette());
        break;
    case Theme::Dark:
        setStyle(u"Fusion"_s);
        QApplication::setPalette(darkPalette());
        break;
    }
    restyleToned();
}

Theme currentTheme() { return current(); }

void applyFontSize(int points) {
    QFont f = startup().font;
    if (points > 0) f.setPointSize(points);
    QApplication::setFont(f);
    restyleToned(); // charts take the font in their style
}

int systemFontSize() { return startup().font.pointSize(); }

} // namespace cmfw
