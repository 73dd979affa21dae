#pragma once
// IEEE binary16 and bfloat16 to float32, exact (every half value is a float).
#include <bit>
#include <cstdint>
#include <cstring>

namespace cmf {

inline float f16ToF32(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t mant = h & 0x3FFu;
    uint32_t bits;
    if (exp == 0x1Fu) {
        bits = sign | 0x7F800000u | (mant << 13); // inf / nan (payload kept)
    } else if (exp != 0) {
        bits = sign | ((exp + 112u) << 23) | (mant << 13);
    } else if (mant == 0) {
        bits = sign;
    } else {
        // Subnormal half: normalise into a float32 exponent.
        int e = -1;
        do {
            ++e;
            mant <<= 1;
        } while ((mant & 0x400u) == 0);
        bits = sign | (uint32_t(112 - e) << 23) | ((mant & 0x3FFu) << 13);
    }
    return std::bit_cast<float>(bits);
}

inline float bf16ToF32(uint16_t b) { return std::bit_cast<float>(uint32_t(b) << 16); }

// Round-to-nearest-even float32 -> binary16 (used by tests and, later, the writer).
inline uint16_t f32ToF16(float f) {
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absx = x & 0x7FFFFFFFu;
    if (absx >= 0x7F800000u) return uint16_t(sign | 0x7C00u | (absx > 0x7F800000u ? 0x200u : 0));
    if (absx >= 0x477FF000u) return uint16_t(sign | 0x7C00u); // rounds past 65504
    if (absx < 0x38800000u) {                                 // result is subnormal or zero
        if (absx < 0x33000000u) return uint16_t(sign);
        const uint32_t e = absx >> 23;
        const uint32_t m = (absx & 0x7FFFFFu) | 0x800000u;
        const uint32_t shift = 126u - e; // 14..24
        uint32_t r = m >> shift;
        const uint32_t rem = m & ((1u << shift) - 1);
        const uint32_t half = 1u << (shift - 1);
        if (rem > half || (rem == half && (r & 1u))) ++r;
        return uint16_t(sign | r);
    }
    uint32_t r = ((absx - 0x38000000u) >> 13);
    const uint32_t rem = absx & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u))) ++r;
    return uint16_t(sign | r);
}

inline uint16_t loadU16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
inline uint32_t loadU32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v; // little-endian host (x86-64, arm64)
}
inline uint64_t loadU64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
inline float loadF16(const uint8_t* p) { return f16ToF32(loadU16(p)); }

} // namespace cmf
