#include "chat/errors.h"

namespace cmf::engine::chat {
namespace {

// Outside a render (unit use of the value layer) nothing is counted against a budget.
thread_local Limits tDefaults{size_t(64) << 20, size_t(1) << 22, UINT64_MAX, 0};
thread_local Limits* tActive = nullptr;

} // namespace

Limits& limits() { return tActive ? *tActive : tDefaults; }

ScopedLimits::ScopedLimits(const Limits& l) : mine_(l), saved_(tActive) { tActive = &mine_; }
ScopedLimits::~ScopedLimits() { tActive = saved_; }

void checkBytes(size_t bytes) {
    if (bytes > limits().maxBytes)
        fail(Fault::Limit, "string of " + std::to_string(bytes) + " bytes exceeds the limit of " +
                               std::to_string(limits().maxBytes) + " bytes");
}

void checkItems(size_t items) {
    if (items > limits().maxItems)
        fail(Fault::Limit, "container of " + std::to_string(items) + " items exceeds the limit of " +
                               std::to_string(limits().maxItems) + " items");
}

void chargeSteps(uint64_t n) {
    Limits& l = limits();
    l.steps += n;
    if (l.steps > l.maxSteps)
        fail(Fault::Limit, "render exceeded the limit of " + std::to_string(l.maxSteps) + " evaluation steps");
}

} // namespace cmf::engine::chat
