// WordPiece (BERT): greedy longest-match-first from the left, later pieces
// carrying the continuing-subword prefix; a word with a part that matches
// nothing, or longer than max_input_chars_per_word, is the unknown token whole.
#include "tokenizer/models.h"

#include "tokenizer/unicode.h"

#include <limits>

namespace cmf::engine::tok {

namespace {

class WordPieceModel : public Model {
public:
    WordPieceModel(const Json& j, const std::string& path) : path_(path) {
        unkToken_ = getOptString(j, path, "unk_token").value_or("[UNK]");
        prefix_ = getOptString(j, path, "continuing_subword_prefix").value_or("##");
        maxChars_ = static_cast<size_t>(
            getInt(j, path, "max_input_chars_per_word", 0, std::numeric_limits<int64_t>::max(), 100));
        vocab_.parseObject(require(j, path, "vocab"), joinPath(path, "vocab"));
    }

    void tokenize(std::string_view word, TokenSink& out) const override {
        size_t chars = 0;
        for (size_t i = 0; i < word.size(); i += utf8SeqLen(static_cast<uint8_t>(word[i]))) ++chars;
        if (chars > maxChars_) return pushUnk(word, out);
        thread_local std::vector<std::pair<int32_t, std::string>> pieces;
        pieces.clear();
        std::string candidate;
        size_t start = 0;
        while (start < word.size()) {
            size_t end = word.size();
            bool found = false;
            while (start < end) {
                candidate.clear();
                if (start > 0) candidate += prefix_;
                candidate.append(word.substr(start, end - start));
                if (const auto id = vocab_.find(candidate)) {
                    pieces.emplace_back(*id, candidate);
                    found = true;
                    break;
                }
                end = prevCharStart(word, end);
                if (end < start) end = start;
            }
            if (!found) return pushUnk(word, out);
            start = end;
        }
        for (const auto& [id, text] : pieces) out.push(id, text);
    }

    std::optional<int32_t> tokenToId(std::string_view token) const override { return vocab_.find(token); }
    std::optional<std::string_view> idToToken(int32_t id) const override { return vocab_.token(id); }
    size_t vocabSize() const override { return vocab_.size(); }
    int32_t maxId() const override { return vocab_.maxId(); }
    const char* type() const override { return "WordPiece"; }

private:
    void pushUnk(std::string_view word, TokenSink& out) const {
        const auto id = vocab_.find(unkToken_);
        if (!id) missingUnk(joinPath(path_, "unk_token"), word);
        out.push(*id, unkToken_);
    }

    std::string path_;
    Vocab vocab_;
    std::string unkToken_;
    std::string prefix_;
    size_t maxChars_ = 100;
};

} // namespace

std::unique_ptr<Model> makeWordPiece(const Json& j, const std::string& path) {
    return std::make_unique<WordPieceModel>(j, path);
}

} // namespace cmf::engine::tok
