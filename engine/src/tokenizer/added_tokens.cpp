#include "tokenizer/added_tokens.h"

#include "tokenizer/models.h"
#include "tokenizer/normalized.h"
#include "tokenizer/normalizers.h"
#include "tokenizer/unicode.h"

#include <algorithm>
#include <limits>

namespace cmf::engine::tok {

// ---- Trie ---------------------------------------------------------------------------

void AddedVocabulary::Trie::insert(std::string_view key, int32_t id) {
    if (key.empty()) return; // an empty token can never be found (HF ignores them too)
    uint32_t node = 0;
    for (const char ch : key) {
        const auto b = static_cast<uint8_t>(ch);
        auto& children = nodes_[node].children;
        auto it = std::lower_bound(children.begin(), children.end(), b,
                                   [](const std::pair<uint8_t, uint32_t>& e, uint8_t v) { return e.first < v; });
        if (it != children.end() && it->first == b) {
            node = it->second;
            continue;
        }
        const auto child = static_cast<uint32_t>(nodes_.size());
        children.insert(it, {b, child});
        nodes_.emplace_back();
        node = child;
    }
    // With two tokens of the same text the first one listed wins, as in HF's
    // automaton (both have the same id anyway: ids are looked up by content).
    if (nodes_[node].id < 0) nodes_[node].id = id;
    startBytes_[static_cast<uint8_t>(key[0])] = true;
}

std::pair<size_t, int32_t> AddedVocabulary::Trie::longestAt(std::string_view text, size_t pos) const {
    std::pair<size_t, int32_t> best{0, -1};
    uint32_t node = 0;
    for (size_t i = pos; i < text.size(); ++i) {
        const auto b = static_cast<uint8_t>(text[i]);
        const auto& children = nodes_[node].children;
        auto it = std::lower_bound(children.begin(), children.end(), b,
                                   [](const std::pair<uint8_t, uint32_t>& e, uint8_t v) { return e.first < v; });
        if (it == children.end() || it->first != b) break;
        node = it->second;
        if (nodes_[node].id >= 0) best = {i + 1 - pos, nodes_[node].id};
    }
    return best;
}

// ---- Parsing and ids -------------------------------------------------------------------

namespace {

AddedTokenSpec parseSpec(const Json& j, const std::string& path) {
    expectObject(j, path);
    AddedTokenSpec t;
    t.content = getString(j, path, "content");
    t.special = getBool(j, path, "special", false);
    t.singleWord = getBool(j, path, "single_word", false);
    t.lstrip = getBool(j, path, "lstrip", false);
    t.rstrip = getBool(j, path, "rstrip", false);
    t.normalized = getBool(j, path, "normalized", !t.special); // HF's default for a token without the flag
    return t;
}

std::string specKey(const AddedTokenSpec& t) {
    std::string k = t.content;
    k += '\0';
    k += static_cast<char>('0' + t.singleWord + 2 * t.lstrip + 4 * t.rstrip + 8 * t.normalized + 16 * t.special);
    return k;
}

} // namespace

void AddedVocabulary::parse(const Json& list, const std::string& path, const Model& model, const Normalizer* normalizer) {
    expectArray(list, path);
    std::vector<AddedTokenSpec> specs;
    specs.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = indexPath(path, i);
        asId(require(list[i], p, "id"), joinPath(p, "id")); // must be an id, though HF reassigns it (below)
        specs.push_back(parseSpec(list[i], p));
    }

    // HF's AddedVocabulary::add_tokens, step for step. Special tokens are
    // registered first (first occurrence of each text), then every token gets
    // an id: the one its text already has (an earlier added token, or the
    // model's), else the next id after the model's vocabulary.
    std::vector<AddedTokenSpec> specialTokens, addedTokens;
    for (const auto& t : specs) {
        if (t.special && !t.content.empty() && specialSet_.insert(t.content).second) specialTokens.push_back(t);
    }
    std::unordered_set<std::string> seen;
    const auto modelSize = static_cast<int64_t>(model.vocabSize());
    int64_t maxAdded = -1;
    for (const auto& t : specs) {
        if (t.content.empty() || !seen.insert(specKey(t)).second) continue; // identical entries are ignored
        int64_t id;
        if (const auto it = contentToId_.find(t.content); it != contentToId_.end()) id = it->second;
        else if (const auto mid = model.tokenToId(t.content)) id = *mid;
        else if (maxAdded < 0) id = modelSize;
        else id = (maxAdded >= modelSize || modelSize == 0) ? maxAdded + 1 : modelSize;
        if (id > std::numeric_limits<int32_t>::max()) parseError(path, "too many added tokens for 32-bit ids");
        contentToId_[t.content] = static_cast<int32_t>(id);
        maxAdded = std::max(maxAdded, id);
        idToSpec_[static_cast<int32_t>(id)] = t;
        if (!specialSet_.count(t.content)) addedTokens.push_back(t);
    }

    // The two matchers. A token is in the one its own entry says, matched
    // against its content as the normalizer would turn it.
    for (const auto* group : {&specialTokens, &addedTokens}) {
        for (const auto& t : *group) {
            const int32_t id = contentToId_.at(t.content);
            if (!t.normalized) {
                rawTrie_.insert(t.content, id);
            } else {
                NormalizedString ns(t.content, false, 0);
                if (normalizer) normalizer->normalize(ns);
                normTrie_.insert(ns.text, id);
            }
        }
    }
    for (const auto& [content, id] : contentToId_) maxId_ = std::max(maxId_, id);
}

std::optional<int32_t> AddedVocabulary::tokenToId(std::string_view token) const {
    const auto it = contentToId_.find(std::string(token));
    if (it == contentToId_.end()) return std::nullopt;
    return it->second;
}

const AddedTokenSpec* AddedVocabulary::byId(int32_t id) const {
    const auto it = idToSpec_.find(id);
    return it == idToSpec_.end() ? nullptr : &it->second;
}

std::vector<std::pair<int32_t, AddedTokenSpec>> AddedVocabulary::all() const {
    std::vector<std::pair<int32_t, AddedTokenSpec>> v(idToSpec_.begin(), idToSpec_.end());
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return v;
}

// ---- Matching ---------------------------------------------------------------------------

namespace {

// The regexes HF applies around a match (Rust regex crate, Unicode).
bool endsWithWord(std::string_view s) { // \w$
    if (s.empty()) return false;
    size_t i = prevCharStart(s, s.size());
    return isRegexWordChar(nextChar(s, i));
}
bool startsWithWord(std::string_view s) { // ^\w
    if (s.empty()) return false;
    size_t i = 0;
    return isRegexWordChar(nextChar(s, i));
}
size_t spaceLeftmostAtEnd(std::string_view s) { // start of \s*$
    size_t e = s.size();
    while (e > 0) {
        const size_t p = prevCharStart(s, e);
        size_t i = p;
        if (!isWhitespace(nextChar(s, i))) break;
        e = p;
    }
    return e;
}
size_t spaceRightmostAtStart(std::string_view s) { // end of ^\s*
    size_t b = 0;
    while (b < s.size()) {
        size_t i = b;
        if (!isWhitespace(nextChar(s, i))) break;
        b = i;
    }
    return b;
}

} // namespace

void AddedVocabulary::findMatches(std::string_view s, bool normalizedSet, std::vector<AddedMatch>& out, bool splitSpecial) const {
    out.clear();
    if (s.empty()) return;
    const Trie& trie = normalizedSet ? normTrie_ : rawTrie_;
    size_t startOffset = 0;
    size_t pos = 0;
    while (pos < s.size()) {
        if (!trie.canStart(static_cast<uint8_t>(s[pos]))) {
            ++pos;
            continue;
        }
        const auto [len, id] = trie.longestAt(s, pos);
        if (len == 0) {
            ++pos;
            continue;
        }
        size_t start = pos, stop = pos + len;
        pos = stop; // the automaton resumes after every match, kept or not
        const AddedTokenSpec& t = idToSpec_.at(id);
        if (splitSpecial && t.special) continue; // as HF: the automaton still moved past it
        if (t.singleWord) {
            const bool startSpace = start == 0 || !endsWithWord(s.substr(0, start));
            const bool stopSpace = stop == s.size() || !startsWithWord(s.substr(stop));
            if (!startSpace || !stopSpace) continue;
        }
        if (t.lstrip) start = std::max(spaceLeftmostAtEnd(s.substr(0, start)), startOffset);
        if (t.rstrip) stop += spaceRightmostAtStart(s.substr(stop));
        if (startOffset < start) out.push_back({startOffset, start, -1});
        out.push_back({start, stop, id});
        startOffset = stop;
    }
    if (startOffset < s.size()) out.push_back({startOffset, s.size(), -1});
}

} // namespace cmf::engine::tok
