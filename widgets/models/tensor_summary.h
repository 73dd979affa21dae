#pragma once
// Bytes per dtype and per tensor family over a set of tensors: what the
// summary chart of the Tensors view draws. Plain data.
#include "models/tensor_name.h"
#include "models/tensor_source.h"

#include <array>
#include <cstdint>
#include <span>

namespace cmfw {

struct TensorSummary {
    struct Bucket {
        uint64_t tensors = 0;
        uint64_t bytes = 0;
        uint64_t elements = 0;
    };
    std::array<Bucket, 256> byDType{}; // indexed by dtype id
    std::array<Bucket, kFamilyCount> byFamily{};
    Bucket total;

    static TensorSummary of(const TensorSource& source, std::span<const uint32_t> tensors);
    static TensorSummary ofAll(const TensorSource& source);
};

} // namespace cmfw
