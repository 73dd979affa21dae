#pragma once
// The per-row quantization parameters of a quantized tensor, read from its
// payload for display: q8 row scales (and the q8_2f column field), vbit bit
// widths and group scales, q4/q1 group scales, q4tp rung ladders, q1s/q1t
// outlier counts. Layouts are those of spec §3.2; the codecs in `format`
// decode values, this only exposes the scale side of each layout so a person
// can see it. Reading is bounds-checked against the payload size.
#include "cmf/format/codec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cmfw {

struct RowScales {
    enum class Kind {
        None,        // float dtypes: no scales
        RowScale,    // one scale per row (q8_row, q8_2f)
        GroupScales, // one scale per 32-group; per row min / mean / max
    };
    Kind kind = Kind::None;
    uint64_t rows = 0;
    std::vector<float> scaleMin, scaleMean, scaleMax; // per row (equal for RowScale)
    std::vector<uint8_t> bits;      // vbit / vbit_ro: bit width per row
    std::vector<uint32_t> outliers; // q1s / q1t: overlay entries per row
    std::vector<float> colField;    // q8_2f: the column field θ
    std::string error;              // set when the payload is too short for its layout
    bool hasBits() const { return !bits.empty(); }
    bool hasOutliers() const { return !outliers.empty(); }
};

RowScales readRowScales(const cmf::TensorBytes& t);

} // namespace cmfw
