#include "jobs/progress_throttle.h"

namespace cmfw {

ProgressThrottle::ProgressThrottle(std::chrono::milliseconds interval)
    : intervalNs_(std::chrono::duration_cast<std::chrono::nanoseconds>(interval).count()) {}

bool ProgressThrottle::admit(uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    return admitAt(done, total, std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
}

bool ProgressThrottle::admitAt(uint64_t done, uint64_t total, int64_t nowNs) {
    if (total != 0 && done >= total) return true;
    int64_t next = next_.load(std::memory_order_relaxed);
    if (nowNs < next) return false;
    // One thread wins the slot; the others drop their report.
    return next_.compare_exchange_strong(next, nowNs + intervalNs_, std::memory_order_relaxed);
}

} // namespace cmfw
