#pragma once
// Bytes that no hash protects (issue "strictness the spec implies"): every
// byte of a file belongs to the envelope, a live section (§1) or, inside the
// data blob, a tensor (§3) — or to none of them. In a freshly written file
// the uncovered bytes are zero padding (§4: alignment); after in-place growth
// (§9) they also hold dead section tails (an old header, directory, vocab).
// Non-zero uncovered bytes are reported by verify as a note (a problem under
// --strict): they are where a payload could hide behind a valid hash chain.
#include "cmf/format/cmf_file.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <vector>

namespace cmf {

struct UncoveredRegion {
    uint64_t off = 0;     // file offset of the gap
    uint64_t len = 0;     // its length
    uint64_t nonZero = 0; // how many of its bytes are not zero
};

struct UncoveredBytes {
    std::vector<UncoveredRegion> regions; // only gaps with non-zero bytes, in file order
    uint64_t nonZeroBytes = 0;
    uint64_t uncoveredBytes = 0; // every byte outside the envelope, the sections and the tensors
};

UncoveredBytes findUncoveredBytes(const CmfFile& file, const Control& control = {});

} // namespace cmf
