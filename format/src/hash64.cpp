#include "cmf/format/hash64.h"
#include "cmf/format/half.h"

#include <cstring>

namespace cmf {
namespace {

constexpr uint64_t kSalt = 0x9E3779B97F4A7C15ull;

inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

} // namespace

// Each word contributes fmix64(word) ^ (index * salt); contributions are
// XOR-folded, so disjoint word ranges can be hashed in any order and combined.
uint64_t hash64Partial(const uint8_t* data, uint64_t len, uint64_t firstWordIndex) {
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    uint64_t i = firstWordIndex;
    const uint64_t words = len / 8;
    uint64_t w = 0;
    // Four independent accumulators keep the multipliers busy.
    for (; w + 4 <= words; w += 4, i += 4) {
        const uint8_t* p = data + w * 8;
        a0 ^= fmix64(loadU64(p)) ^ (i * kSalt);
        a1 ^= fmix64(loadU64(p + 8)) ^ ((i + 1) * kSalt);
        a2 ^= fmix64(loadU64(p + 16)) ^ ((i + 2) * kSalt);
        a3 ^= fmix64(loadU64(p + 24)) ^ ((i + 3) * kSalt);
    }
    for (; w < words; ++w, ++i) a0 ^= fmix64(loadU64(data + w * 8)) ^ (i * kSalt);
    const uint64_t tail = len % 8;
    if (tail) {
        uint8_t buf[8] = {};
        std::memcpy(buf, data + words * 8, tail); // zero-padded last word
        a0 ^= fmix64(loadU64(buf)) ^ (i * kSalt);
    }
    return a0 ^ a1 ^ a2 ^ a3;
}

uint64_t hash64Finish(uint64_t foldedWords, uint64_t totalLen) { return fmix64(foldedWords ^ totalLen); }

uint64_t hash64(const void* data, uint64_t len) {
    return hash64Finish(hash64Partial(static_cast<const uint8_t*>(data), len, 0), len);
}

std::string hex64(uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) s[size_t(i)] = digits[v & 0xF];
    return s;
}

namespace {
int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

std::optional<uint64_t> parseHex64(std::string_view s) {
    if (s.empty() || s.size() > 16) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        const int d = hexDigit(c);
        if (d < 0) return std::nullopt;
        v = (v << 4) | uint64_t(d);
    }
    return v;
}

std::string toHex(const uint8_t* data, size_t len) {
    static const char* digits = "0123456789abcdef";
    std::string s(len * 2, '0');
    for (size_t i = 0; i < len; ++i) {
        s[2 * i] = digits[data[i] >> 4];
        s[2 * i + 1] = digits[data[i] & 0xF];
    }
    return s;
}

std::optional<std::string> fromHex(std::string_view s) {
    if (s.size() % 2) return std::nullopt;
    std::string out(s.size() / 2, '\0');
    for (size_t i = 0; i < out.size(); ++i) {
        const int hi = hexDigit(s[2 * i]), lo = hexDigit(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out[i] = char((hi << 4) | lo);
    }
    return out;
}

} // namespace cmf
