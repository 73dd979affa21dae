#pragma once
// The whole window's appearance: Fusion with a light or a dark palette, or
// the desktop's own style and palette ("system": what the application
// started with, which follows the desktop's dark mode where the platform
// theme reports it), and the font size. Colours that carry meaning (good,
// bad, warning, muted; chart ink) come from tones.h and follow the palette.
#include <QString>

#include <optional>

class QPalette;

namespace cmfw {

enum class Theme { System, Light, Dark };

QString themeName(Theme t); // "system", "light", "dark": settings and --theme
std::optional<Theme> themeFromName(const QString& name);

// Application-wide; every widget styled through tones.h and every chart is
// restyled at once, so a change needs no restart.
void applyTheme(Theme t);
Theme currentTheme();

// Points; 0 = the size the application started with.
void applyFontSize(int points);
int systemFontSize(); // the points applyFontSize(0) gives

// Whether text is light on dark: the window colour is darker than its text.
bool isDark(const QPalette& p);
bool isDark(); // of the application's palette

QPalette lightPalette();
QPalette darkPalette();

} // namespace cmfw
