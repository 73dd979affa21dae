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

QPalette lightPalette() {
    QPalette p;
    const QColor window(0xef, 0xef, 0xef), text(0x1e, 0x1e, 0x1e), base(0xff, 0xff, 0xff);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf5, 0xf5));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xdc));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x6b, 0x6b));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xe3, 0xe3, 0xe3));
    p.setColor(QPalette::Mid, QColor(0xb8, 0xb8, 0xb8));
    p.setColor(QPalette::Dark, QColor(0x9f, 0x9f, 0x9f));
    p.setColor(QPalette::Shadow, QColor(0x76, 0x76, 0x76));
    p.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xb0));
    p.setColor(QPalette::LinkVisited, QColor(0x6a, 0x3d, 0x9a));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x9a, 0x9a, 0x9a));
    return p;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), text(0xe6, 0xe6, 0xe6), base(0x1e, 0x1f, 0x22);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3c, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9c, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x70, 0x70));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4c, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x3c, 0x3e, 0x42));
    p.setColor(QPalette::Mid, QColor(0x55, 0x57, 0x5c));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6e, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb0, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb8, 0x9c, 0xf0));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7c, 0x80));
    return p;
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
