#include "analysis/tensor_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cmfw {

namespace {

// About 4 MiB of floats per decoded chunk.
constexpr uint64_t kChunkElements = 1u << 20;
// Tensors up to this many elements are decoded once and kept for the second pass.
constexpr uint64_t kKeepElements = 32u << 20;

template <class F>
void forEachChunk(const cmf::TensorBytes& t, const cmf::Control& control, std::vector<float>& buf, uint64_t progressBase,
                  uint64_t progressTotal, const char* phase, F&& f) {
    const uint64_t rows = t.shape.rows, cols = std::max<uint64_t>(1, t.shape.cols);
    const uint64_t step = std::max<uint64_t>(1, kChunkElements / cols);
    for (uint64_t r = 0; r < rows; r += step) {
        control.checkCancel();
        const uint64_t r1 = std::min(rows, r + step);
        buf.resize((r1 - r) * t.shape.cols);
        cmf::decodeRows(t, r, r1, buf.data());
        f(buf.data(), buf.size());
        control.report(progressBase + r1, progressTotal, phase);
    }
}

} // namespace

TensorStats computeTensorStats(const cmf::TensorBytes& t, const cmf::Control& control, int bins) {
    TensorStats s;
    const uint64_t rows = t.shape.rows;
    const bool keep = t.shape.count() <= kKeepElements;
    std::vector<float> all, buf;
    if (keep) all.reserve(t.shape.count());

    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    forEachChunk(t, control, buf, 0, 2 * rows, "statistics", [&](const float* v, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            const double x = v[i];
            s.sum += x;
            s.absSum += std::fabs(x);
            if (x == 0) ++s.zeros;
            if (!std::isfinite(x)) {
                ++s.nonFinite;
                continue;
            }
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
        s.count += n;
        if (keep) all.insert(all.end(), v, v + n);
    });
    const uint64_t finite = s.count - s.nonFinite;
    if (finite == 0) return s;
    s.min = lo;
    s.max = hi;
    s.maxAbs = std::max(std::fabs(lo), std::fabs(hi));
    // Mean over the finite values; std in a second pass, which the histogram needs anyway.
    double finiteSum = 0;
    const bool allFinite = s.nonFinite == 0;
    if (allFinite) finiteSum = s.sum;
    s.histMin = lo;
    s.histMax = hi;
    s.histogram.assign(size_t(std::max(1, bins)), 0);
    const double width = (hi - lo) / double(s.histogram.size());
    const size_t last = s.histogram.size() - 1;

    const uint64_t step = std::max<uint64_t>(1, kChunkElements / std::max<uint64_t>(1, t.shape.cols));
    auto secondPass = [&](auto&& visit) {
        if (!keep) return forEachChunk(t, control, buf, rows, 2 * rows, "histogram", visit);
        for (uint64_t r = 0; r < rows; r += step) {
            control.checkCancel();
            const uint64_t r1 = std::min(rows, r + step);
            visit(all.data() + r * t.shape.cols, size_t((r1 - r) * t.shape.cols));
            control.report(rows + r1, 2 * rows, "histogram");
        }
    };
    if (!allFinite) {
        secondPass([&](const float* v, size_t n) {
            for (size_t i = 0; i < n; ++i)
                if (std::isfinite(v[i])) finiteSum += v[i];
        });
    }
    s.mean = finiteSum / double(finite);
    double sq = 0;
    secondPass([&](const float* v, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            const double x = v[i];
            if (!std::isfinite(x)) continue;
            const double d = x - s.mean;
            sq += d * d;
            size_t b = width > 0 ? size_t((x - lo) / width) : 0;
            ++s.histogram[std::min(b, last)];
        }
    });
    s.std = std::sqrt(sq / double(finite));
    return s;
}

} // namespace cmfw
