#include "cmf/format/base64.h"

#include "cmf/format/error.h"
#include "cmf/format/half.h"

namespace cmf {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int valueOf(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

} // namespace

std::string base64Encode(const uint8_t* data, size_t n) {
    std::string out;
    out.reserve((n + 2) / 3 * 4);
    for (size_t i = 0; i < n; i += 3) {
        const uint32_t b = uint32_t(data[i]) << 16 | (i + 1 < n ? uint32_t(data[i + 1]) << 8 : 0) | (i + 2 < n ? data[i + 2] : 0);
        out += kAlphabet[(b >> 18) & 63];
        out += kAlphabet[(b >> 12) & 63];
        out += i + 1 < n ? kAlphabet[(b >> 6) & 63] : '=';
        out += i + 2 < n ? kAlphabet[b & 63] : '=';
    }
    return out;
}

std::vector<uint8_t> base64Decode(std::string_view text) {
    if (text.size() % 4 != 0) throw Error(ErrorKind::Parse, "base64: length " + std::to_string(text.size()) + " is not a multiple of 4");
    std::vector<uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        uint32_t b = 0;
        int pad = 0;
        for (size_t k = 0; k < 4; ++k) {
            const char c = text[i + k];
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                ++pad;
                b <<= 6;
                continue;
            }
            const int v = valueOf(c);
            if (v < 0 || pad) throw Error(ErrorKind::Parse, "base64: bad character at " + std::to_string(i + k));
            b = b << 6 | uint32_t(v);
        }
        out.push_back(uint8_t(b >> 16));
        if (pad < 2) out.push_back(uint8_t(b >> 8));
        if (pad < 1) out.push_back(uint8_t(b));
    }
    return out;
}

std::string f16Base64(const std::vector<float>& values) {
    std::vector<uint8_t> bytes(values.size() * 2);
    for (size_t i = 0; i < values.size(); ++i) {
        const uint16_t h = f32ToF16(values[i]);
        bytes[2 * i] = uint8_t(h & 0xFF);
        bytes[2 * i + 1] = uint8_t(h >> 8);
    }
    return base64Encode(bytes.data(), bytes.size());
}

std::vector<float> f16FromBase64(std::string_view text) {
    const auto bytes = base64Decode(text);
    if (bytes.size() % 2) throw Error(ErrorKind::Parse, "f16 base64: odd byte count " + std::to_string(bytes.size()));
    std::vector<float> out(bytes.size() / 2);
    for (size_t i = 0; i < out.size(); ++i) out[i] = f16ToF32(uint16_t(bytes[2 * i] | bytes[2 * i + 1] << 8));
    return out;
}

} // namespace cmf
