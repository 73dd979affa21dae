#include "cmf/format/sparse_index.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"

#include <algorithm>
#include <string>

namespace cmf {

SparseIndex SparseIndex::parse(const uint8_t* sec, uint64_t len) {
    if (len < 8) throw Error(ErrorKind::Bounds, "index section: length " + std::to_string(len) + " is shorter than its 8-byte header");
    SparseIndex idx;
    const uint32_t n = loadU32(sec);
    idx.reserved = loadU32(sec + 4);
    // Each entry takes at least 16 bytes: refuse a count the section cannot hold
    // before reserving anything.
    if (n > (len - 8) / 16)
        throw Error(ErrorKind::Bounds, "index section: " + std::to_string(n) + " entries cannot fit in " + std::to_string(len) + " bytes");
    // The section can still be huge (or a hole in a sparse file): reserve a
    // bounded number and let the vector grow with entries that parse, rather
    // than one up-front allocation of 56 bytes per claimed 16.
    idx.entries.reserve(std::min<uint32_t>(n, 1u << 16));
    uint64_t pos = 8;
    for (uint32_t i = 0; i < n; ++i) {
        if (len - pos < 16)
            throw Error(ErrorKind::Bounds, "index section: entry " + std::to_string(i) + " at offset " + std::to_string(pos) + " runs past the section");
        SparseIndexEntry e;
        e.taskId = loadU32(sec + pos);
        e.layerIdx = loadU32(sec + pos + 4);
        const uint64_t groups = loadU32(sec + pos + 8);
        const uint64_t heads = loadU32(sec + pos + 12);
        pos += 16;
        const uint64_t body = groups * 2 + heads;
        const uint64_t padded = (body + 3) & ~uint64_t(3);
        if (padded > len - pos)
            throw Error(ErrorKind::Bounds, "index section: entry " + std::to_string(i) + " (task " + std::to_string(e.taskId) +
                                               ", layer " + std::to_string(e.layerIdx) + ") runs past the section");
        e.activeFfnGroups.resize(groups);
        for (uint64_t g = 0; g < groups; ++g) e.activeFfnGroups[g] = loadU16(sec + pos + 2 * g);
        e.activeHeads.assign(sec + pos + 2 * groups, sec + pos + 2 * groups + heads);
        pos += padded;
        idx.entries.push_back(std::move(e));
    }
    idx.trailingBytes = len - pos;
    return idx;
}

} // namespace cmf
