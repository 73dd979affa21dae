#include "tokenizer/pattern.h"

#include <algorithm>
#include <stdexcept>

namespace cmf::engine::tok {

Pattern Pattern::fromJson(const Json& j, const std::string& path) {
    expectObject(j, path);
    if (j.size() != 1) parseError(path, "expected {\"String\": ...} or {\"Regex\": ...}");
    Pattern p;
    if (const auto it = j.find("String"); it != j.end()) {
        p.literal_ = asString(*it, joinPath(path, "String"));
        return p;
    }
    if (const auto it = j.find("Regex"); it != j.end()) {
        const std::string re = asString(*it, joinPath(path, "Regex"));
        try {
            p.regex_ = std::make_shared<const Regex>(re);
        } catch (const std::invalid_argument& e) {
            parseError(joinPath(path, "Regex"), std::string("cannot compile: ") + e.what());
        }
        return p;
    }
    parseError(path, "expected {\"String\": ...} or {\"Regex\": ...}, got key \"" + j.begin().key() + "\"");
}

Pattern Pattern::literal(std::string s) {
    Pattern p;
    p.literal_ = std::move(s);
    return p;
}

void Pattern::matches(std::string_view text, std::vector<Range>& out) const {
    out.clear();
    if (regex_) {
        regex_->forEachMatch(text, [&](size_t b, size_t e) { out.push_back({b, e}); });
        return;
    }
    if (literal_.empty()) {
        // HF compiles the escaped literal; an empty regex matches at every
        // character boundary (find_iter never repeats a position).
        size_t i = 0;
        out.push_back({0, 0});
        while (i < text.size()) {
            i += utf8SeqLen(static_cast<uint8_t>(text[i]));
            out.push_back({i, i});
        }
        return;
    }
    size_t pos = 0;
    while ((pos = text.find(literal_, pos)) != std::string_view::npos) {
        out.push_back({pos, pos + literal_.size()});
        pos += literal_.size();
    }
}

void Pattern::segments(std::string_view text, std::vector<Segment>& out) const {
    out.clear();
    if (text.empty()) {
        out.push_back({0, 0, false});
        return;
    }
    thread_local std::vector<Range> found;
    matches(text, found);
    size_t prev = 0;
    for (const auto& [b, e] : found) {
        if (prev != b) out.push_back({prev, b, false});
        out.push_back({b, e, true});
        prev = e;
    }
    if (prev != text.size()) out.push_back({prev, text.size(), false});
}

SplitBehavior parseBehavior(const Json& j, const std::string& path) {
    const std::string s = asString(j, path);
    if (s == "Removed") return SplitBehavior::Removed;
    if (s == "Isolated") return SplitBehavior::Isolated;
    if (s == "MergedWithPrevious") return SplitBehavior::MergedWithPrevious;
    if (s == "MergedWithNext") return SplitBehavior::MergedWithNext;
    if (s == "Contiguous") return SplitBehavior::Contiguous;
    parseError(path, "unknown split behavior \"" + s +
                         "\" (expected Removed, Isolated, MergedWithPrevious, MergedWithNext or Contiguous)");
}

void splitSegments(const std::vector<Segment>& segs, SplitBehavior behavior, bool invert, std::vector<Range>& out) {
    // Mirrors NormalizedString::split: fold the (offsets, is_match) list into
    // (offsets, remove) pieces, then keep the ones not removed.
    const auto isMatch = [&](const Segment& s) { return s.match != invert; };
    switch (behavior) {
    case SplitBehavior::Isolated:
        for (const auto& s : segs) out.push_back({s.begin, s.end});
        return;
    case SplitBehavior::Removed:
        for (const auto& s : segs)
            if (!isMatch(s)) out.push_back({s.begin, s.end});
        return;
    case SplitBehavior::Contiguous: {
        const size_t first = out.size();
        bool previousMatch = false;
        for (const auto& s : segs) {
            const bool m = isMatch(s);
            if (m == previousMatch && out.size() > first) out.back().second = s.end;
            else out.push_back({s.begin, s.end});
            previousMatch = m;
        }
        return;
    }
    case SplitBehavior::MergedWithPrevious: {
        const size_t first = out.size();
        bool previousMatch = false;
        for (const auto& s : segs) {
            const bool m = isMatch(s);
            if (m && !previousMatch && out.size() > first) out.back().second = s.end;
            else out.push_back({s.begin, s.end});
            previousMatch = m;
        }
        return;
    }
    case SplitBehavior::MergedWithNext: {
        const size_t first = out.size();
        bool previousMatch = false;
        for (size_t k = segs.size(); k-- > 0;) {
            const auto& s = segs[k];
            const bool m = isMatch(s);
            if (m && !previousMatch && out.size() > first) out.back().first = s.begin;
            else out.push_back({s.begin, s.end});
            previousMatch = m;
        }
        std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
        return;
    }
    }
}

} // namespace cmf::engine::tok
