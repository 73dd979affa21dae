#include "column_gather.h"

#include <cstring>

namespace cmf::engine {

std::optional<std::vector<uint8_t>> gatherColumns(const TensorBytes& w, std::span<const uint32_t> keep) {
    const uint64_t rows = w.shape.rows, cols = w.shape.cols, k = keep.size();
    auto gather = [&](uint64_t elem, const uint8_t* src, uint8_t* dst) {
        for (uint64_t r = 0; r < rows; ++r)
            for (uint64_t j = 0; j < k; ++j) std::memcpy(dst + (r * k + j) * elem, src + (r * cols + keep[j]) * elem, elem);
    };
    switch (w.dtype) {
    case DType::F32:
    case DType::F16:
    case DType::BF16: {
        const uint64_t elem = w.dtype == DType::F32 ? 4 : 2;
        std::vector<uint8_t> out(rows * k * elem);
        gather(elem, w.data, out.data());
        return out;
    }
    case DType::Q8Row:
    case DType::Q8_2F: {
        // [int8 rows·cols][f16 row scales] (+ [f16 col field] for q8_2f)
        const bool twoField = w.dtype == DType::Q8_2F;
        std::vector<uint8_t> out(rows * k + 2 * rows + (twoField ? 2 * k : 0));
        gather(1, w.data, out.data());
        std::memcpy(out.data() + rows * k, w.data + rows * cols, 2 * rows);
        if (twoField)
            for (uint64_t j = 0; j < k; ++j) std::memcpy(out.data() + rows * k + 2 * rows + 2 * j, w.data + rows * cols + 2 * rows + 2 * keep[j], 2);
        return out;
    }
    default: return std::nullopt;
    }
}

} // namespace cmf::engine
