#pragma once
// Drafts for speculative decoding: tokens proposed for the next positions,
// verified by the model in one forward (Session::generate). A rejected draft
// costs a little compute and changes nothing of the output: every emitted
// token is still the one the sampler picks from the model's own logits.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace cmf::engine {

enum class DraftMode { None, Lookup, Mtp };
const char* draftModeName(DraftMode m); // "none", "lookup", "mtp"

// Proposes up to `max` tokens to follow `context` (may return fewer, or none).
using DraftSource = std::function<std::vector<int32_t>(std::span<const int32_t> context, uint32_t max)>;

struct DraftOptions {
    DraftMode mode = DraftMode::None;
    uint32_t maxDraft = 3; // tokens proposed per step
    uint32_t ngram = 3;    // lookup: the longest n-gram of the tail it matches
    DraftSource source;    // overrides the mode's own source (tests: a source that is always wrong or always right)
};

// Prompt lookup: the longest n-gram (n = ngram down to 1) ending the context
// that also occurs earlier; the max tokens that followed its most recent
// earlier occurrence (a copy that reaches the context's end goes on into
// itself, so a repeating stretch keeps repeating). Empty when nothing matches.
std::vector<int32_t> lookupDraft(std::span<const int32_t> context, uint32_t ngram, uint32_t max);

} // namespace cmf::engine
