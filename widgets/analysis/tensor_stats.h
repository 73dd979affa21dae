#pragma once
// Value statistics of one dequantized tensor: what the Tensor detail view
// shows and `cmf dump --stats` prints (count, sum, abs sum, max |x|), plus
// min, max, mean, std, zeros and a histogram. Sums are double, accumulated in
// row-major order, so they equal a sequential sum over cmf::decodeAll.
#include "cmf/format/codec.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <vector>

namespace cmfw {

struct TensorStats {
    uint64_t count = 0;
    uint64_t zeros = 0;
    uint64_t nonFinite = 0; // NaN and ±inf (excluded from min/max/std/histogram)
    double sum = 0, absSum = 0;
    double min = 0, max = 0, maxAbs = 0;
    double mean = 0, std = 0;
    double zeroFraction() const { return count ? double(zeros) / double(count) : 0.0; }

    // Equal-width bins over [histMin, histMax].
    std::vector<uint64_t> histogram;
    double histMin = 0, histMax = 0;
};

// Decodes in row chunks, checking the cancel flag between chunks (throws
// cmf::Error(Cancelled)); reports progress as "statistics" then "histogram".
TensorStats computeTensorStats(const cmf::TensorBytes& t, const cmf::Control& control, int bins = 80);

} // namespace cmfw
