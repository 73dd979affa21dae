#include "cmf/engine/draft.h"

#include <algorithm>

namespace cmf::engine {

const char* draftModeName(DraftMode m) {
    switch (m) {
    case DraftMode::None: return "none";
    case DraftMode::Lookup: return "lookup";
    case DraftMode::Mtp: return "mtp";
    }
    return "?";
}

uint32_t draftMax(const DraftOptions& d) { return d.maxDraft ? d.maxDraft : d.mode == DraftMode::Mtp ? 1 : 3; }

std::vector<int32_t> lookupDraft(std::span<const int32_t> context, uint32_t ngram, uint32_t max) {
    const size_t n = context.size();
    // A lone token recurs everywhere, and what followed it once seldom
    // follows again (the demo's code: a first draft after a one-token match
    // was right 6 times in 20, after two or more 210 in 220): matches start
    // at two tokens, unless one is all that was asked for.
    const size_t shortest = std::min<size_t>(2, std::max<uint32_t>(ngram, 1));
    for (size_t len = std::min<size_t>(ngram, n > 0 ? n - 1 : 0); len >= shortest; --len) {
        const auto tail = context.subspan(n - len);
        // The most recent earlier occurrence: its continuation is the likeliest to repeat.
        for (size_t start = n - len; start-- > 0;) {
            // The last token first: most places differ there.
            if (context[start + len - 1] != tail.back() || !std::equal(tail.begin(), tail.end() - 1, context.begin() + start)) continue;
            // What followed it, copied on past the context's end into the
            // draft itself (as LZ77 copies overlap): a repeating stretch
            // drafts max tokens, not just the few before the tail.
            const size_t from = start + len;
            std::vector<int32_t> draft;
            for (size_t i = from; draft.size() < max; ++i) draft.push_back(i < n ? context[i] : draft[i - n]);
            return draft;
        }
    }
    return {};
}

} // namespace cmf::engine
