// Row-chunk encoding (encode.h: encodesByRows / encodeRowsInto). Each
// row-separable layout is a few areas ("codes", "scales", ...) in which row r
// owns a fixed-size slice at a fixed place. A chunk is encoded as a tensor of
// its own with encode(), and each of its areas is copied to where those rows
// live in the whole tensor's payload — one definition of every layout stays
// in the family encoders.
#include "encoders_internal.h"

namespace cmf {
namespace {

// The areas of each row-separable layout, in payload order, as the bytes one
// row owns in each: area k starts after every earlier area's rows·slice bytes.
std::vector<uint64_t> rowSlices(DType t, uint64_t cols) {
    const uint64_t gpr = cols / 32;
    switch (t) {
    case DType::F32: return {cols * 4};
    case DType::F16:
    case DType::BF16: return {cols * 2};
    case DType::Q8Row: return {cols, 2};                         // codes, f16 scale
    case DType::Q4Block: return {gpr * 16, gpr * 2};             // nibbles, f16 scales
    case DType::Q4Tiled: return {gpr * 18};                      // tiles
    case DType::Q4TP: return {gpr * 16, 4, (gpr * 5 + 7) / 8};   // nibbles, (lo, step), 5-bit codes
    case DType::Q1: return {gpr * 6};                            // tiles
    default: return {};
    }
}

} // namespace

bool encodesByRows(DType t, TensorShape s) {
    if (rowSlices(t, s.cols).empty()) return false;
    // Groups of 32 must not straddle rows; q4_block groups run over the
    // flattened tensor, so it qualifies only when in % 32 == 0.
    if ((t == DType::Q4Block || dtypeNeedsIn32(t)) && s.cols % 32 != 0) return false;
    return true;
}

void encodeRowsInto(DType t, TensorShape s, uint64_t r0, uint64_t r1, const float* values, uint8_t* payload,
                    const EncodeOptions& options) {
    if (!encodesByRows(t, s))
        throw Error(ErrorKind::Parse, std::string(dtypeName(t)) + ": this layout does not encode row by row");
    if (r0 > r1 || r1 > s.rows) throw Error(ErrorKind::Bounds, "encodeRowsInto: row range out of bounds");
    const uint64_t n = r1 - r0;
    std::vector<uint8_t> chunk;
    try {
        chunk = encode(t, TensorShape{n, s.cols}, values, options);
    } catch (const Error& e) {
        throw Error(e.kind(), std::string("rows from ") + std::to_string(r0) + ": " + e.what());
    }
    uint64_t wholeBase = 0, chunkBase = 0;
    for (const uint64_t slice : rowSlices(t, s.cols)) {
        if (slice != 0 && n != 0) std::memcpy(payload + wholeBase + r0 * slice, chunk.data() + chunkBase, slice * n);
        wholeBase += slice * s.rows;
        chunkBase += slice * n;
    }
}

} // namespace cmf
