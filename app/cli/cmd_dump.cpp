// cmf dump FILE --tensor NAME [--skill ID] --npy OUT
// cmf dump FILE --stats [--json]
#include "commands.h"
#include "npy.h"
#include "terminal_progress.h"

#include "cmf/format/codec.h"
#include "cmf/format/error.h"
#include "cmf/format/printable.h"
#include "cmf/format/shards.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <tbb/parallel_for.h>

namespace cmfcli {
namespace {

struct Options {
    std::string path, tensor, skill, npy;
    bool stats = false, json = false;
};

struct Stats {
    uint64_t count = 0;
    double sum = 0, absSum = 0, maxAbs = 0;
    std::vector<float> first;
};

Stats statsOf(const cmf::TensorBytes& t) {
    const auto v = cmf::decodeAll(t);
    Stats s;
    s.count = v.size();
    for (float x : v) {
        s.sum += x;
        s.absSum += std::fabs(x);
        s.maxAbs = std::max(s.maxAbs, double(std::fabs(x)));
    }
    s.first.assign(v.begin(), v.begin() + std::min<size_t>(8, v.size()));
    return s;
}

int runStats(const Options& o) {
    const auto model = openModelInput(o.path);
    const auto& tensors = model.tensors();
    std::vector<Stats> stats(tensors.size());
    std::vector<std::string> errors(tensors.size());
    TerminalProgress bar("dump");
    const auto progress = o.json ? cmf::ProgressFn{} : bar.callback();
    std::atomic<uint64_t> done{0};
    tbb::parallel_for(size_t(0), tensors.size(), [&](size_t i) {
        try {
            stats[i] = statsOf(model.tensorBytes(tensors[i]));
        } catch (const cmf::Error& e) {
            errors[i] = e.what();
        }
        if (progress) progress(++done, tensors.size(), "decoding");
    });
    bar.finish();
    int code = kExitOk;
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < tensors.size(); ++i) {
        const auto& r = tensors[i].record;
        if (!errors[i].empty()) {
            std::cerr << "cmf: " << cmf::printable(o.path) << ": tensor " << cmf::printable(r.name) << ": "
                      << cmf::printable(errors[i]) << "\n";
            code = kExitCheckFailed;
            continue;
        }
        const Stats& s = stats[i];
        if (o.json) {
            out.push_back({{"name", r.name}, {"dtype", cmf::dtypeName(r.dtype)}, {"count", s.count}, {"sum", s.sum},
                           {"abs_sum", s.absSum}, {"max_abs", s.maxAbs}, {"first", s.first}});
        } else {
            std::printf("%-56s %-8s %10llu  sum %14.6g  abs_sum %14.6g  max|x| %10.4g\n", cmf::printable(r.name).c_str(),
                        std::string(cmf::dtypeName(r.dtype)).c_str(), (unsigned long long)s.count, s.sum, s.absSum, s.maxAbs);
        }
    }
    if (o.json) std::cout << jsonText(nlohmann::json{{"file", o.path}, {"tensors", out}}) << "\n";
    return code;
}

int runTensor(const Options& o) {
    const auto model = openModelInput(o.path);
    // Tensor-source indirection (§9): a skill's replacement wins when present.
    std::string name = o.tensor;
    if (!o.skill.empty()) {
        bool known = false;
        for (const auto& s : model.primary().skills()) known = known || s.id == o.skill;
        if (!known) throw cmf::Error(cmf::ErrorKind::Parse, "no skill \"" + o.skill + "\" in the registry");
        const std::string replaced = "skill." + o.skill + "." + o.tensor;
        if (model.find(replaced)) name = replaced;
    }
    const auto idx = model.find(name);
    if (!idx) throw cmf::Error(cmf::ErrorKind::Parse, "no tensor named \"" + name + "\"");
    const auto& t = model.tensors()[*idx];
    const auto values = cmf::decodeAll(model.tensorBytes(t));
    writeNpyF32(o.npy, t.record.dims(), values.data(), values.size());
    std::cout << "wrote " << o.npy << ": " << name << " " << cmf::dtypeName(t.record.dtype) << " -> float32, "
              << values.size() << " values\n";
    return kExitOk;
}

} // namespace

void addDump(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("dump", "Dequantize tensors: one tensor to .npy, or statistics of every tensor");
    auto o = std::make_shared<Options>();
    cmd->add_option("FILE", o->path, "CMF file (any shard of a set opens the whole model)")->required();
    auto* tensor = cmd->add_option("--tensor", o->tensor, "Tensor name to export");
    cmd->add_option("--skill", o->skill, "Read the skill's replacement of the tensor when it has one (§9)")->needs(tensor);
    auto* npy = cmd->add_option("--npy", o->npy, "Output .npy file (float32)")->needs(tensor);
    tensor->needs(npy);
    auto* stats = cmd->add_flag("--stats", o->stats, "Count, sum, abs_sum and first 8 values of every tensor");
    cmd->add_flag("--json", o->json, "With --stats: print JSON");
    stats->excludes(tensor);
    cmd->callback([=] {
        if (!o->stats && o->tensor.empty()) {
            std::cerr << "cmf dump: give --tensor NAME --npy OUT, or --stats\n";
            *exitCode = kExitUsage;
            return;
        }
        try {
            *exitCode = o->stats ? runStats(*o) : runTensor(*o);
        } catch (const std::exception& e) {
            *exitCode = reportFailure(o->path, e, o->json);
        }
    });
}

} // namespace cmfcli
