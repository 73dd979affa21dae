#pragma once
// The Architecture diagram as an SVG document (written here from the same
// scene the screen shows; Qt Svg is not a dependency): rects, lines and
// text, colours resolved from the palette, each tensor row's name also in a
// <title> with the full directory name.
#include "views/architecture_paint.h"

#include <QString>

namespace cmfw {

QString architectureSvg(const ArchScene& scene, const QPalette& palette, const QFont& font);

} // namespace cmfw
