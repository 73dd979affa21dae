#pragma once
#include <QString>

namespace cmfw {

// The demo model (tiny-chat.cmf), or "" when there is none.
// An installed workbench uses only <prefix>/share/cmf-workbench/demo/ (the
// build tree it was made in may be gone, or hold a different build); run
// from the build tree, it uses the file this build converted (CMF_DEMO_MODEL).
QString demoModelPath();
// The same for an executable in appDir (tests).
QString demoModelPath(const QString& appDir);

} // namespace cmfw
