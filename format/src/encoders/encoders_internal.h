#pragma once
// Private to the encoders. encode.cpp checks what every layout shares (dtype,
// shape rules, finite input) and then calls one family: float.cpp, q8.cpp,
// q4.cpp, vbit.cpp, q1.cpp. Each family writes exactly the bytes its decoder
// in format/src/codecs/ reads.
//
// The rules that make our bytes equal to the reference writer's for the
// fully determined encodings (f32, f16, bf16, q8_row, q4_block):
//   - scales are computed in float32, rounded to f16 (nearest even) and
//     floored at the smallest normal f16;
//   - weights are quantized against that rounded scale, i.e. against the
//     value the decoder will multiply by;
//   - q = w / scale is rounded half to even (numpy's np.round) and clipped.
// One deliberate difference: the reference floors at float32(6.104e-5) and
// divides by that, while it stores (and decoders multiply by) 2^-14. A row
// or group whose scale sits at the floor can therefore get a code one off
// from ours, rarely; ours are the codes that reproduce under decoding.
#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace cmf::encoders {

// Group size of every grouped layout in §3.2.
inline constexpr uint64_t kGroup = 32;

// Smallest normal f16, 2^-14 = 6.103515625e-05: the floor of every scale a
// quantizer divides by (a zero or subnormal scale would divide by zero or by
// a value with few significant bits).
inline constexpr uint16_t kF16MinNormalBits = 0x0400;
inline constexpr float kF16MinNormal = 6.103515625e-05f;
inline constexpr uint16_t kF16ExponentMask = 0x7C00; // all ones: inf / NaN

// x rounded half to even after clamping to [lo, hi] (integers). Clamping
// first gives the same result as clipping the rounded value (rounding is
// monotone and the bounds are integers) and keeps |x| < 2^22, where adding
// and subtracting 1.5·2^23 leaves no fraction bits, so the FPU's default
// round-to-nearest-even does the rounding — the reference's np.round,
// without a libm call per element. (No -ffast-math anywhere in this tree,
// so the compiler may not fold the two operations.)
inline float roundClamped(float x, float lo, float hi) {
    x = std::min(std::max(x, lo), hi);
    constexpr float kMagic = 12582912.0f; // 1.5 * 2^23
    return (x + kMagic) - kMagic;
}

inline void storeU16(uint8_t* p, uint16_t v) {
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
}
inline void storeU32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); } // little-endian host, as half.h

// Correctly rounded float64 -> binary16: round to odd into float32 first
// (24 bits keep the sticky information a second rounding to 11 bits needs),
// then round to nearest even. A plain (float) cast would round twice.
uint16_t f64ToF16(double d);

// Throws Error(Parse) "<dtype>: <what> <value> is outside the f16 range"
// (the bf16 range for bf16).
[[noreturn]] void failF16Range(DType t, const std::string& what, double value);

// f16 bits of a scale computed in float32 (non-negative): nearest even,
// floored at the smallest normal f16. Throws if it overflows f16.
inline uint16_t scaleBits(float scale, DType t, const char* what, uint64_t index) {
    uint16_t h = f32ToF16(scale);
    if (h >= kF16ExponentMask) failF16Range(t, std::string(what) + " " + std::to_string(index) + " scale", scale);
    return h < kF16MinNormalBits ? kF16MinNormalBits : h;
}

// f16 bits of a value stored verbatim (f16 tensors, q1s/q1t overlays):
// nearest even; a finite value beyond ±65504 is refused, not turned into inf.
inline uint16_t valueBits(float v, DType t, uint64_t row, uint64_t col) {
    const uint16_t h = f32ToF16(v);
    if ((h & kF16ExponentMask) == kF16ExponentMask)
        failF16Range(t, "value at row " + std::to_string(row) + ", col " + std::to_string(col), v);
    return h;
}

inline float absMax(const float* v, uint64_t n) {
    float m = 0.0f;
    for (uint64_t i = 0; i < n; ++i) m = std::max(m, std::abs(v[i]));
    return m;
}

// The families. Shapes and values are already checked by encode.cpp:
// finite values, rows·cols fits, in % 32 == 0 where dtypeNeedsIn32, q1t's
// in fits u16, q1s's flat indices fit u32.
std::vector<uint8_t> encodeFloat(DType t, TensorShape s, const float* v);
std::vector<uint8_t> encodeQ8(DType t, TensorShape s, const float* v);
std::vector<uint8_t> encodeQ4(DType t, TensorShape s, const float* v);
std::vector<uint8_t> encodeVbit(DType t, TensorShape s, const float* v, double meanBits);
std::vector<uint8_t> encodeQ1(DType t, TensorShape s, const float* v, double outlierFraction);

} // namespace cmf::encoders
