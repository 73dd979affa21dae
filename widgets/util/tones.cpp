#include "util/tones.h"

#include "charts/chart_style.h"
#include "util/theme.h"

#include <QApplication>
#include <QChartView>
#include <QPalette>
#include <QPointer>
#include <QWidget>

#include <vector>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

// The property names a toned widget carries, so a theme change can restyle it.
constexpr const char* kTone = "cmfTone";
constexpr const char* kCss = "cmfToneCss";
constexpr const char* kBox = "cmfToneBox";

struct Refresh {
    QPointer<QObject> owner;
    std::function<void()> run;
};

std::vector<Refresh>& refreshes() {
    static std::vector<Refresh> r;
    return r;
}

QString style(QWidget* w) {
    const auto t = Tone(w->property(kTone).toInt());
    const QString css = w->property(kCss).toString();
    const QString box = w->property(kBox).toString();
    if (box.isEmpty()) return u"color: "_s + toneHex(t) + u";"_s + css;
    const QPalette& p = QApplication::palette();
    return box + u" { background: "_s + toneFill(t, p).name() + u"; color: "_s + p.color(QPalette::WindowText).name() +
           u"; border: 1px solid "_s + toneColor(t, p).name() + u"; "_s + css + u" }"_s;
}

} // namespace

QColor toneColor(Tone t, const QPalette& p) {
    const bool dark = isDark(p);
    switch (t) {
    case Tone::Good: return dark ? QColor(0x6c, 0xd0, 0x86) : QColor(0x1b, 0x7a, 0x35);
    case Tone::Bad: return dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xb0, 0x00, 0x20);
    case Tone::Warn: return dark ? QColor(0xe8, 0xb0, 0x4a) : QColor(0x8a, 0x5a, 0x00);
    case Tone::Muted: return dark ? QColor(0xa4, 0xa6, 0xaa) : QColor(0x5c, 0x5c, 0x5c);
    case Tone::Accent: return dark ? QColor(0x6c, 0xb0, 0xff) : QColor(0x1f, 0x63, 0xb0);
    }
    return p.color(QPalette::WindowText);
}

QColor toneFill(Tone t, const QPalette& p) {
    const bool dark = isDark(p);
    switch (t) {
    case Tone::Good: return dark ? QColor(0x1f, 0x3d, 0x29) : QColor(0xdf, 0xf3, 0xe4);
    case Tone::Bad: return dark ? QColor(0x4d, 0x23, 0x26) : QColor(0xfd, 0xe2, 0xe2);
    case Tone::Warn: return dark ? QColor(0x48, 0x3b, 0x1b) : QColor(0xff, 0xf4, 0xd6);
    case Tone::Muted: return p.color(QPalette::AlternateBase);
    case Tone::Accent: return dark ? QColor(0x1d, 0x34, 0x52) : QColor(0xe6, 0xf0, 0xfb);
    }
    return p.color(QPalette::Window);
}

QColor toneColor(Tone t) { return toneColor(t, QApplication::palette()); }
QColor toneFill(Tone t) { return toneFill(t, QApplication::palette()); }
QString toneHex(Tone t) { return toneColor(t).name(); }

void setTone(QWidget* w, Tone t, const QString& moreCss) {
    w->setProperty(kTone, int(t));
    w->setProperty(kCss, moreCss);
    w->setProperty(kBox, QString());
    w->setStyleSheet(style(w));
}

void setToneBox(QWidget* w, Tone t, const QString& selector, const QString& extra) {
    w->setProperty(kTone, int(t));
    w->setProperty(kCss, extra);
    w->setProperty(kBox, selector);
    w->setStyleSheet(style(w));
}

void clearTone(QWidget* w) {
    w->setProperty(kTone, QVariant());
    w->setProperty(kCss, QVariant());
    w->setProperty(kBox, QVariant());
    w->setStyleSheet(QString());
}

void onThemeChange(QObject* owner, std::function<void()> refresh) { refreshes().push_back({owner, std::move(refresh)}); }

void restyleToned() {
    for (QWidget* w : QApplication::allWidgets())
        if (w->property(kTone).isValid()) w->setStyleSheet(style(w));
        else if (auto* chart = qobject_cast<QChartView*>(w)) styleChart(chart->chart());
    auto& r = refreshes();
    std::erase_if(r, [](const Refresh& x) { return x.owner.isNull(); });
    const auto now = r; // a refresh may register another
    for (const Refresh& x : now)
        if (x.owner) x.run();
}

} // namespace cmfw
