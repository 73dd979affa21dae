// What a speculative verify block costs (issue 21's pace, draft_pace.h):
// Runner::verify of 1..4 tokens against a one-token Runner::forward, at a
// given context depth, in one process, the sizes interleaved round after
// round (each run rewinds to the depth), medians in µs and as multiples of
// the one-token forward. A block of k + 1 pays when k drafts accept more than
// its multiple minus one tokens on average.
// usage: bench_block_cost MODEL.cmf [--ctx N=600] [--threads N=2] [--reps R=400] [--kv f32|f16]
#include "bench_util.h"

#include "cmf/engine/model.h"
#include "cmf/engine/runner.h"

#include <string>
#include <tbb/global_control.h>

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::fprintf(argc < 2 ? stderr : stdout, "usage: bench_block_cost MODEL.cmf [--ctx N=600] [--threads N=2] [--reps R=400] [--kv f32|f16]\n");
        return argc < 2 ? 2 : 0;
    }
    uint32_t ctx = 600, threads = 2, reps = 400;
    auto kv = cmf::engine::KvType::F32;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string a = argv[i], v = argv[i + 1];
        if (a == "--ctx") ctx = uint32_t(std::stoul(v));
        else if (a == "--threads") threads = uint32_t(std::stoul(v));
        else if (a == "--reps") reps = uint32_t(std::stoul(v));
        else if (a == "--kv" && cmf::engine::kvTypeFromName(v)) kv = *cmf::engine::kvTypeFromName(v);
        else {
            std::fprintf(stderr, "unknown option %s %s\n", a.c_str(), v.c_str());
            return 2;
        }
    }
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, threads);
    try {
        const auto m = cmf::engine::Model::open(argv[1]);
        const uint32_t vocab = m->config().vocab;
        cmf::engine::Runner r(m, std::min<uint32_t>(ctx + 8, m->config().maxPositions ? m->config().maxPositions : ctx + 8), nullptr, kv);
        std::vector<int32_t> ids(ctx);
        for (uint32_t i = 0; i < ctx; ++i) ids[i] = int32_t((i * 2654435761u + 12345u) % vocab);
        r.forward(ids);
        const int32_t block[4] = {int32_t(7 % vocab), int32_t(1000 % vocab), int32_t(77 % vocab), int32_t(300 % vocab)};
        std::vector<double> us[5];
        for (uint32_t rep = 0; rep < reps; ++rep)
            for (size_t n = 0; n <= 4; ++n) { // 0: the one-token forward
                const auto t0 = std::chrono::steady_clock::now();
                if (n == 0) r.forward(std::span<const int32_t>(block, 1));
                else r.verify(std::span<const int32_t>(block, n));
                us[n].push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
                r.rewind(ctx);
            }
        const double one = cmfbench::median(us[0]);
        std::printf("%s, context %u, %u threads, %s cache, medians of %u\n", argv[1], ctx, threads, cmf::engine::kvTypeName(kv), reps);
        std::printf("| pass | µs | one-token forwards |\n| --- | --- | --- |\n| forward, 1 token | %.1f | 1.00 |\n", one);
        for (size_t n = 1; n <= 4; ++n)
            std::printf("| verify, %zu token%s | %.1f | %.2f |\n", n, n > 1 ? "s" : "", cmfbench::median(us[n]), cmfbench::median(us[n]) / one);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_block_cost: %s\n", e.what());
        return 1;
    }
}
