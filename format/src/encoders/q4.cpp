// The 4-bit family of §3.2. Every group of 32 is quantized the same way,
// q = clip(round(w / scale), -8, 7) + 8, against the scale the decoder will
// use; element 2k goes to the low nibble of byte k, 2k+1 to the high one.
//   q4_block  scale = f16(absmax/7), floored; groups over the flattened
//             tensor, the tail padded with zeros (nibble 8, as the
//             reference writes it). Bit-exact with the reference converter.
//   q4_tiled  the same groups and values, in [f16 scale][16B] tiles.
//   q4tp      the scale is a rung of a per-row ladder 2^(lo + code·step):
//             each tile's ideal scale absmax/7, lo = min and hi = max of
//             their log2, step = (hi − lo)/31; lo and step are rounded to
//             f16 BEFORE the codes are chosen, code = round((log2 s − lo) /
//             step) clamped to 0..31, and the nibbles are quantized against
//             the reconstructed scale (§3.2 MUSTs).
#include "encoders_internal.h"

#include <array>
#include <cmath>

namespace cmf::encoders {
namespace {

constexpr float kQ4Levels = 7.0f;
constexpr uint64_t kNibbleBytes = kGroup / 2;
constexpr uint64_t kTiledTile = 2 + kNibbleBytes;
constexpr unsigned kCodeBits = 5;
constexpr unsigned kRungs = 1u << kCodeBits;

// n (<= 32) values against scale into one 16-byte nibble group; the
// missing tail is zeros, whose code is 8.
void packGroup(const float* w, uint64_t n, float scale, uint8_t* nib) {
    uint8_t codes[kGroup];
    for (uint64_t k = 0; k < n; ++k) codes[k] = static_cast<uint8_t>(roundClamped(w[k] / scale, -8.0f, 7.0f) + 8.0f);
    for (uint64_t k = n; k < kGroup; ++k) codes[k] = 8;
    for (uint64_t k = 0; k < kNibbleBytes; ++k)
        nib[k] = static_cast<uint8_t>(codes[2 * k] | (codes[2 * k + 1] << 4));
}

std::vector<uint8_t> encodeQ4Block(TensorShape s, const float* v) {
    const uint64_t n = s.count(), groups = n / kGroup + (n % kGroup != 0 ? 1 : 0);
    std::vector<uint8_t> out(groups * (kNibbleBytes + 2));
    uint8_t* scales = out.data() + groups * kNibbleBytes;
    for (uint64_t g = 0; g < groups; ++g) {
        const float* w = v + g * kGroup;
        const uint64_t len = std::min(kGroup, n - g * kGroup);
        const uint16_t h = scaleBits(absMax(w, len) / kQ4Levels, DType::Q4Block, "group", g);
        storeU16(scales + 2 * g, h);
        packGroup(w, len, f16ToF32(h), out.data() + g * kNibbleBytes);
    }
    return out;
}

std::vector<uint8_t> encodeQ4Tiled(TensorShape s, const float* v) {
    const uint64_t tiles = s.count() / kGroup; // in % 32 == 0: tiles never straddle rows
    std::vector<uint8_t> out(tiles * kTiledTile);
    for (uint64_t g = 0; g < tiles; ++g) {
        const float* w = v + g * kGroup;
        uint8_t* tile = out.data() + g * kTiledTile;
        const uint16_t h = scaleBits(absMax(w, kGroup) / kQ4Levels, DType::Q4Tiled, "tile", g);
        storeU16(tile, h);
        packGroup(w, kGroup, f16ToF32(h), tile + 2);
    }
    return out;
}

// The decoder's ladder (codecs/q4.cpp), computed the same way: two
// statements so no compiler fuses lo + c·step into an FMA.
std::array<float, kRungs> ladder(float lo, float step) {
    std::array<float, kRungs> rungs{};
    for (unsigned c = 0; c < kRungs; ++c) {
        const float rise = static_cast<float>(c) * step;
        const float exponent = lo + rise;
        rungs[c] = std::exp2(exponent);
    }
    return rungs;
}

// Code g into a row's LSB-first 5-bit stream (zero-initialised).
void putCode(uint8_t* rowCodes, uint64_t g, unsigned code) {
    const uint64_t bit = g * kCodeBits;
    const unsigned shift = static_cast<unsigned>(bit % 8);
    const unsigned window = code << shift; // up to 12 bits
    rowCodes[bit / 8] |= static_cast<uint8_t>(window);
    if (shift + kCodeBits > 8) rowCodes[bit / 8 + 1] |= static_cast<uint8_t>(window >> 8);
}

// Tiles whose weights are all zero encode exactly with any scale (every
// nibble 8), so they stay out of the row's log-scale range and take code 0;
// the others' ideal scales are floored at the smallest normal f16 like
// every other scale of the format, which bounds a row's log range to what
// f16 scales could span. A row of zeros gets lo = log2(2^-14) and step 0.
std::vector<uint8_t> encodeQ4tp(TensorShape s, const float* v) {
    const uint64_t rows = s.rows, gpr = s.cols / kGroup;
    const uint64_t codeBytes = (gpr * kCodeBits + 7) / 8;
    const uint64_t nibbleBytes = rows * gpr * kNibbleBytes;
    std::vector<uint8_t> out(nibbleBytes + rows * 4 + rows * codeBytes);
    uint8_t* params = out.data() + nibbleBytes;
    uint8_t* codes = params + rows * 4;

    std::vector<float> logScale(gpr); // NaN marks an all-zero tile
    for (uint64_t r = 0; r < rows; ++r) {
        const float* row = v + r * s.cols;
        float lo = INFINITY, hi = -INFINITY;
        for (uint64_t g = 0; g < gpr; ++g) {
            const float amax = absMax(row + g * kGroup, kGroup);
            if (amax == 0.0f) {
                logScale[g] = NAN;
                continue;
            }
            logScale[g] = std::log2(std::max(amax / kQ4Levels, kF16MinNormal));
            lo = std::min(lo, logScale[g]);
            hi = std::max(hi, logScale[g]);
        }
        if (lo > hi) lo = hi = std::log2(kF16MinNormal); // no nonzero tile (or gpr == 0)

        const uint16_t loBits = f32ToF16(lo); // -14 <= lo < 126: a finite f16
        const float loH = f16ToF32(loBits);
        const float span = hi - loH; // from the rounded lo, so the top rung lands on hi
        const uint16_t stepBits = span > 0.0f ? f32ToF16(span / static_cast<float>(kRungs - 1)) : uint16_t(0);
        const float stepH = f16ToF32(stepBits);
        storeU16(params + 4 * r, loBits);
        storeU16(params + 4 * r + 2, stepBits);

        const auto rungs = ladder(loH, stepH);
        uint8_t* rowCodes = codes + r * codeBytes;
        for (uint64_t g = 0; g < gpr; ++g) {
            unsigned code = 0;
            if (stepH > 0.0f && !std::isnan(logScale[g]))
                code = static_cast<unsigned>(roundClamped((logScale[g] - loH) / stepH, 0.0f, kRungs - 1.0f));
            putCode(rowCodes, g, code);
            packGroup(row + g * kGroup, kGroup, rungs[code], out.data() + (r * gpr + g) * kNibbleBytes);
        }
    }
    return out;
}

} // namespace

std::vector<uint8_t> encodeQ4(DType t, TensorShape s, const float* v) {
    switch (t) {
    case DType::Q4Block: return encodeQ4Block(s, v);
    case DType::Q4Tiled: return encodeQ4Tiled(s, v);
    default: return encodeQ4tp(s, v);
    }
}

} // namespace cmf::encoders
