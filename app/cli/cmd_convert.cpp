// cmf convert, requant, compact, shard — the verbs that write models.
#include "commands.h"
#include "terminal_progress.h"

#include "cmf/format/convert.h"
#include "cmf/format/error.h"

#include <cstdio>
#include <map>
#include <regex>
#include <iostream>
#include <nlohmann/json.hpp>

namespace cmfcli {
namespace {

std::string quantList() {
    std::string s;
    for (const auto& q : cmf::quantNames()) s += (s.empty() ? "" : " ") + q;
    return s;
}

cmf::DType parseQuant(const std::string& q) {
    const auto t = cmf::quantFromName(q);
    if (!t) throw CLI::ValidationError("--quant", "unknown quant \"" + q + "\"; one of: " + quantList());
    return *t;
}

// --keep NAME_REGEX=DTYPE, DTYPE a --quant name or a spec dtype name.
cmf::DTypeRule parseKeep(const std::string& s) {
    const auto eq = s.rfind('=');
    if (eq == std::string::npos || eq == 0) throw CLI::ValidationError("--keep", "expected NAME_REGEX=DTYPE, got \"" + s + "\"");
    const std::string d = s.substr(eq + 1);
    auto t = cmf::quantFromName(d);
    if (!t) t = cmf::dtypeFromName(d);
    if (!t) throw CLI::ValidationError("--keep", "unknown dtype \"" + d + "\"");
    try {
        std::regex check(s.substr(0, eq));
    } catch (const std::regex_error&) {
        throw CLI::ValidationError("--keep", "bad regular expression \"" + s.substr(0, eq) + "\"");
    }
    return {s.substr(0, eq), *t};
}

nlohmann::json reportJson(const cmf::ConvertReport& r) {
    nlohmann::json tensors = nlohmann::json::array();
    for (const auto& t : r.tensors) {
        nlohmann::json j{{"name", t.name},       {"source", t.source},           {"dtype", cmf::dtypeName(t.dtype)},
                         {"shape", t.shape},     {"source_bytes", t.sourceBytes}, {"bytes", t.bytes},
                         {"copied", t.copied}};
        if (!t.copied) j["rel_rms"] = t.relRms;
        if (!t.reason.empty()) j["fallback"] = t.reason;
        tensors.push_back(std::move(j));
    }
    return {{"outputs", r.outputs},
            {"source_bytes", r.sourceBytes},
            {"output_bytes", r.outputBytes},
            {"seconds", r.seconds},
            {"mb_per_s", r.seconds > 0 ? double(r.sourceBytes) / 1e6 / r.seconds : 0.0},
            {"tensors", tensors},
            {"skipped", r.skipped}};
}

// A dtype other than the request that is worth a note: not the §3.2 rule
// that makes every 1-D tensor f16, which holds for every model.
bool noteworthy(const cmf::TensorReport& t) { return !t.reason.empty() && !(t.shape.size() < 2 && t.dtype == cmf::DType::F16); }

void printReport(const cmf::ConvertReport& r, bool perTensor) {
    if (perTensor) {
        std::printf("%-56s %-6s -> %-8s %12s %12s %10s\n", "tensor", "source", "dtype", "source B", "bytes", "rel RMS");
        for (const auto& t : r.tensors) {
            std::printf("%-56s %-6s -> %-8s %12llu %12llu %10s\n", t.name.c_str(), t.source.c_str(),
                        std::string(cmf::dtypeName(t.dtype)).c_str(), (unsigned long long)t.sourceBytes,
                        (unsigned long long)t.bytes, t.copied ? "copied" : std::to_string(t.relRms).substr(0, 8).c_str());
            if (noteworthy(t)) std::printf("    note: %s\n", t.reason.c_str());
        }
    }
    std::map<std::string, std::pair<uint64_t, uint64_t>> byType;
    double worst = 0;
    std::string worstName;
    for (const auto& t : r.tensors) {
        auto& s = byType[std::string(cmf::dtypeName(t.dtype))];
        ++s.first;
        s.second += t.bytes;
        if (!t.copied && t.relRms > worst) worst = t.relRms, worstName = t.name;
    }
    std::printf("\n%zu tensors: ", r.tensors.size());
    for (const auto& [k, v] : byType) std::printf("%s %llu (%.1f MB)  ", k.c_str(), (unsigned long long)v.first, double(v.second) / 1e6);
    std::printf("\nsource %.1f MB -> output %.1f MB in %.2f s (%.0f MB/s of source)\n", double(r.sourceBytes) / 1e6,
                double(r.outputBytes) / 1e6, r.seconds, r.seconds > 0 ? double(r.sourceBytes) / 1e6 / r.seconds : 0.0);
    if (!worstName.empty()) std::printf("largest relative RMS error %.5f (%s)\n", worst, worstName.c_str());
    // Every tensor whose dtype a rule or a shape decided, by reason.
    std::map<std::string, size_t> reasons;
    for (const auto& t : r.tensors)
        if (noteworthy(t)) ++reasons[t.reason];
    for (const auto& [reason, n] : reasons) std::printf("%zu tensor%s: %s\n", n, n == 1 ? "" : "s", reason.c_str());
    if (!r.skipped.empty()) {
        std::map<std::string, size_t> parts;
        for (std::string_view n : r.skipped) {
            if (n.starts_with("model.")) n.remove_prefix(6);
            ++parts[std::string(n.substr(0, n.find('.')))];
        }
        std::printf("skipped %zu source tensors, not part of the text model:", r.skipped.size());
        for (const auto& [part, n] : parts) std::printf(" %s (%zu)", part.c_str(), n);
        std::printf("\n");
    }
    for (const auto& p : r.outputs) std::printf("wrote %s\n", p.c_str());
}

// Runs a writing job with a progress bar; prints the report; sets the exit code.
template <class Job>
void runJob(const std::string& what, bool json, bool perTensor, int* exitCode, Job job) {
    try {
        TerminalProgress bar(what);
        const cmf::Control control{json ? cmf::ProgressFn{} : bar.callback(), interruptFlag()};
        const auto report = job(control);
        bar.finish();
        if (json) std::cout << jsonText(reportJson(report)) << "\n";
        else printReport(report, perTensor);
        *exitCode = kExitOk;
    } catch (const std::exception& e) {
        *exitCode = reportFailure(what, e);
    }
}

} // namespace

void addConvert(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("convert", "Convert a Hugging Face checkpoint folder to CMF");
    struct Opts {
        std::string model, output, quant = "q8";
        double shardMaxGb = 0, meanBits = 4.5;
        std::vector<std::string> keep;
        bool json = false, quiet = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("--model", o->model, "Hugging Face folder (config.json, *.safetensors, tokenizer files)")->required();
    cmd->add_option("--quant", o->quant, "One of: " + quantList() + " (q4, q4t, q4tp keep an untied lm_head at q8)")->capture_default_str();
    cmd->add_option("--output", o->output, "Output .cmf")->required();
    cmd->add_option("--shard-max-gb", o->shardMaxGb, "Split into shards of at most N GB (rough f32 size, §10)");
    cmd->add_option("--mean-bits", o->meanBits, "vbit: mean bits per weight, 3..8")->capture_default_str()->check(CLI::Range(3.0, 8.0));
    cmd->add_option("--keep", o->keep, "NAME_REGEX=DTYPE: tensors matching the regex get DTYPE (repeatable)");
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->add_flag("--summary", o->quiet, "Print only the summary, not every tensor");
    cmd->callback([=] {
        cmf::ConvertOptions c;
        c.modelDir = o->model;
        c.output = o->output;
        c.quant = parseQuant(o->quant);
        c.shardMaxGb = o->shardMaxGb;
        c.encode.meanBits = o->meanBits;
        for (const auto& k : o->keep) c.keep.push_back(parseKeep(k));
        runJob("convert", o->json, !o->quiet, exitCode, [&](const cmf::Control& ctl) { return cmf::convertHf(c, ctl); });
    });
}

void addRequant(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("requant", "Re-encode tensors of a CMF file in another dtype; the rest is copied byte for byte");
    struct Opts {
        std::string input, output, quant, only;
        double meanBits = 4.5;
        bool json = false;
    };
    auto o = std::make_shared<Opts>();
    cmd->add_option("IN", o->input, "CMF file (any shard of a set)")->required();
    cmd->add_option("--quant", o->quant, "One of: " + quantList())->required();
    cmd->add_option("--output", o->output, "Output .cmf")->required();
    cmd->add_option("--only", o->only, "Re-encode only tensors whose name matches this regex");
    cmd->add_option("--mean-bits", o->meanBits, "vbit: mean bits per weight, 3..8")->check(CLI::Range(3.0, 8.0));
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->callback([=] {
        cmf::RequantOptions r{o->input, o->output, parseQuant(o->quant), o->only, {}};
        r.encode.meanBits = o->meanBits;
        runJob("requant", o->json, false, exitCode, [&](const cmf::Control& ctl) {
            requireValidInput(r.input);
            return cmf::requant(r, ctl);
        });
    });
}

void addCompact(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("compact", "Rewrite a file grown by appends, dropping dead section tails");
    auto in = std::make_shared<std::string>(), out = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("IN", *in, "CMF file")->required();
    cmd->add_option("--output", *out, "Output .cmf")->required();
    cmd->add_flag("--json", *json, "Print the report as JSON");
    cmd->callback([=] {
        runJob("compact", *json, false, exitCode, [&](const cmf::Control& ctl) {
            requireValidInput(*in);
            return cmf::compact(*in, *out, ctl);
        });
    });
}

void addShard(CLI::App& app, int* exitCode) {
    auto* cmd = app.add_subcommand("shard", "Split a model into BASE-NNNNN-of-MMMMM.cmf shards (§10)");
    auto in = std::make_shared<std::string>(), base = std::make_shared<std::string>();
    auto maxGb = std::make_shared<double>(0);
    auto json = std::make_shared<bool>(false);
    cmd->add_option("IN", *in, "CMF file (or any shard of a set)")->required();
    cmd->add_option("--max-gb", *maxGb, "Largest shard, in GB of rough f32 size")->required()->check(CLI::PositiveNumber);
    cmd->add_option("--output-base", *base, "Output path without the -NNNNN-of-MMMMM.cmf suffix")->required();
    cmd->add_flag("--json", *json, "Print the report as JSON");
    cmd->callback([=] {
        runJob("shard", *json, false, exitCode, [&](const cmf::Control& ctl) {
            requireValidInput(*in);
            return cmf::shard(*in, *maxGb, *base, ctl);
        });
    });
}

} // namespace cmfcli
