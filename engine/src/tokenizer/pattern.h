#pragma once
// What Split, Replace and the character-class pre-tokenizers match, and how a
// piece is cut around the matches (HF's Pattern::find_matches and
// NormalizedString::split with a SplitDelimiterBehavior).
#include "tokenizer/json_util.h"
#include "tokenizer/regex.h"
#include "tokenizer/unicode.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cmf::engine::tok {

// A stretch of a piece: either a match of the pattern or the text between two.
struct Segment {
    size_t begin, end;
    bool match;
};
using Range = std::pair<size_t, size_t>;

// {"String": "..."} (a literal) or {"Regex": "..."} (Oniguruma syntax).
class Pattern {
public:
    static Pattern fromJson(const Json& j, const std::string& path);
    static Pattern literal(std::string s);

    // Matches of the pattern, left to right, non-overlapping (HF find_iter).
    void matches(std::string_view text, std::vector<Range>& out) const;
    // The whole text as alternating non-match / match segments.
    void segments(std::string_view text, std::vector<Segment>& out) const;

private:
    std::string literal_;
    std::shared_ptr<const Regex> regex_;
};

// Segments where each character satisfying `pred` is a match of its own (HF's
// Pattern for a char or an Fn(char) -> bool).
template <class Pred>
void charSegments(std::string_view text, Pred&& pred, std::vector<Segment>& out) {
    out.clear();
    size_t last = 0, i = 0;
    while (i < text.size()) {
        const size_t start = i;
        const char32_t c = nextChar(text, i);
        if (pred(c)) {
            if (last < start) out.push_back({last, start, false});
            out.push_back({start, i, true});
            last = i;
        }
    }
    if (last < text.size()) out.push_back({last, text.size(), false});
}

enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };
SplitBehavior parseBehavior(const Json& j, const std::string& path);

// Cuts according to `behavior` (after flipping match/non-match when `invert`);
// appends the pieces to keep. Empty pieces may be produced; callers drop them.
void splitSegments(const std::vector<Segment>& segs, SplitBehavior behavior, bool invert, std::vector<Range>& out);

} // namespace cmf::engine::tok
