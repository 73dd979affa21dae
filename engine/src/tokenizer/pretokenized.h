#pragma once
// The text being encoded, cut into splits (HF's PreTokenizedString). A split
// either already is a token (an added token found in the text) or is text the
// pre-tokenizers may cut further and the model will tokenize. All split text
// lives in one buffer, so cutting a split is just new offsets.
#include "tokenizer/normalized.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cmf::engine::tok {

struct Split {
    uint32_t off = 0;
    uint32_t len = 0;
    int32_t id = -1; // >= 0: the split is this token already
};

class PreTokenizedString {
public:
    explicit PreTokenizedString(bool tracking = false) : tracking_(tracking) {}

    bool tracking() const { return tracking_; }
    const std::vector<Split>& splits() const { return splits_; }
    std::string_view text(const Split& s) const { return std::string_view(buf_).substr(s.off, s.len); }
    // Original offset where the split starts (meaningful only when tracking).
    uint32_t originalStart(const Split& s) const { return tracking_ && s.len ? origins_[s.off] : 0; }

    // Appends a split holding `text` (origins: one per byte, or null when not
    // tracking). Empty text is dropped, as HF drops empty splits.
    void add(std::string_view text, const uint32_t* origins, int32_t id) {
        if (text.empty()) return;
        Split s;
        s.off = static_cast<uint32_t>(buf_.size());
        s.len = static_cast<uint32_t>(text.size());
        s.id = id;
        buf_.append(text);
        if (tracking_) origins_.insert(origins_.end(), origins, origins + text.size());
        splits_.push_back(s);
    }
    void add(const NormalizedString& ns, int32_t id) { add(ns.text, ns.tracking ? ns.origins.data() : nullptr, id); }

    // Cuts every split that is not a token yet: f(text, ranges) appends the
    // sub-ranges (relative to text) that replace it. Zero-copy.
    template <class F>
    void split(F&& f) {
        std::vector<Split>& next = spare_;
        next.clear();
        next.reserve(std::max(splits_.size() * 2, buf_.size() / 4));
        for (const Split& s : splits_) {
            if (s.id >= 0) {
                next.push_back(s);
                continue;
            }
            ranges_.clear();
            f(text(s), ranges_);
            for (const auto& [b, e] : ranges_)
                if (e > b) next.push_back(Split{s.off + static_cast<uint32_t>(b), static_cast<uint32_t>(e - b), -1});
        }
        splits_.swap(next);
    }

    // Rewrites every split that is not a token yet: f(ns) edits a copy of it,
    // which then replaces it (dropped when it ends up empty).
    template <class F>
    void rewrite(F&& f) {
        PreTokenizedString next(tracking_);
        next.buf_.reserve(buf_.size() + buf_.size() / 2 + 16);
        for (const Split& s : splits_) {
            const uint32_t* origins = tracking_ ? origins_.data() + s.off : nullptr;
            if (s.id >= 0) {
                next.add(text(s), origins, s.id);
                continue;
            }
            NormalizedString ns(text(s), origins);
            f(ns);
            next.add(ns, -1);
        }
        buf_ = std::move(next.buf_);
        origins_ = std::move(next.origins_);
        splits_ = std::move(next.splits_);
    }

    // Like rewrite, but f(text, origins, out, outOrigins) appends the new text
    // straight to the output buffer (outOrigins is null when not tracking).
    // For per-byte maps on the hot path, where temporaries would cost.
    template <class F>
    void rewriteAppend(F&& f) {
        PreTokenizedString next(tracking_);
        next.buf_.reserve(buf_.size() * 2 + 16);
        for (const Split& s : splits_) {
            const uint32_t* origins = tracking_ ? origins_.data() + s.off : nullptr;
            if (s.id >= 0) {
                next.add(text(s), origins, s.id);
                continue;
            }
            const size_t start = next.buf_.size();
            f(text(s), origins, next.buf_, tracking_ ? &next.origins_ : nullptr);
            if (next.buf_.size() > start)
                next.splits_.push_back(
                    Split{static_cast<uint32_t>(start), static_cast<uint32_t>(next.buf_.size() - start), -1});
        }
        buf_ = std::move(next.buf_);
        origins_ = std::move(next.origins_);
        splits_ = std::move(next.splits_);
    }

private:
    bool tracking_;
    std::string buf_;
    std::vector<uint32_t> origins_;
    std::vector<Split> splits_;
    std::vector<Split> spare_; // the other buffer of split()
    std::vector<std::pair<size_t, size_t>> ranges_;
};

} // namespace cmf::engine::tok
