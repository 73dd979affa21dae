#pragma once
// Private to the codecs. codec.cpp checks what is common to every layout
// (dtype, row range, the shape rules of §3.2) and then calls one family:
// float.cpp, q8.cpp, q4.cpp, vbit.cpp, q1.cpp.
//
// Payloads are untrusted (this code is fuzzed): every family checks the
// sizes it relies on against nbytes before it reads, whether or not
// validatePayload ran first. Sizes derived from shapes use the saturating
// helpers below, so an absurd shape yields a size no payload can have
// instead of a wrapped, small one.
#include "cmf/format/codec.h"
#include "cmf/format/error.h"

#include <cstdint>
#include <limits>
#include <string>

namespace cmf::codecs {

// Group size of every grouped layout in §3.2.
inline constexpr uint64_t kGroup = 32;

inline constexpr uint64_t kSaturated = std::numeric_limits<uint64_t>::max();

inline uint64_t satAdd(uint64_t a, uint64_t b) { return a > kSaturated - b ? kSaturated : a + b; }
inline uint64_t satMul(uint64_t a, uint64_t b) {
    return (a != 0 && b > kSaturated / a) ? kSaturated : a * b;
}
inline uint64_t ceilDiv(uint64_t a, uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }
// Bytes of n bit-packed values of `bits` bits each, padded to a byte.
inline uint64_t packedBytes(uint64_t n, uint64_t bits) {
    const uint64_t total = satMul(n, bits);
    return total == kSaturated ? kSaturated : ceilDiv(total, 8);
}
// Groups of 32 per row ("gpr" in §3.2) for the layouts that need in % 32 == 0.
inline uint64_t groupsPerRow(TensorShape s) { return s.cols / kGroup; }

// Throws cmf::Error(kind) with "<dtype> [rows x cols]: <what>".
[[noreturn]] void fail(ErrorKind kind, const TensorBytes& t, const std::string& what);

// Fixed layouts: the payload must be exactly `want` bytes (Bounds otherwise,
// the class the conformance kit expects for a wrong directory nbytes).
void requireSize(const TensorBytes& t, uint64_t want);

// Variable layouts: the payload's own structure says it is `want` bytes.
// Fewer bytes is Bounds (reading would run past the end); more is Parse
// (trailing bytes the structure does not account for).
void requireStructuredSize(const TensorBytes& t, uint64_t want, const std::string& structure);

// The families. The decoders decode rows [r0, r1) of t into out; codec.cpp
// has already checked r0 <= r1 <= rows and the shape rules (in % 32 == 0
// where dtypeNeedsIn32, q1t's in limit, rows * cols not overflowing).

// float.cpp: f32, f16, bf16, u8.
uint64_t floatNBytes(DType t, TensorShape s);
void validateFloat(const TensorBytes& t);
void decodeFloatRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

// q8.cpp: q8_row, q8_2f.
uint64_t q8NBytes(DType t, TensorShape s);
void validateQ8(const TensorBytes& t);
void decodeQ8Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

// q4.cpp: q4_block, q4_tiled, q4tp.
uint64_t q4NBytes(DType t, TensorShape s);
void validateQ4(const TensorBytes& t);
void decodeQ4Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

// vbit.cpp: vbit, vbit_ro (variable length).
uint64_t vbitMinimumNBytes(DType t, TensorShape s);
void validateVbit(const TensorBytes& t);
void decodeVbitRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

// q1.cpp: q1 (fixed), q1s and q1t (variable length).
uint64_t q1NBytes(TensorShape s);
uint64_t q1MinimumNBytes(DType t, TensorShape s);
void validateQ1(const TensorBytes& t);
void decodeQ1Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

} // namespace cmf::codecs
