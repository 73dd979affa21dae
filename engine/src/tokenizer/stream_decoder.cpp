// StreamDecoder: incremental decode that only ever hands out final text.
//
// Decoders are not token-local: the first token is treated differently
// (Metaspace and Strip drop its leading space, WordPiece adds no space before
// it), byte-level tokens may split a character, and ByteFallback turns a run
// of <0x..> tokens into text only as a whole. So each step decodes a short
// window: the ids of the previous emission as context, then the ids not yet
// emitted. The new text is what that decode adds after the context's own
// decode. It is held back while it ends in U+FFFD (the bytes of a character
// may still be incomplete) or while the last token is part of a byte-fallback
// run (the run may still turn out valid or invalid as a whole).
#include "cmf/engine/tokenizer.h"

#include "tokenizer/tokenizer_impl.h"

namespace cmf::engine {

namespace {

bool endsWithReplacementChar(const std::string& s) {
    return s.size() >= 3 && s.compare(s.size() - 3, 3, "\xEF\xBF\xBD") == 0;
}

} // namespace

StreamDecoder::StreamDecoder(Tokenizer tokenizer, bool skipSpecialTokens)
    : tokenizer_(std::move(tokenizer)), skipSpecial_(skipSpecialTokens) {}

void StreamDecoder::reset() {
    window_.clear();
    contextLen_ = 0;
    contextText_.clear();
}

bool StreamDecoder::mustWait() const {
    const auto& impl = *tokenizer_.impl_;
    // The last token decode() will actually see decides.
    for (size_t i = window_.size(); i-- > contextLen_;) {
        if (impl.decodesToNothing(window_[i], skipSpecial_)) continue;
        return impl.isGroupedByteToken(window_[i]);
    }
    return false;
}

std::string StreamDecoder::step(int32_t id) {
    window_.push_back(id);
    if (mustWait()) return {};
    std::string text = tokenizer_.impl_->decode(window_, skipSpecial_);
    if (text.size() <= contextText_.size() || endsWithReplacementChar(text)) return {};
    // Every decoder in HF's set extends the context's text; should one not,
    // emit what is past the context's length rather than repeat or stall.
    std::string out = text.substr(contextText_.size());
    // The ids just emitted become the context of the next step — unless they
    // decode to nothing on their own (e.g. "▁" under Strip start=2 after Fuse):
    // then the first-token effects of the next window could reach past them
    // into new text, so the old context stays in front of them.
    std::vector<int32_t> emitted(window_.begin() + static_cast<std::ptrdiff_t>(contextLen_), window_.end());
    std::string emittedText = tokenizer_.impl_->decode(emitted, skipSpecial_);
    if (emittedText.empty()) {
        contextText_ = std::move(text);
    } else {
        window_ = std::move(emitted);
        contextText_ = std::move(emittedText);
    }
    contextLen_ = window_.size();
    return out;
}

std::string StreamDecoder::flush() {
    std::string out;
    if (window_.size() > contextLen_) {
        const std::string text = tokenizer_.impl_->decode(window_, skipSpecial_);
        if (text.size() > contextText_.size()) out = text.substr(contextText_.size());
    }
    reset();
    return out;
}

} // namespace cmf::engine
