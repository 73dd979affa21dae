#include "speculative.h"

#include "cmf/format/error.h"

#include <algorithm>

namespace cmf::engine {
namespace {

constexpr uint32_t kIdleVerifies = 8; // verifies without an accepted draft before backing off
constexpr uint32_t kBackOff = 16;     // tokens decoded without drafts then

} // namespace

DecodeStepper::DecodeStepper(Runner& runner, std::vector<int32_t>& context, std::vector<float> logits, const DraftOptions& draft)
    : runner_(runner), context_(context), draft_(draft), rows_(std::move(logits)) {
    if (draft_.mode == DraftMode::Mtp && !draft_.source)
        throw Error(ErrorKind::Parse, "--draft mtp: this engine does not run an MTP draft head yet; --draft lookup drafts from the context "
                                      "with any model");
}

std::span<const float> DecodeStepper::logits() const {
    const size_t vocab = runner_.model().lmHead().rows();
    return std::span<const float>(rows_).subspan(row_ * vocab, vocab);
}

std::vector<int32_t> DecodeStepper::propose(uint32_t room) {
    if (draft_.mode == DraftMode::None && !draft_.source) return {};
    if (skip_) {
        --skip_;
        return {};
    }
    const uint32_t max = std::min(draft_.maxDraft, room);
    if (max == 0) return {};
    auto d = draft_.source ? draft_.source(context_, max) : lookupDraft(context_, draft_.ngram, max);
    if (d.size() > max) d.resize(max);
    return d;
}

void DecodeStepper::advance(int32_t token, uint32_t room) {
    if (!pending_.empty()) {
        if (token == pending_.front()) { // already forwarded: its row is the next one
            pending_.pop_front();
            context_.push_back(token);
            ++row_;
            ++stats_.accepted;
            idleVerifies_ = 0;
            return;
        }
        // Rejected: the drafts from here on were never part of the output.
        pending_.clear();
        runner_.rewind(uint32_t(context_.size()));
    }
    context_.push_back(token);
    const auto drafts = propose(room);
    if (drafts.empty()) {
        rows_ = runner_.forward(std::span<const int32_t>(&context_.back(), 1));
        ++stats_.forwards;
    } else {
        std::vector<int32_t> block{token};
        block.insert(block.end(), drafts.begin(), drafts.end());
        rows_ = runner_.verify(block);
        stats_.forwards += (block.size() + Runner::kExactBlock - 1) / Runner::kExactBlock;
        stats_.drafted += drafts.size();
        pending_.assign(drafts.begin(), drafts.end());
        // The previous block's count is settled when this one starts.
        if (++idleVerifies_ > kIdleVerifies) {
            idleVerifies_ = 0;
            skip_ = kBackOff;
        }
    }
    row_ = 0;
}

void DecodeStepper::settle() {
    if (!pending_.empty() || runner_.position() != context_.size()) runner_.rewind(uint32_t(context_.size()));
    pending_.clear();
}

} // namespace cmf::engine
