// Single-threaded tokenizer throughput (target: >= 20 MB/s encode with the
// Qwen3 tokenizer on multi-megabyte mixed text), median of 5 runs.
// usage: bench_tokenizer [TOKENIZER_JSON] [MEGABYTES=4] [RUNS=5]
//
// The text is built from what tests/data holds: the 193 fixture strings of
// tests/data/tokenizers/cases.jsonl (prose, code, URLs, 14 scripts, emoji,
// numbers...), the rendered chat prompts of tests/data/chat_templates, and the
// READMEs/licences (English prose with code). Documents are shuffled with a
// fixed seed and repeated up to the requested size.
#include "bench_util.h"

#include "cmf/engine/tokenizer.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> corpusDocuments(const fs::path& data) {
    std::vector<std::string> docs;
    // The fixture strings, and the rendered chat prompts (with their special tokens).
    for (const auto& [jsonl, field] : {std::pair{"tokenizers/cases.jsonl", "text"}, std::pair{"chat_templates/cases.jsonl", "expected"}}) {
        std::ifstream in(data / jsonl);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty()) continue;
            const auto j = nlohmann::json::parse(line);
            if (j.contains(field) && j[field].is_string() && j[field].get<std::string>().size() > 1) docs.push_back(j[field]);
        }
    }
    for (const auto& e : fs::recursive_directory_iterator(data)) {
        if (!e.is_regular_file() || e.file_size() > 200000) continue;
        const std::string name = e.path().filename().string();
        if (e.path().extension() == ".md" || e.path().extension() == ".jinja" || name.rfind("LICENSE", 0) == 0)
            docs.push_back(readFile(e.path()));
    }
    return docs;
}

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Timing {
    double wall, cpu;
};

// Wall time, and this thread's CPU time: on a shared machine the second still
// says what the code costs when others keep the cores busy.
Timing timeOf(const std::function<void()>& f) {
    const double c0 = threadCpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), threadCpuSeconds() - c0};
}

} // namespace

int main(int argc, char** argv) {
    const fs::path data = CMF_TEST_DATA;
    const std::string tokPath = argc > 1 ? argv[1] : (data / "tokenizers/qwen3/tokenizer.json").string();
    const double megabytes = argc > 2 ? std::atof(argv[2]) : 4.0;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;

    std::optional<cmf::engine::Tokenizer> tok;
    const double loadSeconds = timeOf([&] { tok = cmf::engine::Tokenizer::fromFile(tokPath); }).wall;

    std::vector<std::string> docs = corpusDocuments(data);
    std::mt19937 rng(12345);
    std::string text;
    const auto target = static_cast<size_t>(megabytes * 1e6);
    while (text.size() < target) {
        std::shuffle(docs.begin(), docs.end(), rng);
        for (const auto& d : docs) {
            text += d;
            text += "\n\n";
            if (text.size() >= target) break;
        }
    }

    std::vector<int32_t> ids;
    ids = tok->encode(text, false); // warm-up (and the word cache, as in a long-running process)
    std::vector<double> enc, encCpu, dec, decCpu;
    for (int i = 0; i < runs; ++i) {
        const Timing t = timeOf([&] { ids = tok->encode(text, false); });
        enc.push_back(t.wall);
        encCpu.push_back(t.cpu);
    }
    std::string back;
    for (int i = 0; i < runs; ++i) {
        const Timing t = timeOf([&] { back = tok->decode(ids); });
        dec.push_back(t.wall);
        decCpu.push_back(t.cpu);
    }

    const double mb = double(text.size()) / 1e6;
    std::printf("tokenizer     %s (%s, load %.2f s)\n", tokPath.c_str(), tok->modelType().c_str(), loadSeconds);
    std::printf("text          %.2f MB from %zu documents, %zu tokens (%.2f bytes/token)\n", mb, docs.size(), ids.size(),
                double(text.size()) / double(ids.size()));
    std::printf("encode        median %.1f MB/s  runs [%s] s (target >= 20 MB/s)\n", mb / cmfbench::median(enc),
                cmfbench::runsText(enc, 1, "%.3f").c_str());
    std::printf("              median %.1f MB/s of thread CPU time (unaffected by other load)\n", mb / cmfbench::median(encCpu));
    std::printf("decode        median %.1f MB/s  runs [%s] s; %.1f MB/s of CPU time\n", mb / cmfbench::median(dec),
                cmfbench::runsText(dec, 1, "%.3f").c_str(), mb / cmfbench::median(decCpu));
    return 0;
}
