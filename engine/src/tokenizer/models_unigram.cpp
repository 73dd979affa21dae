// Unigram (SentencePiece): the segmentation with the highest total score,
// found by Viterbi over the character positions. A character no piece starts
// with costs min_score - 10 as the unknown token; consecutive unknowns fuse.
#include "tokenizer/models.h"

#include "tokenizer/unicode.h"

#include "cmf/format/error.h"

#include <limits>
#include <unordered_map>

namespace cmf::engine::tok {

namespace {

constexpr double kUnkPenalty = 10.0;

// Byte trie over the pieces, for "every piece that starts here".
class PieceTrie {
public:
    PieceTrie() { terminal_.push_back(-1); }
    void insert(std::string_view piece, int32_t id) {
        uint32_t node = 0;
        for (const char c : piece) {
            const uint64_t key = (static_cast<uint64_t>(node) << 8) | static_cast<uint8_t>(c);
            const auto it = edges_.find(key);
            if (it != edges_.end()) {
                node = it->second;
            } else {
                const auto child = static_cast<uint32_t>(terminal_.size());
                terminal_.push_back(-1);
                edges_.emplace(key, child);
                node = child;
            }
        }
        terminal_[node] = id;
    }
    // Calls f(length, id) for each piece that is a prefix of text[from...].
    template <class F>
    void prefixes(std::string_view text, size_t from, F&& f) const {
        uint32_t node = 0;
        for (size_t i = from; i < text.size(); ++i) {
            const auto it = edges_.find((static_cast<uint64_t>(node) << 8) | static_cast<uint8_t>(text[i]));
            if (it == edges_.end()) return;
            node = it->second;
            if (terminal_[node] >= 0) f(i + 1 - from, terminal_[node]);
        }
    }

private:
    std::unordered_map<uint64_t, uint32_t> edges_;
    std::vector<int32_t> terminal_;
};

class UnigramModel : public Model {
public:
    UnigramModel(const Json& j, const std::string& path) : path_(path) {
        const std::string vpath = joinPath(path, "vocab");
        const Json& vocab = require(j, path, "vocab");
        expectArray(vocab, vpath);
        if (vocab.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) parseError(vpath, "too many pieces");
        pieces_.reserve(vocab.size());
        map_.reserve(vocab.size());
        for (size_t i = 0; i < vocab.size(); ++i) {
            const std::string epath = indexPath(vpath, i);
            const Json& e = vocab[i];
            if (!e.is_array() || e.size() != 2) parseError(epath, "expected [\"piece\", score]");
            Piece p{asString(e[0], indexPath(epath, 0)), asNumber(e[1], indexPath(epath, 1))};
            map_.set(p.text, static_cast<int32_t>(i)); // a repeated piece keeps its last id, as HF's map does
            trie_.insert(p.text, static_cast<int32_t>(i));
            minScore_ = std::min(minScore_, p.score);
            pieces_.push_back(std::move(p));
        }
        if (const Json* u = optional(j, "unk_id")) {
            const auto id = asInt(*u, joinPath(path, "unk_id"), 0, std::numeric_limits<int32_t>::max());
            if (pieces_.empty()) parseError(vpath, "empty, but unk_id needs at least the unknown piece");
            if (static_cast<size_t>(id) >= pieces_.size())
                parseError(joinPath(path, "unk_id"), std::to_string(id) + " is past the end of the vocabulary");
            unkId_ = static_cast<int32_t>(id);
        }
        byteFallback_ = getBool(j, path, "byte_fallback", false);
    }

    void tokenize(std::string_view s, TokenSink& out) const override {
        if (s.empty()) return;
        struct Best {
            int32_t id = 0;
            double score = 0;
            size_t start = SIZE_MAX; // SIZE_MAX: not reached
        };
        std::vector<Best> best(s.size() + 1);
        const double unkScore = minScore_ - kUnkPenalty;
        size_t pos = 0;
        while (pos < s.size()) {
            const double here = best[pos].score;
            const size_t charLen = std::min(utf8SeqLen(static_cast<uint8_t>(s[pos])), s.size() - pos);
            bool single = false;
            trie_.prefixes(s, pos, [&](size_t len, int32_t id) {
                Best& target = best[pos + len];
                const double cand = pieces_[static_cast<size_t>(id)].score + here;
                if (target.start == SIZE_MAX || cand > target.score) target = {id, cand, pos};
                single = single || len == charLen;
            });
            if (!single) {
                Best& target = best[pos + charLen];
                const double cand = unkScore + here;
                if (target.start == SIZE_MAX || cand > target.score) {
                    if (!unkId_) missingUnk(joinPath(path_, "unk_id"), s);
                    target = {*unkId_, cand, pos};
                }
            }
            pos += charLen;
        }
        // Walk back from the end; runs of unknowns become one piece.
        std::vector<std::string_view> strs;
        size_t end = s.size();
        size_t unkStart = SIZE_MAX, unkEnd = 0;
        while (end > 0) {
            const Best& node = best[end];
            if (unkId_ && node.id == *unkId_) {
                if (unkStart == SIZE_MAX) unkEnd = end;
                unkStart = node.start;
            } else {
                if (unkStart != SIZE_MAX) strs.push_back(s.substr(unkStart, unkEnd - unkStart));
                unkStart = SIZE_MAX;
                strs.push_back(s.substr(node.start, end - node.start));
            }
            end = node.start;
        }
        if (unkStart != SIZE_MAX) strs.push_back(s.substr(unkStart, unkEnd - unkStart));
        for (size_t k = strs.size(); k-- > 0;) emit(strs[k], out);
    }

    std::optional<int32_t> tokenToId(std::string_view token) const override { return map_.find(token); }
    std::optional<std::string_view> idToToken(int32_t id) const override {
        if (id < 0 || static_cast<size_t>(id) >= pieces_.size()) return std::nullopt;
        return std::string_view(pieces_[static_cast<size_t>(id)].text);
    }
    size_t vocabSize() const override { return pieces_.size(); }
    int32_t maxId() const override { return static_cast<int32_t>(pieces_.size()) - 1; }
    const char* type() const override { return "Unigram"; }
    bool hasByteFallback() const override { return byteFallback_; }

private:
    struct Piece {
        std::string text;
        double score;
    };

    // One piece of the best path: its id, else its bytes, else unk (whose
    // token text is the piece itself, as in HF).
    void emit(std::string_view piece, TokenSink& out) const {
        if (const auto id = map_.find(piece)) return out.push(*id, piece);
        if (byteFallback_) {
            bool all = true;
            for (const char c : piece) all = all && map_.find(byteFallbackToken(static_cast<uint8_t>(c)));
            if (all) {
                for (const char c : piece) {
                    const std::string t = byteFallbackToken(static_cast<uint8_t>(c));
                    out.push(*map_.find(t), t);
                }
                return;
            }
        }
        if (!unkId_) missingUnk(joinPath(path_, "unk_id"), piece);
        out.push(*unkId_, piece);
    }

    std::string path_;
    std::vector<Piece> pieces_;
    StringIdMap map_;
    PieceTrie trie_;
    double minScore_ = std::numeric_limits<double>::infinity();
    std::optional<int32_t> unkId_;
    bool byteFallback_ = false;
};

} // namespace

std::unique_ptr<Model> makeUnigram(const Json& j, const std::string& path) {
    return std::make_unique<UnigramModel>(j, path);
}

} // namespace cmf::engine::tok
