#pragma once
// Encoders for every active dtype of spec §3.2, each the exact inverse of the
// decoder in codec.h. One encoder per family (format/src/encoders/), shared
// by convert, requant, defrag and skill export.
#include "cmf/format/codec.h"
#include "cmf/format/dtype.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cmf {

struct EncodeOptions {
    double meanBits = 4.5;          // vbit / vbit_ro: mean row width budget, in [3, 8]
    double outlierFraction = 0.005; // q1s / q1t: share of weights kept in the overlay
};

// Encodes rows × cols float32 values (row-major) as dtype. Throws
// Error(Parse) naming the problem for NaN/Inf input, a shape the layout does
// not allow (see chooseDType), or a reserved dtype.
std::vector<uint8_t> encode(DType dtype, TensorShape shape, const float* values, const EncodeOptions& options = {});

// Layouts whose rows encode independently into fixed places of an
// expectedNBytes payload: f32, f16, bf16, q8_row, q4_block (in % 32 == 0),
// q4_tiled, q4tp, q1. Convert streams large tensors through these in row
// chunks, in parallel, without ever holding the whole tensor as float32.
bool encodesByRows(DType dtype, TensorShape shape);

// Encodes rows [r0, r1) (values: those rows only, row-major) into their place
// in payload (expectedNBytes(dtype, shape) bytes). The bytes equal what
// encode() writes for the whole tensor. Throws like encode().
void encodeRowsInto(DType dtype, TensorShape shape, uint64_t r0, uint64_t r1, const float* values,
                    uint8_t* payload, const EncodeOptions& options = {});

// The dtype a tensor actually gets when `requested` is asked for: 1-D tensors
// and tensors under 32 elements are f16 (§3.2); a layout whose shape rule
// fails falls back to a valid one. `reason` says why when it differs.
struct DTypeChoice {
    DType dtype;
    std::string reason; // empty when dtype == requested
};
DTypeChoice chooseDType(DType requested, uint32_t ndim, TensorShape shape);

// Relative RMS error ||a - b|| / ||a|| (0 when a is all zeros and b == a).
double relativeRmsError(const float* reference, const float* actual, uint64_t n);

} // namespace cmf
