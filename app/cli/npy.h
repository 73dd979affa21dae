#pragma once
// NumPy .npy (format 1.0) writer for float32 arrays.
#include <cstdint>
#include <string>
#include <vector>

namespace cmfcli {

// Writes atomically: a temporary sibling, then rename. Throws cmf::Error(Io).
void writeNpyF32(const std::string& path, const std::vector<uint64_t>& shape, const float* data, uint64_t count);

} // namespace cmfcli
