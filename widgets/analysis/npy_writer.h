#pragma once
// NumPy .npy (format 1.0) writer for the tensor detail's export: float32,
// C order, written to a temporary sibling and renamed into place, so a failure
// leaves no partial file (DESIGN.md "Nothing lost"). The CLI has its own copy
// in app/cli (an executable, not a library we may link).
#include "cmf/format/progress.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmfw {

// Throws cmf::Error(Io) naming the path, or Error(Cancelled).
void writeNpyF32(const std::string& path, const std::vector<uint64_t>& shape, const float* data, uint64_t count,
                 const cmf::Control& control = {});

// The .npy header for a float32 array of this shape (exposed for tests).
std::string npyHeader(const std::vector<uint64_t>& shape);

} // namespace cmfw
