// Byte-pair encoding, as HF's models::bpe: a word starts as its characters (or
// their byte-fallback tokens, or unk) and the adjacent pair with the lowest
// merge rank is merged, leftmost first, until no pair has a merge.
#include "tokenizer/models.h"

#include "tokenizer/unicode.h"
#include "tokenizer/word_cache.h"

#include "cmf/format/error.h"

#include <algorithm>
#include <array>

namespace cmf::engine::tok {

namespace {

class BpeModel : public Model {
public:
    BpeModel(const Json& j, const std::string& path);

    void tokenize(std::string_view piece, TokenSink& out) const override;
    std::optional<int32_t> tokenToId(std::string_view token) const override { return vocab_.find(token); }
    std::optional<std::string_view> idToToken(int32_t id) const override { return vocab_.token(id); }
    size_t vocabSize() const override { return vocab_.size(); }
    int32_t maxId() const override { return vocab_.maxId(); }
    const char* type() const override { return "BPE"; }
    bool hasByteFallback() const override { return byteFallback_; }
    std::optional<uint32_t> mergeRank(int32_t id) const override {
        if (id < 0 || static_cast<size_t>(id) >= firstRank_.size() || firstRank_[static_cast<size_t>(id)] == UINT32_MAX)
            return std::nullopt;
        return firstRank_[static_cast<size_t>(id)];
    }
    bool canReadRawBytes() const override;
    void readRawBytes() override;

private:
    struct Symbol {
        int32_t id;
        int32_t prev;
        int32_t next;
        uint32_t len; // bytes of the word it covers; 0 once merged into its left neighbour
    };
    void parseMerges(const Json& merges, const std::string& path);
    // Appends the ids of `word` (without consulting the cache).
    void mergeWord(std::string_view word, std::vector<int32_t>& ids) const;
    // The initial symbols: one per character, or per byte in raw mode.
    void initialSymbols(std::string_view word, std::vector<Symbol>& symbols) const;
    void mergeAll(std::vector<Symbol>& symbols) const;

    std::string path_;
    Vocab vocab_;
    PairMap merges_;
    // By token id: the rank of the first merge that makes it (UINT32_MAX: none).
    // Only for showing the vocabulary; encoding uses merges_.
    std::vector<uint32_t> firstRank_;
    std::optional<std::string> unkToken_;
    std::optional<int32_t> unkId_;
    std::string prefix_; // continuing_subword_prefix ("" = none)
    std::string suffix_; // end_of_word_suffix ("" = none)
    bool fuseUnk_ = false;
    bool byteFallback_ = false;
    bool ignoreMerges_ = false;
    std::array<int32_t, 256> byteIds_{};
    WordCache cache_;

    // Raw mode (byte-level fusion): the vocabulary re-keyed by the bytes each
    // token stands for, so pieces stay raw bytes.
    bool raw_ = false;
    StringIdMap rawVocab_;
    std::array<int32_t, 256> rawByteIds_{};
    std::string rawPrefix_, rawSuffix_;
};

// The bytes a byte-level string stands for; false when a character is not in
// the byte-level alphabet.
bool byteLevelToRaw(std::string_view s, std::string& out) {
    out.clear();
    size_t i = 0;
    while (i < s.size()) {
        const int b = byteLevelByte(nextChar(s, i));
        if (b < 0) return false;
        out.push_back(static_cast<char>(b));
    }
    return true;
}

bool BpeModel::canReadRawBytes() const {
    // Byte fallback would look at the characters' own UTF-8 bytes, which raw
    // mode no longer has; a prefix or suffix must itself be byte-level text.
    std::string tmp;
    return !byteFallback_ && byteLevelToRaw(prefix_, tmp) && byteLevelToRaw(suffix_, tmp);
}

void BpeModel::readRawBytes() {
    byteLevelToRaw(prefix_, rawPrefix_);
    byteLevelToRaw(suffix_, rawSuffix_);
    rawVocab_.reserve(vocab_.size());
    std::string raw;
    // Tokens with a character outside the alphabet can never be produced from
    // byte-level pieces, so leaving them out changes nothing.
    vocab_.forEach([&](std::string_view token, int32_t id) {
        if (byteLevelToRaw(token, raw)) rawVocab_.set(raw, id);
    });
    for (int b = 0; b < 256; ++b)
        rawByteIds_[static_cast<size_t>(b)] = rawVocab_.find(std::string(1, static_cast<char>(b))).value_or(-1);
    raw_ = true;
}

BpeModel::BpeModel(const Json& j, const std::string& path) : path_(path) {
    if (const Json* d = optional(j, "dropout")) {
        const double p = asNumber(*d, joinPath(path, "dropout"));
        if (p != 0.0)
            throw Error(ErrorKind::UnsupportedFeature,
                        "tokenizer.json: " + joinPath(path, "dropout") +
                            ": BPE dropout samples its merges at random; only deterministic encoding is supported");
    }
    unkToken_ = getOptString(j, path, "unk_token");
    prefix_ = getOptString(j, path, "continuing_subword_prefix").value_or("");
    suffix_ = getOptString(j, path, "end_of_word_suffix").value_or("");
    fuseUnk_ = getBool(j, path, "fuse_unk", false);
    byteFallback_ = getBool(j, path, "byte_fallback", false);
    ignoreMerges_ = getBool(j, path, "ignore_merges", false);
    vocab_.parseObject(require(j, path, "vocab"), joinPath(path, "vocab"));
    if (unkToken_) unkId_ = vocab_.find(*unkToken_);
    for (int b = 0; b < 256; ++b) byteIds_[static_cast<size_t>(b)] = vocab_.find(byteFallbackToken(static_cast<uint8_t>(b))).value_or(-1);
    parseMerges(require(j, path, "merges"), joinPath(path, "merges"));
}

void BpeModel::parseMerges(const Json& merges, const std::string& path) {
    expectArray(merges, path);
    merges_.reserve(merges.size());
    // Both spellings exist: "a b" (older files) and ["a", "b"]. A file uses one.
    const bool pairs = !merges.empty() && merges[0].is_array();
    uint32_t rank = 0;
    std::string merged;
    // Dense by id, as real vocabularies are; a file with stray huge ids gets no ranks
    // rather than a table sized by its largest id.
    if (static_cast<size_t>(std::max(vocab_.maxId(), -1) + 1) <= 2 * vocab_.size() + 1024)
        firstRank_.assign(static_cast<size_t>(vocab_.maxId() + 1), UINT32_MAX);
    for (size_t i = 0; i < merges.size(); ++i) {
        const Json& m = merges[i];
        std::string_view a, b;
        std::string line;
        if (pairs && m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            a = m[0].get_ref<const std::string&>();
            b = m[1].get_ref<const std::string&>();
        } else if (!pairs && m.is_string()) {
            const std::string& s = m.get_ref<const std::string&>();
            if (s.rfind("#version", 0) == 0) continue; // a merges.txt header copied in; not a merge
            const size_t sp = s.find(' ');
            if (sp == std::string::npos || s.find(' ', sp + 1) != std::string::npos)
                parseError(indexPath(path, i), "expected \"a b\" or [\"a\", \"b\"]");
            a = std::string_view(s).substr(0, sp);
            b = std::string_view(s).substr(sp + 1);
        } else {
            parseError(indexPath(path, i), "expected \"a b\" or [\"a\", \"b\"]");
        }
        const auto aId = vocab_.find(a);
        if (!aId) parseError(indexPath(path, i), "\"" + std::string(a) + "\" is not in the vocabulary");
        const auto bId = vocab_.find(b);
        if (!bId) parseError(indexPath(path, i), "\"" + std::string(b) + "\" is not in the vocabulary");
        merged.assign(a);
        const std::string_view bRest = !prefix_.empty() && b.substr(0, prefix_.size()) == prefix_ ? b.substr(prefix_.size()) : b;
        merged.append(bRest);
        const auto newId = vocab_.find(merged);
        if (!newId) parseError(indexPath(path, i), "the merged token \"" + merged + "\" is not in the vocabulary");
        // A repeated pair keeps its last rank, as HF's HashMap collect does.
        merges_.set(*aId, *bId, PairMap::Merge{rank, *newId});
        if (*newId >= 0 && static_cast<size_t>(*newId) < firstRank_.size())
            firstRank_[static_cast<size_t>(*newId)] = std::min(firstRank_[static_cast<size_t>(*newId)], rank);
        ++rank;
    }
}

void BpeModel::initialSymbols(std::string_view w, std::vector<Symbol>& symbols) const {
    const auto add = [&](int32_t id, uint32_t len) {
        const auto n = static_cast<int32_t>(symbols.size());
        if (n > 0) symbols.back().next = n;
        symbols.push_back(Symbol{id, n - 1, -1, len});
    };
    const std::string& prefix = raw_ ? rawPrefix_ : prefix_;
    const std::string& suffix = raw_ ? rawSuffix_ : suffix_;
    const StringIdMap* units = raw_ ? &rawVocab_ : nullptr;
    bool haveUnk = false;
    int32_t unkId = 0;
    uint32_t unkLen = 0;
    std::string key;
    size_t i = 0;
    while (i < w.size()) {
        const size_t start = i;
        i = raw_ ? i + 1 : std::min(w.size(), i + utf8SeqLen(static_cast<uint8_t>(w[i])));
        const auto len = static_cast<uint32_t>(i - start);
        std::string_view s = w.substr(start, len);
        const bool addPrefix = !prefix.empty() && start > 0, addSuffix = !suffix.empty() && i == w.size();
        std::optional<int32_t> id;
        if (addPrefix || addSuffix) {
            key.clear();
            if (addPrefix) key += prefix;
            key += s;
            if (addSuffix) key += suffix;
            s = key;
            id = units ? units->find(s) : vocab_.find(s);
        } else if (raw_) {
            if (const int32_t b = rawByteIds_[static_cast<uint8_t>(s[0])]; b >= 0) id = b;
        } else {
            id = vocab_.find(s);
        }
        if (id) {
            if (haveUnk) {
                add(unkId, unkLen);
                haveUnk = false;
            }
            add(*id, len);
            continue;
        }
        if (byteFallback_) {
            bool all = true;
            for (const char c : s) all = all && byteIds_[static_cast<uint8_t>(c)] >= 0;
            if (all) {
                // HF adds these without flushing a pending unk first; so do we.
                for (const char c : s) add(byteIds_[static_cast<uint8_t>(c)], 1);
                continue;
            }
        }
        if (!unkToken_) continue; // no unk token: HF drops the character
        if (haveUnk && fuseUnk_) {
            unkLen += len;
            continue;
        }
        if (!unkId_) missingUnk(joinPath(path_, "unk_token"), w);
        if (haveUnk) add(unkId, unkLen);
        haveUnk = true;
        unkId = *unkId_;
        unkLen = len;
    }
    if (haveUnk) add(unkId, unkLen);
}

void BpeModel::mergeWord(std::string_view w, std::vector<int32_t>& ids) const {
    thread_local std::vector<Symbol> symbols;
    symbols.clear();
    initialSymbols(w, symbols);
    mergeAll(symbols);
    for (const Symbol& s : symbols)
        if (s.len) ids.push_back(s.id);
}

void BpeModel::mergeAll(std::vector<Symbol>& sym) const {
    if (sym.size() < 2) return;
    struct Candidate {
        uint32_t rank;
        int32_t pos;
        int32_t id;
    };
    // Min-heap on (rank, position): lowest rank first, leftmost on ties.
    const auto later = [](const Candidate& x, const Candidate& y) { return x.rank != y.rank ? x.rank > y.rank : x.pos > y.pos; };
    thread_local std::vector<Candidate> heap;
    heap.clear();
    for (size_t k = 0; k + 1 < sym.size(); ++k)
        if (const auto* m = merges_.find(sym[k].id, sym[k + 1].id)) heap.push_back({m->rank, static_cast<int32_t>(k), m->id});
    std::make_heap(heap.begin(), heap.end(), later);
    const auto n = static_cast<int32_t>(sym.size());
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), later);
        const Candidate top = heap.back();
        heap.pop_back();
        Symbol& cur = sym[static_cast<size_t>(top.pos)];
        if (cur.len == 0 || cur.next < 0) continue;
        const Symbol right = sym[static_cast<size_t>(cur.next)];
        // The entry may be stale: the pair at this position changed since.
        const auto* m = merges_.find(cur.id, right.id);
        if (!m || m->id != top.id) continue;
        sym[static_cast<size_t>(cur.next)].len = 0;
        cur.id = top.id;
        cur.len += right.len;
        cur.next = right.next;
        if (right.next >= 0 && right.next < n) sym[static_cast<size_t>(right.next)].prev = top.pos;
        if (cur.prev >= 0) {
            if (const auto* pm = merges_.find(sym[static_cast<size_t>(cur.prev)].id, cur.id)) {
                heap.push_back({pm->rank, cur.prev, pm->id});
                std::push_heap(heap.begin(), heap.end(), later);
            }
        }
        if (cur.next >= 0 && cur.next < n) {
            if (const auto* nm = merges_.find(cur.id, sym[static_cast<size_t>(cur.next)].id)) {
                heap.push_back({nm->rank, top.pos, nm->id});
                std::push_heap(heap.begin(), heap.end(), later);
            }
        }
    }
}

void BpeModel::tokenize(std::string_view piece, TokenSink& out) const {
    if (piece.empty()) return;
    const size_t before = out.ids.size();
    const uint64_t hash = hashBytes(piece);
    if (ignoreMerges_) {
        // A word that is itself in the vocabulary is taken whole.
        if (const auto id = raw_ ? rawVocab_.find(piece, hash) : vocab_.find(piece, hash)) {
            out.push(*id, *vocab_.token(*id));
            return;
        }
    }
    if (!cache_.get(piece, hash, out.ids)) {
        mergeWord(piece, out.ids);
        cache_.put(piece, hash, out.ids.data() + before, out.ids.size() - before);
    }
    if (out.tokens)
        for (size_t k = before; k < out.ids.size(); ++k) out.tokens->emplace_back(*vocab_.token(out.ids[k]));
}

} // namespace

std::unique_ptr<Model> makeBpe(const Json& j, const std::string& path) {
    return std::make_unique<BpeModel>(j, path);
}

} // namespace cmf::engine::tok
