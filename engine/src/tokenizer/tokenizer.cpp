// cmf::engine::Tokenizer: loading tokenizer.json and running HF's pipeline.
#include "cmf/engine/tokenizer.h"

#include "tokenizer/tokenizer_impl.h"
#include "tokenizer/unicode.h"

#include "cmf/format/error.h"
#include "cmf/format/json_error.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace cmf::engine {

namespace tok {

TokenizerImpl::TokenizerImpl(std::string_view text) {
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(ErrorKind::Parse, describeJsonError(e, text, "tokenizer.json"));
    } catch (const Json::exception&) {
        // out_of_range for a number too large for a double (fuzz-found).
        throw Error(ErrorKind::Parse, "tokenizer.json: holds a number out of range");
    }
    expectObject(root, "");
    // The model first: added tokens take its ids, and the normalizer shapes
    // the normalized added tokens.
    model_ = makeModel(require(root, "", "model"), "model");
    if (const Json* n = optional(root, "normalizer")) normalizer_ = makeNormalizer(*n, "normalizer");
    if (const Json* p = optional(root, "pre_tokenizer")) preTokenizer_ = makePreTokenizer(*p, "pre_tokenizer");
    if (const Json* p = optional(root, "post_processor")) postProcessor_ = makePostProcessor(*p, "post_processor");
    if (const Json* d = optional(root, "decoder")) decoder_ = makeDecoder(*d, "decoder");
    if (const Json* a = optional(root, "added_tokens")) added_.parse(*a, "added_tokens", *model_, normalizer_.get());
    if (const Json* t = optional(root, "truncation")) truncation_ = parseTruncation(*t, "truncation");
    if (const Json* p = optional(root, "padding")) padding_ = parsePadding(*p, "padding");
    trackOrigins_ = preTokenizer_ && preTokenizer_->needsOrigins();
    if (preTokenizer_ && model_->canReadRawBytes() && preTokenizer_->deferByteLevelMapping()) model_->readRawBytes();
}

void TokenizerImpl::encode(std::string_view text, bool addSpecialTokens, TokenList& out, bool splitSpecial) const {
    // Offsets inside the pipeline are 32-bit.
    if (text.size() >= UINT32_MAX / 4) throw Error(ErrorKind::Bounds, "tokenizer: text of " + std::to_string(text.size()) + " bytes is too long to encode at once");
    std::string repaired;
    if (!isValidUtf8(text)) {
        repaired = utf8Lossy(text);
        text = repaired;
    }
    PreTokenizedString pts(trackOrigins_);
    std::vector<AddedMatch> raw, norm;
    // 1. Added tokens matched in the raw text; 2. the rest normalized, then
    // added tokens matched in the normalized text.
    if (added_.hasTokens(false)) added_.findMatches(text, false, raw, splitSpecial);
    else if (!text.empty()) raw.push_back({0, text.size(), -1});
    for (const AddedMatch& m : raw) {
        if (m.end <= m.begin) continue;
        NormalizedString ns(text.substr(m.begin, m.end - m.begin), trackOrigins_, static_cast<uint32_t>(m.begin));
        if (m.id >= 0) {
            pts.add(ns, m.id);
            continue;
        }
        if (normalizer_) normalizer_->normalize(ns);
        if (!added_.hasTokens(true)) {
            pts.add(ns, -1);
            continue;
        }
        added_.findMatches(ns.text, true, norm, splitSpecial);
        for (const AddedMatch& n : norm) {
            if (n.end <= n.begin) continue;
            pts.add(std::string_view(ns.text).substr(n.begin, n.end - n.begin),
                    trackOrigins_ ? ns.origins.data() + n.begin : nullptr, n.id);
        }
    }
    // 3. Pre-tokenize, 4. the model on each piece, 5. truncate, post-process, pad.
    if (preTokenizer_) preTokenizer_->preTokenize(pts);
    out.ids.reserve(out.ids.size() + text.size() / 3); // about 3.5 bytes a token in practice
    TokenSink sink{out.ids, out.withTokens ? &out.tokens : nullptr};
    for (const Split& s : pts.splits()) {
        if (s.id >= 0) sink.push(s.id, pts.text(s));
        else model_->tokenize(pts.text(s), sink);
    }
    if (truncation_) truncate(out, *truncation_, addSpecialTokens && postProcessor_ ? postProcessor_->addedCount() : 0);
    if (addSpecialTokens && postProcessor_) postProcessor_->addSpecialTokens(out);
    if (padding_) pad(out, *padding_);
}

std::optional<int32_t> TokenizerImpl::tokenToId(std::string_view token) const {
    if (const auto id = added_.tokenToId(token)) return id;
    return model_->tokenToId(token);
}

std::optional<std::string> TokenizerImpl::idToToken(int32_t id) const {
    if (const AddedTokenSpec* t = added_.byId(id)) return t->content;
    if (const auto s = model_->idToToken(id)) return std::string(*s);
    return std::nullopt;
}

bool TokenizerImpl::isSpecial(int32_t id) const {
    const auto t = idToToken(id);
    return t && added_.isSpecialContent(*t);
}

bool TokenizerImpl::decodesToNothing(int32_t id, bool skipSpecialTokens) const {
    const auto t = idToToken(id);
    return !t || (skipSpecialTokens && added_.isSpecialContent(*t));
}

bool TokenizerImpl::isGroupedByteToken(int32_t id) const {
    if (!decoder_ || !decoder_->groupsByteTokens()) return false;
    const auto t = idToToken(id);
    return t && byteFallbackValue(*t) >= 0;
}

std::string TokenizerImpl::decode(std::span<const int32_t> ids, bool skipSpecialTokens) const {
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (const int32_t id : ids) {
        auto t = idToToken(id);
        if (!t || (skipSpecialTokens && added_.isSpecialContent(*t))) continue;
        tokens.push_back(std::move(*t));
    }
    std::string out;
    if (!decoder_) {
        // HF joins with spaces when the file has no decoder.
        for (size_t i = 0; i < tokens.size(); ++i) {
            if (i) out += ' ';
            out += tokens[i];
        }
        return out;
    }
    decoder_->decodeChain(tokens);
    for (const auto& t : tokens) out += t;
    return out;
}

int TokenizerImpl::byteFallbackByte(int32_t id) const {
    if (!model_->hasByteFallback() || added_.byId(id)) return -1;
    const auto t = model_->idToToken(id);
    return t ? byteFallbackValue(std::string(*t)) : -1;
}

size_t TokenizerImpl::vocabSize() const {
    const int32_t top = std::max(model_->maxId(), added_.maxId());
    return static_cast<size_t>(top) + 1;
}

} // namespace tok

Tokenizer Tokenizer::fromJson(std::string_view tokenizerJson) {
    return Tokenizer(std::make_shared<const tok::TokenizerImpl>(tokenizerJson));
}

Tokenizer Tokenizer::fromFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, path + ": cannot open");
    std::ostringstream buf;
    buf << in.rdbuf();
    if (in.bad()) throw Error(ErrorKind::Io, path + ": read failed");
    return fromJson(buf.str());
}

std::vector<int32_t> Tokenizer::encode(std::string_view text, bool addSpecialTokens) const {
    tok::TokenList out;
    impl_->encode(text, addSpecialTokens, out);
    return std::move(out.ids);
}

Encoding Tokenizer::encodeWithTokens(std::string_view text, bool addSpecialTokens, bool splitSpecialTokens) const {
    tok::TokenList out;
    out.withTokens = true;
    impl_->encode(text, addSpecialTokens, out, splitSpecialTokens);
    return Encoding{std::move(out.ids), std::move(out.tokens)};
}

std::string Tokenizer::decode(std::span<const int32_t> ids, bool skipSpecialTokens) const {
    return impl_->decode(ids, skipSpecialTokens);
}

std::optional<int32_t> Tokenizer::tokenToId(std::string_view token) const {
    return impl_->tokenToId(token);
}

std::string Tokenizer::idToToken(int32_t id) const {
    return impl_->idToToken(id).value_or(std::string());
}

size_t Tokenizer::vocabSize() const {
    return impl_->vocabSize();
}

bool Tokenizer::isSpecial(int32_t id) const {
    return impl_->isSpecial(id);
}

std::vector<AddedToken> Tokenizer::addedTokens() const {
    std::vector<AddedToken> out;
    for (const auto& [id, t] : impl_->added().all())
        out.push_back(AddedToken{id, t.content, t.special, t.singleWord, t.lstrip, t.rstrip, t.normalized});
    return out;
}

int Tokenizer::byteFallbackByte(int32_t id) const {
    return impl_->byteFallbackByte(id);
}

std::optional<uint32_t> Tokenizer::mergeRank(int32_t id) const {
    if (impl_->added().byId(id)) return std::nullopt; // added tokens are matched whole, never merged
    return impl_->model().mergeRank(id);
}

std::string Tokenizer::modelType() const {
    return impl_->model().type();
}

} // namespace cmf::engine
