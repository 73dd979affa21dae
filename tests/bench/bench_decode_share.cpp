// Decode speed as a share of the machine's read bandwidth, in one process
// (issue 22's "decode ≥ 0.9 of bench_bandwidth"): each one-token decode
// step alternates with reads of as many bytes as the step reads (weights,
// lm_head, embedding row, KV cache: cmf bench's count) by the same number of
// threads, from a buffer in 2 MiB pages like the engine's weights, plain and
// with bench_bandwidth's prefetch. A drift in the machine's speed, which
// makes decode_share.sh's before/after reads of separate processes spread
// 0.72-0.97 on one model in one window, falls on both alike. The share of
// each step is the faster read's time over the step's; prints the median
// (quartiles) over the steps.
// usage: bench_decode_share MODEL.cmf... [--threads N=2] [--tokens N=200]
#include "bench_util.h"

#include "cmf/engine/bench.h"
#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"
#include "cmf/format/mapped_file.h"

#include <tbb/global_control.h>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;

double readSeconds(const uint64_t* buf, size_t words, unsigned threads, bool prefetch, uint64_t& sink) {
    std::vector<uint64_t> part(threads);
    const auto t0 = Clock::now();
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&, t] { part[t] = cmfbench::sumWords(buf + words * t / threads, words * (t + 1) / threads - words * t / threads, prefetch); });
    for (auto& th : pool) th.join();
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    for (uint64_t p : part) sink += p;
    return s;
}

double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[size_t(q * double(v.size() - 1) + 0.5)];
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> files;
    unsigned threads = 2;
    uint32_t tokens = 200;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::printf("usage: bench_decode_share MODEL.cmf... [--threads N] [--tokens N]\n");
            return 0;
        }
        if (a == "--threads" && i + 1 < argc) threads = unsigned(std::atoi(argv[++i]));
        else if (a == "--tokens" && i + 1 < argc) tokens = uint32_t(std::atoi(argv[++i]));
        else files.push_back(a);
    }
    if (files.empty() || tokens < 2) {
        std::fprintf(stderr, "usage: bench_decode_share MODEL.cmf... [--threads N] [--tokens N]\n");
        return 2;
    }
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    std::printf("%u threads, %u decode steps each, every step followed by reads of its bytes\n", threads, tokens);
    std::printf("| model | MB per token | decode ms | read ms | share (quartiles) | decode GB/s |\n| --- | --- | --- | --- | --- | --- |\n");
    uint64_t sink = 0;
    for (const auto& f : files) {
        const auto m = cmf::engine::Model::open(f);
        const double bytes = cmf::engine::decodeBytesPerToken(*m, tokens, 0, cmf::engine::KvType::F32);
        const size_t words = size_t(bytes / 8);
        cmf::HugePageMemory mem(words * 8, "read buffer");
        auto* buf = reinterpret_cast<uint64_t*>(mem.data());
        for (size_t i = 0; i < words; ++i) buf[i] = i * 0x9E3779B97F4A7C15ull; // every page touched, none the zero page
        cmf::engine::Runner r(m, tokens + 1);
        int32_t next = 0;
        r.forward(std::span<const int32_t>(&next, 1)); // warm-up: the weights paged in, the caches sized
        r.reset();
        readSeconds(buf, words, threads, true, sink);
        std::vector<double> decode, read, share;
        for (uint32_t t = 0; t < tokens; ++t) {
            const auto t0 = Clock::now();
            const auto logits = r.forward(std::span<const int32_t>(&next, 1));
            const double d = std::chrono::duration<double>(Clock::now() - t0).count();
            next = int32_t(std::max_element(logits.begin(), logits.end()) - logits.begin());
            const double rd = std::min(readSeconds(buf, words, threads, false, sink), readSeconds(buf, words, threads, true, sink));
            decode.push_back(d), read.push_back(rd), share.push_back(rd / d);
        }
        const std::string name = f.substr(f.find_last_of('/') + 1);
        std::printf("| %s | %.1f | %.3f | %.3f | %.3f (%.3f-%.3f) | %.2f |\n", name.c_str(), bytes / 1e6, 1e3 * cmfbench::median(decode),
                    1e3 * cmfbench::median(read), cmfbench::median(share), quantile(share, 0.25), quantile(share, 0.75),
                    bytes / cmfbench::median(decode) / 1e9);
    }
    return sink == 42 ? 1 : 0;
}
