#pragma once
// UTF-8 handling and the Unicode character classes the Hugging Face pipeline
// relies on. HF is written in Rust, so "whitespace", "numeric", "\w" and so on
// mean what Rust's std and regex crate say (listed per function), not what
// <cctype> says. Categories and normalization come from utf8proc.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cmf::engine::tok {

// ---- UTF-8 ------------------------------------------------------------------

// Byte length of the UTF-8 sequence that starts with `lead` (1 for a stray byte).
inline size_t utf8SeqLen(uint8_t lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

// Decodes the character at s[i] and advances i. `s` must be valid UTF-8.
inline char32_t nextChar(std::string_view s, size_t& i) {
    const auto b0 = static_cast<uint8_t>(s[i]);
    if (b0 < 0x80) {
        ++i;
        return b0;
    }
    const size_t n = utf8SeqLen(b0);
    char32_t c = n == 2 ? (b0 & 0x1F) : n == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<uint8_t>(s[i + k]) & 0x3F);
    i += n;
    return c;
}

// Start of the character that ends at s[end) (end > 0). `s` must be valid UTF-8.
inline size_t prevCharStart(std::string_view s, size_t end) {
    size_t i = end - 1;
    while (i > 0 && (static_cast<uint8_t>(s[i]) & 0xC0) == 0x80) --i;
    return i;
}

void appendUtf8(std::string& out, char32_t c);
inline std::string utf8(char32_t c) {
    std::string s;
    appendUtf8(s, c);
    return s;
}

// True when `s` is well-formed UTF-8 (no surrogates, no overlongs, <= U+10FFFF).
bool isValidUtf8(std::string_view s);
// Replaces each maximal ill-formed subsequence with U+FFFD, the way Rust's
// String::from_utf8_lossy does (and so HF's byte-level decoder).
std::string utf8Lossy(std::string_view s);

// ---- Character classes ---------------------------------------------------------

// Rust char::is_whitespace and regex \s: the Unicode White_Space property.
bool isWhitespace(char32_t c);
// Rust regex crate \w (Unicode): Alphabetic, marks, Nd, Pc, Join_Control.
bool isRegexWordChar(char32_t c);
// Rust char::is_numeric: general category Nd, Nl or No.
bool isNumeric(char32_t c);
// Unicode general category P* (the unicode_categories crate's is_punctuation).
bool isPunctuation(char32_t c);
inline bool isAsciiPunctuation(char32_t c) {
    return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E);
}
// unicode_categories is_other as BertNormalizer uses it: Cc, Cf, Co or Cs
// (not Cn: unassigned code points stay).
bool isOtherCategory(char32_t c);
bool isMarkNonspacing(char32_t c); // Mn
bool isMark(char32_t c);           // Mn, Mc, Me
// BertNormalizer's "Chinese character": the CJK ideograph blocks.
bool isChineseChar(char32_t c);

// ---- Case and normalization ---------------------------------------------------------

// Rust char::to_lowercase (full mapping, no context: U+0130 becomes "i\u0307").
void appendLowercase(std::string& out, char32_t c);

enum class NormForm { NFC, NFD, NFKC, NFKD };

// True when a normalization chunk may start at `c`: whatever precedes it cannot
// reorder or compose with it, so text can be normalized piecewise at such
// characters (the piece boundaries HF's alignments come out of too).
bool isNormBoundary(char32_t c);
// True when `c` alone, followed by a boundary, is unchanged by `form`.
bool isNormInert(char32_t c, NormForm form);
// Normalizes one chunk (a boundary character and what follows up to the next
// boundary) and appends the result to `out`.
void normalizeChunk(std::string_view chunk, NormForm form, std::string& out);

// ---- Where HF's Unicode data is older or newer than utf8proc's ------------------------
// (measured tables in unicode_hf_tables.cpp; the predicates above apply them)
namespace hfdata {
// A character HF's normalizer treats as a plain starter (no decomposition,
// class 0, composes with nothing) because its tables predate it.
bool normalizationUnknown(char32_t c);
// 1 / 0 where HF's answer overrides utf8proc's, -1 where they agree.
int punctuationOverride(char32_t c);
int markOverride(char32_t c);
int markNonspacingOverride(char32_t c);
bool notOther(char32_t c);
// HF's lowercase where utf8proc has none yet; 0 otherwise.
char32_t extraLowercase(char32_t c);
} // namespace hfdata

// ---- GPT-2 byte-level alphabet -------------------------------------------------------

// Each byte maps to one printable code point (bytes that are printable Latin-1
// map to themselves, the others to U+0100 and up), so byte strings can live in
// a vocabulary of ordinary strings.
struct ByteLevelTable {
    std::array<char32_t, 256> byteToChar{};
    std::array<std::string, 256> byteToUtf8{};
    // Inverse for code points below 0x180 (all of the alphabet); -1 elsewhere.
    std::array<int16_t, 0x180> charToByte{};
};
const ByteLevelTable& byteLevelTable();
// The byte a byte-level character stands for, or -1.
inline int byteLevelByte(char32_t c) {
    return c < 0x180 ? byteLevelTable().charToByte[c] : -1;
}

} // namespace cmf::engine::tok
