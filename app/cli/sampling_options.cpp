#include "sampling_options.h"

#include "cmf/engine/generation_defaults.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>

namespace cmfcli {

namespace {
// A float as the shortest decimal that reads back to it: 0.6f prints 0.6, not 0.6000000238418579.
double shortest(float v) {
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    return std::strtod(std::string(buf, end).c_str(), nullptr);
}
constexpr const char* kValueOptions[] = {"--temp",  "--top-k", "--top-p", "--min-p", "--repeat-penalty", "--presence-penalty",
                                         "--frequency-penalty", "--seed"};
}

void addSamplingOptions(CLI::App* cmd, SamplingOptions& o) {
    auto& p = o.values;
    auto* greedy = cmd->add_flag("--greedy")->description("Greedy decoding (argmax), whatever the file's generation defaults say");
    cmd->add_flag("--sample")
        ->description("Sample, with the file's generation defaults (header.generation_config) for every value not given")
        ->excludes(greedy);
    cmd->add_option("--temp", p.temperature, "Sampling temperature (0 = greedy); default: the file's generation_config");
    cmd->add_option("--top-k", p.topK, "Keep the K most likely tokens (0 = all)");
    cmd->add_option("--top-p", p.topP, "Nucleus sampling mass");
    cmd->add_option("--min-p", p.minP, "Drop tokens below this share of the best one");
    cmd->add_option("--repeat-penalty", p.repetitionPenalty, "Repetition penalty (1 = off)");
    cmd->add_option("--presence-penalty", p.presencePenalty, "Presence penalty (0 = off)");
    cmd->add_option("--frequency-penalty", p.frequencyPenalty, "Frequency penalty, per time a token was seen (0 = off)");
    cmd->add_option("--seed", p.seed, "Random seed");
}

void finishSamplingOptions(const CLI::App* cmd, SamplingOptions& o) {
    o.greedy = cmd->count("--greedy") > 0;
    o.sample = cmd->count("--sample") > 0;
    o.given.clear();
    for (const char* name : kValueOptions)
        if (cmd->count(name) > 0) o.given.emplace_back(name);
}

ResolvedSampling resolveSampling(const SamplingOptions& o, const std::optional<cmf::GenerationConfig>& file, bool followDoSample) {
    const cmf::engine::SamplingParams engine; // greedy, with the engine's sampling values
    ResolvedSampling r;
    r.params = cmf::engine::withGenerationDefaults(engine, file);
    auto given = [&](const char* name) { return std::find(o.given.begin(), o.given.end(), name) != o.given.end(); };
    auto& p = r.params;
    const auto& v = o.values;
    if (given("--temp")) p.temperature = v.temperature;
    if (given("--top-k")) p.topK = v.topK;
    if (given("--top-p")) p.topP = v.topP;
    if (given("--min-p")) p.minP = v.minP;
    if (given("--repeat-penalty")) p.repetitionPenalty = v.repetitionPenalty;
    if (given("--presence-penalty")) p.presencePenalty = v.presencePenalty;
    if (given("--frequency-penalty")) p.frequencyPenalty = v.frequencyPenalty;
    if (given("--seed")) p.seed = v.seed;
    if (o.greedy) p.greedy = true;
    else if (given("--temp")) p.greedy = v.temperature <= 0.0f;
    else if (o.sample) p.greedy = false;
    else if (!followDoSample) p.greedy = true;
    // Sampling whose values (or whose choice) the file made.
    r.fromFile = file && !file->empty() && !p.greedy && !given("--temp");
    return r;
}

nlohmann::json samplingJson(const ResolvedSampling& s) {
    const auto& p = s.params;
    const bool greedy = p.greedy || p.temperature <= 0.0f;
    nlohmann::json j{{"greedy", greedy}, {"from_file", s.fromFile}};
    if (!greedy) {
        j["temperature"] = shortest(p.temperature);
        j["top_k"] = p.topK;
        j["top_p"] = shortest(p.topP);
        j["min_p"] = shortest(p.minP);
        j["seed"] = p.seed;
    }
    j["repetition_penalty"] = shortest(p.repetitionPenalty);
    return j;
}

} // namespace cmfcli
