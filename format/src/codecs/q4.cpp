// The 4-bit family of §3.2. All three share the nibble group: 16 bytes
// holding 32 codes, element 2k in the low nibble of byte k and 2k+1 in the
// high one, w = (q − 8)·scale. They differ only in where the scale lives:
//   q4_block  [nibbles: G·16][f16 scale: G], G = ceil(n/32) groups over the
//             flattened tensor, the last one zero-padded;
//   q4_tiled  G tiles of [f16 scale][16B nibbles];
//   q4tp      [nibbles: rows·gpr·16][rows × (f16 lo, f16 step)]
//             [rows × ceil(gpr·5/8) bytes of 5-bit codes, LSB-first],
//             scale = 2^(lo + code·step).
#include "codecs_internal.h"

#include "cmf/format/half.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace cmf::codecs {
namespace {

constexpr uint64_t kNibbleBytes = kGroup / 2; // 16
constexpr uint64_t kTiledTile = 2 + kNibbleBytes; // f16 scale + nibbles
constexpr uint64_t kCodeBits = 5;                 // q4tp rung index
constexpr uint64_t kRungs = uint64_t(1) << kCodeBits;

inline float nibbleValue(unsigned q, float scale) { return static_cast<float>(static_cast<int>(q) - 8) * scale; }

// Elements [from, to) of one 32-group into out[0 .. to-from).
void decodeNibbles(const uint8_t* nib, float scale, uint64_t from, uint64_t to, float* out) {
    if (from == 0 && to == kGroup) {
        for (uint64_t k = 0; k < kNibbleBytes; ++k) {
            out[2 * k] = nibbleValue(nib[k] & 0x0Fu, scale);
            out[2 * k + 1] = nibbleValue(nib[k] >> 4, scale);
        }
        return;
    }
    for (uint64_t e = from; e < to; ++e) {
        const uint8_t byte = nib[e / 2];
        out[e - from] = nibbleValue((e % 2 == 0) ? (byte & 0x0Fu) : (byte >> 4), scale);
    }
}

uint64_t q4BlockGroups(TensorShape s) {
    const uint64_t n = satMul(s.rows, s.cols);
    return n == kSaturated ? kSaturated : ceilDiv(n, kGroup); // keep an overflow saturated
}

uint64_t q4tpCodeBytesPerRow(uint64_t gpr) { return packedBytes(gpr, kCodeBits); }

// q4_block: groups run over the flattened tensor, so rows [r0, r1) are the
// element range [r0·cols, r1·cols), which may start or end mid-group.
void decodeQ4BlockRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const uint64_t groups = q4BlockGroups(t.shape);
    const uint8_t* nibbles = t.data;
    const uint8_t* scales = t.data + groups * kNibbleBytes;
    const uint64_t e0 = r0 * t.shape.cols, e1 = r1 * t.shape.cols;
    for (uint64_t g = e0 / kGroup; g * kGroup < e1; ++g) {
        const uint64_t base = g * kGroup;
        const uint64_t from = std::max(e0, base) - base;
        const uint64_t to = std::min(e1, base + kGroup) - base;
        decodeNibbles(nibbles + g * kNibbleBytes, loadF16(scales + 2 * g), from, to, out + (base + from - e0));
    }
}

void decodeQ4TiledRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const uint64_t gpr = groupsPerRow(t.shape);
    for (uint64_t g = r0 * gpr; g < r1 * gpr; ++g, out += kGroup) {
        const uint8_t* tile = t.data + g * kTiledTile;
        decodeNibbles(tile + 2, loadF16(tile), 0, kGroup, out);
    }
}

// Code g of a row's LSB-first 5-bit stream: bit j of the code is stream bit
// 5g + j, stream bit i is bit i % 8 of byte i / 8.
unsigned q4tpCode(const uint8_t* rowCodes, uint64_t g) {
    const uint64_t bit = g * kCodeBits;
    const unsigned shift = static_cast<unsigned>(bit % 8);
    unsigned window = rowCodes[bit / 8];
    if (shift + kCodeBits > 8) window |= unsigned(rowCodes[bit / 8 + 1]) << 8; // code crosses a byte
    return (window >> shift) & unsigned(kRungs - 1);
}

// A row's 32 possible tile scales, computed once per row in float32.
std::array<float, kRungs> q4tpLadder(float lo, float step) {
    std::array<float, kRungs> ladder{};
    for (unsigned c = 0; c < kRungs; ++c) {
        // Two statements so no compiler fuses lo + c·step into an FMA, which
        // would round differently from the reference's float32 arithmetic.
        const float rise = static_cast<float>(c) * step;
        const float exponent = lo + rise;
        ladder[c] = std::exp2(exponent);
    }
    return ladder;
}

void decodeQ4tpRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    const uint64_t rows = t.shape.rows, gpr = groupsPerRow(t.shape);
    const uint8_t* nibbles = t.data;
    const uint8_t* params = t.data + rows * gpr * kNibbleBytes;
    const uint8_t* codes = params + rows * 4;
    const uint64_t codeBytes = q4tpCodeBytesPerRow(gpr);
    for (uint64_t r = r0; r < r1; ++r) {
        const auto ladder = q4tpLadder(loadF16(params + 4 * r), loadF16(params + 4 * r + 2));
        const uint8_t* rowCodes = codes + r * codeBytes;
        for (uint64_t g = 0; g < gpr; ++g, out += kGroup)
            decodeNibbles(nibbles + (r * gpr + g) * kNibbleBytes, ladder[q4tpCode(rowCodes, g)], 0, kGroup, out);
    }
}

} // namespace

uint64_t q4NBytes(DType t, TensorShape s) {
    switch (t) {
    case DType::Q4Block: return satMul(q4BlockGroups(s), kNibbleBytes + 2);
    case DType::Q4Tiled: return satMul(satMul(s.rows, groupsPerRow(s)), kTiledTile);
    default: { // q4tp
        const uint64_t nibbles = satMul(satMul(s.rows, groupsPerRow(s)), kNibbleBytes);
        const uint64_t params = satMul(s.rows, 4);
        const uint64_t codes = satMul(s.rows, q4tpCodeBytesPerRow(groupsPerRow(s)));
        return satAdd(satAdd(nibbles, params), codes);
    }
    }
}

// Every q4 payload has a fixed size, and its 5-bit q4tp codes all name a
// rung of the 32-rung ladder, so the size is all there is to check. (Pad
// nibbles of q4_block's last group are ignored, whatever they hold.)
void validateQ4(const TensorBytes& t) { requireSize(t, q4NBytes(t.dtype, t.shape)); }

void decodeQ4Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    validateQ4(t); // bounds every offset the decoders compute by nbytes
    switch (t.dtype) {
    case DType::Q4Block: return decodeQ4BlockRows(t, r0, r1, out);
    case DType::Q4Tiled: return decodeQ4TiledRows(t, r0, r1, out);
    default: return decodeQ4tpRows(t, r0, r1, out);
    }
}

} // namespace cmf::codecs
