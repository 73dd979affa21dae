#pragma once
// A progress bar on stderr when it is a terminal; silent when piped.
#include "cmf/format/progress.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

namespace cmfcli {

// Ctrl-C (SIGINT/SIGTERM) raises this flag instead of killing the process,
// so a long job stops at its next check and cleans up its temporary files.
// The first call installs the handlers.
const std::atomic<bool>* interruptFlag();
// Lowers the flag again (an interactive chat stops one reply, not the session).
void clearInterrupt();

class TerminalProgress {
public:
    explicit TerminalProgress(std::string label);
    ~TerminalProgress();
    // A callback for cmf::Control; safe to call from worker threads.
    cmf::ProgressFn callback();
    void finish();

private:
    void draw(uint64_t done, uint64_t total, std::string_view phase);
    std::string label_;
    bool enabled_;
    bool drawn_ = false;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point start_, last_;
};

} // namespace cmfcli
