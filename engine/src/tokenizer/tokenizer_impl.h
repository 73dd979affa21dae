#pragma once
// The loaded tokenizer behind cmf::engine::Tokenizer: the five pipeline parts
// of tokenizer.json plus the added vocabulary.
#include "tokenizer/added_tokens.h"
#include "tokenizer/decoders.h"
#include "tokenizer/models.h"
#include "tokenizer/normalizers.h"
#include "tokenizer/post_processors.h"
#include "tokenizer/pre_tokenizers.h"
#include "tokenizer/truncation.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cmf::engine::tok {

class TokenizerImpl {
public:
    explicit TokenizerImpl(std::string_view json);

    void encode(std::string_view text, bool addSpecialTokens, TokenList& out, bool splitSpecial = false) const;
    std::string decode(std::span<const int32_t> ids, bool skipSpecialTokens) const;

    std::optional<int32_t> tokenToId(std::string_view token) const;
    std::optional<std::string> idToToken(int32_t id) const;
    bool isSpecial(int32_t id) const;
    // True when decode() skips `id` (unknown, or special while skipping specials).
    bool decodesToNothing(int32_t id, bool skipSpecialTokens) const;
    // True when `id` is a byte-fallback token whose text the decoder groups
    // with its neighbours ("<0xE2>" under a ByteFallback decoder).
    bool isGroupedByteToken(int32_t id) const;

    // The value of a byte-fallback token ("<0x41>" -> 0x41 in a model with byte_fallback), else -1.
    int byteFallbackByte(int32_t id) const;
    size_t vocabSize() const;
    const AddedVocabulary& added() const { return added_; }
    const Model& model() const { return *model_; }

private:
    std::unique_ptr<Normalizer> normalizer_;
    std::unique_ptr<PreTokenizer> preTokenizer_;
    std::unique_ptr<Model> model_;
    std::unique_ptr<PostProcessor> postProcessor_;
    std::unique_ptr<Decoder> decoder_;
    AddedVocabulary added_;
    std::optional<Truncation> truncation_;
    std::optional<Padding> padding_;
    bool trackOrigins_ = false;
};

} // namespace cmf::engine::tok
