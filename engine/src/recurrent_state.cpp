#include "recurrent_state.h"

#include <algorithm>

namespace cmf::engine {

RecurrentState::RecurrentState(const Model& model) {
    for (const auto& l : model.layers()) {
        const bool linear = l.linear.present();
        dims_.push_back(linear ? model.config().linear : ModelConfig::Linear{});
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
    while (!checkpoints_.empty() && checkpoints_.back().pos > pos) checkpoints_.pop_back();
    if (checkpoints_.empty()) {
        reset();
        return 0;
    }
    live_ = checkpoints_.back().states;
    return checkpoints_.back().pos;
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
