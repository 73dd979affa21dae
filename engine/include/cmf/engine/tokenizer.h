#pragma once
// Hugging Face tokenizer.json: load it, encode text to token ids and decode ids
// back to text with the same results as HF's `tokenizers` library (the Rust
// crate transformers uses). The pipeline is HF's:
//   added tokens -> normalizer -> pre-tokenizer -> model -> post-processor
// and decoding runs the file's decoder over the token strings.
//
// A Tokenizer is an immutable, cheaply copyable handle (copies share one
// loaded tokenizer); all const methods may be called from several threads at
// once.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine {

namespace tok {
class TokenizerImpl;
}

// Token ids with the token strings beside them (the vocabulary's spelling:
// "Ġthe" for byte-level BPE, "▁the" for SentencePiece, "##ing" for WordPiece;
// an added token found in the text is its text as matched).
struct Encoding {
    std::vector<int32_t> ids;
    std::vector<std::string> tokens;
};

// One entry of tokenizer.json "added_tokens", with the id it ended up with.
struct AddedToken {
    int32_t id = 0;
    std::string content;
    bool special = false;    // skipped by decode(skipSpecialTokens = true)
    bool singleWord = false; // only matches as a whole word
    bool lstrip = false;     // swallows whitespace on its left
    bool rstrip = false;     // swallows whitespace on its right
    bool normalized = false; // matched in the normalized text instead of the raw text
};

class Tokenizer {
public:
    // Parses tokenizer.json. Throws cmf::Error: ErrorKind::Parse naming the
    // field for malformed or unsupported content (e.g. "tokenizer.json:
    // model.merges[12]: expected \"a b\" or [\"a\", \"b\"]"),
    // ErrorKind::UnsupportedFeature for BPE dropout.
    static Tokenizer fromJson(std::string_view tokenizerJson);
    // Reads and parses a file; ErrorKind::Io when it cannot be read.
    static Tokenizer fromFile(const std::string& path);

    // Token ids of `text`. addSpecialTokens applies the post-processor (BOS,
    // [CLS] ... [SEP]), like HF's add_special_tokens=True. Special-token text
    // inside `text` is recognised as that token (encodeWithTokens can turn
    // that off). Invalid UTF-8 is read as U+FFFD per ill-formed sequence.
    // Throws cmf::Error only when the file cannot tokenize the text (an
    // unknown character and no usable unk token).
    std::vector<int32_t> encode(std::string_view text, bool addSpecialTokens = true) const;
    // splitSpecialTokens reads special-token text inside `text` as ordinary
    // text (HF's split_special_tokens / encode_special_tokens); non-special
    // added tokens are still recognised.
    Encoding encodeWithTokens(std::string_view text, bool addSpecialTokens = true, bool splitSpecialTokens = false) const;

    // The text of `ids` exactly as HF decodes it (no clean-up beyond what the
    // file's decoder does). Ids the tokenizer does not know are skipped.
    std::string decode(std::span<const int32_t> ids, bool skipSpecialTokens = false) const;

    std::optional<int32_t> tokenToId(std::string_view token) const;
    // The vocabulary string of `id`; empty when the id is unknown.
    std::string idToToken(int32_t id) const;
    // Size of the id space: 1 + the highest id of the model vocabulary or the
    // added tokens (what an embedding matrix needs).
    size_t vocabSize() const;
    bool isSpecial(int32_t id) const;
    std::vector<AddedToken> addedTokens() const; // by ascending id
    // 0-255 when `id` is a byte-fallback token ("<0x0A>" in a model with
    // byte_fallback), else -1.
    int byteFallbackByte(int32_t id) const;
    // BPE: the index in model.merges of the first merge that produces `id`
    // (lower merges earlier); nullopt for base tokens, added tokens and the
    // other model types.
    std::optional<uint32_t> mergeRank(int32_t id) const;
    std::string modelType() const;               // "BPE", "WordPiece", "WordLevel" or "Unigram"

private:
    explicit Tokenizer(std::shared_ptr<const tok::TokenizerImpl> impl) : impl_(std::move(impl)) {}
    std::shared_ptr<const tok::TokenizerImpl> impl_;
    friend class StreamDecoder;
};

// Decodes ids as they are generated, one at a time. step() returns only text
// that is final: it holds back a character whose bytes are still incomplete
// (a byte-level token ending inside a multi-byte character, a run of <0x..>
// byte-fallback tokens) and never returns broken UTF-8. The concatenation of
// every step() and a final flush() equals decode() of all the ids.
class StreamDecoder {
public:
    explicit StreamDecoder(Tokenizer tokenizer, bool skipSpecialTokens = false);

    std::string step(int32_t id);
    // Whatever is still held back (an incomplete sequence comes out as U+FFFD,
    // as decode() would give it); the decoder is then empty again.
    std::string flush();
    void reset();

private:
    bool mustWait() const;

    Tokenizer tokenizer_;
    bool skipSpecial_;
    std::vector<int32_t> window_; // context ids (already emitted) + pending ids
    size_t contextLen_ = 0;
    std::string contextText_; // decode of the context ids alone
};

} // namespace cmf::engine
