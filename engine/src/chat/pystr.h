#pragma once
// Python's str algorithms on UTF-8 text: indices and lengths count code points, whitespace
// and case follow Python's Unicode rules. Templates call these as methods (s.split('x')[-1],
// s.rstrip('\n'), ...) and filters build on them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::chat::pystr {

// Maps code point indices to byte offsets (identity for ASCII text).
class Index {
public:
    explicit Index(std::string_view s);
    int64_t size() const { return n_; }
    size_t byteAt(int64_t cp) const; // cp in [0, size()]
    int64_t cpAt(size_t byte) const; // byte on a code point boundary

private:
    std::string_view s_;
    int64_t n_ = 0;
    std::vector<uint32_t> offsets_; // empty for ASCII
};

// Python's slice/find argument adjustment: clamps [start, end) into [0, len].
void adjustRange(int64_t len, std::optional<int64_t> start, std::optional<int64_t> end, int64_t& lo, int64_t& hi);

std::string upper(std::string_view s);
std::string lower(std::string_view s);
std::string casefold(std::string_view s);
std::string swapcase(std::string_view s);
std::string title(std::string_view s);
std::string capitalize(std::string_view s);

// strip/lstrip/rstrip; chars == nullptr strips whitespace.
std::string strip(std::string_view s, const std::string* chars, bool left, bool right);
// split/rsplit; sep == nullptr splits on runs of whitespace. maxsplit < 0: no limit.
// Throws ValueError("empty separator").
std::vector<std::string> split(std::string_view s, const std::string* sep, int64_t maxsplit);
std::vector<std::string> rsplit(std::string_view s, const std::string* sep, int64_t maxsplit);
std::vector<std::string> splitlines(std::string_view s, bool keepends);
std::string replace(std::string_view s, std::string_view from, std::string_view to, int64_t count);

// Results and arguments are code point indices; -1 when not found.
int64_t find(std::string_view s, std::string_view sub, std::optional<int64_t> start, std::optional<int64_t> end, bool reverse);
int64_t count(std::string_view s, std::string_view sub, std::optional<int64_t> start, std::optional<int64_t> end);
bool startsWith(std::string_view s, std::string_view prefix, std::optional<int64_t> start, std::optional<int64_t> end, bool ends);

// Padding: width and fill count code points. center follows CPython's rounding.
std::string pad(std::string_view s, int64_t width, char32_t fill, char align); // '<' '>' '^'
std::string center(std::string_view s, int64_t width, char32_t fill);
std::string zfill(std::string_view s, int64_t width);
std::string expandtabs(std::string_view s, int64_t tabsize);

enum class Pred { Space, Alpha, Alnum, Decimal, Digit, Numeric, Printable, Ascii, Lower, Upper, Title, Identifier };
bool is(std::string_view s, Pred p);

// The code points start, start+step, ... (count of them): a slice after Python's index
// adjustment (see sliceIndices in access.h).
std::string slice(std::string_view s, int64_t start, int64_t step, int64_t count);

} // namespace cmf::engine::chat::pystr
