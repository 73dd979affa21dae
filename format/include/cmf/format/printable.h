#pragma once
// Bytes from a file made safe to show: every text that quotes file bytes
// (error messages, verify problems, JSON reports, terminal output) goes
// through printable(), so a header with a stray 0xFB neither aborts a JSON
// writer (nlohmann throws on invalid UTF-8) nor sends raw control bytes to a
// terminal.
#include <cstddef>
#include <string>
#include <string_view>

namespace cmf {

// Length of the valid UTF-8 sequence starting at p (1-4), or 0 when the bytes
// there are not one (overlong forms, surrogates, > U+10FFFF, truncated).
size_t utf8SequenceLength(const unsigned char* p, size_t n);

// Valid UTF-8 text passes unchanged except control characters; every byte
// that is not part of a valid sequence, and every C0 control byte other than
// tab and newline (and DEL), is written as \xNN. The result is always valid
// UTF-8. Backslashes are kept as they are.
std::string printable(std::string_view bytes);

// printable() of at most maxBytes, with "…" when cut (never inside a sequence).
std::string printablePrefix(std::string_view bytes, size_t maxBytes);

} // namespace cmf
