// q8_row and q8_2f (§3.2): int8 codes for the whole [out, in] matrix, then
// the f16 row scales, then (q8_2f only) the f16 column field.
//
// q8_row: scale[o] = f16(absmax(row_o) / 127), floored; q = clip(round(w /
// scale), -128, 127). Bit-exact with the reference converter.
//
// q8_2f (w = (q·row[o])·col[i]): the column field is chosen first, as the
// reference converter (≡ vmfcore _enc_q8_2f) does, and our bytes match its
// files:
//   col[i] = f16(sqrt(mean over rows of w[o,i]^2)), floored — each input
//            channel's RMS, computed in float64 with rows added in order and
//            rounded once to f16, so an outlier input channel gets its own
//            scale and stops inflating every row's;
//   wn     = w / col[i] in float32 (the normalised residual);
//   row[o] = f16(max(absmax(wn row), 1e-12) / 127), floored;
//   q      = clip(round(wn / row[o]), -127, 127).
// The two divisions (not one by row·col) are the reference's order; the
// field is not normalised to mean 1, the row scales absorb its magnitude.
#include "encoders_internal.h"

#include <cmath>

namespace cmf::encoders {
namespace {

constexpr float kQ8Levels = 127.0f;

// Codes of one row against its (decoded) scale.
void quantizeRow(const float* w, uint64_t in, float scale, float lo, uint8_t* q) {
    for (uint64_t i = 0; i < in; ++i)
        q[i] = static_cast<uint8_t>(static_cast<int8_t>(roundClamped(w[i] / scale, lo, kQ8Levels)));
}

std::vector<uint8_t> encodeQ8Row(TensorShape s, const float* v) {
    const uint64_t rows = s.rows, in = s.cols;
    std::vector<uint8_t> out(rows * in + rows * 2);
    uint8_t* scales = out.data() + rows * in;
    for (uint64_t r = 0; r < rows; ++r) {
        const float* w = v + r * in;
        const uint16_t h = scaleBits(absMax(w, in) / kQ8Levels, DType::Q8Row, "row", r);
        storeU16(scales + 2 * r, h);
        quantizeRow(w, in, f16ToF32(h), -128.0f, out.data() + r * in);
    }
    return out;
}

std::vector<uint8_t> encodeQ8_2F(TensorShape s, const float* v) {
    const uint64_t rows = s.rows, in = s.cols;
    std::vector<uint8_t> out(rows * in + rows * 2 + in * 2);
    uint8_t* rowScales = out.data() + rows * in;
    uint8_t* colField = rowScales + rows * 2;

    // Column field: row-oriented accumulation of the squares, in float64.
    std::vector<double> sumSq(in, 0.0);
    for (uint64_t r = 0; r < rows; ++r) {
        const float* w = v + r * in;
        for (uint64_t i = 0; i < in; ++i) sumSq[i] += static_cast<double>(w[i]) * static_cast<double>(w[i]);
    }
    std::vector<float> col(in);
    for (uint64_t i = 0; i < in; ++i) {
        const double meanSq = rows != 0 ? sumSq[i] / static_cast<double>(rows) : 0.0;
        const double rms = std::max(std::sqrt(meanSq), 1e-12);
        uint16_t h = f64ToF16(rms);
        if (h >= kF16ExponentMask) failF16Range(DType::Q8_2F, "column " + std::to_string(i) + " field", rms);
        if (h < kF16MinNormalBits) h = kF16MinNormalBits;
        storeU16(colField + 2 * i, h);
        col[i] = f16ToF32(h);
    }

    std::vector<float> wn(in);
    for (uint64_t r = 0; r < rows; ++r) {
        const float* w = v + r * in;
        for (uint64_t i = 0; i < in; ++i) wn[i] = w[i] / col[i];
        const float amax = std::max(absMax(wn.data(), in), 1e-12f);
        const uint16_t h = scaleBits(amax / kQ8Levels, DType::Q8_2F, "row", r);
        storeU16(rowScales + 2 * r, h);
        quantizeRow(wn.data(), in, f16ToF32(h), -kQ8Levels, out.data() + r * in);
    }
    return out;
}

} // namespace

std::vector<uint8_t> encodeQ8(DType t, TensorShape s, const float* v) {
    return t == DType::Q8Row ? encodeQ8Row(s, v) : encodeQ8_2F(s, v);
}

} // namespace cmf::encoders
