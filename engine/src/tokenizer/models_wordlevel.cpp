// WordLevel: each piece is looked up whole; anything else is the unknown token.
#include "tokenizer/models.h"

namespace cmf::engine::tok {

namespace {

class WordLevelModel : public Model {
public:
    WordLevelModel(const Json& j, const std::string& path) : path_(path) {
        unkToken_ = getOptString(j, path, "unk_token").value_or("<unk>");
        vocab_.parseObject(require(j, path, "vocab"), joinPath(path, "vocab"));
    }

    void tokenize(std::string_view word, TokenSink& out) const override {
        if (const auto id = vocab_.find(word)) return out.push(*id, word);
        const auto unk = vocab_.find(unkToken_);
        if (!unk) missingUnk(joinPath(path_, "unk_token"), word);
        out.push(*unk, unkToken_);
    }

    std::optional<int32_t> tokenToId(std::string_view token) const override { return vocab_.find(token); }
    std::optional<std::string_view> idToToken(int32_t id) const override { return vocab_.token(id); }
    size_t vocabSize() const override { return vocab_.size(); }
    int32_t maxId() const override { return vocab_.maxId(); }
    const char* type() const override { return "WordLevel"; }

private:
    std::string path_;
    Vocab vocab_;
    std::string unkToken_;
};

} // namespace

std::unique_ptr<Model> makeWordLevel(const Json& j, const std::string& path) {
    return std::make_unique<WordLevelModel>(j, path);
}

} // namespace cmf::engine::tok
