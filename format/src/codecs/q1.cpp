// The 1-bit family of §3.2, all 2-D with in % 32 == 0, tiles in row order.
//   q1   [f16 scale][4B sign bits] per 32-group; bit k of byte j (LSB-first)
//        is weight 8j + k; w = scale·(2·bit − 1) = ±scale.
//   q1s  q1 tiles, then [u32 count] and count × {[u32 flat index][f16 value]}.
//   q1t  [f16 scale][7B base-3 codes] per 32-group (code 0 → 0, 1 → +s,
//        2 → −s), then [u32 row_ptr[rows+1]] and {[u16 col][f16 value]}
//        entries grouped by row.
// Overlay values replace the base value at their position.
#include "codecs_internal.h"

#include "cmf/format/half.h"

#include <array>
#include <utility>

namespace cmf::codecs {
namespace {

constexpr uint64_t kQ1Tile = 2 + kGroup / 8; // 6
constexpr uint64_t kQ1sEntry = 4 + 2;        // u32 flat index + f16 value
constexpr uint64_t kTernaryBytes = 7;        // ceil(32 / 5)
constexpr uint64_t kQ1tTile = 2 + kTernaryBytes; // 9
constexpr uint64_t kQ1tEntry = 2 + 2;        // u16 col + f16 value
constexpr unsigned kTernaryPerByte = 5;      // 3^5 = 243 <= 256
constexpr unsigned kTernaryLimit = 243;      // a code byte must be below 3^5

// Digits of every valid code byte. Value j of a group is digit j % 5 of byte
// j / 5, digit 0 the least significant (byte = Σ d_k·3^k). §3.2 does not
// spell the digit order out; this is our reading, and the reference
// implementation's packer agrees. No conformance fixture covers q1t.
constexpr auto kTernaryDigits = [] {
    std::array<std::array<uint8_t, kTernaryPerByte>, kTernaryLimit> digits{};
    for (unsigned v = 0; v < kTernaryLimit; ++v)
        for (unsigned k = 0, x = v; k < kTernaryPerByte; ++k, x /= 3) digits[v][k] = static_cast<uint8_t>(x % 3);
    return digits;
}();

uint64_t tileCount(TensorShape s) { return satMul(s.rows, groupsPerRow(s)); }

uint64_t q1tBaseBytes(TensorShape s) { return satMul(tileCount(s), kQ1tTile); }

void decodeQ1Tile(const uint8_t* tile, float* out) {
    const float scale = loadF16(tile);
    for (unsigned j = 0; j < kGroup / 8; ++j) {
        const unsigned bits = tile[2 + j];
        for (unsigned k = 0; k < 8; ++k) out[8 * j + k] = ((bits >> k) & 1u) ? scale : -scale;
    }
}

void decodeQ1Base(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const uint64_t gpr = groupsPerRow(t.shape);
    for (uint64_t g = r0 * gpr; g < r1 * gpr; ++g, out += kGroup) decodeQ1Tile(t.data + g * kQ1Tile, out);
}

// ---- q1s ----

struct Q1sOverlay {
    uint64_t entriesOff = 0;
    uint64_t count = 0;
};

// Bounds/Parse unless the count is present and its entries exactly fill the payload.
Q1sOverlay q1sOverlay(const TensorBytes& t) {
    const uint64_t countOff = q1NBytes(t.shape);
    if (countOff > t.nbytes || t.nbytes - countOff < 4)
        fail(ErrorKind::Bounds, t, "payload of " + std::to_string(t.nbytes) + " bytes ends before the overlay count");
    Q1sOverlay o{countOff + 4, loadU32(t.data + countOff)};
    requireStructuredSize(t, satAdd(o.entriesOff, o.count * kQ1sEntry),
                          "the q1 tiles and " + std::to_string(o.count) + " overlay entries");
    return o;
}

// Calls apply(flatIndex, value) for each entry, in file order; Parse on an
// index outside the tensor.
template <class Apply>
void forEachQ1sEntry(const TensorBytes& t, const Q1sOverlay& o, Apply&& apply) {
    const uint64_t elements = t.shape.rows * t.shape.cols;
    for (uint64_t e = 0; e < o.count; ++e) {
        const uint8_t* p = t.data + o.entriesOff + e * kQ1sEntry;
        const uint64_t index = loadU32(p);
        if (index >= elements)
            fail(ErrorKind::Parse, t,
                 "overlay entry " + std::to_string(e) + " has flat index " + std::to_string(index) +
                     ", the tensor has " + std::to_string(elements) + " elements");
        apply(index, p + 4);
    }
}

void validateQ1s(const TensorBytes& t) {
    forEachQ1sEntry(t, q1sOverlay(t), [](uint64_t, const uint8_t*) {});
}

void decodeQ1sRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const Q1sOverlay o = q1sOverlay(t);
    decodeQ1Base(t, r0, r1, out);
    // Entries are in no particular order: every one is visited (and checked).
    const uint64_t first = r0 * t.shape.cols, last = r1 * t.shape.cols;
    forEachQ1sEntry(t, o, [&](uint64_t index, const uint8_t* value) {
        if (index >= first && index < last) out[index - first] = loadF16(value);
    });
}

// ---- q1t ----

struct Q1tOverlay {
    uint64_t rowPtrOff = 0;
    uint64_t entriesOff = 0;
    uint64_t count = 0; // row_ptr[rows]
};

uint64_t rowPtr(const TensorBytes& t, const Q1tOverlay& o, uint64_t r) { return loadU32(t.data + o.rowPtrOff + 4 * r); }

// The O(1) checks: row_ptr is present, starts at 0, and row_ptr[rows]
// entries exactly fill the rest of the payload.
Q1tOverlay q1tOverlay(const TensorBytes& t) {
    Q1tOverlay o;
    o.rowPtrOff = q1tBaseBytes(t.shape);
    o.entriesOff = satAdd(o.rowPtrOff, satMul(satAdd(t.shape.rows, 1), 4));
    if (o.entriesOff > t.nbytes)
        fail(ErrorKind::Bounds, t, "payload of " + std::to_string(t.nbytes) + " bytes ends inside the tiles or row_ptr");
    if (const uint64_t first = rowPtr(t, o, 0); first != 0)
        fail(ErrorKind::Parse, t, "row_ptr[0] = " + std::to_string(first) + ", must be 0");
    o.count = rowPtr(t, o, t.shape.rows);
    requireStructuredSize(t, satAdd(o.entriesOff, o.count * kQ1tEntry),
                          "the tiles, row_ptr and " + std::to_string(o.count) + " overlay entries");
    return o;
}

// Row r's entries [begin, end): Parse if row_ptr decreases, Bounds if they
// run past the entries the payload holds.
std::pair<uint64_t, uint64_t> q1tRowEntries(const TensorBytes& t, const Q1tOverlay& o, uint64_t r) {
    const uint64_t begin = rowPtr(t, o, r), end = rowPtr(t, o, r + 1);
    if (end < begin)
        fail(ErrorKind::Parse, t,
             "row_ptr[" + std::to_string(r + 1) + "] = " + std::to_string(end) + " is below row_ptr[" +
                 std::to_string(r) + "] = " + std::to_string(begin));
    if (end > o.count)
        fail(ErrorKind::Bounds, t,
             "row_ptr[" + std::to_string(r + 1) + "] = " + std::to_string(end) + " runs past the " +
                 std::to_string(o.count) + " overlay entries");
    return {begin, end};
}

// Decodes (out != nullptr) or only checks (out == nullptr) row r: its tiles,
// then its overlay entries.
void q1tRow(const TensorBytes& t, const Q1tOverlay& o, uint64_t r, float* out) {
    const uint64_t in = t.shape.cols, gpr = groupsPerRow(t.shape);
    for (uint64_t g = r * gpr; g < (r + 1) * gpr; ++g) {
        const uint8_t* tile = t.data + g * kQ1tTile;
        const float scale = loadF16(tile);
        const float level[3] = {0.0f, scale, -scale};
        for (unsigned j = 0; j < kTernaryBytes; ++j) {
            const unsigned byte = tile[2 + j];
            if (byte >= kTernaryLimit)
                fail(ErrorKind::Parse, t,
                     "tile " + std::to_string(g) + " code byte " + std::to_string(j) + " is " + std::to_string(byte) +
                         " (base-3 bytes are below 243)");
            if (!out) continue;
            float* dst = out + (g - r * gpr) * kGroup + j * kTernaryPerByte;
            const unsigned n = j + 1 < kTernaryBytes ? kTernaryPerByte : kGroup - j * kTernaryPerByte;
            for (unsigned k = 0; k < n; ++k) dst[k] = level[kTernaryDigits[byte][k]];
        }
    }
    const auto [begin, end] = q1tRowEntries(t, o, r);
    for (uint64_t e = begin; e < end; ++e) {
        const uint8_t* p = t.data + o.entriesOff + e * kQ1tEntry;
        const uint64_t col = loadU16(p);
        if (col >= in)
            fail(ErrorKind::Parse, t,
                 "overlay entry " + std::to_string(e) + " of row " + std::to_string(r) + " has column " +
                     std::to_string(col) + ", in = " + std::to_string(in));
        if (out) out[col] = loadF16(p + 2);
    }
}

void validateQ1t(const TensorBytes& t) {
    const Q1tOverlay o = q1tOverlay(t);
    for (uint64_t r = 0; r < t.shape.rows; ++r) q1tRow(t, o, r, nullptr);
}

void decodeQ1tRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const Q1tOverlay o = q1tOverlay(t);
    for (uint64_t r = r0; r < r1; ++r, out += t.shape.cols) q1tRow(t, o, r, out);
}

} // namespace

uint64_t q1NBytes(TensorShape s) { return satMul(tileCount(s), kQ1Tile); }

uint64_t q1MinimumNBytes(DType t, TensorShape s) {
    if (t == DType::Q1S) return satAdd(q1NBytes(s), 4);           // tiles + count
    return satAdd(q1tBaseBytes(s), satMul(satAdd(s.rows, 1), 4)); // q1t: tiles + row_ptr
}

void validateQ1(const TensorBytes& t) {
    switch (t.dtype) {
    case DType::Q1: return requireSize(t, q1NBytes(t.shape));
    case DType::Q1S: return validateQ1s(t);
    default: return validateQ1t(t);
    }
}

void decodeQ1Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    switch (t.dtype) {
    case DType::Q1:
        requireSize(t, q1NBytes(t.shape));
        return decodeQ1Base(t, r0, r1, out);
    case DType::Q1S: return decodeQ1sRows(t, r0, r1, out);
    default: return decodeQ1tRows(t, r0, r1, out);
    }
}

} // namespace cmf::codecs
