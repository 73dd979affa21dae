#pragma once
// Timing helpers for the benchmarks: run a shell command N times, median, a read of memory.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace cmfbench {

// Wall seconds of each of reps runs of cmd (through /bin/sh).
inline std::vector<double> timeCommand(const std::string& cmd, int reps) {
    std::vector<double> out;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const int rc = std::system(cmd.c_str());
        const auto t1 = std::chrono::steady_clock::now();
        if (rc != 0) {
            std::fprintf(stderr, "command failed (%d): %s\n", rc, cmd.c_str());
            std::exit(1);
        }
        out.push_back(std::chrono::duration<double>(t1 - t0).count());
    }
    return out;
}

// Sums 64-bit words in 8 independent chains so the loop is bound by loads,
// not adds: a read of memory (bench_bandwidth, bench_decode_share), with a
// software prefetch 3072 bytes ahead as the decode kernels do when asked.
inline uint64_t sumWords(const uint64_t* p, size_t n, bool prefetch) {
    uint64_t acc[8] = {};
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        if (prefetch) __builtin_prefetch(p + i + 3072 / 8, 0, 3);
        for (int k = 0; k < 8; ++k) acc[k] += p[i + k];
    }
    for (; i < n; ++i) acc[0] += p[i];
    uint64_t s = 0;
    for (uint64_t a : acc) s += a;
    return s;
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

inline std::string runsText(const std::vector<double>& v, double scale, const char* fmt) {
    std::string s;
    char buf[32];
    for (double x : v) {
        std::snprintf(buf, sizeof buf, fmt, x * scale);
        if (!s.empty()) s += ' ';
        s += buf;
    }
    return s;
}

} // namespace cmfbench
