#pragma once
// The sparse index of spec §7 (deprecation-pending: read and displayed only).
#include <cstdint>
#include <vector>

namespace cmf {

struct SparseIndexEntry {
    uint32_t taskId = 0;
    uint32_t layerIdx = 0;
    std::vector<uint16_t> activeFfnGroups;
    std::vector<uint8_t> activeHeads;
};

struct SparseIndex {
    uint32_t reserved = 0;
    std::vector<SparseIndexEntry> entries;
    uint64_t trailingBytes = 0; // bytes after the last entry

    // Throws cmf::Error(Bounds) when an entry runs past the section.
    static SparseIndex parse(const uint8_t* section, uint64_t len);
};

} // namespace cmf
