// f32, f16, bf16 (§3.1): one little-endian value per element.
//   f16   nearest even (numpy's astype(float16), bit-exact with the reference);
//   bf16  the upper 16 bits of the float32, rounded to nearest even.
// A finite value beyond a format's range is refused instead of becoming inf.
#include "encoders_internal.h"

#include <bit>

namespace cmf::encoders {
namespace {

// Nearest even of the upper half: add 0x7FFF plus the lowest kept bit, so an
// exact half rounds toward the even result. Values are finite here (NaN
// was rejected), so no payload needs protecting.
inline uint16_t bf16Bits(float f) {
    const uint32_t x = std::bit_cast<uint32_t>(f);
    return static_cast<uint16_t>((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
}

} // namespace

std::vector<uint8_t> encodeFloat(DType t, TensorShape s, const float* v) {
    const uint64_t n = s.count();
    if (t == DType::F32) {
        std::vector<uint8_t> out(n * 4);
        if (n != 0) std::memcpy(out.data(), v, n * 4); // little-endian host
        return out;
    }
    std::vector<uint8_t> out(n * 2);
    uint8_t* p = out.data();
    if (t == DType::F16) {
        for (uint64_t i = 0; i < n; ++i) storeU16(p + 2 * i, valueBits(v[i], t, i / s.cols, i % s.cols));
        return out;
    }
    for (uint64_t i = 0; i < n; ++i) { // bf16
        const uint16_t h = bf16Bits(v[i]);
        if ((h & 0x7F80u) == 0x7F80u) // rounded up past the largest finite bf16
            failF16Range(t, "value at row " + std::to_string(i / s.cols) + ", col " + std::to_string(i % s.cols), v[i]);
        storeU16(p + 2 * i, h);
    }
    return out;
}

} // namespace cmf::encoders
