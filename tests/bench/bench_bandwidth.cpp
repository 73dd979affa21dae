// Memory read bandwidth of this machine, the ceiling of decode speed: each
// thread sums its own slice of a buffer much larger than the caches (AVX2
// loads when built for them, else whatever the compiler vectorises), median of
// several passes, once as plain loads and once with a software prefetch 3072
// bytes ahead as the decode kernels do (engine/src/kernels/prefetch.h), each in
// ordinary 4 KiB pages and in 2 MiB pages (the engine's resident copies and
// loaded files are, format's HugePageMemory: fewer TLB misses); the highest
// is the ceiling. Decode reads every weight byte once per token, so
// tokens/s × bytes per token (cmf bench prints both) over this figure is the
// share of the machine's bandwidth the engine achieves.
// usage: bench_bandwidth [MEGABYTES=1024] [THREADS=2] [RUNS=7]
#include "bench_util.h"

#include <cmf/format/mapped_file.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
    const size_t mb = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
    const unsigned threads = argc > 2 ? unsigned(std::strtoul(argv[2], nullptr, 10)) : 2;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 7;
    const size_t words = mb * (size_t(1) << 20) / 8;
    std::unique_ptr<uint64_t[]> small(new uint64_t[words]);
    cmf::HugePageMemory huge(words * 8, "bandwidth buffer");
    volatile uint64_t sink = 0;
    const double gb = double(words * 8) / 1e9;
    double best = 0;
    for (bool hugePages : {false, true}) {
        if (hugePages) small.reset(); // one buffer resident at a time
        uint64_t* buf = hugePages ? reinterpret_cast<uint64_t*>(huge.data()) : small.get();
        for (size_t i = 0; i < words; ++i) buf[i] = i * 0x9E3779B97F4A7C15ull; // touch every page, defeat zero pages
        for (bool prefetch : {false, true}) {
            std::vector<double> rates;
            for (int r = 0; r < runs + 1; ++r) {
                std::vector<uint64_t> part(threads);
                const auto t0 = std::chrono::steady_clock::now();
                std::vector<std::thread> pool;
                for (unsigned t = 0; t < threads; ++t)
                    pool.emplace_back([&, t] {
                        const size_t a = words * t / threads, b = words * (t + 1) / threads;
                        part[t] = cmfbench::sumWords(buf + a, b - a, prefetch);
                    });
                for (auto& th : pool) th.join();
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                for (uint64_t p : part) sink = sink + p;
                if (r > 0) rates.push_back(gb / s); // the first pass is a warmup
            }
            const double m = cmfbench::median(rates);
            best = std::max(best, m);
            std::printf("%-10s %s pages, %zu MiB, %u threads: median %.2f GB/s  runs [%s]\n", prefetch ? "prefetched" : "plain",
                        hugePages ? "2 MiB" : "4 KiB", mb, threads, m, cmfbench::runsText(rates, 1.0, "%.2f").c_str());
        }
    }
    std::printf("read bandwidth  %zu MiB, %u threads: median %.2f GB/s\n", mb, threads, best);
    return sink == 42 ? 1 : 0;
}
