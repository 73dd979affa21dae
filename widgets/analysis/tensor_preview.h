#pragma once
// A window of dequantized values for the preview grid: rows [row0, row0+rows)
// and the first `cols` columns of each.
#include "cmf/format/codec.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <vector>

namespace cmfw {

struct TensorPreview {
    uint64_t row0 = 0;
    uint64_t rows = 0;      // rows in the window
    uint64_t cols = 0;      // columns in the window
    uint64_t totalRows = 0; // of the tensor
    uint64_t totalCols = 0;
    std::vector<float> values; // rows × cols, row-major
    float at(uint64_t r, uint64_t c) const { return values[r * cols + c]; }
};

TensorPreview computePreview(const cmf::TensorBytes& t, uint64_t row0, uint64_t maxRows, uint64_t maxCols,
                             const cmf::Control& control = {});

} // namespace cmfw
