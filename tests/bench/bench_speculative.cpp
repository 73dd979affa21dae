// Speculative decoding against plain decode, side by side in one process
// (issue 21's speed check): for each case, runs alternate --draft none and
// the draft mode, greedy, fresh session each time; medians of the decode
// tokens/s (the tokens after the first, as cmf run counts them), their
// ratio, and the median of each back-to-back pair's ratio (the steadier
// figure when the machine's speed drifts between runs), with the
// acceptance rate and the tokens per pass over the weights of the drafted
// runs. Cases: chat replies to the questions given (the file's chat
// template) and code continuation of the text files given (raw text, a
// fixed number of tokens, eos ignored).
// usage: bench_speculative MODEL.cmf [--threads N=2] [--reps R=9] [--n N=256] [--draft lookup|mtp] [--draft-max N=the mode's]
//        [--skill ID] [--pace time|acceptance] [--chat QUESTION]... [--code FILE]...
#include "bench_util.h"

#include "cmf/engine/session.h"

#include <fstream>
#include <iterator>
#include <sstream>
#include <tbb/global_control.h>

namespace {

struct Case {
    std::string label, text;
    bool chat = false;
};

struct Run {
    double tokS = 0, acceptance = 0, perForward = 0;
    size_t tokens = 0;
};

Run once(const std::shared_ptr<const cmf::engine::Model>& m, const Case& c, cmf::engine::DraftMode mode, const std::string& skill,
         bool byTime, uint32_t n, uint32_t maxDraft) {
    cmf::engine::Session s(m, std::min<uint32_t>(4096, m->config().maxPositions));
    if (!skill.empty()) s.setSkill(skill);
    cmf::engine::GenerationOptions g;
    g.draft.mode = mode;
    g.draft.paceByTime = byTime;
    g.draft.maxDraft = maxDraft;
    cmf::engine::GenerationResult r;
    if (c.chat) {
        g.maxTokens = n;
        r = s.reply(c.text, g);
    } else {
        g.maxTokens = n;
        g.stopAtEos = false;
        r = s.generate(cmf::engine::tokenizerOf(*m).encode(c.text), g);
    }
    Run out{r.decodeTokensPerSecond(), r.drafted ? double(r.accepted) / double(r.drafted) : 0.0,
            r.forwards ? double(r.generated.size() - 1) / double(r.forwards) : 1.0, r.generated.size()};
    return out;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::fprintf(argc < 2 ? stderr : stdout, "usage: bench_speculative MODEL.cmf [--threads N] [--reps R] [--n N] [--draft lookup|mtp] [--draft-max N] [--skill ID] "
                                                 "[--pace time|acceptance] [--chat QUESTION]... [--code FILE]...\n");
        return argc < 2 ? 2 : 0;
    }
    const std::string path = argv[1];
    int threads = 2, reps = 9;
    uint32_t n = 256, maxDraft = 0;
    std::string skill, draft = "lookup";
    bool byTime = true;
    std::vector<Case> cases;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--threads") threads = std::atoi(v.c_str());
        else if (k == "--reps") reps = std::atoi(v.c_str());
        else if (k == "--n") n = uint32_t(std::atoi(v.c_str()));
        else if (k == "--draft") draft = v;
        else if (k == "--draft-max") maxDraft = uint32_t(std::atoi(v.c_str()));
        else if (k == "--skill") skill = v;
        else if (k == "--pace") byTime = v == "time";
        else if (k == "--chat") cases.push_back({"chat: " + v, v, true});
        else if (k == "--code") {
            std::ifstream f(v);
            std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
            cases.push_back({"code: " + v.substr(v.find_last_of('/') + 1), text, false});
        } else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            return 2;
        }
    }
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    const auto m = cmf::engine::Model::open(path);
    const auto mode = draft == "mtp" ? cmf::engine::DraftMode::Mtp : cmf::engine::DraftMode::Lookup;
    std::printf("%s, %d threads, %d reps alternating, draft %s, pace %s%s\n", path.c_str(), threads, reps, draft.c_str(),
                byTime ? "time" : "acceptance", skill.empty() ? "" : (", skill " + skill).c_str());
    std::printf("| case | tokens | plain tok/s | %s tok/s | ratio of medians | median of paired ratios | acceptance | tokens per pass |\n"
                "| --- | --- | --- | --- | --- | --- | --- | --- |\n",
                draft.c_str());
    for (const auto& c : cases) {
        once(m, c, cmf::engine::DraftMode::None, skill, byTime, n, maxDraft); // warm-up
        std::vector<double> plain, drafted, paired, acc, tpf;
        size_t tokens = 0;
        for (int r = 0; r < reps; ++r) {
            // Each pair runs back to back, in turn plain first and drafted
            // first, so that its ratio sees one state of a noisy machine.
            double p = 0;
            if (r % 2 == 0) p = once(m, c, cmf::engine::DraftMode::None, skill, byTime, n, maxDraft).tokS;
            const Run d = once(m, c, mode, skill, byTime, n, maxDraft);
            if (r % 2 == 1) p = once(m, c, cmf::engine::DraftMode::None, skill, byTime, n, maxDraft).tokS;
            plain.push_back(p), drafted.push_back(d.tokS), paired.push_back(d.tokS / p);
            acc.push_back(d.acceptance), tpf.push_back(d.perForward), tokens = d.tokens;
        }
        const double p = cmfbench::median(plain), d = cmfbench::median(drafted);
        std::printf("| %s | %zu | %.0f (%.0f-%.0f) | %.0f (%.0f-%.0f) | %.2f | %.2f (%.2f-%.2f) | %.2f | %.2f |\n", c.label.substr(0, 48).c_str(),
                    tokens, p, *std::min_element(plain.begin(), plain.end()), *std::max_element(plain.begin(), plain.end()), d,
                    *std::min_element(drafted.begin(), drafted.end()), *std::max_element(drafted.begin(), drafted.end()), d / p,
                    cmfbench::median(paired), *std::min_element(paired.begin(), paired.end()), *std::max_element(paired.begin(), paired.end()),
                    cmfbench::median(acc), cmfbench::median(tpf));
    }
    return 0;
}
