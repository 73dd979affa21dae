#pragma once
// The added vocabulary (tokenizer.json "added_tokens"), as HF's
// AddedVocabulary: ids, which tokens are special, and finding the tokens in
// text before the model sees it. Tokens with normalized=false are matched in
// the raw text, the others in the normalized text (against their own
// normalized form). Matching is leftmost-longest, then single_word, lstrip and
// rstrip are applied the way HF does.
#include "tokenizer/json_util.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cmf::engine::tok {

class Model;
class Normalizer;

struct AddedTokenSpec {
    std::string content;
    bool singleWord = false;
    bool lstrip = false;
    bool rstrip = false;
    bool normalized = true;
    bool special = false;
    bool operator==(const AddedTokenSpec&) const = default;
};

// A span of the searched text: an added token (id >= 0) or the text between.
struct AddedMatch {
    size_t begin, end;
    int32_t id;
};

class AddedVocabulary {
public:
    // Reads the "added_tokens" array and assigns ids the way HF does (the id in
    // the file is only checked against: HF takes the model's id for a token
    // the model knows, else the next free one).
    void parse(const Json& list, const std::string& path, const Model& model, const Normalizer* normalizer);

    // Splits `text` into spans (HF find_matches). `normalizedSet` picks the
    // tokens matched after normalization. Empty text gives no spans.
    // splitSpecial leaves special tokens' text to the model (HF's
    // encode_special_tokens): their matches are dropped into the text between.
    void findMatches(std::string_view text, bool normalizedSet, std::vector<AddedMatch>& out, bool splitSpecial = false) const;
    bool hasTokens(bool normalizedSet) const { return !(normalizedSet ? normTrie_ : rawTrie_).empty(); }

    std::optional<int32_t> tokenToId(std::string_view token) const;
    const AddedTokenSpec* byId(int32_t id) const;
    bool isSpecialContent(std::string_view content) const { return specialSet_.count(std::string(content)) > 0; }
    // Every added token with its id, by ascending id.
    std::vector<std::pair<int32_t, AddedTokenSpec>> all() const;
    int32_t maxId() const { return maxId_; }

private:
    // A byte trie answering "the longest token starting here".
    class Trie {
    public:
        void insert(std::string_view key, int32_t id);
        // Length and id of the longest token that is a prefix of text[pos...]; 0 when none.
        std::pair<size_t, int32_t> longestAt(std::string_view text, size_t pos) const;
        bool empty() const { return nodes_.size() <= 1; }
        bool canStart(uint8_t b) const { return startBytes_[b]; }

    private:
        struct Node {
            int32_t id = -1;
            std::vector<std::pair<uint8_t, uint32_t>> children; // sorted by byte
        };
        std::vector<Node> nodes_{Node{}};
        bool startBytes_[256] = {};
    };

    std::unordered_map<std::string, int32_t> contentToId_;
    std::unordered_map<int32_t, AddedTokenSpec> idToSpec_;
    std::unordered_set<std::string> specialSet_;
    Trie rawTrie_, normTrie_;
    int32_t maxId_ = -1;
};

} // namespace cmf::engine::tok
