#pragma once
#include <cstdint>

namespace cmfw {

// This process's resident set (VmRSS of /proc/self/status) in bytes; 0
// where there is no /proc. What a loaded chat actually holds, beside the
// estimate made before loading.
uint64_t residentBytes();

} // namespace cmfw
