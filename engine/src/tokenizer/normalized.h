#pragma once
// The text a normalizer or pre-tokenizer works on, with optional origin
// tracking. HF's NormalizedString keeps a full alignment to the original text;
// the only decision that depends on it is Metaspace's prepend_scheme "first"
// ("does this piece start at original offset 0?"). So origins are kept only
// when the tokenizer has such a Metaspace, and then as one number per byte:
// the original offset of the character that byte came from.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::tok {

struct NormalizedString {
    std::string text;
    std::vector<uint32_t> origins; // empty unless tracking; else one per byte of text
    bool tracking = false;

    NormalizedString() = default;
    NormalizedString(std::string_view s, bool track, uint32_t originBase) : text(s), tracking(track) {
        if (track) {
            origins.resize(s.size());
            // Every byte of a character points at the character's first byte.
            uint32_t start = originBase;
            for (size_t i = 0; i < s.size(); ++i) {
                if ((static_cast<uint8_t>(s[i]) & 0xC0) != 0x80) start = originBase + static_cast<uint32_t>(i);
                origins[i] = start;
            }
        }
    }
    NormalizedString(std::string_view s, const uint32_t* origin) : text(s), tracking(origin != nullptr) {
        if (origin) origins.assign(origin, origin + s.size());
    }
};

// Builds the replacement text of a NormalizedString left to right. Bytes copied
// keep their origins; new bytes take the origin of the source position they
// were produced from (HF aligns inserted characters with the one they replace).
class Rewriter {
public:
    explicit Rewriter(const NormalizedString& src) : src_(src) { out_.reserve(src.text.size() + 8); }

    void copy(size_t from, size_t to) {
        out_.append(src_.text, from, to - from);
        if (src_.tracking) origins_.insert(origins_.end(), src_.origins.begin() + from, src_.origins.begin() + to);
    }
    void emit(std::string_view bytes, size_t srcPos) {
        out_.append(bytes);
        if (src_.tracking) origins_.insert(origins_.end(), bytes.size(), originAt(srcPos));
    }
    void emit(char c, size_t srcPos) { emit(std::string_view(&c, 1), srcPos); }
    std::string& out() { return out_; }
    void commit(NormalizedString& dst) {
        dst.text = std::move(out_);
        dst.origins = std::move(origins_);
        dst.tracking = src_.tracking;
    }

private:
    uint32_t originAt(size_t pos) const {
        if (src_.origins.empty()) return 0;
        return pos < src_.origins.size() ? src_.origins[pos] : src_.origins.back();
    }
    const NormalizedString& src_;
    std::string out_;
    std::vector<uint32_t> origins_;
};

} // namespace cmf::engine::tok
