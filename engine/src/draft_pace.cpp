#include "draft_pace.h"

#include <algorithm>

namespace cmf::engine {
namespace {

constexpr double kDecay = 0.7;          // each older block's weight in the estimates
constexpr double kPriorAccepted = 1, kPriorTested = 2;
constexpr double kDrift = 1.05;         // how far the cost of a draft may rise a block
constexpr double kUnknownExtra = 0.3;   // c before any block, when no prefill was timed
constexpr double kPaying = 0.9;         // a block paid when it gave its tokens in under this share of plain decode's time
constexpr double kGain = 1.05;          // drafting goes on while the best number of drafts promises this speed-up
constexpr uint32_t kBackOff = 16;       // tokens decoded without drafts the first time
constexpr uint32_t kMaxBackOff = 1024;  // the longest pause: drafting is tried again now and then
constexpr uint32_t kIdleVerifies = 8;   // paced by acceptance: blocks in a row without an accepted draft before pausing

} // namespace

DraftPacer::DraftPacer(bool byTime, double batchRatio)
    // Half the prefill's ratio: a batch of hundreds amortises more than a
    // block of four, but a block still shares the reading of the weights.
    : byTime_(byTime), accepted_(kPriorAccepted), tested_(kPriorTested),
      extra_(batchRatio > 0 ? std::clamp(0.5 * batchRatio, 0.02, 2.0) : kUnknownExtra), cheapest_(extra_) {}

double DraftPacer::gain(uint32_t k) const {
    const double alpha = std::clamp(accepted_ / tested_, 0.0, 1.0);
    double tokens = 0, p = 1;
    for (uint32_t i = 0; i <= k; ++i, p *= alpha) tokens += p;
    return tokens / (1.0 + extra_ * double(k));
}

void DraftPacer::pause() {
    backOff_ = backOff_ ? std::min(2 * backOff_, kMaxBackOff) : kBackOff;
    skip_ = backOff_;
    idle_ = 0;
}

uint32_t DraftPacer::next(uint32_t max) {
    if (skip_) {
        if (--skip_ == 0) { // back: what was accepted is forgotten, and drafts cost what they did, or were guessed to, at best
            accepted_ = kPriorAccepted, tested_ = kPriorTested;
            extra_ = cheapest_;
            probe_ = true;
        }
        return 0;
    }
    if (max == 0) return 0;
    if (!byTime_) return max;
    uint32_t best = 1;
    for (uint32_t k = 2; k <= max; ++k)
        if (gain(k) > gain(best)) best = k;
    // Back from a pause, one block is tried wherever it could pay at all.
    if (gain(best) < (probe_ ? 1.0 : kGain)) {
        pause();
        return 0;
    }
    fresh_ = probe_;
    probe_ = false;
    return best;
}

void DraftPacer::settled(uint32_t drafts, uint32_t accepted, double forwards) {
    if (drafts == 0) return;
    if (!byTime_) {
        if (accepted) idle_ = 0, backOff_ = 0;
        else if (++idle_ >= (backOff_ ? 1u : kIdleVerifies)) pause();
        return;
    }
    accepted_ = kDecay * accepted_ + double(accepted);
    tested_ = kDecay * tested_ + double(std::min(accepted + 1, drafts));
    // Like the forward it is measured against, a recent minimum, drifting up
    // 5 % a block: one block that was preempted must not stop drafting. The
    // first measure replaces the guess, and a probe's replaces the cost it was
    // tried at: that was the cheapest ever seen, and drifting up from it a
    // probe of dear drafts (an MTP draft reads lm_head: 0.45 forwards against
    // the prefill's guess of 0.07) ran three blocks where one said enough.
    const double extra = std::clamp((forwards - 1.0) / double(drafts), 0.0, 4.0);
    extra_ = timed_ && !fresh_ ? std::min(extra, kDrift * extra_) : extra;
    cheapest_ = std::min(cheapest_, extra);
    timed_ = true;
    fresh_ = false;
    if (forwards < kPaying * double(accepted + 1)) backOff_ = 0; // this block paid: a later pause starts short again
}

} // namespace cmf::engine
