// q8_row and q8_2f (§3.2): int8 codes for the whole [out, in] matrix first,
// then the f16 row scales, then (q8_2f only) the f16 column field.
#include "codecs_internal.h"

#include "cmf/format/half.h"

#include <vector>

namespace cmf::codecs {
namespace {

inline float codeValue(uint8_t byte) { return static_cast<float>(static_cast<int8_t>(byte)); }

} // namespace

uint64_t q8NBytes(DType t, TensorShape s) {
    uint64_t n = satAdd(satMul(s.rows, s.cols), satMul(s.rows, 2)); // codes + row scales
    if (t == DType::Q8_2F) n = satAdd(n, satMul(s.cols, 2));       // + column field
    return n;
}

void validateQ8(const TensorBytes& t) { requireSize(t, q8NBytes(t.dtype, t.shape)); }

void decodeQ8Rows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out) {
    validateQ8(t); // bounds every offset below by nbytes
    const uint64_t in = t.shape.cols;
    const uint8_t* codes = t.data;
    const uint8_t* rowScales = t.data + t.shape.rows * in;

    if (t.dtype == DType::Q8Row) {
        for (uint64_t r = r0; r < r1; ++r, out += in) {
            const float scale = loadF16(rowScales + 2 * r);
            const uint8_t* q = codes + r * in;
            for (uint64_t i = 0; i < in; ++i) out[i] = codeValue(q[i]) * scale;
        }
        return;
    }

    // q8_2f: w = (q · row[o]) · col[i], in this order for bit exactness with
    // the reference. The column field is shared by all rows: convert it once.
    const uint8_t* colField = rowScales + 2 * t.shape.rows;
    std::vector<float> col(in);
    for (uint64_t i = 0; i < in; ++i) col[i] = loadF16(colField + 2 * i);
    for (uint64_t r = r0; r < r1; ++r, out += in) {
        const float scale = loadF16(rowScales + 2 * r);
        const uint8_t* q = codes + r * in;
        for (uint64_t i = 0; i < in; ++i) out[i] = (codeValue(q[i]) * scale) * col[i];
    }
}

} // namespace cmf::codecs
