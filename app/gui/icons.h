#pragma once
// Icons Qt's style does not provide, drawn at run time (no image files to ship).
#include <QIcon>

namespace cmfw {

// A signature: a pen over a scribbled line.
QIcon signIcon();
// The application icon: a stylised container with "CMF".
QIcon appIcon();

} // namespace cmfw
