// f32, f16, bf16 (§3.1) and u8 (§12 pipeline tensors): one little-endian
// value per element, so a row range is one contiguous byte range.
#include "codecs_internal.h"

#include "cmf/format/half.h"

#include <cstring>

namespace cmf::codecs {
namespace {

uint64_t elementBytes(DType t) {
    switch (t) {
    case DType::F32: return 4;
    case DType::F16:
    case DType::BF16: return 2;
    default: return 1; // u8
    }
}

} // namespace

uint64_t floatNBytes(DType t, TensorShape s) { return satMul(satMul(s.rows, s.cols), elementBytes(t)); }

void validateFloat(const TensorBytes& t) { requireSize(t, floatNBytes(t.dtype, t.shape)); }

void decodeFloatRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    validateFloat(t);
    // The size check bounds every offset below by nbytes, so none overflows.
    const uint64_t n = (r1 - r0) * t.shape.cols;
    const uint8_t* p = t.data + r0 * t.shape.cols * elementBytes(t.dtype);
    switch (t.dtype) {
    case DType::F32:
        // A byte copy keeps every bit, NaN payloads included (little-endian host).
        if (n != 0) std::memcpy(out, p, n * 4);
        break;
    case DType::F16:
        for (uint64_t i = 0; i < n; ++i) out[i] = loadF16(p + 2 * i);
        break;
    case DType::BF16:
        for (uint64_t i = 0; i < n; ++i) out[i] = bf16ToF32(loadU16(p + 2 * i));
        break;
    default: // u8: the byte value as a float
        for (uint64_t i = 0; i < n; ++i) out[i] = static_cast<float>(p[i]);
        break;
    }
}

} // namespace cmf::codecs
