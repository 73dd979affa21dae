// The public encoder API (encode.h): the checks every layout shares, the
// dispatch to one family, the dtype choice of §3.2, and the error metric.
#include "encoders_internal.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cmf {

using namespace encoders;

namespace encoders {

uint16_t f64ToF16(double d) {
    float f = static_cast<float>(d); // nearest even
    if (std::isfinite(f) && static_cast<double>(f) != d) {
        // Round to odd: step back toward zero if the cast rounded away from
        // it, then set the last bit as the sticky bit.
        uint32_t bits = std::bit_cast<uint32_t>(f);
        if (std::fabs(static_cast<double>(f)) > std::fabs(d)) --bits; // |f| > 0 here, so no borrow into the sign
        f = std::bit_cast<float>(bits | 1u);
    }
    return f32ToF16(f);
}

void failF16Range(DType t, const std::string& what, double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.7g", value);
    const char* range = t == DType::BF16 ? "bf16 range" : "f16 range (|x| <= 65504)";
    throw Error(ErrorKind::Parse, std::string(dtypeName(t)) + ": " + what + " " + buf + " is outside the " + range);
}

} // namespace encoders

namespace {

// q1t stores within-row columns as u16 (§3.2); q1s flat indices and the
// q1s/q1t overlay counts are u32; vbit_ro row offsets are u32.
constexpr uint64_t kU16Max = 0xFFFF;
constexpr uint64_t kU32Max = 0xFFFFFFFF;

bool hasLayout(DType t) { return dtypeDecodable(t) && t != DType::U8; }

[[noreturn]] void failReserved(DType t) {
    const auto id = static_cast<unsigned>(t);
    if (!isKnownDType(static_cast<uint8_t>(t)))
        throw Error(ErrorKind::Parse, "dtype " + std::to_string(id) + " is not in the dtype table (§3.1)");
    if (t == DType::U8)
        throw Error(ErrorKind::Parse, "u8 (dtype 6) is reserved in §3.1 and holds raw bytes in §12 pipelines: "
                                      "it is not an encoding of float weights");
    throw Error(ErrorKind::Parse, std::string(dtypeName(t)) + " (dtype " + std::to_string(id) +
                                      ") is reserved (§3.1): there is no layout to encode");
}

std::string shapeText(DType t, TensorShape s) {
    return std::string(dtypeName(t)) + " [" + std::to_string(s.rows) + " x " + std::to_string(s.cols) + "]";
}

// The shape rules of §3.2 that the bytes themselves depend on. The 2-D-only
// rule needs ndim, which encode() does not see: chooseDType applies it.
void requireShape(DType t, TensorShape s) {
    if (s.rows != 0 && s.cols > std::numeric_limits<uint64_t>::max() / s.rows)
        throw Error(ErrorKind::Parse, shapeText(t, s) + ": element count overflows 64 bits");
    if (dtypeNeedsIn32(t) && s.cols % kGroup != 0)
        throw Error(ErrorKind::Parse,
                    shapeText(t, s) + ": in = " + std::to_string(s.cols) + " is not a multiple of 32");
    if (t == DType::Q1T && s.cols > kU16Max)
        throw Error(ErrorKind::Parse,
                    shapeText(t, s) + ": in = " + std::to_string(s.cols) + " does not fit q1t's u16 column index");
    if (t == DType::Q1S && s.count() > kU32Max + 1)
        throw Error(ErrorKind::Parse, shapeText(t, s) + ": flat indices do not fit q1s's u32 overlay index");
    if (t == DType::VBitRo && s.count() > kU32Max) // 8-bit rows: the packed area is rows·in bytes at most
        throw Error(ErrorKind::Parse, shapeText(t, s) + ": the packed rows may exceed vbit_ro's u32 row_offsets");
}

const char* nonFiniteName(float v) { return std::isnan(v) ? "NaN" : (v > 0 ? "inf" : "-inf"); }

// Error(Parse) naming the first NaN or ±Inf. The scan is branch-free per
// block of values so it costs one pass at memory speed when all is well.
void rejectNonFinite(TensorShape s, const float* v) {
    constexpr uint64_t kBlock = 4096;
    const uint64_t n = s.count();
    for (uint64_t b = 0; b < n; b += kBlock) {
        const uint64_t e = std::min(n, b + kBlock);
        uint32_t bad = 0;
        for (uint64_t i = b; i < e; ++i) {
            const uint32_t bits = std::bit_cast<uint32_t>(v[i]);
            bad |= (bits & 0x7F800000u) == 0x7F800000u ? 1u : 0u; // exponent all ones
        }
        if (bad == 0) continue;
        for (uint64_t i = b; i < e; ++i)
            if (!std::isfinite(v[i]))
                throw Error(ErrorKind::Parse, std::string("value ") + nonFiniteName(v[i]) + " at row " +
                                                  std::to_string(i / s.cols) + ", col " + std::to_string(i % s.cols));
    }
}

double checkedOption(double x, const char* name) {
    if (!std::isfinite(x)) throw Error(ErrorKind::Parse, std::string("EncodeOptions::") + name + " is not finite");
    return x;
}

// Where a dtype goes when its in % 32 rule fails: the nearest layout of the
// same family that has no such rule.
DType in32Fallback(DType t) {
    switch (t) {
    case DType::Q4Tiled:
    case DType::Q4TP: return DType::Q4Block;
    case DType::VBit:
    case DType::VBitRo: return DType::Q8_2F;
    default: return DType::Q8Row; // q1, q1s, q1t
    }
}

DTypeChoice fallback(DType from, DType to, const std::string& why) {
    return {to, why + ": " + std::string(dtypeName(from)) + " -> " + std::string(dtypeName(to))};
}

} // namespace

std::vector<uint8_t> encode(DType dtype, TensorShape shape, const float* values, const EncodeOptions& options) {
    if (!hasLayout(dtype)) failReserved(dtype);
    requireShape(dtype, shape);
    if (values == nullptr && shape.count() != 0) throw Error(ErrorKind::Parse, shapeText(dtype, shape) + ": no values");
    rejectNonFinite(shape, values);
    switch (dtype) {
    case DType::F32:
    case DType::F16:
    case DType::BF16: return encodeFloat(dtype, shape, values);
    case DType::Q8Row:
    case DType::Q8_2F: return encodeQ8(dtype, shape, values);
    case DType::Q4Block:
    case DType::Q4Tiled:
    case DType::Q4TP: return encodeQ4(dtype, shape, values);
    case DType::VBit:
    case DType::VBitRo: return encodeVbit(dtype, shape, values, checkedOption(options.meanBits, "meanBits"));
    case DType::Q1:
    case DType::Q1S:
    case DType::Q1T: return encodeQ1(dtype, shape, values, checkedOption(options.outlierFraction, "outlierFraction"));
    default: break;
    }
    failReserved(dtype);
}

DTypeChoice chooseDType(DType requested, uint32_t ndim, TensorShape shape) {
    if (!hasLayout(requested)) failReserved(requested);
    const uint64_t n = shape.count();

    // §3.2: 1-D tensors and tensors under 32 elements are always f16 —
    // normalization precision at maximal matrix compression. The exception
    // is an explicit f32 request: f32 loses nothing, so it keeps f32 (as the
    // reference converter does under --quant F32).
    if (ndim < 2 || n < kGroup) {
        if (requested == DType::F32 || requested == DType::F16) return {requested, {}};
        return fallback(requested, DType::F16,
                        ndim < 2 ? std::to_string(ndim) + "-D tensor is always f16 (§3.2)"
                                 : std::to_string(n) + " elements (< 32) are always f16 (§3.2)");
    }

    // Row-wise layouts are defined for [out, in] only; q4_block groups run
    // over the flattened tensor and take any rank (the reference converter
    // makes the same choice).
    if (dtypeIs2DOnly(requested) && ndim != 2)
        return fallback(requested, DType::Q4Block, std::string(dtypeName(requested)) + " is 2-D only, tensor is " +
                                                       std::to_string(ndim) + "-D");

    if (dtypeNeedsIn32(requested) && shape.cols % kGroup != 0)
        return fallback(requested, in32Fallback(requested),
                        "in = " + std::to_string(shape.cols) + " is not a multiple of 32");

    if (requested == DType::Q1T && shape.cols > kU16Max) {
        if (n <= kU32Max + 1)
            return fallback(requested, DType::Q1S, "in = " + std::to_string(shape.cols) + " does not fit q1t's u16 column");
        return fallback(requested, DType::Q8Row, "in = " + std::to_string(shape.cols) + " does not fit q1t's u16 column");
    }
    if (requested == DType::Q1S && n > kU32Max + 1)
        return fallback(requested, DType::Q8Row, std::to_string(n) + " elements do not fit q1s's u32 flat index");
    if (requested == DType::VBitRo && n > kU32Max)
        return fallback(requested, DType::VBit, std::to_string(n) + " elements may not fit vbit_ro's u32 row offsets");
    return {requested, {}};
}

double relativeRmsError(const float* reference, const float* actual, uint64_t n) {
    double err = 0.0, norm = 0.0;
    for (uint64_t i = 0; i < n; ++i) {
        const double a = reference[i], d = a - static_cast<double>(actual[i]);
        err += d * d;
        norm += a * a;
    }
    if (norm == 0.0) return err == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
    return std::sqrt(err / norm);
}

} // namespace cmf
