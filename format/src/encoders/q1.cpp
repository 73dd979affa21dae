// The 1-bit family of §3.2 (2-D, in % 32 == 0, tiles in row order).
//   q1   per 32-group [f16 scale][4B sign bits]: bit = (w >= 0), scale =
//        mean|group| — the L2-optimal level for those signs.
//   q1s  q1 tiles whose scales leave the outliers out, then [u32 count] and
//        {[u32 flat index][f16 value]} for each outlier, in index order.
//   q1t  per 32-group [f16 scale][7B base-3 codes] (0 → 0, 1 → +s, 2 → −s;
//        value j is digit j % 5 of byte j / 5, digit 0 least significant),
//        then [u32 row_ptr[rows+1]] and {[u16 col][f16 value]} per outlier.
//
// Outliers (q1s, q1t): the floor(outlierFraction · n) weights of largest |w|
// over the whole tensor, ties to the lower flat index, kept as f16.
//
// q1t's level and threshold: per group, the L2-optimal ternary fit of the
// non-outlier weights. For a given set S of nonzero positions the best level
// is s = mean over S of |w| and the squared error is Σw² − (Σ_S |w|)²/|S|;
// S is optimally the k largest |w| for some k, so all 32 k are tried and
// the one maximising (Σ_top-k |w|)²/k wins. After s is rounded to f16 each
// weight takes the nearest of {0, ±s} (zero below s/2). This captures the
// near-zero weights exactly, the point of ternary over binary.
//
// The 1-bit scales are not floored at the smallest normal f16 as the
// dividing quantizers' are: no weight is divided by them, and a zero group
// is exact with scale 0.
#include "encoders_internal.h"

#include <array>
#include <bit>
#include <cmath>
#include <functional>

namespace cmf::encoders {
namespace {

constexpr uint64_t kQ1Tile = 2 + kGroup / 8;     // 6
constexpr uint64_t kTernaryBytes = 7;            // ceil(32 / 5)
constexpr uint64_t kQ1tTile = 2 + kTernaryBytes; // 9
constexpr unsigned kTernaryPerByte = 5;

inline uint32_t absBits(float w) { return std::bit_cast<uint32_t>(w) & 0x7FFFFFFFu; } // monotone in |w|

// Picks the k weights of largest |w| by a two-pass radix select on the
// float bits (16 high bits, then 16 low bits within the boundary bucket), so
// no index array of the tensor's size is needed. Then take() answers, for
// each weight in flat order, whether it is one of them.
class OutlierSelector {
public:
    OutlierSelector(const float* v, uint64_t n, uint64_t k) {
        if (k == 0) return; // threshold_ above every |w|: nothing taken
        std::vector<uint64_t> hist(uint64_t(1) << 16, 0);
        for (uint64_t i = 0; i < n; ++i) ++hist[absBits(v[i]) >> 16];
        uint64_t above = 0;
        const uint32_t high = boundary(hist, k, above);
        std::fill(hist.begin(), hist.end(), 0);
        for (uint64_t i = 0; i < n; ++i)
            if (absBits(v[i]) >> 16 == high) ++hist[absBits(v[i]) & 0xFFFFu];
        const uint32_t low = boundary(hist, k, above);
        threshold_ = (high << 16) | low;
        ties_ = k - above;
    }
    // Call once per weight, in flat order.
    bool take(float w) {
        const uint32_t a = absBits(w);
        if (a > threshold_) return true;
        if (a == threshold_ && ties_ != 0) {
            --ties_;
            return true;
        }
        return false;
    }

private:
    // The highest bucket at which the count from the top reaches k; `above`
    // gains the count of the buckets above it.
    static uint32_t boundary(const std::vector<uint64_t>& hist, uint64_t k, uint64_t& above) {
        for (uint32_t b = static_cast<uint32_t>(hist.size()) - 1;; --b) {
            if (above + hist[b] >= k || b == 0) return b;
            above += hist[b];
        }
    }

    uint32_t threshold_ = 0xFFFFFFFFu;
    uint64_t ties_ = 0;
};

uint64_t outlierCount(uint64_t n, double fraction) {
    const double k = std::floor(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(n));
    return std::min<uint64_t>(static_cast<uint64_t>(k), 0xFFFFFFFFu); // the counts are u32
}

// An f16 level from a float64 mean (no floor, see above).
uint16_t levelBits(double level, DType t, uint64_t tile) {
    const uint16_t h = f64ToF16(level);
    if (h >= kF16ExponentMask) failF16Range(t, "tile " + std::to_string(tile) + " level", level);
    return h;
}

// One q1 tile; skip[k] marks outliers, which stay out of the scale (their
// sign bit is written but the overlay replaces the value).
void q1Tile(const float* w, const bool* skip, DType t, uint64_t tile, uint8_t* out) {
    double sum = 0.0;
    unsigned count = 0;
    for (uint64_t k = 0; k < kGroup; ++k)
        if (!skip[k]) {
            sum += std::abs(static_cast<double>(w[k]));
            ++count;
        }
    storeU16(out, levelBits(count != 0 ? sum / count : 0.0, t, tile));
    for (uint64_t j = 0; j < kGroup / 8; ++j) {
        unsigned bits = 0;
        for (unsigned k = 0; k < 8; ++k) bits |= (w[8 * j + k] >= 0.0f ? 1u : 0u) << k;
        out[2 + j] = static_cast<uint8_t>(bits);
    }
}

// One q1t tile (see the header comment for the fit).
void q1tTile(const float* w, const bool* skip, uint64_t tile, uint8_t* out) {
    std::array<float, kGroup> mag{};
    unsigned m = 0;
    for (uint64_t k = 0; k < kGroup; ++k)
        if (!skip[k]) mag[m++] = std::abs(w[k]);
    std::sort(mag.begin(), mag.begin() + m, std::greater<float>());
    double prefix = 0.0, bestGain = 0.0, level = 0.0;
    for (unsigned k = 1; k <= m; ++k) {
        prefix += mag[k - 1];
        const double gain = prefix * prefix / k; // error reduction of the top-k fit
        if (gain > bestGain) {
            bestGain = gain;
            level = prefix / k;
        }
    }
    const uint16_t h = levelBits(level, DType::Q1T, tile);
    storeU16(out, h);
    const float s = f16ToF32(h), half = 0.5f * s;

    uint8_t digits[kTernaryBytes * kTernaryPerByte] = {}; // 35: the tail stays 0
    for (uint64_t k = 0; k < kGroup; ++k)
        if (!skip[k] && s > 0.0f && std::abs(w[k]) > half) digits[k] = w[k] > 0.0f ? 1 : 2;
    for (uint64_t j = 0; j < kTernaryBytes; ++j) {
        unsigned byte = 0;
        for (unsigned d = kTernaryPerByte; d-- > 0;) byte = byte * 3 + digits[j * kTernaryPerByte + d];
        out[2 + j] = static_cast<uint8_t>(byte); // <= 242
    }
}

std::vector<uint8_t> encodeQ1Plain(TensorShape s, const float* v) {
    const uint64_t tiles = s.count() / kGroup;
    std::vector<uint8_t> out(tiles * kQ1Tile);
    const bool none[kGroup] = {};
    for (uint64_t g = 0; g < tiles; ++g) q1Tile(v + g * kGroup, none, DType::Q1, g, out.data() + g * kQ1Tile);
    return out;
}

std::vector<uint8_t> encodeQ1s(TensorShape s, const float* v, double fraction) {
    const uint64_t n = s.count(), tiles = n / kGroup, k = outlierCount(n, fraction);
    const uint64_t countOff = tiles * kQ1Tile;
    std::vector<uint8_t> out(countOff + 4 + k * 6);
    storeU32(out.data() + countOff, static_cast<uint32_t>(k));
    uint8_t* entry = out.data() + countOff + 4;

    OutlierSelector outliers(v, n, k);
    bool skip[kGroup];
    for (uint64_t g = 0; g < tiles; ++g) {
        const float* w = v + g * kGroup;
        for (uint64_t j = 0; j < kGroup; ++j) {
            skip[j] = outliers.take(w[j]);
            if (!skip[j]) continue;
            const uint64_t index = g * kGroup + j;
            storeU32(entry, static_cast<uint32_t>(index));
            storeU16(entry + 4, valueBits(w[j], DType::Q1S, index / s.cols, index % s.cols));
            entry += 6;
        }
        q1Tile(w, skip, DType::Q1S, g, out.data() + g * kQ1Tile);
    }
    return out;
}

std::vector<uint8_t> encodeQ1t(TensorShape s, const float* v, double fraction) {
    const uint64_t n = s.count(), rows = s.rows, gpr = s.cols / kGroup, k = outlierCount(n, fraction);
    const uint64_t rowPtrOff = rows * gpr * kQ1tTile, entriesOff = rowPtrOff + (rows + 1) * 4;
    std::vector<uint8_t> out(entriesOff + k * 4);
    uint8_t* entry = out.data() + entriesOff;

    OutlierSelector outliers(v, n, k);
    bool skip[kGroup];
    uint32_t count = 0; // row_ptr[0] = 0 already
    for (uint64_t r = 0; r < rows; ++r) {
        for (uint64_t g = 0; g < gpr; ++g) {
            const float* w = v + r * s.cols + g * kGroup;
            for (uint64_t j = 0; j < kGroup; ++j) {
                skip[j] = outliers.take(w[j]);
                if (!skip[j]) continue;
                const uint64_t col = g * kGroup + j;
                storeU16(entry, static_cast<uint16_t>(col));
                storeU16(entry + 2, valueBits(w[j], DType::Q1T, r, col));
                entry += 4;
                ++count;
            }
            const uint64_t tile = r * gpr + g;
            q1tTile(w, skip, tile, out.data() + tile * kQ1tTile);
        }
        storeU32(out.data() + rowPtrOff + 4 * (r + 1), count);
    }
    return out;
}

} // namespace

std::vector<uint8_t> encodeQ1(DType t, TensorShape s, const float* v, double outlierFraction) {
    switch (t) {
    case DType::Q1: return encodeQ1Plain(s, v);
    case DType::Q1S: return encodeQ1s(s, v, outlierFraction);
    default: return encodeQ1t(s, v, outlierFraction);
    }
}

} // namespace cmf::encoders
