#pragma once
// PCRE2 behind the patterns of tokenizer.json. Hugging Face compiles those with
// Oniguruma (Ruby syntax), so a pattern is first translated where the two
// dialects disagree (see translateOnigPattern), then compiled with
// PCRE2_UTF | PCRE2_UCP and JIT-compiled when the platform allows, falling back
// to the interpreter otherwise. A compiled Regex is immutable and may be used
// from several threads at once (match data and JIT stacks are per thread).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace cmf::engine::tok {

// Rewrites an Oniguruma (Ruby syntax) pattern into an equivalent PCRE2 one:
//  - \s \S   -> \p{White_Space} (PCRE2's UCP \s also takes U+180E)
//  - \w \W   -> Alphabetic, marks, Nd, Pc (+ Oniguruma's Latin-1 digits ¹²³¼½¾)
//  - \h \H   -> hex digits (Oniguruma's meaning; PCRE2's is horizontal space)
//  - \p{L}, \d ... -> also the characters Unicode 15/16 added (Oniguruma
//               knows them, PCRE2 10.42 does not); a negated property inside a
//               class keeps PCRE2's older set
//  - \uHHHH  -> \x{HHHH}
//  - (?m)    -> (?s) (Ruby's m is dot-all; ^ and $ are always line anchors,
//               which the compile options provide)
//  - [a[bc]] -> [abc] (Ruby unions nested classes)
// Throws std::invalid_argument for constructs that have no PCRE2 equivalent
// (class intersection &&, a negated nested class, \W or \H inside a class).
// withNewer = false leaves out the Unicode 15/16 additions (see below).
std::string translateOnigPattern(std::string_view pattern, bool withNewer = true);

// Class items for the code points Oniguruma counts in a property (a general
// category like "L" or "Nd", or "w"/"d" for \w and \d) that PCRE2 10.42 does
// not know yet; empty when they agree. Tables in regex_unicode_tables.cpp.
std::string_view newerPropertyMembers(std::string_view property);
// True when `text` holds a character listed by any newerPropertyMembers table.
// Text without one matches the same with or without the additions, and the
// additions make PCRE2's classes about twice as slow, so most text skips them.
bool hasNewerCharacters(std::string_view text);

class Regex {
public:
    // Compiles an Oniguruma-syntax pattern; throws std::invalid_argument with
    // PCRE2's message when it does not compile.
    explicit Regex(std::string_view onigPattern);
    ~Regex();
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;

    // Leftmost match starting at or after `from` in `text` (valid UTF-8; `from`
    // on a character boundary). Look-behind sees text before `from`.
    std::optional<std::pair<size_t, size_t>> search(std::string_view text, size_t from) const;

    // Calls f(start, end) for every match, left to right, the way Oniguruma's
    // find_iter (and so HF) walks them: an empty match right where the previous
    // match ended is skipped and the search moves on by one character.
    template <class F>
    void forEachMatch(std::string_view text, F&& f) const {
        const Compiled& c = base_.code && !hasNewerCharacters(text) ? base_ : full_;
        size_t lastEnd = 0;
        bool haveLast = false;
        size_t lastMatchEnd = 0;
        while (lastEnd <= text.size()) {
            const auto m = search(c, text, lastEnd);
            if (!m) break;
            if (m->first == m->second && haveLast && lastMatchEnd == m->second) {
                lastEnd += lastEnd < text.size() ? charLenAt(text, lastEnd) : 1;
                continue;
            }
            lastEnd = m->second;
            lastMatchEnd = m->second;
            haveLast = true;
            f(m->first, m->second);
        }
    }

    const std::string& pattern() const { return pattern_; }

private:
    // One compiled translation.
    struct Compiled {
        void* code = nullptr; // pcre2_code_8*
        bool jit = false;
    };
    static Compiled compile(const std::string& translated);
    std::optional<std::pair<size_t, size_t>> search(const Compiled& c, std::string_view text, size_t from) const;
    static size_t charLenAt(std::string_view text, size_t i);

    std::string pattern_;
    Compiled full_;    // with the Unicode 15/16 additions
    Compiled base_;    // without; null when the pattern uses no affected property
};

} // namespace cmf::engine::tok
