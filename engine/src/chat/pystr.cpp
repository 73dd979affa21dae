#include "chat/pystr.h"

#include "chat/errors.h"
#include "chat/unicode.h"

#include <algorithm>

namespace cmf::engine::chat::pystr {
namespace {

std::u32string decode(std::string_view s) {
    std::u32string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) out += decodeAt(s, i);
    return out;
}

std::string encode(const std::u32string& s) {
    std::string out;
    out.reserve(s.size());
    for (const char32_t c : s) appendUtf8(out, c);
    return out;
}

// Lowercase of s[i] in context: capital sigma becomes final sigma at the end of a word
// (CPython's handle_capital_sigma).
void appendLowerAt(std::string& out, const std::u32string& s, size_t i) {
    const char32_t c = s[i];
    if (c != 0x3A3) {
        appendLower(out, c);
        return;
    }
    size_t j = i;
    bool finalSigma = false;
    while (j > 0 && isCaseIgnorable(s[j - 1])) --j;
    finalSigma = j > 0 && isPyCased(s[j - 1]);
    if (finalSigma && i + 1 < s.size()) {
        size_t k = i + 1;
        while (k < s.size() && isCaseIgnorable(s[k])) ++k;
        finalSigma = k == s.size() || !isPyCased(s[k]);
    }
    appendUtf8(out, finalSigma ? 0x3C2 : 0x3C3);
}

bool inChars(char32_t c, const std::u32string* chars) {
    return chars ? chars->find(c) != std::u32string::npos : isPySpace(c);
}

void checkResult(size_t bytes) { checkBytes(bytes); }

} // namespace

Index::Index(std::string_view s) : s_(s) {
    bool ascii = true;
    for (const char ch : s)
        if (static_cast<unsigned char>(ch) >= 0x80) {
            ascii = false;
            break;
        }
    if (ascii) {
        n_ = static_cast<int64_t>(s.size());
        return;
    }
    for (size_t i = 0; i < s.size();) {
        offsets_.push_back(static_cast<uint32_t>(i));
        decodeAt(s, i);
    }
    n_ = static_cast<int64_t>(offsets_.size());
    offsets_.push_back(static_cast<uint32_t>(s.size()));
}

size_t Index::byteAt(int64_t cp) const {
    if (offsets_.empty()) return static_cast<size_t>(cp);
    return offsets_[static_cast<size_t>(cp)];
}

int64_t Index::cpAt(size_t byte) const {
    if (offsets_.empty()) return static_cast<int64_t>(byte);
    return std::lower_bound(offsets_.begin(), offsets_.end(), static_cast<uint32_t>(byte)) - offsets_.begin();
}

void adjustRange(int64_t len, std::optional<int64_t> start, std::optional<int64_t> end, int64_t& lo, int64_t& hi) {
    lo = start.value_or(0);
    hi = end.value_or(len);
    if (lo < 0) lo = std::max<int64_t>(0, lo + len);
    if (hi < 0) hi = std::max<int64_t>(0, hi + len);
    lo = std::min(lo, len);
    hi = std::min(hi, len);
}

std::string upper(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) appendUpper(out, decodeAt(s, i));
    checkResult(out.size());
    return out;
}

std::string lower(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    if (s.find("\xce\xa3") == std::string_view::npos) { // no capital sigma: no context needed
        for (size_t i = 0; i < s.size();) appendLower(out, decodeAt(s, i));
    } else {
        const std::u32string u = decode(s);
        for (size_t i = 0; i < u.size(); ++i) appendLowerAt(out, u, i);
    }
    checkResult(out.size());
    return out;
}

std::string casefold(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size();) appendFold(out, decodeAt(s, i));
    checkResult(out.size());
    return out;
}

std::string swapcase(std::string_view s) {
    const std::u32string u = decode(s);
    std::string out;
    for (size_t i = 0; i < u.size(); ++i) {
        if (isPyUppercase(u[i])) appendLowerAt(out, u, i);
        else if (isPyLowercase(u[i])) appendUpper(out, u[i]);
        else appendUtf8(out, u[i]);
    }
    checkResult(out.size());
    return out;
}

std::string title(std::string_view s) {
    const std::u32string u = decode(s);
    std::string out;
    bool previousCased = false;
    for (size_t i = 0; i < u.size(); ++i) {
        if (previousCased) appendLowerAt(out, u, i);
        else appendTitle(out, u[i]);
        previousCased = isPyCased(u[i]);
    }
    checkResult(out.size());
    return out;
}

std::string capitalize(std::string_view s) {
    const std::u32string u = decode(s);
    std::string out;
    for (size_t i = 0; i < u.size(); ++i) {
        if (i == 0) appendTitle(out, u[i]);
        else appendLowerAt(out, u, i);
    }
    checkResult(out.size());
    return out;
}

std::string strip(std::string_view s, const std::string* chars, bool left, bool right) {
    std::u32string set;
    if (chars) set = decode(*chars);
    const std::u32string* cs = chars ? &set : nullptr;
    size_t begin = 0, end = s.size();
    if (left) {
        while (begin < end) {
            size_t k = begin;
            if (!inChars(decodeAt(s, k), cs)) break;
            begin = k;
        }
    }
    if (right) {
        while (end > begin) {
            size_t start = end - 1;
            while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
            size_t k = start;
            if (!inChars(decodeAt(s, k), cs)) break;
            end = start;
        }
    }
    return std::string(s.substr(begin, end - begin));
}

std::vector<std::string> split(std::string_view s, const std::string* sep, int64_t maxsplit) {
    std::vector<std::string> out;
    if (maxsplit < 0) maxsplit = INT64_MAX;
    if (sep) {
        if (sep->empty()) fail(Fault::Value, "empty separator");
        size_t pos = 0;
        while (maxsplit-- > 0) {
            const size_t q = s.find(*sep, pos);
            if (q == std::string_view::npos) break;
            out.emplace_back(s.substr(pos, q - pos));
            checkItems(out.size());
            pos = q + sep->size();
        }
        out.emplace_back(s.substr(pos));
        return out;
    }
    size_t i = 0;
    auto skipSpace = [&](size_t p) {
        while (p < s.size()) {
            size_t k = p;
            if (!isPySpace(decodeAt(s, k))) break;
            p = k;
        }
        return p;
    };
    for (;;) {
        i = skipSpace(i);
        if (i >= s.size()) break;
        if (maxsplit-- <= 0) {
            out.emplace_back(s.substr(i)); // the rest, trailing whitespace included
            break;
        }
        size_t j = i;
        while (j < s.size()) {
            size_t k = j;
            if (isPySpace(decodeAt(s, k))) break;
            j = k;
        }
        out.emplace_back(s.substr(i, j - i));
        checkItems(out.size());
        i = j;
    }
    return out;
}

std::vector<std::string> rsplit(std::string_view s, const std::string* sep, int64_t maxsplit) {
    std::vector<std::string> out;
    if (maxsplit < 0) maxsplit = INT64_MAX;
    if (sep) {
        if (sep->empty()) fail(Fault::Value, "empty separator");
        size_t end = s.size();
        while (maxsplit-- > 0 && end >= sep->size()) {
            const size_t q = s.rfind(*sep, end - sep->size());
            if (q == std::string_view::npos) break;
            out.emplace_back(s.substr(q + sep->size(), end - q - sep->size()));
            checkItems(out.size());
            end = q;
        }
        out.emplace_back(s.substr(0, end));
        std::reverse(out.begin(), out.end());
        return out;
    }
    const std::u32string u = decode(s);
    size_t end = u.size();
    for (;;) {
        while (end > 0 && isPySpace(u[end - 1])) --end;
        if (end == 0) break;
        if (maxsplit-- <= 0) {
            out.push_back(encode(u.substr(0, end))); // the rest, leading whitespace included
            break;
        }
        size_t begin = end;
        while (begin > 0 && !isPySpace(u[begin - 1])) --begin;
        out.push_back(encode(u.substr(begin, end - begin)));
        checkItems(out.size());
        end = begin;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<std::string> splitlines(std::string_view s, bool keepends) {
    std::vector<std::string> out;
    size_t start = 0, i = 0;
    while (i < s.size()) {
        const size_t at = i;
        const char32_t c = decodeAt(s, i);
        const bool brk = c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E ||
                         c == 0x85 || c == 0x2028 || c == 0x2029;
        if (!brk) continue;
        if (c == '\r' && i < s.size() && s[i] == '\n') ++i;
        out.emplace_back(s.substr(start, (keepends ? i : at) - start));
        checkItems(out.size());
        start = i;
    }
    if (start < s.size()) out.emplace_back(s.substr(start));
    return out;
}

std::string replace(std::string_view s, std::string_view from, std::string_view to, int64_t count) {
    if (count < 0) count = INT64_MAX;
    std::string out;
    if (from.empty()) {
        // Python inserts the replacement before every code point and at the end.
        size_t i = 0;
        while (count > 0) {
            out += to;
            --count;
            if (i >= s.size()) {
                checkResult(out.size());
                return out;
            }
            const size_t start = i;
            decodeAt(s, i);
            out += s.substr(start, i - start);
            checkResult(out.size());
        }
        out += s.substr(i);
        checkResult(out.size());
        return out;
    }
    size_t pos = 0;
    while (count-- > 0) {
        const size_t q = s.find(from, pos);
        if (q == std::string_view::npos) break;
        out += s.substr(pos, q - pos);
        out += to;
        checkResult(out.size());
        pos = q + from.size();
    }
    out += s.substr(pos);
    checkResult(out.size());
    return out;
}

int64_t find(std::string_view s, std::string_view sub, std::optional<int64_t> start, std::optional<int64_t> end, bool reverse) {
    const Index idx(s);
    int64_t lo, hi;
    adjustRange(idx.size(), start, end, lo, hi);
    if (start.value_or(0) > idx.size() && start.value_or(0) >= 0) return -1;
    if (hi - lo < static_cast<int64_t>(codePointCount(sub))) return -1;
    const size_t blo = idx.byteAt(lo), bhi = idx.byteAt(hi);
    const std::string_view window = s.substr(blo, bhi - blo);
    const size_t q = reverse ? window.rfind(sub) : window.find(sub);
    if (q == std::string_view::npos) return -1;
    return idx.cpAt(blo + q);
}

int64_t count(std::string_view s, std::string_view sub, std::optional<int64_t> start, std::optional<int64_t> end) {
    const Index idx(s);
    int64_t lo, hi;
    adjustRange(idx.size(), start, end, lo, hi);
    if (start.value_or(0) > idx.size()) return 0;
    if (hi < lo) return 0;
    if (sub.empty()) return hi - lo + 1;
    const std::string_view window = s.substr(idx.byteAt(lo), idx.byteAt(hi) - idx.byteAt(lo));
    int64_t n = 0;
    for (size_t q = window.find(sub); q != std::string_view::npos; q = window.find(sub, q + sub.size())) ++n;
    return n;
}

bool startsWith(std::string_view s, std::string_view prefix, std::optional<int64_t> start, std::optional<int64_t> end, bool ends) {
    const Index idx(s);
    int64_t lo, hi;
    adjustRange(idx.size(), start, end, lo, hi);
    if (start.value_or(0) > idx.size()) return false;
    if (hi < lo) return false;
    const std::string_view window = s.substr(idx.byteAt(lo), idx.byteAt(hi) - idx.byteAt(lo));
    if (prefix.size() > window.size()) return false;
    return ends ? window.substr(window.size() - prefix.size()) == prefix : window.substr(0, prefix.size()) == prefix;
}

std::string pad(std::string_view s, int64_t width, char32_t fill, char align) {
    const int64_t n = static_cast<int64_t>(codePointCount(s));
    if (width <= n) return std::string(s);
    checkResult(static_cast<size_t>(width));
    const int64_t marg = width - n;
    int64_t left = align == '<' ? 0 : align == '>' ? marg : marg / 2;
    std::string f;
    appendUtf8(f, fill);
    std::string out;
    for (int64_t i = 0; i < left; ++i) out += f;
    out += s;
    for (int64_t i = 0; i < marg - left; ++i) out += f;
    checkResult(out.size());
    return out;
}

std::string center(std::string_view s, int64_t width, char32_t fill) {
    const int64_t n = static_cast<int64_t>(codePointCount(s));
    if (width <= n) return std::string(s);
    checkResult(static_cast<size_t>(width));
    const int64_t marg = width - n;
    const int64_t left = marg / 2 + (marg & width & 1);
    std::string f;
    appendUtf8(f, fill);
    std::string out;
    for (int64_t i = 0; i < left; ++i) out += f;
    out += s;
    for (int64_t i = 0; i < marg - left; ++i) out += f;
    checkResult(out.size());
    return out;
}

std::string zfill(std::string_view s, int64_t width) {
    const int64_t n = static_cast<int64_t>(codePointCount(s));
    if (width <= n) return std::string(s);
    checkResult(static_cast<size_t>(width));
    std::string out;
    size_t rest = 0;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        out += s[0];
        rest = 1;
    }
    out.append(static_cast<size_t>(width - n), '0');
    out += s.substr(rest);
    return out;
}

std::string expandtabs(std::string_view s, int64_t tabsize) {
    std::string out;
    int64_t col = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t start = i;
        const char32_t c = decodeAt(s, i);
        if (c == '\t') {
            if (tabsize > 0) {
                const int64_t spaces = tabsize - col % tabsize;
                checkResult(out.size() + static_cast<size_t>(spaces));
                out.append(static_cast<size_t>(spaces), ' ');
                col += spaces;
            }
        } else {
            out += s.substr(start, i - start);
            col = c == '\n' || c == '\r' ? 0 : col + 1;
        }
    }
    return out;
}

bool is(std::string_view s, Pred p) {
    if (p == Pred::Identifier) return isPyIdentifier(s);
    if (p == Pred::Ascii) return isAscii(s);
    if (s.empty()) return p == Pred::Printable;
    if (p == Pred::Lower || p == Pred::Upper || p == Pred::Title) {
        bool cased = false, previousCased = false;
        for (size_t i = 0; i < s.size();) {
            const char32_t c = decodeAt(s, i);
            const bool up = isPyUppercase(c) || isPyTitlecase(c);
            const bool low = isPyLowercase(c);
            if (p == Pred::Lower) {
                if (up) return false;
                cased = cased || low;
            } else if (p == Pred::Upper) {
                if (low || isPyTitlecase(c)) return false;
                cased = cased || isPyUppercase(c);
            } else {
                if (up) {
                    if (previousCased) return false;
                    previousCased = cased = true;
                } else if (low) {
                    if (!previousCased) return false;
                    previousCased = cased = true;
                } else {
                    previousCased = false;
                }
            }
        }
        return cased;
    }
    for (size_t i = 0; i < s.size();) {
        const char32_t c = decodeAt(s, i);
        bool ok = false;
        switch (p) {
        case Pred::Space: ok = isPySpace(c); break;
        case Pred::Alpha: ok = isPyAlpha(c); break;
        case Pred::Alnum: ok = isPyAlnum(c); break;
        case Pred::Decimal: ok = isPyDecimal(c); break;
        case Pred::Digit: ok = isPyDigit(c); break;
        case Pred::Numeric: ok = isPyNumeric(c); break;
        case Pred::Printable: ok = isPyPrintable(c); break;
        default: break;
        }
        if (!ok) return false;
    }
    return true;
}

std::string slice(std::string_view s, int64_t start, int64_t step, int64_t count) {
    const Index idx(s);
    std::string out;
    if (step == 1 && count > 0) return std::string(s.substr(idx.byteAt(start), idx.byteAt(start + count) - idx.byteAt(start)));
    for (int64_t k = 0, i = start; k < count; ++k, i += step) {
        const size_t b = idx.byteAt(i);
        size_t e = b;
        decodeAt(s, e);
        out += s.substr(b, e - b);
    }
    return out;
}

} // namespace cmf::engine::chat::pystr
