#pragma once
// Models (tokenizer.json "model"): BPE, WordPiece, WordLevel, Unigram. A model
// turns one pre-tokenized piece into tokens and owns the vocabulary.
#include "tokenizer/json_util.h"
#include "tokenizer/string_map.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::tok {

// Where a model appends its tokens; `tokens` is null when only ids are wanted.
struct TokenSink {
    std::vector<int32_t>& ids;
    std::vector<std::string>* tokens;
    void push(int32_t id, std::string_view token) {
        ids.push_back(id);
        if (tokens) tokens->emplace_back(token);
    }
};

// A token -> id vocabulary with its reverse.
class Vocab {
public:
    // Reads {"token": id, ...} at `path`.
    void parseObject(const Json& j, const std::string& path);
    void add(std::string_view token, int32_t id) { map_.set(token, id); }
    void finish() { reverse_.build(map_); }
    std::optional<int32_t> find(std::string_view token) const { return map_.find(token); }
    std::optional<int32_t> find(std::string_view token, uint64_t hash) const { return map_.find(token, hash); }
    std::optional<std::string_view> token(int32_t id) const { return reverse_.find(id); }
    size_t size() const { return map_.size(); }
    int32_t maxId() const { return reverse_.maxId(); }
    void reserve(size_t n) { map_.reserve(n); }
    template <class F>
    void forEach(F&& f) const {
        map_.forEach(f);
    }

private:
    StringIdMap map_;
    IdTable reverse_;
};

class Model {
public:
    virtual ~Model() = default;
    // Appends the tokens of one non-empty piece. Throws cmf::Error when the
    // piece needs an unknown token the file does not define.
    virtual void tokenize(std::string_view piece, TokenSink& out) const = 0;
    virtual std::optional<int32_t> tokenToId(std::string_view token) const = 0;
    virtual std::optional<std::string_view> idToToken(int32_t id) const = 0;
    // Number of vocabulary entries (HF's get_vocab_size without added tokens).
    virtual size_t vocabSize() const = 0;
    virtual int32_t maxId() const = 0;
    virtual const char* type() const = 0;
    // True when the model spells unknown bytes as "<0xNN>" tokens (byte_fallback).
    virtual bool hasByteFallback() const { return false; }
    // BPE: the index in model.merges of the first merge that makes `id`;
    // nullopt for a token no merge makes, and for the other models.
    virtual std::optional<uint32_t> mergeRank(int32_t) const { return std::nullopt; }

    // Byte-level fusion. When the pre-tokenizer ends with ByteLevel, every
    // piece reaches the model as one printable character per byte, which
    // costs a copy of the text and longer keys. A model that can work on the
    // raw bytes instead (with the same result) says so here, and is switched
    // over at load time, before the tokenizer is shared.
    virtual bool canReadRawBytes() const { return false; }
    virtual void readRawBytes() {}
};

std::unique_ptr<Model> makeModel(const Json& j, const std::string& path);

// The individual builders, each in its own file.
std::unique_ptr<Model> makeBpe(const Json& j, const std::string& path);
std::unique_ptr<Model> makeWordPiece(const Json& j, const std::string& path);
std::unique_ptr<Model> makeWordLevel(const Json& j, const std::string& path);
std::unique_ptr<Model> makeUnigram(const Json& j, const std::string& path);

// "<0x0A>": the token a byte falls back to (BPE and Unigram byte_fallback).
std::string byteFallbackToken(uint8_t b);

// Throws the error HF reports when a piece needs an unknown token but there is none.
[[noreturn]] void missingUnk(const std::string& path, std::string_view piece);

} // namespace cmf::engine::tok
