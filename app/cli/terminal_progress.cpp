#include "terminal_progress.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace cmfcli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void onInterrupt(int) {
    if (g_interrupted.exchange(true)) std::_Exit(130); // a second Ctrl-C before the first is handled: stop now
}
} // namespace

void clearInterrupt() { g_interrupted = false; }

const std::atomic<bool>* interruptFlag() {
    static const bool installed = [] {
        std::signal(SIGINT, onInterrupt);
        std::signal(SIGTERM, onInterrupt);
        return true;
    }();
    (void)installed;
    return &g_interrupted;
}

TerminalProgress::TerminalProgress(std::string label)
    : label_(std::move(label)), enabled_(::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()), last_(start_) {}

TerminalProgress::~TerminalProgress() { finish(); }

cmf::ProgressFn TerminalProgress::callback() {
    if (!enabled_) return {};
    return [this](uint64_t done, uint64_t total, std::string_view phase) { draw(done, total, phase); };
}

void TerminalProgress::draw(uint64_t done, uint64_t total, std::string_view phase) {
    const auto now = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return; // another thread is drawing; skip this update
    // Redraw at most ten times a second, and not at all for work under half a second.
    if (now - last_ < std::chrono::milliseconds(100) || now - start_ < std::chrono::milliseconds(500)) {
        if (done < total || !drawn_) return;
    }
    last_ = now;
    const double frac = total ? double(done) / double(total) : 1.0;
    constexpr int width = 30;
    const int fill = int(frac * width + 0.5);
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double mib = double(done) / (1024.0 * 1024.0);
    std::fprintf(stderr, "\r%s [%.*s%*s] %5.1f%%  %.0f MiB  %.0f MiB/s  %.*s\033[K", label_.c_str(), fill,
                 "##############################", width - fill, "", frac * 100.0, mib, secs > 0 ? mib / secs : 0.0,
                 int(phase.size()), phase.data());
    drawn_ = true;
}

void TerminalProgress::finish() {
    std::lock_guard lock(mutex_);
    if (drawn_) std::fprintf(stderr, "\r\033[K");
    drawn_ = false;
}

} // namespace cmfcli
