#include "chat/lexer.h"

#include "chat/unicode.h"
#include "cmf/format/error.h"

#include <algorithm>
#include <charconv>

namespace cmf::engine::chat {

[[noreturn]] void throwSyntaxError(uint32_t line, uint32_t col, const std::string& message) {
    throw cmf::Error(cmf::ErrorKind::Parse,
                     "template:" + std::to_string(line) + ":" + std::to_string(col) + ": " + message);
}

std::string normalizeSource(std::string_view source) {
    std::string out;
    out.reserve(source.size());
    for (size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\r') {
            out += '\n';
            if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
        } else {
            out += source[i];
        }
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
    explicit Lexer(std::string_view src) : s_(src) {
        lineStarts_.push_back(0);
        for (size_t i = 0; i < s_.size(); ++i)
            if (s_[i] == '\n') lineStarts_.push_back(i + 1);
    }

    std::vector<Token> run() {
        if (const size_t bad = findInvalidUtf8(s_); bad != std::string_view::npos)
            error(bad, "template is not valid UTF-8");
        while (pos_ < s_.size()) root();
        Token eof;
        eof.type = Tok::Eof;
        position(eof, s_.size());
        out_.push_back(std::move(eof));
        return std::move(out_);
    }

private:
    // ---- positions and errors ----------------------------------------------------------

    void position(Token& t, size_t offset) const {
        const auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
        const size_t lineStart = *(it - 1);
        t.line = static_cast<uint32_t>(it - lineStarts_.begin());
        t.col = static_cast<uint32_t>(codePointCount(s_.substr(lineStart, offset - lineStart)) + 1);
    }

    [[noreturn]] void error(size_t offset, const std::string& message) const {
        Token t;
        position(t, std::min(offset, s_.size()));
        throwSyntaxError(t.line, t.col, message);
    }

    void emit(Tok type, size_t offset, std::string text = {}) {
        Token t;
        t.type = type;
        t.text = std::move(text);
        position(t, offset);
        out_.push_back(std::move(t));
    }

    // ---- whitespace as Python's str.isspace() / re's \s -------------------------------

    size_t skipSpace(size_t i) const {
        while (i < s_.size()) {
            size_t j = i;
            if (!isPySpace(decodeAt(s_, j))) break;
            i = j;
        }
        return i;
    }

    // text.rstrip(): end offset of text [from, to) without trailing whitespace.
    size_t rstripEnd(size_t from, size_t to) const {
        size_t end = to;
        while (end > from) {
            size_t start = end - 1;
            while (start > from && (static_cast<unsigned char>(s_[start]) & 0xC0) == 0x80) --start;
            size_t k = start;
            if (!isPySpace(decodeAt(s_, k))) break;
            end = start;
        }
        return end;
    }

    // The whitespace control a tag applies to the text before it: '-' strips all trailing
    // whitespace; otherwise lstrip_blocks removes spaces and tabs between the start of the line
    // and a block or comment tag (never before {{), provided nothing else is on that line.
    // "The line" begins after the last newline in the text, or at the text's start when the
    // previous tag's match ended with a newline (jinja's line_starting).
    size_t strippedEnd(size_t from, size_t to, char sign, bool variable) const {
        if (sign == '-') return rstripEnd(from, to);
        if (sign == '+' || variable) return to;
        const std::string_view text = s_.substr(from, to - from);
        const size_t nl = text.rfind('\n');
        const size_t lpos = nl == std::string_view::npos ? 0 : nl + 1;
        if (lpos == 0 && !lineStarting_) return to;
        for (size_t i = lpos; i < text.size(); ++i)
            if (text[i] != ' ' && text[i] != '\t') return to;
        return from + lpos;
    }

    void emitData(size_t from, size_t to) {
        if (to > from) emit(Tok::Data, from, std::string(s_.substr(from, to - from)));
    }

    // ---- root state ---------------------------------------------------------------------

    // `{%[-+]?\s*raw\s*(-%}\s*|%})` at i: end of the match or npos; sign receives [-+].
    size_t matchRawBegin(size_t i, char& sign) const {
        size_t p = i + 2;
        sign = 0;
        if (p < s_.size() && (s_[p] == '-' || s_[p] == '+')) sign = s_[p++];
        p = skipSpace(p);
        if (s_.compare(p, 3, "raw") != 0) return std::string_view::npos;
        p = skipSpace(p + 3);
        if (s_.compare(p, 3, "-%}") == 0) return skipSpace(p + 3);
        if (s_.compare(p, 2, "%}") == 0) return p + 2;
        return std::string_view::npos;
    }

    void root() {
        size_t q = pos_;
        for (;;) {
            q = s_.find('{', q);
            if (q == std::string_view::npos || q + 1 >= s_.size()) {
                emitData(pos_, s_.size());
                pos_ = s_.size();
                return;
            }
            const char k = s_[q + 1];
            if (k == '{' || k == '%' || k == '#') break;
            ++q;
        }
        const char kind = s_[q + 1];
        char sign = 0;
        if (kind == '%') {
            const size_t rawEnd = matchRawBegin(q, sign);
            if (rawEnd != std::string_view::npos) {
                emitData(pos_, strippedEnd(pos_, q, sign, false));
                lineStarting_ = s_[rawEnd - 1] == '\n';
                raw(rawEnd);
                return;
            }
        }
        size_t p = q + 2;
        if (p < s_.size() && (s_[p] == '-' || s_[p] == '+')) sign = s_[p++];
        emitData(pos_, strippedEnd(pos_, q, sign, kind == '{'));
        lineStarting_ = false;
        if (kind == '#') {
            comment(q, p);
        } else {
            emit(kind == '{' ? Tok::VariableBegin : Tok::BlockBegin, q);
            tag(p, kind == '{');
        }
    }

    // Raw content up to `{%[-+]?\s*endraw\s*(+%}|-%}\s*|%}\n?)`, emitted as plain data.
    void raw(size_t from) {
        size_t q = from;
        for (;;) {
            q = s_.find("{%", q);
            if (q == std::string_view::npos) error(from, "Missing end of raw directive");
            size_t p = q + 2;
            char sign = 0;
            if (p < s_.size() && (s_[p] == '-' || s_[p] == '+')) sign = s_[p++];
            p = skipSpace(p);
            if (s_.compare(p, 6, "endraw") == 0) {
                p = skipSpace(p + 6);
                size_t end = std::string_view::npos;
                if (s_.compare(p, 3, "+%}") == 0) end = p + 3;
                else if (s_.compare(p, 3, "-%}") == 0) end = skipSpace(p + 3);
                else if (s_.compare(p, 2, "%}") == 0) end = p + 2 + (p + 2 < s_.size() && s_[p + 2] == '\n');
                if (end != std::string_view::npos) {
                    emitData(from, strippedEnd(from, q, sign, false));
                    lineStarting_ = s_[end - 1] == '\n';
                    pos_ = end;
                    return;
                }
            }
            q += 2;
        }
    }

    // A comment ends at the first #}; a '-' or '+' right before it is its whitespace control.
    void comment(size_t begin, size_t from) {
        const size_t q = s_.find("#}", from);
        if (q == std::string_view::npos) error(begin, "Missing end of comment tag");
        size_t end;
        if (q > from && s_[q - 1] == '-') end = skipSpace(q + 2);
        else if (q > from && s_[q - 1] == '+') end = q + 2;
        else end = q + 2 + (q + 2 < s_.size() && s_[q + 2] == '\n');
        lineStarting_ = s_[end - 1] == '\n';
        pos_ = end;
    }

    // ---- inside {% %} and {{ }} ----------------------------------------------------------

    // The end delimiter is only recognized while no bracket is open, as in jinja2.
    bool tagEnd(size_t& p, bool variable) {
        if (!balance_.empty()) return false;
        size_t end = std::string_view::npos;
        if (variable) {
            if (s_.compare(p, 3, "-}}") == 0) end = skipSpace(p + 3);
            else if (s_.compare(p, 2, "}}") == 0) end = p + 2;
        } else {
            if (s_.compare(p, 3, "+%}") == 0) end = p + 3;
            else if (s_.compare(p, 3, "-%}") == 0) end = skipSpace(p + 3);
            else if (s_.compare(p, 2, "%}") == 0) end = p + 2 + (p + 2 < s_.size() && s_[p + 2] == '\n');
        }
        if (end == std::string_view::npos) return false;
        emit(variable ? Tok::VariableEnd : Tok::BlockEnd, p);
        lineStarting_ = s_[end - 1] == '\n';
        p = end;
        return true;
    }

    void tag(size_t p, bool variable) {
        while (p < s_.size()) {
            if (tagEnd(p, variable)) {
                pos_ = p;
                return;
            }
            const size_t ws = skipSpace(p);
            if (ws != p) {
                p = ws;
                continue;
            }
            if (number(p) || name(p) || string(p) || op(p)) continue;
            size_t k = p;
            std::string ch;
            appendUtf8(ch, decodeAt(s_, k));
            error(p, "unexpected char " + quoteChar(ch));
        }
        // End of input inside a tag: the parser reports what it was expecting.
        pos_ = s_.size();
    }

    static std::string quoteChar(const std::string& ch) { return ch == "'" ? "\"'\"" : "'" + ch + "'"; }

    // (\d+_)*\d+ at i: end offset, or i when there is no digit.
    size_t digits(size_t i) const {
        if (i >= s_.size() || !isDigit(s_[i])) return i;
        size_t j = i;
        for (;;) {
            while (j < s_.size() && isDigit(s_[j])) ++j;
            if (j + 1 < s_.size() && s_[j] == '_' && isDigit(s_[j + 1])) ++j;
            else return j;
        }
    }

    bool number(size_t& p) {
        if (!isDigit(s_[p])) return false;
        // Float: (?<!\.)DIGITS((\.DIGITS)?e[+-]?DIGITS | \.DIGITS), case-insensitive.
        if (p == 0 || s_[p - 1] != '.') {
            const size_t intEnd = digits(p);
            size_t fracEnd = intEnd;
            if (fracEnd < s_.size() && s_[fracEnd] == '.') {
                const size_t d = digits(fracEnd + 1);
                if (d != fracEnd + 1) fracEnd = d;
            }
            auto exponent = [&](size_t i) -> size_t {
                if (i >= s_.size() || (s_[i] != 'e' && s_[i] != 'E')) return std::string_view::npos;
                size_t j = i + 1;
                if (j < s_.size() && (s_[j] == '+' || s_[j] == '-')) ++j;
                const size_t d = digits(j);
                return d == j ? std::string_view::npos : d;
            };
            size_t end = exponent(fracEnd);
            if (end == std::string_view::npos && fracEnd != intEnd) end = exponent(intEnd);
            if (end == std::string_view::npos && fracEnd != intEnd) end = fracEnd;
            if (end != std::string_view::npos) {
                std::string text;
                for (size_t i = p; i < end; ++i)
                    if (s_[i] != '_') text += s_[i];
                Token t;
                t.type = Tok::Float;
                t.text = text;
                std::from_chars(text.data(), text.data() + text.size(), t.fval);
                position(t, p);
                out_.push_back(std::move(t));
                p = end;
                return true;
            }
        }
        // Integer: 0b.. | 0o.. | 0x.. | [1-9](_?\d)* | 0(_?0)*, first alternative that matches.
        auto prefixed = [&](char letter, int base) -> size_t {
            if (p + 1 >= s_.size() || s_[p] != '0' || (s_[p + 1] | 0x20) != letter) return std::string_view::npos;
            auto isDig = [&](char c) {
                const char l = static_cast<char>(c | 0x20);
                const int v = isDigit(c) ? c - '0' : (l >= 'a' && l <= 'f') ? l - 'a' + 10 : 99;
                return v < base;
            };
            size_t j = p + 2, end = std::string_view::npos;
            for (;;) {
                size_t k = j;
                if (k < s_.size() && s_[k] == '_') ++k;
                if (k < s_.size() && isDig(s_[k])) end = j = k + 1;
                else break;
            }
            return end;
        };
        int base = 10;
        size_t end = prefixed('b', 2);
        if (end != std::string_view::npos) base = 2;
        if (end == std::string_view::npos && (end = prefixed('o', 8)) != std::string_view::npos) base = 8;
        if (end == std::string_view::npos && (end = prefixed('x', 16)) != std::string_view::npos) base = 16;
        if (end == std::string_view::npos) {
            end = p + 1;
            const bool zero = s_[p] == '0';
            for (;;) {
                size_t k = end;
                if (k < s_.size() && s_[k] == '_') ++k;
                if (k < s_.size() && (zero ? s_[k] == '0' : isDigit(s_[k]))) end = k + 1;
                else break;
            }
        }
        std::string text;
        for (size_t i = base == 10 ? p : p + 2; i < end; ++i)
            if (s_[i] != '_') text += s_[i];
        Token t;
        t.type = Tok::Integer;
        t.text = std::string(s_.substr(p, end - p));
        const auto r = std::from_chars(text.data(), text.data() + text.size(), t.ival, base);
        if (r.ec != std::errc()) error(p, "integer literal too large (Python's big integers are not supported)");
        position(t, p);
        out_.push_back(std::move(t));
        p = end;
        return true;
    }

    bool name(size_t& p) {
        size_t j = p;
        while (j < s_.size()) {
            size_t k = j;
            if (!isNameChar(decodeAt(s_, k))) break;
            j = k;
        }
        if (j == p) return false;
        const std::string_view text = s_.substr(p, j - p);
        if (!isPyIdentifier(text)) error(p, "Invalid character in identifier");
        emit(Tok::Name, p, std::string(text));
        p = j;
        return true;
    }

    bool string(size_t& p) {
        const char quote = s_[p];
        if (quote != '\'' && quote != '"') return false;
        size_t j = p + 1;
        while (j < s_.size() && s_[j] != quote) j += s_[j] == '\\' ? 2 : 1;
        if (j >= s_.size()) return false; // unterminated: jinja reports the quote as unexpected
        emit(Tok::String, p, unescape(p + 1, j));
        p = j + 1;
        return true;
    }

    // Python's "unicode-escape" codec applied after "backslashreplace", as jinja2 decodes
    // string literals: the usual escapes, octal, \x \u \U; unknown escapes stay verbatim.
    std::string unescape(size_t from, size_t to) const {
        std::string out;
        size_t i = from;
        while (i < to) {
            if (s_[i] != '\\') {
                const size_t start = i;
                decodeAt(s_, i);
                out.append(s_.substr(start, i - start));
                continue;
            }
            const size_t at = i;
            ++i;
            const char c = s_[i];
            if (static_cast<unsigned char>(c) >= 0x80) {
                // backslashreplace turned the character into \xNN / \uNNNN / \UNNNNNNNN text, so
                // the backslash escapes the next backslash and the digits stay literal.
                const char32_t cp = decodeAt(s_, i);
                static const char* hex = "0123456789abcdef";
                const int n = cp <= 0xFF ? 2 : cp <= 0xFFFF ? 4 : 8;
                out += '\\';
                out += n == 2 ? 'x' : n == 4 ? 'u' : 'U';
                for (int k = n - 1; k >= 0; --k) out += hex[(cp >> (4 * k)) & 0xF];
                continue;
            }
            ++i;
            switch (c) {
            case '\n': break;
            case '\\': out += '\\'; break;
            case '\'': out += '\''; break;
            case '"': out += '"'; break;
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case 'x':
            case 'u':
            case 'U': {
                const int n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
                char32_t cp = 0;
                for (int k = 0; k < n; ++k, ++i) {
                    const char h = i < to ? static_cast<char>(s_[i] | 0x20) : 0;
                    const int v = isDigit(s_[i]) && i < to ? s_[i] - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : -1;
                    if (v < 0) error(at, std::string("truncated \\") + c + std::string(n, 'X') + " escape");
                    cp = cp * 16 + static_cast<char32_t>(v);
                }
                if (cp > 0x10FFFF) error(at, "illegal Unicode character");
                if (cp >= 0xD800 && cp <= 0xDFFF) error(at, "surrogate code points are not supported in strings");
                appendUtf8(out, cp);
                break;
            }
            case 'N': error(at, "\\N{...} escapes are not supported");
            default:
                if (c >= '0' && c <= '7') {
                    char32_t cp = static_cast<char32_t>(c - '0');
                    for (int k = 0; k < 2 && i < to && s_[i] >= '0' && s_[i] <= '7'; ++k, ++i)
                        cp = cp * 8 + static_cast<char32_t>(s_[i] - '0');
                    appendUtf8(out, cp);
                } else {
                    out += '\\';
                    out += c;
                }
            }
        }
        return out;
    }

    bool op(size_t& p) {
        static const char* two[] = {"//", "**", "==", "!=", ">=", "<="};
        for (const char* o : two)
            if (s_.compare(p, 2, o) == 0) {
                emit(Tok::Operator, p, o);
                p += 2;
                return true;
            }
        const char c = s_[p];
        if (std::string_view("+-/*%~[](){}><=.:|,;").find(c) == std::string_view::npos) return false;
        if (c == '(' || c == '[' || c == '{') {
            balance_.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
        } else if (c == ')' || c == ']' || c == '}') {
            if (balance_.empty()) error(p, std::string("unexpected '") + c + "'");
            const char expected = balance_.back();
            balance_.pop_back();
            if (expected != c) error(p, std::string("unexpected '") + c + "', expected '" + expected + "'");
        }
        emit(Tok::Operator, p, std::string(1, c));
        ++p;
        return true;
    }

    std::string_view s_;
    std::vector<size_t> lineStarts_;
    std::vector<Token> out_;
    std::vector<char> balance_;
    size_t pos_ = 0;
    bool lineStarting_ = true;
};

} // namespace

std::vector<Token> tokenize(std::string_view normalizedSource) { return Lexer(normalizedSource).run(); }

} // namespace cmf::engine::chat
