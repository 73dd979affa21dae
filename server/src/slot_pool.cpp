#include "cmf/server/slot_pool.h"

#include <algorithm>

namespace cmf::server {

SlotPool::SlotPool(std::shared_ptr<const engine::Model> model, uint32_t slots, uint32_t ctx, uint32_t queue, engine::KvType kv)
    : busy_(std::max<uint32_t>(slots, 1), false), ctx_(ctx), queueLimit_(queue) {
    for (uint32_t i = 0; i < busy_.size(); ++i) slots_.push_back(std::make_unique<Slot>(model, ctx, i, kv));
}

SlotPool::Lease::~Lease() { pool_.release(slot_); }

Slot* SlotPool::pickFree(std::span<const int32_t> prompt) {
    // A slot whose conversation the prompt continues (it shares at least half
    // of what the slot holds: the same history, or the same long system
    // prompt), the longest such prefix first. Otherwise the slot unused the
    // longest, so a new conversation does not evict one that is going on
    // because the two share a template's first few tokens.
    Slot* best = nullptr;
    size_t bestShared = 0;
    Slot* oldest = nullptr;
    for (size_t i = 0; i < slots_.size(); ++i) {
        if (busy_[i]) continue;
        Slot& s = *slots_[i];
        if (!oldest || s.lastUsed < oldest->lastUsed) oldest = &s;
        const size_t n = std::min(s.tokens.size(), prompt.size());
        const size_t shared = size_t(std::mismatch(s.tokens.begin(), s.tokens.begin() + long(n), prompt.begin()).first - s.tokens.begin());
        if (shared == 0 || 2 * shared < s.tokens.size()) continue;
        if (!best || shared > bestShared) best = &s, bestShared = shared;
    }
    return best ? best : oldest;
}

std::unique_ptr<SlotPool::Lease> SlotPool::acquire(std::span<const int32_t> prompt) {
    std::unique_lock lock(mutex_);
    if (closed_) return nullptr;
    if (line_.empty())
        if (Slot* s = pickFree(prompt)) {
            busy_[s->index] = true;
            s->lastUsed = ++clock_;
            return std::make_unique<Lease>(*this, *s);
        }
    if (line_.size() >= queueLimit_) return nullptr;
    const uint64_t ticket = nextTicket_++;
    line_.push_back(ticket);
    Slot* s = nullptr;
    freed_.wait(lock, [&] { return closed_ || (line_.front() == ticket && (s = pickFree(prompt)) != nullptr); });
    line_.erase(std::find(line_.begin(), line_.end(), ticket));
    freed_.notify_all(); // the next in line may find another free slot
    if (closed_) return nullptr;
    busy_[s->index] = true;
    s->lastUsed = ++clock_;
    return std::make_unique<Lease>(*this, *s);
}

void SlotPool::release(Slot& slot) {
    {
        std::lock_guard lock(mutex_);
        busy_[slot.index] = false;
    }
    freed_.notify_all();
}

void SlotPool::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    freed_.notify_all();
}

uint32_t SlotPool::busy() const {
    std::lock_guard lock(mutex_);
    return uint32_t(std::count(busy_.begin(), busy_.end(), true));
}

uint32_t SlotPool::waiting() const {
    std::lock_guard lock(mutex_);
    return uint32_t(line_.size());
}

} // namespace cmf::server
