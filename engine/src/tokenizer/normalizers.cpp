#include "tokenizer/normalizers.h"

#include "tokenizer/pattern.h"
#include "tokenizer/unicode.h"

#include <vector>

namespace cmf::engine::tok {

// ---- Shared helpers ---------------------------------------------------------------

void normalizeUnicode(NormalizedString& ns, NormForm form) {
    const std::string_view s = ns.text;
    const size_t n = s.size();
    // Fast path: find the first character the form could change. Text made of
    // inert characters (all ASCII, most CJK...) is left untouched.
    size_t first = 0;
    while (first < n) {
        if (static_cast<uint8_t>(s[first]) < 0x80) {
            ++first;
            continue;
        }
        size_t j = first;
        if (!isNormInert(nextChar(s, j), form)) break;
        first = j;
    }
    if (first == n) return;
    // Back up to the start of the chunk holding it.
    size_t pos = first;
    while (pos > 0) {
        size_t j = pos;
        if (isNormBoundary(nextChar(s, j))) break;
        pos = prevCharStart(s, pos);
    }
    Rewriter w(ns);
    w.copy(0, pos);
    size_t copyFrom = pos; // start of a run of inert characters not yet copied
    std::string chunkOut;
    while (pos < n) {
        // ASCII followed by ASCII: inert, and a chunk of its own.
        if (static_cast<uint8_t>(s[pos]) < 0x80 && (pos + 1 == n || static_cast<uint8_t>(s[pos + 1]) < 0x80)) {
            ++pos;
            continue;
        }
        size_t j = pos;
        const char32_t c = nextChar(s, j);
        size_t end = j;
        // A character HF's tables do not know stands alone: marks after it
        // neither reorder nor compose across it.
        while (end < n && !hfdata::normalizationUnknown(c)) {
            size_t t = end;
            if (isNormBoundary(nextChar(s, t))) break;
            end = t;
        }
        if (end == j && isNormInert(c, form)) {
            pos = end;
            continue;
        }
        w.copy(copyFrom, pos);
        chunkOut.clear();
        normalizeChunk(s.substr(pos, end - pos), form, chunkOut);
        w.emit(chunkOut, pos);
        pos = copyFrom = end;
    }
    w.copy(copyFrom, n);
    w.commit(ns);
}

void lowercase(NormalizedString& ns) {
    const std::string_view s = ns.text;
    Rewriter w(ns);
    std::string lower;
    size_t i = 0, copyFrom = 0;
    bool changed = false;
    while (i < s.size()) {
        const size_t start = i;
        const char32_t c = nextChar(s, i);
        lower.clear();
        appendLowercase(lower, c);
        if (lower.size() == i - start && lower.compare(0, lower.size(), s.data() + start, i - start) == 0) continue;
        w.copy(copyFrom, start);
        w.emit(lower, start);
        copyFrom = i;
        changed = true;
    }
    if (!changed) return;
    w.copy(copyFrom, s.size());
    w.commit(ns);
}

namespace {

// Keeps the characters for which keep(c) holds.
template <class Keep>
void filterChars(NormalizedString& ns, Keep&& keep) {
    const std::string_view s = ns.text;
    Rewriter w(ns);
    size_t i = 0, copyFrom = 0;
    bool changed = false;
    while (i < s.size()) {
        const size_t start = i;
        if (keep(nextChar(s, i))) continue;
        w.copy(copyFrom, start);
        copyFrom = i;
        changed = true;
    }
    if (!changed) return;
    w.copy(copyFrom, s.size());
    w.commit(ns);
}

// Replaces each character c by map(c, out) output when it returns true.
template <class Map>
void mapChars(NormalizedString& ns, Map&& map) {
    const std::string_view s = ns.text;
    Rewriter w(ns);
    std::string repl;
    size_t i = 0, copyFrom = 0;
    bool changed = false;
    while (i < s.size()) {
        const size_t start = i;
        const char32_t c = nextChar(s, i);
        repl.clear();
        if (!map(c, repl)) continue;
        w.copy(copyFrom, start);
        w.emit(repl, start);
        copyFrom = i;
        changed = true;
    }
    if (!changed) return;
    w.copy(copyFrom, s.size());
    w.commit(ns);
}

// ---- The normalizers ---------------------------------------------------------------

class UnicodeNormalizer : public Normalizer {
public:
    explicit UnicodeNormalizer(NormForm f) : form_(f) {}
    void normalize(NormalizedString& s) const override { normalizeUnicode(s, form_); }

private:
    NormForm form_;
};

class Lowercase : public Normalizer {
public:
    void normalize(NormalizedString& s) const override { lowercase(s); }
};

class Strip : public Normalizer {
public:
    Strip(bool left, bool right) : left_(left), right_(right) {}
    void normalize(NormalizedString& ns) const override {
        const std::string_view s = ns.text;
        size_t b = 0, e = s.size();
        if (left_) {
            while (b < e) {
                size_t j = b;
                if (!isWhitespace(nextChar(s, j))) break;
                b = j;
            }
        }
        if (right_) {
            while (e > b) {
                const size_t p = prevCharStart(s, e);
                size_t j = p;
                if (!isWhitespace(nextChar(s, j))) break;
                e = p;
            }
        }
        if (b == 0 && e == s.size()) return;
        Rewriter w(ns);
        w.copy(b, e);
        w.commit(ns);
    }

private:
    bool left_, right_;
};

class StripAccents : public Normalizer {
public:
    void normalize(NormalizedString& s) const override {
        filterChars(s, [](char32_t c) { return !isMark(c); });
    }
};

class Replace : public Normalizer {
public:
    Replace(Pattern p, std::string content) : pattern_(std::move(p)), content_(std::move(content)) {}
    void normalize(NormalizedString& ns) const override {
        std::vector<Range> found;
        pattern_.matches(ns.text, found);
        if (found.empty()) return;
        Rewriter w(ns);
        size_t copyFrom = 0;
        for (const auto& [b, e] : found) {
            w.copy(copyFrom, b);
            w.emit(content_, b);
            copyFrom = e;
        }
        w.copy(copyFrom, ns.text.size());
        w.commit(ns);
    }

private:
    Pattern pattern_;
    std::string content_;
};

class Prepend : public Normalizer {
public:
    explicit Prepend(std::string p) : prepend_(std::move(p)) {}
    void normalize(NormalizedString& ns) const override {
        if (ns.text.empty()) return;
        Rewriter w(ns);
        w.emit(prepend_, 0);
        w.copy(0, ns.text.size());
        w.commit(ns);
    }

private:
    std::string prepend_;
};

// NMT's clean-up: drops some control characters, turns other odd spaces into ' '.
class Nmt : public Normalizer {
public:
    void normalize(NormalizedString& ns) const override {
        filterChars(ns, [](char32_t c) {
            return !((c >= 0x01 && c <= 0x08) || c == 0x0B || (c >= 0x0E && c <= 0x1F) || c == 0x7F || c == 0x8F ||
                     c == 0x9F);
        });
        mapChars(ns, [](char32_t c, std::string& out) {
            const bool space = c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x1680 ||
                               (c >= 0x200B && c <= 0x200F) || c == 0x2028 || c == 0x2029 || c == 0x2581 ||
                               c == 0xFEFF || c == 0xFFFD;
            if (space) out.push_back(' '); // (out arrives empty)
            return space;
        });
    }
};

// The byte-level alphabet as a normalizer: every byte becomes its character.
class ByteLevelNormalizer : public Normalizer {
public:
    void normalize(NormalizedString& ns) const override {
        const auto& table = byteLevelTable();
        const std::string_view s = ns.text;
        Rewriter w(ns);
        size_t charStart = 0;
        for (size_t i = 0; i < s.size(); ++i) {
            if ((static_cast<uint8_t>(s[i]) & 0xC0) != 0x80) charStart = i;
            w.emit(table.byteToUtf8[static_cast<uint8_t>(s[i])], charStart);
        }
        w.commit(ns);
    }
};

class BertNormalizer : public Normalizer {
public:
    BertNormalizer(bool cleanText, bool chinese, bool stripAccents, bool lower)
        : cleanText_(cleanText), chinese_(chinese), stripAccents_(stripAccents), lowercase_(lower) {}

    void normalize(NormalizedString& ns) const override {
        if (cleanText_) {
            filterChars(ns, [](char32_t c) {
                const bool control = c != '\t' && c != '\n' && c != '\r' && isOtherCategory(c);
                return !(c == 0 || c == 0xFFFD || control);
            });
            mapChars(ns, [](char32_t c, std::string& out) {
                if (c == ' ' || !isWhitespace(c)) return false; // \t \n \r are White_Space too
                out.push_back(' '); // (out arrives empty)
                return true;
            });
        }
        if (chinese_) {
            mapChars(ns, [](char32_t c, std::string& out) {
                if (!isChineseChar(c)) return false;
                out.push_back(' '); // (out arrives empty)
                appendUtf8(out, c);
                out += ' ';
                return true;
            });
        }
        if (stripAccents_) {
            normalizeUnicode(ns, NormForm::NFD);
            filterChars(ns, [](char32_t c) { return !isMarkNonspacing(c); });
        }
        if (lowercase_) lowercase(ns);
    }

private:
    bool cleanText_, chinese_, stripAccents_, lowercase_;
};

class Sequence : public Normalizer {
public:
    explicit Sequence(std::vector<std::unique_ptr<Normalizer>> parts) : parts_(std::move(parts)) {}
    void normalize(NormalizedString& s) const override {
        for (const auto& p : parts_) p->normalize(s);
    }

private:
    std::vector<std::unique_ptr<Normalizer>> parts_;
};

} // namespace

std::unique_ptr<Normalizer> makeNormalizer(const Json& j, const std::string& path, int depth) {
    expectObject(j, path);
    if (depth > 32) parseError(path, "normalizers nested too deeply");
    const std::string type = getString(j, path, "type");
    if (type == "NFC") return std::make_unique<UnicodeNormalizer>(NormForm::NFC);
    if (type == "NFD") return std::make_unique<UnicodeNormalizer>(NormForm::NFD);
    if (type == "NFKC") return std::make_unique<UnicodeNormalizer>(NormForm::NFKC);
    if (type == "NFKD") return std::make_unique<UnicodeNormalizer>(NormForm::NFKD);
    if (type == "Lowercase") return std::make_unique<Lowercase>();
    if (type == "StripAccents") return std::make_unique<StripAccents>();
    if (type == "Nmt") return std::make_unique<Nmt>();
    if (type == "ByteLevel") return std::make_unique<ByteLevelNormalizer>();
    if (type == "Strip")
        return std::make_unique<Strip>(getBool(j, path, "strip_left"), getBool(j, path, "strip_right"));
    if (type == "Prepend") return std::make_unique<Prepend>(getString(j, path, "prepend"));
    if (type == "Replace")
        return std::make_unique<Replace>(Pattern::fromJson(require(j, path, "pattern"), joinPath(path, "pattern")),
                                         getString(j, path, "content"));
    if (type == "BertNormalizer") {
        const bool lower = getBool(j, path, "lowercase");
        bool strip = lower; // HF: strip_accents null follows lowercase
        if (const Json* s = optional(j, "strip_accents")) strip = asBool(*s, joinPath(path, "strip_accents"));
        return std::make_unique<BertNormalizer>(getBool(j, path, "clean_text"), getBool(j, path, "handle_chinese_chars"),
                                                strip, lower);
    }
    if (type == "Sequence") {
        const std::string listPath = joinPath(path, "normalizers");
        const Json& list = require(j, path, "normalizers");
        expectArray(list, listPath);
        std::vector<std::unique_ptr<Normalizer>> parts;
        for (size_t i = 0; i < list.size(); ++i) parts.push_back(makeNormalizer(list[i], indexPath(listPath, i), depth + 1));
        return std::make_unique<Sequence>(std::move(parts));
    }
    parseError(joinPath(path, "type"), "unsupported normalizer type \"" + type + "\"");
}

} // namespace cmf::engine::tok
