#pragma once
#include <QString>

namespace cmfw {

// The demo model converted at build time (CMF_DEMO_MODEL), or "" when this
// build has none or it was removed.
QString demoModelPath();

} // namespace cmfw
