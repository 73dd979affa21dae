#include "cmf/format/printable.h"

#include <cstdint>
#include <algorithm>
#include <cstdio>

namespace cmf {

size_t utf8SequenceLength(const unsigned char* p, size_t n) {
    if (n == 0) return 0;
    const unsigned c = p[0];
    if (c < 0x80) return 1;
    size_t len;
    uint32_t cp, min;
    if ((c & 0xE0) == 0xC0) {
        len = 2, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len > n) return 0;
    for (size_t k = 1; k < len; ++k) {
        if ((p[k] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (p[k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

namespace {

void escapeByte(std::string& out, unsigned char b) {
    char buf[5];
    std::snprintf(buf, sizeof buf, "\\x%02x", b);
    out += buf;
}

bool isControl(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F; }

} // namespace

std::string printable(std::string_view bytes) { return printablePrefix(bytes, bytes.size()); }

std::string printablePrefix(std::string_view bytes, size_t maxBytes) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const size_t n = bytes.size();
    std::string out;
    out.reserve(std::min(n, maxBytes) + 8);
    size_t i = 0;
    while (i < n && i < maxBytes) {
        const size_t len = utf8SequenceLength(p + i, n - i);
        if (len == 0 || (len == 1 && isControl(p[i]))) {
            escapeByte(out, p[i]);
            ++i;
            continue;
        }
        if (i + len > maxBytes) break;
        out.append(bytes.substr(i, len));
        i += len;
    }
    if (i < n) out += "\u2026";
    return out;
}

} // namespace cmf
