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
// were never part of the output) and it is forwarded with new drafts. Every
// token is still the sampler's pick from the model's own logits, one draw per
// token, so greedy and seeded sampling give exactly the plain decode's output.
#include "cmf/engine/draft.h"
#include "cmf/engine/runner.h"

#include <deque>
#include <span>
#include <vector>

namespace cmf::engine {

struct DraftStats {
    uint64_t drafted = 0, accepted = 0, forwards = 0; // forwards: passes over the weights in decode
};

class DecodeStepper {
public:
    // context: the tokens in the runner's cache (the runner is at its end),
    // logits: the distribution for the next position.
    DecodeStepper(Runner& runner, std::vector<int32_t>& context, std::vector<float> logits, const DraftOptions& draft);

    std::span<const float> logits() const;
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

    Runner& runner_;
    std::vector<int32_t>& context_;
    DraftOptions draft_;
    std::vector<float> rows_; // the last forward's logits, one row per token it ran
    size_t row_ = 0;          // the row for the next position
    std::deque<int32_t> pending_; // drafts forwarded and not yet confirmed, in order
    DraftStats stats_;
    // Back-off: after several verifies in a row that accepted nothing, skip
    // drafting for a while (a wrong draft costs compute, at q4 a little time).
    uint32_t idleVerifies_ = 0, skip_ = 0;
};

} // namespace cmf::engine
