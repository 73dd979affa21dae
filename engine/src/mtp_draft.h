#pragma once
// Drafts from the file's MTP head (§2.1, model.h MtpHead). Private to
// engine/ (the decode loop's DecodeStepper drives it).
//
// The head's entry for position i reads the backbone's hidden state h_i and
// the token t_{i+1}, and predicts t_{i+2}; its block attends over the entries
// before it (its own KV cache). After t_P is sampled, the entries up to P-1
// are brought up to date from the backbone's hidden states (which the
// drafter is shown after every forward) and the last one drafts t_{P+1};
// more drafts chain on the head's own output (its hidden state after
// mtp.norm, and the draft as the next token), in provisional entries that
// the next call overwrites with the backbone's.
//
// The head's cache starts where the drafter first saw hidden states (a
// generation that reused a cached prompt prefix drafts from the new part
// only). Its positions are counted from there: rotary attention depends only
// on the distance between positions, so the shift changes nothing.
#include "cmf/engine/runner.h"
#include "cmf/engine/sampler.h"

#include <memory>
#include <span>
#include <vector>

namespace cmf::engine {

class MtpDrafter {
public:
    // Throws Error(Parse) naming `lookup` when the model has no MTP head.
    MtpDrafter(std::shared_ptr<const Model> model, uint32_t ctx);

    // The backbone's hidden states (after model.norm) for positions
    // [start, start + rows); any kept for positions from start on are stale.
    void observe(std::span<const float> hidden, uint32_t start);

    // Makes the head's entries for every position of `context` it can (the
    // last has no token after it yet), without logits: the head's pass over
    // a prompt, run with its prefill rather than at the first draft.
    void catchUp(std::span<const int32_t> context);

    // The head's logits for the token after `context` (whose last token was
    // just sampled and has no hidden state yet): the first draft's.
    std::vector<float> logitsAfter(std::span<const int32_t> context);

    // Up to max drafts after context. sampler nullptr or greedy: each draft
    // is the head's argmax. Otherwise each is drawn from the head's
    // distribution through the sampler's filters, returned in q (one per
    // draft) for the speculative-sampling acceptance rule.
    std::vector<int32_t> draft(std::span<const int32_t> context, uint32_t max, Sampler* sampler = nullptr,
                               std::vector<TokenDistribution>* q = nullptr);

private:
    // The head's inputs for entries, one row each: eh_proj·[enorm(embed(tokens[i])); hnorm(h_i)],
    // h_i at h + i·hidden.
    void inputs(std::span<const int32_t> tokens, const float* h, float* x) const;
    // Brings the entries up to `last` up to date; the head's logits after
    // it when asked, else (or with no hidden state to make it from) empty.
    std::vector<float> makeEntries(std::span<const int32_t> context, uint32_t last, bool logits);
    int32_t pick(const std::vector<float>& logits, std::span<const int32_t> history, Sampler* sampler, std::vector<TokenDistribution>* q);

    std::shared_ptr<const Model> model_;
    const MtpHead& head_;
    Runner runner_;                 // the head's blocks, with their KV cache
    bool started_ = false;
    uint32_t base_ = 0;             // the absolute position of the head's position 0
    uint32_t exact_ = 0;            // entries [base_, exact_) come from the backbone's hidden states
    std::vector<float> hidden_;     // the backbone's hidden states for positions [hiddenStart_, ...)
    uint32_t hiddenStart_ = 0;
};

} // namespace cmf::engine
