#include "tokenizer/regex.h"

#include "tokenizer/unicode.h"

#include "cmf/format/error.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>
#include <vector>

namespace cmf::engine::tok {

namespace {

// Oniguruma's \s is the White_Space property; so is this.
constexpr std::string_view kSpaceIn = "\\p{White_Space}";
constexpr std::string_view kNotSpace = "\\P{White_Space}";
// Oniguruma's Unicode \w (checked against it code point by code point):
// Alphabetic, marks, decimal digits, connector punctuation, the Latin-1 digits
// its ISO-8859-1 table counts as word characters, and what Unicode 15/16 added.
const std::string& wordIn(bool withNewer) {
    static const std::string base = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\x{B2}\\x{B3}\\x{B9}\\x{BC}-\\x{BE}";
    static const std::string full = base + std::string(newerPropertyMembers("w"));
    return withNewer ? full : base;
}

// The additions for `property`, or nothing when translating without them.
std::string_view newer(std::string_view property, bool withNewer) {
    return withNewer ? newerPropertyMembers(property) : std::string_view();
}
constexpr std::string_view kHexIn = "0-9a-fA-F";

bool isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// \p{NAME}, \p{^NAME}, \P{NAME} or \pX at p[i]: adds what Unicode 15/16 put in
// the property. Returns the index after the escape.
size_t translateProperty(std::string_view p, size_t i, bool inClass, bool withNewer, std::string& out) {
    size_t end;
    std::string_view name;
    if (i + 2 < p.size() && p[i + 2] == '{') {
        const size_t close = p.find('}', i + 3);
        if (close == std::string_view::npos) throw std::invalid_argument("unterminated \\p{...}");
        name = p.substr(i + 3, close - i - 3);
        end = close + 1;
    } else {
        if (i + 2 >= p.size()) throw std::invalid_argument("\\p at the end of the pattern");
        name = p.substr(i + 2, 1);
        end = i + 3;
    }
    bool negated = p[i + 1] == 'P';
    if (!name.empty() && name[0] == '^') {
        negated = !negated;
        name.remove_prefix(1);
    }
    const std::string_view extra = newer(name, withNewer);
    if (extra.empty() || (negated && inClass)) {
        out.append(p.substr(i, end - i)); // same in both dialects (or no way to subtract inside a class)
        return end;
    }
    const std::string prop = "\\p{" + std::string(name) + "}";
    if (inClass) out.append(prop).append(extra);
    else out.append(negated ? "[^" : "[").append(prop).append(extra).append("]");
    return end;
}

// Translates one escape starting at p[i] == '\\'; returns the index after it.
size_t translateEscape(std::string_view p, size_t i, bool inClass, bool withNewer, std::string& out) {
    if (i + 1 >= p.size()) {
        out += '\\';
        return i + 1;
    }
    const char e = p[i + 1];
    switch (e) {
    case 's':
        out += kSpaceIn;
        return i + 2;
    case 'S':
        out += kNotSpace;
        return i + 2;
    case 'w':
        if (inClass) out += wordIn(withNewer);
        else out.append("[").append(wordIn(withNewer)).append("]");
        return i + 2;
    case 'W':
        if (inClass) throw std::invalid_argument("\\W inside a character class is not supported");
        out.append("[^").append(wordIn(withNewer)).append("]");
        return i + 2;
    case 'd':
    case 'D': {
        const std::string_view extra = newer("d", withNewer);
        if (e == 'd') {
            if (inClass) out.append("\\d").append(extra);
            else out.append("[\\d").append(extra).append("]");
        } else {
            if (inClass) out += "\\D"; // a negation cannot drop the newer digits inside a class
            else out.append("[^\\d").append(extra).append("]");
        }
        return i + 2;
    }
    case 'p':
    case 'P':
        return translateProperty(p, i, inClass, withNewer, out);
    case 'h':
        if (inClass) out += kHexIn;
        else out.append("[").append(kHexIn).append("]");
        return i + 2;
    case 'H':
        if (inClass) throw std::invalid_argument("\\H inside a character class is not supported");
        out.append("[^").append(kHexIn).append("]");
        return i + 2;
    case 'u':
        if (i + 5 < p.size() && isHex(p[i + 2]) && isHex(p[i + 3]) && isHex(p[i + 4]) && isHex(p[i + 5])) {
            out.append("\\x{").append(p.substr(i + 2, 4)).append("}");
            return i + 6;
        }
        break;
    default:
        break;
    }
    // Everything else means the same in both dialects; copy the escape whole
    // (a multi-byte character after the backslash included).
    out += '\\';
    const size_t n = utf8SeqLen(static_cast<uint8_t>(e));
    out.append(p.substr(i + 1, n));
    return i + 1 + n;
}

// Copies a character class starting at p[i] == '['; returns the index after
// its closing ']'. Nested non-negated classes are flattened (Ruby unions them).
size_t translateClass(std::string_view p, size_t i, bool withNewer, std::string& out, bool nested) {
    size_t j = i + 1;
    bool negated = false;
    if (j < p.size() && p[j] == '^') {
        negated = true;
        ++j;
    }
    if (nested && negated) throw std::invalid_argument("a negated class inside a class is not supported");
    if (!nested) out += negated ? "[^" : "[";
    // A ']' right after '[' or '[^' is a literal in both dialects.
    if (j < p.size() && p[j] == ']') {
        out += "\\]";
        ++j;
    }
    while (j < p.size()) {
        const char c = p[j];
        if (c == ']') {
            if (!nested) out += ']';
            return j + 1;
        }
        if (c == '\\') {
            j = translateEscape(p, j, true, withNewer, out);
        } else if (c == '[') {
            if (j + 1 < p.size() && p[j + 1] == ':') { // POSIX bracket [:alpha:]
                const size_t end = p.find(":]", j + 2);
                if (end == std::string_view::npos) throw std::invalid_argument("unterminated POSIX bracket");
                out.append(p.substr(j, end + 2 - j));
                j = end + 2;
            } else {
                j = translateClass(p, j, withNewer, out, true);
            }
        } else if (c == '&' && j + 1 < p.size() && p[j + 1] == '&') {
            throw std::invalid_argument("character class intersection (&&) is not supported");
        } else {
            out += c;
            ++j;
        }
    }
    throw std::invalid_argument("missing terminating ] for character class");
}

} // namespace

std::string translateOnigPattern(std::string_view p, bool withNewer) {
    std::string out;
    out.reserve(p.size() + 32);
    size_t i = 0;
    while (i < p.size()) {
        const char c = p[i];
        if (c == '\\') {
            i = translateEscape(p, i, false, withNewer, out);
        } else if (c == '[') {
            i = translateClass(p, i, withNewer, out, false);
        } else if (c == '(' && i + 1 < p.size() && p[i + 1] == '?') {
            // Inline options "(?imx-imx)" or "(?imx-imx:": Ruby's m is PCRE2's s.
            size_t j = i + 2;
            while (j < p.size() && (p[j] == 'i' || p[j] == 'm' || p[j] == 'x' || p[j] == '-')) ++j;
            if (j > i + 2 && j < p.size() && (p[j] == ')' || p[j] == ':')) {
                out += "(?";
                for (size_t k = i + 2; k < j; ++k) out += p[k] == 'm' ? 's' : p[k];
                i = j;
            } else {
                out += "(?";
                i += 2;
            }
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

namespace {

// Per-thread match resources: one match data block (only group 0 is read) and
// a JIT stack larger than the 32 KiB default, for long runs of input.
struct ThreadMatchState {
    pcre2_match_data* data = nullptr;
    pcre2_match_context* context = nullptr;
    pcre2_jit_stack* stack = nullptr;
    ThreadMatchState() {
        data = pcre2_match_data_create(1, nullptr);
        context = pcre2_match_context_create(nullptr);
        stack = pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, nullptr);
        if (context && stack) pcre2_jit_stack_assign(context, nullptr, stack);
    }
    ~ThreadMatchState() {
        pcre2_jit_stack_free(stack);
        pcre2_match_context_free(context);
        pcre2_match_data_free(data);
    }
};

ThreadMatchState& matchState() {
    thread_local ThreadMatchState state;
    return state;
}

std::string pcreMessage(int code) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(code, buf, sizeof buf);
    return reinterpret_cast<const char*>(buf);
}

} // namespace

Regex::Compiled Regex::compile(const std::string& translated) {
    int err = 0;
    PCRE2_SIZE offset = 0;
    pcre2_compile_context* cc = pcre2_compile_context_create(nullptr);
    // Only "\n" ends a line, as in Oniguruma; ^ and $ are line anchors as in Ruby.
    pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()), translated.size(),
                                     PCRE2_UTF | PCRE2_UCP | PCRE2_MULTILINE, &err, &offset, cc);
    pcre2_compile_context_free(cc);
    if (!code)
        throw std::invalid_argument(pcreMessage(err) + " at offset " + std::to_string(offset) + " of \"" + translated +
                                    "\"");
    return Compiled{code, pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0};
}

Regex::Regex(std::string_view onigPattern) : pattern_(onigPattern) {
    const std::string full = translateOnigPattern(onigPattern, true);
    full_ = compile(full);
    const std::string base = translateOnigPattern(onigPattern, false);
    if (base != full) {
        try {
            base_ = compile(base);
        } catch (...) {
            pcre2_code_free(static_cast<pcre2_code*>(full_.code));
            throw;
        }
    }
}

Regex::~Regex() {
    pcre2_code_free(static_cast<pcre2_code*>(full_.code));
    pcre2_code_free(static_cast<pcre2_code*>(base_.code));
}

size_t Regex::charLenAt(std::string_view text, size_t i) {
    return utf8SeqLen(static_cast<uint8_t>(text[i]));
}

std::optional<std::pair<size_t, size_t>> Regex::search(std::string_view text, size_t from) const {
    return search(base_.code && !hasNewerCharacters(text) ? base_ : full_, text, from);
}

std::optional<std::pair<size_t, size_t>> Regex::search(const Compiled& c, std::string_view text, size_t from) const {
    auto& st = matchState();
    if (!st.data) throw std::bad_alloc();
    auto* code = static_cast<const pcre2_code*>(c.code);
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    int rc;
    if (c.jit) {
        rc = pcre2_jit_match(code, subject, text.size(), from, 0, st.data, st.context);
        if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
            rc = pcre2_match(code, subject, text.size(), from, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, st.data, nullptr);
    } else {
        rc = pcre2_match(code, subject, text.size(), from, PCRE2_NO_UTF_CHECK, st.data, nullptr);
    }
    if (rc == PCRE2_ERROR_NOMATCH) return std::nullopt;
    // rc == 0: the one-pair ovector is too small for the groups, but group 0 is set.
    if (rc < 0)
        throw Error(ErrorKind::Bounds, "tokenizer: pattern \"" + pattern_ + "\" failed on the input: " + pcreMessage(rc));
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(st.data);
    // \K can report a match that starts after it ends; treat it as empty.
    const size_t b = ov[0], e = ov[1] < ov[0] ? ov[0] : ov[1];
    return std::make_pair(b, e);
}

} // namespace cmf::engine::tok
