#include "ffn_gather.h"

#include "cmf/format/error.h"

#include "tensor_produce.h"

#include <algorithm>
#include <cstring>

namespace cmf::detail {

std::vector<float> gatherRows(const TensorBytes& t, const std::vector<uint32_t>& keep) {
    const uint64_t cols = t.shape.cols, step = chunkRows(cols);
    if (!keep.empty() && keep.back() >= t.shape.rows)
        throw Error(ErrorKind::Bounds, "row " + std::to_string(keep.back()) + " of a " + std::to_string(t.shape.rows) + "-row tensor");
    std::vector<float> out(keep.size() * cols), window;
    size_t k = 0;
    while (k < keep.size()) {
        // One window: from the next kept row over the kept rows within `step`.
        const uint64_t a = keep[k];
        size_t end = k;
        while (end < keep.size() && keep[end] < a + step) ++end;
        const uint64_t b = keep[end - 1] + 1;
        window.resize((b - a) * cols);
        decodeRows(t, a, b, window.data());
        for (; k < end; ++k) std::memcpy(out.data() + k * cols, window.data() + (keep[k] - a) * cols, cols * sizeof(float));
    }
    return out;
}

std::vector<float> gatherColumns(const TensorBytes& t, const std::vector<uint32_t>& keep) {
    const uint64_t rows = t.shape.rows, cols = t.shape.cols, step = chunkRows(cols);
    if (!keep.empty() && keep.back() >= cols)
        throw Error(ErrorKind::Bounds, "column " + std::to_string(keep.back()) + " of a " + std::to_string(cols) + "-column tensor");
    std::vector<float> out(rows * keep.size()), window;
    for (uint64_t r0 = 0; r0 < rows; r0 += step) {
        const uint64_t r1 = std::min(rows, r0 + step);
        window.resize((r1 - r0) * cols);
        decodeRows(t, r0, r1, window.data());
        for (uint64_t r = r0; r < r1; ++r) {
            const float* src = window.data() + (r - r0) * cols;
            float* dst = out.data() + r * keep.size();
            for (size_t j = 0; j < keep.size(); ++j) dst[j] = src[keep[j]];
        }
    }
    return out;
}

} // namespace cmf::detail
