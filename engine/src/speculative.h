#pragma once
// The decode loop's stepping, with or without drafts (draft.h). Private to
// engine/ (Session::generate drives it).
//
// Without drafts each sampled token is forwarded alone. With drafts, a
// sampled token is forwarded together with the tokens a source proposes
// after it (Runner::verify: bit for bit the one-token decode's logits at each
// position); the next samples are then drawn from those rows, and while each
// equals the draft at its position it is already in the cache. The first one
// that differs ends the run: the runner goes back to it (the drafts after it
// were never part of the output) and it is forwarded with new drafts. For
// point-mass drafts (prompt lookup, the MTP head's argmax) every token is
// still the sampler's pick from the model's own logits, one draw per token,
// so greedy and seeded sampling give exactly the plain decode's output. MTP
// drafts drawn from the head's distribution while sampling are kept or
// replaced by the speculative-sampling rule (Sampler::acceptOrResample):
// another random stream, the same distribution.
#include "cmf/engine/draft.h"
#include "cmf/engine/runner.h"
#include "cmf/engine/sampler.h"
#include "draft_pace.h"
#include "mtp_draft.h"

#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace cmf::engine {

struct DraftStats {
    uint64_t drafted = 0, accepted = 0, forwards = 0; // forwards: passes over the weights in decode
};

class DecodeStepper {
public:
    // context: the tokens in the runner's cache (the runner is at its end),
    // logits: the distribution for the next position. With MTP drafts the
    // runner must have kept the hidden states of the forward that made them
    // (Runner::keepHidden). sampler: the generation's, for drafts drawn from
    // the MTP head's distribution when sampling. batchSecondsPerToken: what
    // one token of a batched forward cost (the prompt's prefill), 0 unknown.
    // With MTP drafts the head runs over the prompt here, batched: part of
    // the prefill (Session times it so), where the first draft would pay
    // for it in decode (54-64 ms on a 354-token prompt, Qwen3.5-0.8B).
    DecodeStepper(Runner& runner, std::vector<int32_t>& context, std::vector<float> logits, const DraftOptions& draft,
                  Sampler& sampler, double batchSecondsPerToken = 0);

    std::span<const float> logits() const;
    // The next token, from logits(): the sampler's pick, or for a draft drawn
    // from a distribution q, the speculative-sampling rule's (kept with
    // probability min(1, p/q), else drawn from the residual).
    int32_t sample();
    // The token sampled from logits() becomes part of the context: accepted
    // from the drafts, or forwarded (with new drafts). room: how many more
    // tokens may follow it (reply budget and context), so no draft runs past.
    void advance(int32_t token, uint32_t room);
    // Generation ended with the last sampled token not part of the context:
    // drafts forwarded past it are dropped, the runner is at the context's end.
    void settle();
    const DraftStats& stats() const { return stats_; }

private:
    std::vector<int32_t> propose(uint32_t room);
    void forwarded(); // shows the MTP head the hidden states of the forward just made
    // The last verify block is done (a rejection, or its rows used up): did it pay?
    void settleBlock();

    Runner& runner_;
    std::vector<int32_t>& context_;
    DraftOptions draft_;
    Sampler& sampler_;
    std::unique_ptr<MtpDrafter> mtp_;
    std::vector<float> rows_; // the last forward's logits, one row per token it ran
    size_t row_ = 0;          // the row for the next position
    std::deque<int32_t> pending_; // drafts forwarded and not yet confirmed, in order
    std::deque<TokenDistribution> pendingQ_; // the distribution each was drawn from (empty: point masses)
    DraftStats stats_;
    // The block being verified, for the pace: its drafts, how many were
    // accepted, the seconds of drafting and verifying it.
    struct Block {
        bool open = false;
        uint32_t drafts = 0, accepted = 0;
        double seconds = 0;
    } block_;
    double plainSeconds_ = 0; // a one-token forward: the recent minimum (0: not timed yet)
    // A batched forward's seconds per token (0: unknown): what the pace
    // guesses a draft costs before a block is timed (draft_pace.h), once a
    // plain forward was timed too (judged_).
    double batchPerToken_ = 0;
    bool judged_ = false;
    DraftPacer pacer_;
};

} // namespace cmf::engine
