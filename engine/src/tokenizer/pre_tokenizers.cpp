#include "tokenizer/pre_tokenizers.h"

#include "tokenizer/pattern.h"
#include "tokenizer/unicode.h"

#include <vector>

namespace cmf::engine::tok {

namespace {

// Cuts every untokenized split of `pts` at the characters `pred` accepts.
template <class Pred>
void splitOnChars(PreTokenizedString& pts, Pred pred, SplitBehavior behavior) {
    std::vector<Segment> segs;
    pts.split([&](std::string_view text, std::vector<Range>& out) {
        charSegments(text, pred, segs);
        splitSegments(segs, behavior, false, out);
    });
}

void splitOnPattern(PreTokenizedString& pts, const Pattern& pattern, SplitBehavior behavior, bool invert) {
    if (behavior == SplitBehavior::Isolated) {
        // Every match and every gap is a piece, whatever invert says: skip the segment list.
        std::vector<Range> found;
        pts.split([&](std::string_view text, std::vector<Range>& out) {
            pattern.matches(text, found);
            size_t prev = 0;
            for (const auto& m : found) {
                if (prev < m.first) out.push_back({prev, m.first});
                out.push_back(m);
                prev = m.second;
            }
            if (prev < text.size()) out.push_back({prev, text.size()});
        });
        return;
    }
    std::vector<Segment> segs;
    pts.split([&](std::string_view text, std::vector<Range>& out) {
        pattern.segments(text, segs);
        splitSegments(segs, behavior, invert, out);
    });
}

bool isBertPunctuation(char32_t c) {
    return isAsciiPunctuation(c) || isPunctuation(c);
}

class SplitPattern : public PreTokenizer {
public:
    SplitPattern(Pattern p, SplitBehavior b, bool invert) : pattern_(std::move(p)), behavior_(b), invert_(invert) {}
    void preTokenize(PreTokenizedString& pts) const override { splitOnPattern(pts, pattern_, behavior_, invert_); }

private:
    Pattern pattern_;
    SplitBehavior behavior_;
    bool invert_;
};

class ByteLevel : public PreTokenizer {
public:
    ByteLevel(bool addPrefixSpace, bool useRegex) : addPrefixSpace_(addPrefixSpace), useRegex_(useRegex) {}

    void preTokenize(PreTokenizedString& pts) const override {
        if (addPrefixSpace_) {
            pts.rewrite([](NormalizedString& ns) {
                if (ns.text.empty() || ns.text[0] == ' ') return;
                Rewriter w(ns);
                w.emit(' ', 0);
                w.copy(0, ns.text.size());
                w.commit(ns);
            });
        }
        if (useRegex_) splitOnPattern(pts, gpt2Pattern(), SplitBehavior::Isolated, false);
        if (deferMapping_) return;
        const auto& table = byteLevelTable();
        pts.rewriteAppend([&](std::string_view text, const uint32_t* origins, std::string& out,
                              std::vector<uint32_t>* outOrigins) {
            for (size_t i = 0; i < text.size(); ++i) {
                const std::string& mapped = table.byteToUtf8[static_cast<uint8_t>(text[i])];
                out += mapped;
                if (outOrigins) outOrigins->insert(outOrigins->end(), mapped.size(), origins[i]);
            }
        });
    }
    bool deferByteLevelMapping() override {
        deferMapping_ = true;
        return true;
    }

private:
    // GPT-2's pattern, which ByteLevel applies when use_regex is set.
    static const Pattern& gpt2Pattern() {
        static const Json spec = {
            {"Regex", R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"}};
        static const Pattern p = Pattern::fromJson(spec, "pre_tokenizer");
        return p;
    }
    bool addPrefixSpace_, useRegex_;
    bool deferMapping_ = false;
};

enum class PrependScheme { Always, First, Never };

class Metaspace : public PreTokenizer {
public:
    Metaspace(char32_t replacement, PrependScheme scheme, bool split)
        : replacement_(replacement), repl_(utf8(replacement)), scheme_(scheme), split_(split) {}

    void preTokenize(PreTokenizedString& pts) const override {
        pts.rewrite([&](NormalizedString& ns) {
            // Spaces become the replacement first; the prefix check comes after.
            const uint32_t originalStart = ns.tracking && !ns.origins.empty() ? ns.origins[0] : 0;
            if (ns.text.find(' ') != std::string::npos) {
                Rewriter w(ns);
                size_t copyFrom = 0;
                for (size_t i = 0; i < ns.text.size(); ++i) {
                    if (ns.text[i] != ' ') continue;
                    w.copy(copyFrom, i);
                    w.emit(repl_, i);
                    copyFrom = i + 1;
                }
                w.copy(copyFrom, ns.text.size());
                w.commit(ns);
            }
            const bool needsPrefix = ns.text.compare(0, repl_.size(), repl_) != 0;
            const bool prepend = needsPrefix && (scheme_ == PrependScheme::Always ||
                                                 (scheme_ == PrependScheme::First && originalStart == 0));
            if (prepend && !ns.text.empty()) {
                Rewriter w(ns);
                w.emit(repl_, 0);
                w.copy(0, ns.text.size());
                w.commit(ns);
            }
        });
        if (split_) splitOnChars(pts, [&](char32_t c) { return c == replacement_; }, SplitBehavior::MergedWithNext);
    }
    bool needsOrigins() const override { return scheme_ == PrependScheme::First; }

private:
    char32_t replacement_;
    std::string repl_;
    PrependScheme scheme_;
    bool split_;
};

class Whitespace : public PreTokenizer {
public:
    void preTokenize(PreTokenizedString& pts) const override {
        static const Pattern words = [] {
            const Json spec = {{"Regex", R"(\w+|[^\w\s]+)"}};
            return Pattern::fromJson(spec, "pre_tokenizer");
        }();
        splitOnPattern(pts, words, SplitBehavior::Removed, true);
    }
};

class WhitespaceSplit : public PreTokenizer {
public:
    void preTokenize(PreTokenizedString& pts) const override {
        splitOnChars(pts, isWhitespace, SplitBehavior::Removed);
    }
};

class Digits : public PreTokenizer {
public:
    explicit Digits(bool individual) : individual_(individual) {}
    void preTokenize(PreTokenizedString& pts) const override {
        // Rust's char::is_numeric: any Nd, Nl or No character, not just ASCII digits.
        splitOnChars(pts, isNumeric, individual_ ? SplitBehavior::Isolated : SplitBehavior::Contiguous);
    }

private:
    bool individual_;
};

class Punctuation : public PreTokenizer {
public:
    explicit Punctuation(SplitBehavior b) : behavior_(b) {}
    void preTokenize(PreTokenizedString& pts) const override { splitOnChars(pts, isBertPunctuation, behavior_); }

private:
    SplitBehavior behavior_;
};

class BertPreTokenizer : public PreTokenizer {
public:
    void preTokenize(PreTokenizedString& pts) const override {
        splitOnChars(pts, isWhitespace, SplitBehavior::Removed);
        splitOnChars(pts, isBertPunctuation, SplitBehavior::Isolated);
    }
};

class CharDelimiterSplit : public PreTokenizer {
public:
    explicit CharDelimiterSplit(char32_t d) : delimiter_(d) {}
    void preTokenize(PreTokenizedString& pts) const override {
        splitOnChars(pts, [&](char32_t c) { return c == delimiter_; }, SplitBehavior::Removed);
    }

private:
    char32_t delimiter_;
};

class Sequence : public PreTokenizer {
public:
    explicit Sequence(std::vector<std::unique_ptr<PreTokenizer>> parts) : parts_(std::move(parts)) {}
    void preTokenize(PreTokenizedString& pts) const override {
        for (const auto& p : parts_) p->preTokenize(pts);
    }
    bool needsOrigins() const override {
        for (const auto& p : parts_)
            if (p->needsOrigins()) return true;
        return false;
    }
    bool deferByteLevelMapping() override { return !parts_.empty() && parts_.back()->deferByteLevelMapping(); }

private:
    std::vector<std::unique_ptr<PreTokenizer>> parts_;
};

PrependScheme parseScheme(const Json& j, const std::string& path) {
    const std::string s = asString(j, path);
    if (s == "always") return PrependScheme::Always;
    if (s == "first") return PrependScheme::First;
    if (s == "never") return PrependScheme::Never;
    parseError(path, "unknown prepend_scheme \"" + s + "\" (expected always, first or never)");
}

} // namespace

std::unique_ptr<PreTokenizer> makePreTokenizer(const Json& j, const std::string& path, int depth) {
    expectObject(j, path);
    if (depth > 32) parseError(path, "pre-tokenizers nested too deeply");
    const std::string type = getString(j, path, "type");
    if (type == "Split") {
        return std::make_unique<SplitPattern>(Pattern::fromJson(require(j, path, "pattern"), joinPath(path, "pattern")),
                                       parseBehavior(require(j, path, "behavior"), joinPath(path, "behavior")),
                                       getBool(j, path, "invert", false));
    }
    if (type == "ByteLevel")
        return std::make_unique<ByteLevel>(getBool(j, path, "add_prefix_space", true), getBool(j, path, "use_regex", true));
    if (type == "Metaspace") {
        const char32_t replacement = getChar(j, path, "replacement");
        // Files from before prepend_scheme say add_prefix_space instead.
        PrependScheme scheme = PrependScheme::Always;
        if (const Json* a = optional(j, "add_prefix_space"); a && !asBool(*a, joinPath(path, "add_prefix_space")))
            scheme = PrependScheme::Never;
        if (const Json* s = optional(j, "prepend_scheme")) scheme = parseScheme(*s, joinPath(path, "prepend_scheme"));
        return std::make_unique<Metaspace>(replacement, scheme, getBool(j, path, "split", true));
    }
    if (type == "Whitespace") return std::make_unique<Whitespace>();
    if (type == "WhitespaceSplit") return std::make_unique<WhitespaceSplit>();
    if (type == "BertPreTokenizer") return std::make_unique<BertPreTokenizer>();
    if (type == "Digits") return std::make_unique<Digits>(getBool(j, path, "individual_digits", false));
    if (type == "Punctuation") {
        SplitBehavior b = SplitBehavior::Isolated;
        if (const Json* v = optional(j, "behavior")) b = parseBehavior(*v, joinPath(path, "behavior"));
        return std::make_unique<Punctuation>(b);
    }
    if (type == "CharDelimiterSplit") return std::make_unique<CharDelimiterSplit>(getChar(j, path, "delimiter"));
    if (type == "Sequence") {
        const std::string listPath = joinPath(path, "pretokenizers");
        const Json& list = require(j, path, "pretokenizers");
        expectArray(list, listPath);
        std::vector<std::unique_ptr<PreTokenizer>> parts;
        for (size_t i = 0; i < list.size(); ++i)
            parts.push_back(makePreTokenizer(list[i], indexPath(listPath, i), depth + 1));
        return std::make_unique<Sequence>(std::move(parts));
    }
    parseError(joinPath(path, "type"), "unsupported pre_tokenizer type \"" + type + "\"");
}

} // namespace cmf::engine::tok
