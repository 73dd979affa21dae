#pragma once
// Decoders for every dtype of spec §3.2: one codec per family, a scalar
// reference path, and a row-range API for the engine and the GUI.
//
// Row convention: a tensor of shape [d0, d1, ...] has rows = d0 and
// cols = d1·d2·…; a 1-D tensor [n] is one row of n; a 0-D tensor one row of 1.
// q4_block groups run over the flattened tensor, so its rows are element ranges.
#include "cmf/format/dtype.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace cmf {

struct TensorShape {
    uint64_t rows = 1;
    uint64_t cols = 1;
    uint64_t count() const { return rows * cols; }
};

// A tensor's bytes as the directory describes them (a view into the mapping).
struct TensorBytes {
    DType dtype = DType::F32;
    TensorShape shape;
    const uint8_t* data = nullptr;
    uint64_t nbytes = 0;
};

// Exact payload size for fixed-size layouts, nullopt for variable-length ones
// (vbit, vbit_ro, q1s, q1t) and for reserved dtypes without a layout.
std::optional<uint64_t> expectedNBytes(DType t, TensorShape s);

// Smallest payload a variable-length layout can have (for open-time bounds).
uint64_t minimumNBytes(DType t, TensorShape s);

// Checks the internal structure of a payload (vbit widths and row table,
// q1s/q1t overlay counts and indices, q4tp codes in range ...).
// Throws cmf::Error(Parse or Bounds) naming what is wrong.
void validatePayload(const TensorBytes& t);

// Decode rows [r0, r1) into out (length (r1 - r0) * cols), float32, in the
// spec's order of operations so results are bit-exact with the reference.
// Throws cmf::Error on a malformed payload or an out-of-range row.
void decodeRows(const TensorBytes& t, uint64_t r0, uint64_t r1, float* out);

// Whole tensor.
std::vector<float> decodeAll(const TensorBytes& t);

} // namespace cmf
