#pragma once
// The sampling options `cmf run` and `cmf chat` share. Both start from the
// file's generation defaults (header.generation_config): the temperature,
// top-k, top-p, min-p and repetition penalty its authors ship; what the user
// gives on the command line goes over them. `cmf chat` also follows the
// file's do_sample (a file that says true is sampled, as transformers'
// generate() does); `cmf run`, the scripting verb, stays greedy unless asked
// to sample (--sample or --temp), so that its output is the argmax unless
// told otherwise.
#include "cmf/engine/sampler.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cmf {
struct GenerationConfig;
}

namespace cmfcli {

struct SamplingOptions {
    cmf::engine::SamplingParams values; // bound to the options
    bool greedy = false;                 // --greedy given
    bool sample = false;                 // --sample given
    std::vector<std::string> given;      // the other options given, by name ("--temp", …)
};

// --greedy, --sample, --temp, --top-k, --top-p, --min-p, --repeat-penalty,
// --presence-penalty, --frequency-penalty, --seed.
void addSamplingOptions(CLI::App* cmd, SamplingOptions& o);

// After parsing: records which options were given.
void finishSamplingOptions(const CLI::App* cmd, SamplingOptions& o);

struct ResolvedSampling {
    cmf::engine::SamplingParams params;
    bool fromFile = false; // the file's generation_config set something that was not overridden
};

// The file's defaults, then the options given: --greedy forces argmax, --temp
// turns sampling on (off at 0), --sample turns it on with the file's values.
// followDoSample: the file's do_sample decides when no option does (cmf
// chat); otherwise that case is greedy (cmf run).
ResolvedSampling resolveSampling(const SamplingOptions& o, const std::optional<cmf::GenerationConfig>& file, bool followDoSample);

// {"greedy", "temperature", "top_k", "top_p", "min_p", "repetition_penalty", "seed", "from_file"} for --json outputs.
nlohmann::json samplingJson(const ResolvedSampling& s);

} // namespace cmfcli
