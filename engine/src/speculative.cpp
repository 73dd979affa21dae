#include "speculative.h"

#include "cmf/format/error.h"

#include <algorithm>
#include <chrono>

namespace cmf::engine {

DecodeStepper::DecodeStepper(Runner& runner, std::vector<int32_t>& context, std::vector<float> logits, const DraftOptions& draft,
                             Sampler& sampler, double batchSecondsPerToken)
    : runner_(runner), context_(context), draft_(draft), sampler_(sampler), rows_(std::move(logits)), batchPerToken_(batchSecondsPerToken),
      pacer_(draft.paceByTime, 0) {
    if (draft_.mode == DraftMode::Mtp && !draft_.source) {
        mtp_ = std::make_unique<MtpDrafter>(runner_.sharedModel(), runner_.contextSize());
        forwarded();
        mtp_->catchUp(context_); // the head's pass over the prompt, with its prefill
    }
}

std::span<const float> DecodeStepper::logits() const {
    const size_t vocab = runner_.model().lmHead().rows();
    return std::span<const float>(rows_).subspan(row_ * vocab, vocab);
}

int32_t DecodeStepper::sample() {
    if (!pending_.empty() && !pendingQ_.empty())
        return sampler_.acceptOrResample(sampler_.distribution(logits(), context_), pendingQ_.front(), pending_.front());
    return sampler_.sample(logits(), context_);
}

void DecodeStepper::forwarded() {
    if (mtp_) mtp_->observe(runner_.hidden(), runner_.hiddenStart());
}

std::vector<int32_t> DecodeStepper::propose(uint32_t room) {
    pendingQ_.clear();
    if (draft_.mode == DraftMode::None && !draft_.source) return {};
    if (draft_.paceByTime && stats_.forwards < (batchPerToken_ > 0 ? 2u : 1u)) {
        // Plain forwards first, timed for the pace: one, or two when the
        // prefill is to be compared (the one right after it runs on cold caches).
        return {};
    }
    if (draft_.paceByTime && !judged_) {
        judged_ = true;
        pacer_ = DraftPacer(true, batchPerToken_ / plainSeconds_);
    }
    const uint32_t max = pacer_.next(std::min(draftMax(draft_), room));
    if (max == 0) return {};
    std::vector<int32_t> d;
    if (draft_.source) d = draft_.source(context_, max);
    else if (mtp_) {
        std::vector<TokenDistribution> q;
        d = mtp_->draft(context_, max, &sampler_, &q);
        pendingQ_.assign(q.begin(), q.end());
    } else d = lookupDraft(context_, draft_.ngram, max);
    if (d.size() > max) d.resize(max);
    if (pendingQ_.size() > d.size()) pendingQ_.resize(d.size());
    return d;
}

void DecodeStepper::settleBlock() {
    if (!block_.open) return;
    block_.open = false;
    pacer_.settled(block_.drafts, block_.accepted, plainSeconds_ > 0 ? block_.seconds / plainSeconds_ : 0.0);
}

void DecodeStepper::advance(int32_t token, uint32_t room) {
    using Clock = std::chrono::steady_clock;
    if (!pending_.empty()) {
        if (token == pending_.front()) { // already forwarded: its row is the next one
            pending_.pop_front();
            if (!pendingQ_.empty()) pendingQ_.pop_front();
            context_.push_back(token);
            ++row_;
            ++stats_.accepted;
            ++block_.accepted;
            return;
        }
        // Rejected: the drafts from here on were never part of the output.
        pending_.clear();
        pendingQ_.clear();
        runner_.rewind(uint32_t(context_.size()));
    }
    settleBlock();
    context_.push_back(token);
    const auto t0 = Clock::now();
    const auto drafts = propose(room);
    if (drafts.empty()) {
        rows_ = runner_.forward(std::span<const int32_t>(&context_.back(), 1));
        ++stats_.forwards;
        const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
        // A minimum that drifts up 2% a step: one slow forward (the first after
        // a prefill, a preempted one) must not make every block look cheap.
        plainSeconds_ = plainSeconds_ > 0 ? std::min(dt, 1.02 * plainSeconds_) : dt;
    } else {
        std::vector<int32_t> block{token};
        block.insert(block.end(), drafts.begin(), drafts.end());
        rows_ = runner_.verify(block);
        stats_.forwards += (block.size() + Runner::kExactBlock - 1) / Runner::kExactBlock;
        stats_.drafted += drafts.size();
        pending_.assign(drafts.begin(), drafts.end());
        block_ = {true, uint32_t(drafts.size()), 0, std::chrono::duration<double>(Clock::now() - t0).count()};
    }
    forwarded();
    row_ = 0;
}

DraftedDecode decodeWithDrafts(Runner& runner, std::vector<int32_t> context, std::vector<float> logits, uint32_t n,
                               const DraftOptions& draft) {
    Sampler greedy(SamplingParams{});
    DecodeStepper step(runner, context, std::move(logits), draft, greedy);
    DraftedDecode d;
    for (uint32_t i = 0; i < n; ++i) {
        const int32_t t = step.sample();
        d.tokens.push_back(t);
        const uint32_t room = std::min<uint32_t>(n - i - 1, runner.contextSize() - uint32_t(context.size()) - 1);
        step.advance(t, room);
    }
    step.settle();
    d.drafted = step.stats().drafted;
    d.accepted = step.stats().accepted;
    d.forwards = step.stats().forwards;
    return d;
}

void DecodeStepper::settle() {
    if (!pending_.empty() || runner_.position() != context_.size()) runner_.rewind(uint32_t(context_.size()));
    pending_.clear();
    pendingQ_.clear();
}

} // namespace cmf::engine
