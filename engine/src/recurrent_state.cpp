#include "recurrent_state.h"

#include <algorithm>

namespace cmf::engine {

RecurrentState::RecurrentState(const std::vector<Layer>& layers, const ModelConfig::Linear& dims) {
    for (const auto& l : layers) {
        const bool linear = l.linear.present();
        dims_.push_back(linear ? dims : ModelConfig::Linear{});
        any_ |= linear;
    }
    live_ = blank();
}

std::vector<GdnState> RecurrentState::blank() const {
    std::vector<GdnState> states(dims_.size());
    for (size_t li = 0; li < dims_.size(); ++li)
        if (dims_[li].kernel) states[li].reset(dims_[li]);
    return states;
}

void RecurrentState::reset() {
    checkpoints_.clear();
    clearBlock();
    for (size_t li = 0; li < dims_.size(); ++li)
        if (dims_[li].kernel) live_[li].reset(dims_[li]);
}

void RecurrentState::keep(uint32_t pos, std::vector<GdnState> states) {
    if (!any_ || pos == 0) return; // position 0 is the zero state, always at hand
    while (!checkpoints_.empty() && checkpoints_.back().pos >= pos) checkpoints_.pop_back();
    checkpoints_.push_back({pos, std::move(states)});
    if (checkpoints_.size() > kCheckpoints) checkpoints_.erase(checkpoints_.begin());
}

uint32_t RecurrentState::restore(uint32_t pos) {
    // A position of the last speculative block: its own state, exactly.
    for (auto& c : block_)
        if (c.pos == pos) {
            live_.swap(c.states); // the block's states are dropped below: no copy
            while (!checkpoints_.empty() && checkpoints_.back().pos > pos) checkpoints_.pop_back();
            clearBlock();
            return pos;
        }
    clearBlock();
    while (!checkpoints_.empty() && checkpoints_.back().pos > pos) checkpoints_.pop_back();
    if (checkpoints_.empty()) {
        reset();
        return 0;
    }
    live_ = checkpoints_.back().states;
    return checkpoints_.back().pos;
}

RecurrentState::Plan RecurrentState::planCheckpoints(uint32_t pos, uint32_t n, std::optional<uint32_t> requested, bool everyPosition) {
    Plan plan;
    if (!any_) return plan;
    if (everyPosition) {
        plan.block = true;
        // Each copy is a set of every layer's state (18 MB on Qwen3.5-0.8B):
        // two fewer a block made a verify of one draft there 0.1 of a forward cheaper.
        if (blockEnd_ == pos) { // the one before ended on a draft: a rejection of the next one goes back there
            auto end = takeSet();
            for (size_t li = 0; li < live_.size(); ++li) end[li].conv = live_[li].conv, end[li].s = live_[li].s;
            block_.push_back({pos, std::move(end)});
        } else {
            clearBlock();
        }
        for (uint32_t t = 0; t + 1 < n; ++t) plan.after.push_back(t);
        blockEnd_ = pos + n;
        return plan;
    }
    clearBlock(); // a later forward: the last block's states are history
    if (requested && *requested > pos && *requested < pos + n) plan.after.push_back(*requested - pos - 1);
    if (requested == pos + n) plan.end = pos + n;
    if (n > 1) {
        plan.after.push_back(n - 2);
        keepLive(pos);
    }
    std::sort(plan.after.begin(), plan.after.end());
    plan.after.erase(std::unique(plan.after.begin(), plan.after.end()), plan.after.end());
    return plan;
}

std::vector<std::vector<GdnState>> RecurrentState::snapshotBuffers(size_t count) {
    if (count == 0) return {};
    std::vector<std::vector<GdnState>> out(dims_.size(), std::vector<GdnState>(count));
    for (size_t k = 0; k < count; ++k) {
        auto set = takeSet();
        for (size_t li = 0; li < set.size(); ++li) out[li][k] = std::move(set[li]);
    }
    return out;
}

std::vector<GdnState> RecurrentState::takeSet() {
    if (spare_.empty()) return blank();
    auto set = std::move(spare_.back());
    spare_.pop_back();
    return set;
}

void RecurrentState::clearBlock() {
    for (auto& c : block_)
        if (spare_.size() < kSpareSets) spare_.push_back(std::move(c.states));
    block_.clear();
    blockEnd_.reset();
}

void RecurrentState::keepSnapshots(uint32_t pos, const Plan& plan, std::vector<std::vector<GdnState>> snaps) {
    for (size_t k = 0; k < plan.after.size(); ++k) {
        std::vector<GdnState> states(snaps.size());
        for (size_t li = 0; li < snaps.size(); ++li) states[li] = std::move(snaps[li][k]);
        if (plan.block) block_.push_back({pos + plan.after[k] + 1, std::move(states)});
        else keep(pos + plan.after[k] + 1, std::move(states));
    }
    if (plan.end) keepLive(*plan.end);
}

size_t RecurrentState::liveBytes() const {
    size_t n = 0;
    for (const auto& s : live_) n += s.bytes();
    return n;
}

size_t RecurrentState::checkpointBytes() const {
    size_t n = 0;
    for (const auto& c : checkpoints_)
        for (const auto& s : c.states) n += s.bytes();
    return n;
}

} // namespace cmf::engine
