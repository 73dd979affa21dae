// Drafted decode against plain decode, step by step in one process: two
// runners over the same weights decode the same prompt greedily, one plain,
// one with drafts, and their steps alternate (whichever has fewer tokens
// goes next), so a drift in the machine's speed falls on both alike. Where
// bench_speculative's back-to-back runs of a whole generation spread ±20 %
// on a noisy machine, this resolves a cost of a few per cent (issue 21: MTP
// drafts that are all rejected). Per rep: the decode seconds of each (the
// steps after the prompt's prefill; the MTP head's pass over the prompt is
// the prefill's, as in Session), their ratio, and whether the drafted
// tokens equal the plain ones. Prints the median ratio (min-max) per case.
// usage: bench_draft_steps MODEL.cmf [--threads N=2] [--reps R=9] [--n N=128] [--draft lookup|mtp] [--draft-max N]
//        [--prompt TEXT]... [--prompt-file FILE]...
#include "bench_util.h"
#include "speculative.h"

#include "cmf/engine/session.h"

#include <fstream>
#include <iterator>
#include <tbb/global_control.h>

namespace {

using Clock = std::chrono::steady_clock;

struct Side {
    cmf::engine::Runner runner;
    std::vector<int32_t> context;
    cmf::engine::Sampler sampler{cmf::engine::SamplingParams{}};
    std::unique_ptr<cmf::engine::DecodeStepper> step;
    std::vector<int32_t> out;
    double seconds = 0;

    Side(const std::shared_ptr<const cmf::engine::Model>& m, const std::vector<int32_t>& prompt, const cmf::engine::DraftOptions& d)
        : runner(m, uint32_t(prompt.size()) + 1024), context(prompt) {
        runner.keepHidden(d.mode == cmf::engine::DraftMode::Mtp);
        const auto t0 = Clock::now();
        auto logits = runner.forward(prompt);
        const double perToken = std::chrono::duration<double>(Clock::now() - t0).count() / double(prompt.size());
        step = std::make_unique<cmf::engine::DecodeStepper>(runner, context, std::move(logits), d, sampler, prompt.size() >= 16 ? perToken : 0.0);
    }
    // One step: a token sampled and, unless it is the last, taken in.
    void next(uint32_t n) {
        const auto t0 = Clock::now();
        out.push_back(step->sample());
        if (out.size() < n) step->advance(out.back(), n - uint32_t(out.size()) - 1);
        seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    }
};

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::fprintf(argc < 2 ? stderr : stdout,
                     "usage: bench_draft_steps MODEL.cmf [--threads N] [--reps R] [--n N] [--draft lookup|mtp] [--draft-max N] [--prompt TEXT]... "
                     "[--prompt-file FILE]...\n");
        return argc < 2 ? 2 : 0;
    }
    const std::string path = argv[1];
    int threads = 2, reps = 9;
    uint32_t n = 128;
    cmf::engine::DraftOptions drafted;
    drafted.mode = cmf::engine::DraftMode::Lookup;
    std::vector<std::pair<std::string, std::string>> prompts;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--threads") threads = std::atoi(v.c_str());
        else if (k == "--reps") reps = std::atoi(v.c_str());
        else if (k == "--n") n = uint32_t(std::atoi(v.c_str()));
        else if (k == "--draft") drafted.mode = v == "mtp" ? cmf::engine::DraftMode::Mtp : cmf::engine::DraftMode::Lookup;
        else if (k == "--draft-max") drafted.maxDraft = uint32_t(std::atoi(v.c_str()));
        else if (k == "--prompt") prompts.emplace_back(v.substr(0, 24), v);
        else if (k == "--prompt-file") {
            std::ifstream f(v);
            if (!f) {
                std::fprintf(stderr, "cannot read %s\n", v.c_str());
                return 2;
            }
            prompts.emplace_back(v.substr(v.find_last_of('/') + 1), std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>()));
        } else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            return 2;
        }
    }
    if (n < 2) n = 2;
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    const auto m = cmf::engine::Model::open(path);
    const auto& tok = cmf::engine::tokenizerOf(*m);
    std::printf("%s, %d threads, %d reps, %u tokens, draft %s, steps interleaved\n", path.c_str(), threads, reps, n,
                drafted.mode == cmf::engine::DraftMode::Mtp ? "mtp" : "lookup");
    std::printf("| prompt | prompt tokens | plain ms | drafted ms | drafted speed / plain (min-max) | acceptance | same tokens |\n"
                "| --- | --- | --- | --- | --- | --- | --- |\n");
    for (const auto& [label, text] : prompts) {
        const auto ids = tok.encode(text);
        std::vector<double> plainMs, draftMs, ratio;
        double acceptance = 0;
        bool same = true;
        for (int r = -1; r < reps; ++r) { // rep -1 warms up
            Side plain(m, ids, {}), draft(m, ids, drafted);
            bool plainNext = r % 2 == 0;
            while (plain.out.size() < n || draft.out.size() < n) {
                Side& s = plain.out.size() == draft.out.size() ? (plainNext ? plain : draft) : plain.out.size() < draft.out.size() ? plain : draft;
                if (plain.out.size() == draft.out.size()) plainNext = !plainNext;
                s.next(n);
            }
            plain.step->settle(), draft.step->settle();
            if (r < 0) continue;
            same = same && plain.out == draft.out;
            plainMs.push_back(1e3 * plain.seconds), draftMs.push_back(1e3 * draft.seconds), ratio.push_back(plain.seconds / draft.seconds);
            const auto& st = draft.step->stats();
            acceptance = st.drafted ? double(st.accepted) / double(st.drafted) : 0.0;
        }
        std::printf("| %s | %zu | %.1f | %.1f | %.3f (%.3f-%.3f) | %.2f | %s |\n", label.c_str(), ids.size(), cmfbench::median(plainMs),
                    cmfbench::median(draftMs), cmfbench::median(ratio), *std::min_element(ratio.begin(), ratio.end()),
                    *std::max_element(ratio.begin(), ratio.end()), acceptance, same ? "yes" : "NO");
    }
    return 0;
}
