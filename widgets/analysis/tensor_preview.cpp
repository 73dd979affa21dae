#include "analysis/tensor_preview.h"

#include <algorithm>

namespace cmfw {

TensorPreview computePreview(const cmf::TensorBytes& t, uint64_t row0, uint64_t maxRows, uint64_t maxCols,
                             const cmf::Control& control) {
    TensorPreview p;
    p.totalRows = t.shape.rows;
    p.totalCols = t.shape.cols;
    p.row0 = std::min(row0, t.shape.rows);
    p.rows = std::min(maxRows, t.shape.rows - p.row0);
    p.cols = std::min(maxCols, t.shape.cols);
    p.values.resize(p.rows * p.cols);
    // Rows decode whole; keep the first cols of each, one row at a time so a
    // very wide row costs one row of memory.
    std::vector<float> row(t.shape.cols);
    for (uint64_t r = 0; r < p.rows; ++r) {
        control.checkCancel();
        cmf::decodeRows(t, p.row0 + r, p.row0 + r + 1, row.data());
        std::copy_n(row.begin(), p.cols, p.values.begin() + std::ptrdiff_t(r * p.cols));
    }
    return p;
}

} // namespace cmfw
