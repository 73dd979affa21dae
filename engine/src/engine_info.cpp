// Keeps cmf_engine a real library while its first parts land.
#include "cmf/engine/engine_info.h"

namespace cmf::engine {

const char* libraryName() { return "cmf_engine"; }

} // namespace cmf::engine
