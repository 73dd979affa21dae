#pragma once
// Admits at most one progress report per interval, from any number of
// threads (the format library reports from oneTBB workers, often thousands of
// times a second). The last report (done == total) always passes, so a bar
// never stops short of its end.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace cmfw {

class ProgressThrottle {
public:
    explicit ProgressThrottle(std::chrono::milliseconds interval = std::chrono::milliseconds(50));
    bool admit(uint64_t done, uint64_t total);
    bool admitAt(uint64_t done, uint64_t total, int64_t nowNs); // for tests

private:
    std::atomic<int64_t> next_{0};
    int64_t intervalNs_;
};

} // namespace cmfw
