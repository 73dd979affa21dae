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
    // Tokens proposed per step; 0 = the mode's default: 3 for lookup (free to
    // propose), 1 for mtp (each chained draft is one more pass over lm_head).
    uint32_t maxDraft = 0;
    uint32_t ngram = 3;    // lookup: the longest n-gram of the tail it matches
    DraftSource source;    // overrides the mode's own source (tests: a source that is always wrong or always right)
    // Back off when drafting does not pay in time (a block slower than plain
    // decode of the tokens it gave, or a prompt whose prefill cost per token
    // says no block can); false: when it accepts nothing (draft counts that
    // do not depend on the machine's speed, for tests).
    bool paceByTime = true;
};

// maxDraft, or the mode's default when it is 0.
uint32_t draftMax(const DraftOptions& d);

class Runner;

// What a drafted decode did: tokens proposed, accepted, passes over the weights.
struct DraftedDecode {
    std::vector<int32_t> tokens;
    uint64_t drafted = 0, accepted = 0, forwards = 0;
};
// Greedy decode of n tokens, each forwarded (as a plain decode loop does),
// with drafts: the loop of Session::generate without a conversation, for
// cmf bench. context: the tokens the runner holds; logits: its last
// forward's. With DraftMode::Mtp the runner must have kept the hidden states
// of that forward (Runner::keepHidden).
DraftedDecode decodeWithDrafts(Runner& runner, std::vector<int32_t> context, std::vector<float> logits, uint32_t n,
                               const DraftOptions& draft);

// Prompt lookup: the longest n-gram (n = ngram down to 2, or 1 when ngram
// is 1) ending the context that also occurs earlier; the max tokens that
// followed its most recent earlier occurrence (a copy that reaches the
// context's end goes on into itself, so a repeating stretch keeps
// repeating). Empty when nothing matches.
std::vector<int32_t> lookupDraft(std::span<const int32_t> context, uint32_t ngram, uint32_t max);

} // namespace cmf::engine
