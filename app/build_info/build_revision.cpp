// Alone in its translation unit: the revision header changes with every
// commit, and only this file recompiles.
#include "build_info.h"

#include "build_revision.h"

namespace cmf::build {

const char* revision() { return CMF_BUILD_REVISION; }

} // namespace cmf::build
