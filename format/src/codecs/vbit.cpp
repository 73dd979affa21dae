// vbit and vbit_ro (§3.2): variable 3–8 bit rows.
//   vbit     [u8 bits: rows][f16 scales: rows·gpr][packed rows]
//   vbit_ro  [u8 bits: rows][f16 scales: rows·gpr][u32 row_offsets: rows+1][packed rows]
// Row r holds `in` codes of b_r bits, MSB-first, padded to a byte;
// w = (u − L)·scale[r, i/32] with L = 2^(b−1) − 1. vbit_ro's offsets are
// relative to the packed area and give O(1) access to a row.
#include "codecs_internal.h"

#include "cmf/format/half.h"

namespace cmf::codecs {
namespace {

constexpr uint64_t kMinWidth = 3; // the floor of §3.2 (claim 13)

bool validWidth(unsigned b) { return b == 3 || b == 4 || b == 5 || b == 6 || b == 8; }

struct VbitLayout {
    uint64_t scalesOff = 0;
    uint64_t tableOff = 0;  // vbit_ro only
    uint64_t packedOff = 0; // start of the packed rows
};

// Section offsets (saturating; compared with nbytes before any is used).
VbitLayout vbitLayout(DType t, TensorShape s) {
    VbitLayout l;
    l.scalesOff = s.rows;
    l.tableOff = satAdd(l.scalesOff, satMul(satMul(s.rows, groupsPerRow(s)), 2));
    l.packedOff = t == DType::VBitRo ? satAdd(l.tableOff, satMul(satAdd(s.rows, 1), 4)) : l.tableOff;
    return l;
}

// Bounds unless the fixed-size sections before the packed rows are present.
VbitLayout requireHeaders(const TensorBytes& t) {
    const VbitLayout l = vbitLayout(t.dtype, t.shape);
    if (l.packedOff > t.nbytes)
        fail(ErrorKind::Bounds, t,
             "payload of " + std::to_string(t.nbytes) + " bytes ends inside the " +
                 (t.dtype == DType::VBitRo ? "widths, scales and row_offsets" : "widths and scales"));
    return l;
}

// Width of row r, Parse unless it is one of {3, 4, 5, 6, 8}.
unsigned rowWidth(const TensorBytes& t, uint64_t r) {
    const unsigned b = t.data[r];
    if (!validWidth(b))
        fail(ErrorKind::Parse, t,
             "row " + std::to_string(r) + " has bit width " + std::to_string(b) + " (allowed: 3, 4, 5, 6, 8)");
    return b;
}

uint64_t rowOffset(const TensorBytes& t, const VbitLayout& l, uint64_t r) { return loadU32(t.data + l.tableOff + 4 * r); }

// vbit: the packed position of row `upTo` (prefix sum of row sizes), after
// checking every width and that the rows exactly fill the payload. Without a
// row table this O(rows) scan is the only way to locate a row.
uint64_t scanVbit(const TensorBytes& t, const VbitLayout& l, uint64_t upTo) {
    uint64_t end = l.packedOff, start = 0;
    for (uint64_t r = 0; r < t.shape.rows; ++r) {
        if (r == upTo) start = end;
        end = satAdd(end, packedBytes(t.shape.cols, rowWidth(t, r)));
    }
    requireStructuredSize(t, end, "the packed rows");
    return upTo == t.shape.rows ? end : start;
}

// vbit_ro: the table starts at 0 ...
void checkFirstOffset(const TensorBytes& t, const VbitLayout& l) {
    if (const uint64_t first = rowOffset(t, l, 0); first != 0)
        fail(ErrorKind::Parse, t, "row_offsets[0] = " + std::to_string(first) + ", must be 0");
}

// ... each row's entries span exactly its packed size (Parse otherwise;
// Bounds if the span runs past the payload) ...
void checkRowSpan(const TensorBytes& t, const VbitLayout& l, uint64_t r, unsigned b) {
    const uint64_t start = rowOffset(t, l, r), end = rowOffset(t, l, r + 1);
    const uint64_t want = packedBytes(t.shape.cols, b);
    if (end < start || end - start != want)
        fail(ErrorKind::Parse, t,
             "row_offsets[" + std::to_string(r + 1) + "] = " + std::to_string(end) + ", expected " +
                 std::to_string(start + want) + " after the " + std::to_string(b) + "-bit row " + std::to_string(r));
    if (end > t.nbytes - l.packedOff)
        fail(ErrorKind::Bounds, t,
             "row " + std::to_string(r) + " ends at packed byte " + std::to_string(end) + ", past the payload");
}

// ... and its last entry ends the payload.
void checkLastOffset(const TensorBytes& t, const VbitLayout& l) {
    requireStructuredSize(t, satAdd(l.packedOff, rowOffset(t, l, t.shape.rows)), "the packed rows (row_offsets[rows])");
}

// One row: `in` codes of b bits, MSB-first, scales for each 32-group.
void decodeRow(const uint8_t* packed, const uint8_t* scales, uint64_t in, unsigned b, float* out) {
    const int level = (1 << (b - 1)) - 1; // L
    const uint32_t mask = (1u << b) - 1;
    uint32_t acc = 0; // only the low `have` bits are pending; older ones shift out
    unsigned have = 0;
    for (uint64_t g = 0; g < in / kGroup; ++g) {
        const float scale = loadF16(scales + 2 * g);
        for (uint64_t k = 0; k < kGroup; ++k) {
            if (have < b) { // b <= 8: one byte always suffices
                acc = (acc << 8) | *packed++;
                have += 8;
            }
            have -= b;
            const int u = static_cast<int>((acc >> have) & mask);
            *out++ = static_cast<float>(u - level) * scale;
        }
    }
}

} // namespace

uint64_t vbitMinimumNBytes(DType t, TensorShape s) {
    return satAdd(vbitLayout(t, s).packedOff, satMul(s.rows, packedBytes(s.cols, kMinWidth)));
}

void validateVbit(const TensorBytes& t) {
    const VbitLayout l = requireHeaders(t);
    if (t.dtype == DType::VBit) {
        scanVbit(t, l, t.shape.rows);
        return;
    }
    // vbit_ro: widths first, so a bad width is reported as such and not as
    // a table that disagrees with it; then the table must be exactly the
    // prefix sums of the row sizes.
    for (uint64_t r = 0; r < t.shape.rows; ++r) rowWidth(t, r);
    checkFirstOffset(t, l);
    for (uint64_t r = 0; r < t.shape.rows; ++r) checkRowSpan(t, l, r, t.data[r]);
    checkLastOffset(t, l);
}

void decodeVbitRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const VbitLayout l = requireHeaders(t);
    const uint64_t in = t.shape.cols, gpr = groupsPerRow(t.shape);
    const uint8_t* scales = t.data + l.scalesOff;

    if (t.dtype == DType::VBit) {
        uint64_t pos = scanVbit(t, l, r0);
        for (uint64_t r = r0; r < r1; ++r, out += in) {
            const unsigned b = t.data[r]; // checked by scanVbit
            decodeRow(t.data + pos, scales + 2 * r * gpr, in, b, out);
            pos += packedBytes(in, b);
        }
        return;
    }

    // vbit_ro: only the rows in range are checked, so access stays O(1) per
    // row; validatePayload checks the whole table. Same order of checks as
    // validatePayload, so both report a defect the same way.
    for (uint64_t r = r0; r < r1; ++r) rowWidth(t, r);
    checkFirstOffset(t, l);
    for (uint64_t r = r0; r < r1; ++r) checkRowSpan(t, l, r, t.data[r]);
    checkLastOffset(t, l);
    for (uint64_t r = r0; r < r1; ++r, out += in)
        decodeRow(t.data + l.packedOff + rowOffset(t, l, r), scales + 2 * r * gpr, in, t.data[r], out);
}

} // namespace cmf::codecs
