#pragma once
// Long operations report progress through a callback and stop when a flag is
// raised (DESIGN.md "Long work off the GUI thread"). No threads or Qt here:
// callers wrap these as jobs. The callback may be called from worker threads
// and must be cheap and thread-safe.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string_view>

namespace cmf {

using ProgressFn = std::function<void(uint64_t done, uint64_t total, std::string_view phase)>;

struct Control {
    ProgressFn progress;                   // may be empty
    const std::atomic<bool>* cancel = nullptr; // may be null

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void report(uint64_t done, uint64_t total, std::string_view phase) const {
        if (progress) progress(done, total, phase);
    }
    // Throws Error(Cancelled) when the flag is raised.
    void checkCancel() const;
};

} // namespace cmf
