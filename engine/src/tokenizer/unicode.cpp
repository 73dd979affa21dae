#include "tokenizer/unicode.h"

#include <utf8proc.h>

#include <vector>

namespace cmf::engine::tok {

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (c >> 12)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (c >> 18)));
        out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
}

namespace {

// Length of the well-formed sequence at s[i], or 0 with `bad` set to the number
// of bytes that form the maximal ill-formed subpart (Unicode's "maximal subpart"
// rule, which Rust's from_utf8_lossy follows: one U+FFFD per subpart).
size_t wellFormedAt(std::string_view s, size_t i, size_t& bad) {
    const auto b0 = static_cast<uint8_t>(s[i]);
    if (b0 < 0x80) return 1;
    size_t n = 0;
    uint8_t lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) n = 2;
    else if (b0 == 0xE0) n = 3, lo = 0xA0;
    else if ((b0 >= 0xE1 && b0 <= 0xEC) || b0 == 0xEE || b0 == 0xEF) n = 3;
    else if (b0 == 0xED) n = 3, hi = 0x9F;
    else if (b0 == 0xF0) n = 4, lo = 0x90;
    else if (b0 >= 0xF1 && b0 <= 0xF3) n = 4;
    else if (b0 == 0xF4) n = 4, hi = 0x8F;
    if (n == 0) {
        bad = 1;
        return 0;
    }
    for (size_t k = 1; k < n; ++k) {
        if (i + k >= s.size()) {
            bad = k;
            return 0;
        }
        const auto b = static_cast<uint8_t>(s[i + k]);
        const uint8_t l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
        if (b < l || b > h) {
            bad = k;
            return 0;
        }
    }
    return n;
}

} // namespace

bool isValidUtf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        // ASCII runs are the common case; skip them eight bytes at a time.
        while (i + 8 <= s.size()) {
            uint64_t w;
            __builtin_memcpy(&w, s.data() + i, 8);
            if (w & 0x8080808080808080ull) break;
            i += 8;
        }
        if (i >= s.size()) break;
        size_t bad = 0;
        const size_t n = wellFormedAt(s, i, bad);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string utf8Lossy(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 8);
    size_t i = 0;
    while (i < s.size()) {
        size_t bad = 0;
        const size_t n = wellFormedAt(s, i, bad);
        if (n) {
            out.append(s.data() + i, n);
            i += n;
        } else {
            out += "\xEF\xBF\xBD";
            i += bad;
        }
    }
    return out;
}

// ---- Character classes -------------------------------------------------------------

bool isWhitespace(char32_t c) {
    if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D);
    if (c < 0x85) return false;
    switch (c) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200A;
    }
}

namespace {

int category(char32_t c) {
    return utf8proc_category(static_cast<utf8proc_int32_t>(c));
}

bool isLetterCat(int cat) {
    return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
}
bool isMarkCat(int cat) {
    return cat >= UTF8PROC_CATEGORY_MN && cat <= UTF8PROC_CATEGORY_ME;
}

// Other_Alphabetic code points outside the marks: circled and squared Latin letters.
bool isAlphabeticSymbol(char32_t c) {
    return (c >= 0x24B6 && c <= 0x24E9) || (c >= 0x1F130 && c <= 0x1F149) || (c >= 0x1F150 && c <= 0x1F169) ||
           (c >= 0x1F170 && c <= 0x1F189);
}

} // namespace

bool isRegexWordChar(char32_t c) {
    if (c < 0x80) return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const int cat = category(c);
    return isLetterCat(cat) || isMarkCat(cat) || cat == UTF8PROC_CATEGORY_ND || cat == UTF8PROC_CATEGORY_NL ||
           cat == UTF8PROC_CATEGORY_PC || c == 0x200C || c == 0x200D || isAlphabeticSymbol(c);
}

bool isNumeric(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9';
    const int cat = category(c);
    return cat == UTF8PROC_CATEGORY_ND || cat == UTF8PROC_CATEGORY_NL || cat == UTF8PROC_CATEGORY_NO;
}

bool isPunctuation(char32_t c) {
    if (c >= 0x80) {
        if (const int o = hfdata::punctuationOverride(c); o >= 0) return o == 1;
    }
    const int cat = category(c);
    return cat >= UTF8PROC_CATEGORY_PC && cat <= UTF8PROC_CATEGORY_PO;
}

bool isOtherCategory(char32_t c) {
    if (c >= 0x80 && hfdata::notOther(c)) return false;
    const int cat = category(c);
    return cat == UTF8PROC_CATEGORY_CC || cat == UTF8PROC_CATEGORY_CF || cat == UTF8PROC_CATEGORY_CO ||
           cat == UTF8PROC_CATEGORY_CS;
}

bool isMarkNonspacing(char32_t c) {
    if (c < 0x300) return false;
    if (const int o = hfdata::markNonspacingOverride(c); o >= 0) return o == 1;
    return category(c) == UTF8PROC_CATEGORY_MN;
}

bool isMark(char32_t c) {
    if (c < 0x300) return false;
    if (const int o = hfdata::markOverride(c); o >= 0) return o == 1;
    return isMarkCat(category(c));
}

bool isChineseChar(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
           (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// ---- Case and normalization --------------------------------------------------------------

void appendLowercase(std::string& out, char32_t c) {
    if (c < 0x80) {
        out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
        return;
    }
    // The one unconditional multi-character lowercase mapping (SpecialCasing.txt).
    if (c == 0x130) {
        out += "i\xCC\x87";
        return;
    }
    if (const char32_t l = hfdata::extraLowercase(c)) return appendUtf8(out, l);
    appendUtf8(out, static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))));
}

namespace {

constexpr uint16_t kNoIndex = UINT16_MAX;

bool hasDecomposition(const utf8proc_property_t* p) {
    return p->decomp_seqindex != kNoIndex;
}

// utf8proc marks code points that can be the second half of a canonical
// composition with comb_index >= 0x8000; Hangul jamo compose algorithmically.
bool composesBackward(char32_t c, const utf8proc_property_t* p) {
    if ((c >= 0x1161 && c <= 0x1175) || (c >= 0x11A8 && c <= 0x11C2)) return true;
    return p->comb_index != kNoIndex && p->comb_index >= 0x8000;
}

} // namespace

bool isNormBoundary(char32_t c) {
    // Everything below U+0300 is a starter that never composes with what
    // precedes it (the combining marks begin at U+0300).
    if (c < 0x300) return true;
    if (hfdata::normalizationUnknown(c)) return true;
    const auto* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
    return p->combining_class == 0 && !hasDecomposition(p) && !composesBackward(c, p);
}

bool isNormInert(char32_t c, NormForm form) {
    if (c < 0x80) return true;
    if (!isNormBoundary(c)) return false;
    if (c < 0x300) return !hasDecomposition(utf8proc_get_property(static_cast<utf8proc_int32_t>(c)));
    if (hfdata::normalizationUnknown(c)) return true;
    // Hangul syllables decompose algorithmically (no table entry).
    if ((form == NormForm::NFD || form == NormForm::NFKD) && c >= 0xAC00 && c <= 0xD7A3) return false;
    return true;
}

void normalizeChunk(std::string_view chunk, NormForm form, std::string& out) {
    int options = UTF8PROC_STABLE;
    options |= (form == NormForm::NFC || form == NormForm::NFKC) ? UTF8PROC_COMPOSE : UTF8PROC_DECOMPOSE;
    if (form == NormForm::NFKC || form == NormForm::NFKD) options |= UTF8PROC_COMPAT;
    thread_local std::vector<utf8proc_int32_t> buf;
    if (buf.size() < chunk.size() * 4 + 16) buf.resize(chunk.size() * 4 + 16);
    const auto* src = reinterpret_cast<const utf8proc_uint8_t*>(chunk.data());
    const auto len = static_cast<utf8proc_ssize_t>(chunk.size());
    // Decompose (and reorder) first; composition is a second pass over the
    // buffer (utf8proc_decompose decomposes for COMPOSE too, but never composes).
    const auto decomposeOptions = static_cast<utf8proc_option_t>(options);
    utf8proc_ssize_t n = utf8proc_decompose(src, len, buf.data(), static_cast<utf8proc_ssize_t>(buf.size()), decomposeOptions);
    if (n > static_cast<utf8proc_ssize_t>(buf.size())) {
        buf.resize(static_cast<size_t>(n));
        n = utf8proc_decompose(src, len, buf.data(), n, decomposeOptions);
    }
    if (n < 0) { // cannot happen for valid UTF-8; keep the text rather than lose it
        out.append(chunk);
        return;
    }
    if (options & UTF8PROC_COMPOSE) n = utf8proc_normalize_utf32(buf.data(), n, static_cast<utf8proc_option_t>(options));
    for (utf8proc_ssize_t i = 0; i < n; ++i) appendUtf8(out, static_cast<char32_t>(buf[static_cast<size_t>(i)]));
}

// ---- Byte level ---------------------------------------------------------------------

const ByteLevelTable& byteLevelTable() {
    static const ByteLevelTable table = [] {
        ByteLevelTable t;
        t.charToByte.fill(-1);
        int next = 0;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
            const char32_t c = printable ? static_cast<char32_t>(b) : static_cast<char32_t>(0x100 + next++);
            t.byteToChar[static_cast<size_t>(b)] = c;
            t.byteToUtf8[static_cast<size_t>(b)] = utf8(c);
            t.charToByte[c] = static_cast<int16_t>(b);
        }
        return t;
    }();
    return table;
}

} // namespace cmf::engine::tok
