// vbit and vbit_ro (§3.2): a width b_r ∈ {3, 4, 5, 6, 8} per row, a scale per
// row and 32-group, codes u = round(w / scale) + L (L = 2^(b−1) − 1) packed
// MSB-first, each row padded to a byte. vbit_ro adds the u32 row offsets.
//
// Width allocation — water-filling over the log2 row amplitude:
//   a_r   = log2(max(absmax(row_r), 1e-12)), float32 as the reference; the
//           amplitude that sets the row's quantization step (scales are
//           group absmax / L);
//   b_r(t) = the level nearest to budget + t + (a_r − mean a), ties to the
//           lower level; the floor 3 is the lowest level;
//   t     = 0 — the reference converter's allocation — when its mean width
//           lies in [budget − 0.25, budget]: then our bytes are the
//           reference's (the kit's vbit files are reproduced exactly).
//           Otherwise (it overshoots the budget, or leaves more than a
//           quarter bit per weight unused) t is the largest common shift
//           whose mean width is <= the budget, found by bisection (the mean
//           is a non-decreasing step function of t): the budget is used as
//           fully as the discrete levels allow without exceeding it.
// Either way a louder row never gets fewer bits than a quieter one. The
// budget is EncodeOptions::meanBits clamped to [3, 8].
#include "encoders_internal.h"

#include <cmath>

namespace cmf::encoders {
namespace {

constexpr double kMinBits = 3.0, kMaxBits = 8.0;
// How far below the budget the reference allocation may land and be kept.
constexpr double kReferenceSlack = 0.25;

// Nearest level of {3, 4, 5, 6, 8}, ties to the lower one.
inline uint8_t nearestLevel(double x) {
    if (x <= 3.5) return 3;
    if (x <= 4.5) return 4;
    if (x <= 5.5) return 5;
    if (x <= 7.0) return 6;
    return 8;
}

std::vector<uint8_t> allocateWidths(TensorShape s, const float* v, double meanBits) {
    const uint64_t rows = s.rows;
    std::vector<uint8_t> widths(rows, 3);
    if (rows == 0) return widths;
    const double budget = std::clamp(meanBits, kMinBits, kMaxBits);

    std::vector<double> rel(rows);
    double sum = 0.0;
    for (uint64_t r = 0; r < rows; ++r) {
        rel[r] = std::log2(std::max(absMax(v + r * s.cols, s.cols), 1e-12f));
        sum += rel[r];
    }
    const double mean = sum / static_cast<double>(rows);
    double lowest = INFINITY, highest = -INFINITY;
    for (double& x : rel) {
        x -= mean;
        lowest = std::min(lowest, x);
        highest = std::max(highest, x);
    }

    // Fills widths for shift t and returns their sum.
    auto fill = [&](double t) {
        uint64_t total = 0;
        for (uint64_t r = 0; r < rows; ++r) total += widths[r] = nearestLevel(budget + t + rel[r]);
        return static_cast<double>(total);
    };
    const double n = static_cast<double>(rows), allowed = budget * n * (1.0 + 1e-12);
    auto fits = [&](double t) { return fill(t) <= allowed; };
    if (const double total = fill(0.0); total <= allowed && total >= (budget - kReferenceSlack) * n * (1.0 - 1e-12))
        return widths;

    double tFits = kMinBits - 1.0 - budget - highest; // every row at 3 bits: fits
    double tOver = kMaxBits + 1.0 - budget - lowest;  // every row at 8 bits
    if (fits(tOver)) return widths;                   // the budget is 8
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (tFits + tOver);
        if (mid <= tFits || mid >= tOver) break; // adjacent doubles
        (fits(mid) ? tFits : tOver) = mid;
    }
    fits(tFits);
    return widths;
}

// Appends values as b-bit codes, MSB-first.
class BitWriter {
public:
    explicit BitWriter(uint8_t* out) : out_(out) {}
    void put(uint32_t code, unsigned bits) {
        acc_ = (acc_ << bits) | code;
        have_ += bits;
        while (have_ >= 8) {
            have_ -= 8;
            *out_++ = static_cast<uint8_t>(acc_ >> have_);
        }
        acc_ &= (1u << have_) - 1; // keep only the pending bits
    }
    // Pads the row to a byte with zero bits.
    uint8_t* finish() {
        if (have_ != 0) *out_++ = static_cast<uint8_t>(acc_ << (8 - have_));
        acc_ = have_ = 0;
        return out_;
    }

private:
    uint8_t* out_;
    uint32_t acc_ = 0;
    unsigned have_ = 0;
};

} // namespace

std::vector<uint8_t> encodeVbit(DType t, TensorShape s, const float* v, double meanBits) {
    const uint64_t rows = s.rows, in = s.cols, gpr = in / kGroup;
    const std::vector<uint8_t> widths = allocateWidths(s, v, meanBits);

    uint64_t packed = 0;
    for (uint8_t b : widths) packed += (in * b + 7) / 8;
    const uint64_t scalesOff = rows, tableOff = scalesOff + rows * gpr * 2;
    const uint64_t packedOff = t == DType::VBitRo ? tableOff + (rows + 1) * 4 : tableOff;
    std::vector<uint8_t> out(packedOff + packed);
    std::copy(widths.begin(), widths.end(), out.begin());

    uint8_t* scales = out.data() + scalesOff;
    uint8_t* const packedStart = out.data() + packedOff;
    BitWriter writer(packedStart);
    for (uint64_t r = 0; r < rows; ++r) {
        const unsigned b = widths[r];
        const float level = static_cast<float>((1u << (b - 1)) - 1); // L
        for (uint64_t g = 0; g < gpr; ++g) {
            const float* w = v + r * in + g * kGroup;
            const uint16_t h = scaleBits(absMax(w, kGroup) / level, t, "group", r * gpr + g);
            storeU16(scales + 2 * (r * gpr + g), h);
            const float scale = f16ToF32(h);
            for (uint64_t k = 0; k < kGroup; ++k)
                writer.put(static_cast<uint32_t>(roundClamped(w[k] / scale, -level, level) + level), b);
        }
        uint8_t* rowEnd = writer.finish();
        if (t == DType::VBitRo) // offsets of the row ends: entry r + 1 (entry 0 stays 0)
            storeU32(out.data() + tableOff + 4 * (r + 1), static_cast<uint32_t>(rowEnd - packedStart));
    }
    return out;
}

} // namespace cmf::encoders
