#pragma once
// Colours that carry meaning — good, bad, warning, muted, accent — for the
// palette in use: dark ink on a light window, light ink on a dark one, each
// readable on its background. A widget styled through setTone() or
// setToneBox() is restyled when the theme changes (util/theme.h), and
// onThemeChange() runs any other refresh (a chart, a rendered HTML page).
#include <QColor>
#include <QString>

#include <functional>

class QObject;
class QPalette;
class QWidget;

namespace cmfw {

enum class Tone { Good, Bad, Warn, Muted, Accent };

// Ink: text and lines of this tone on the palette's window or base colour.
QColor toneColor(Tone t, const QPalette& p);
QColor toneColor(Tone t); // the application's palette
// A soft background for a box of this tone, under the palette's text colour.
QColor toneFill(Tone t, const QPalette& p);
QColor toneFill(Tone t);
// "#rrggbb" of toneColor: for rich text built by hand.
QString toneHex(Tone t);

// Sets w's style sheet to colour: tone plus moreCss (e.g. "font-weight: bold;"),
// now and after every theme change.
void setTone(QWidget* w, Tone t, const QString& moreCss = {});
// A box: the tone's fill, ink-coloured border, the palette's text colour.
// selector: the rule's selector ("QLabel", "QFrame#dropZone"); extra: more declarations.
void setToneBox(QWidget* w, Tone t, const QString& selector, const QString& extra = {});
// Removes what setTone/setToneBox set.
void clearTone(QWidget* w);

// Runs refresh after every theme change while owner lives.
void onThemeChange(QObject* owner, std::function<void()> refresh);

// Restyles every toned widget and runs the refreshes (applyTheme calls it).
void restyleToned();

} // namespace cmfw
