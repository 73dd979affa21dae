#include "sampling_options.h"

namespace cmfcli {

void addSamplingOptions(CLI::App* cmd, cmf::engine::SamplingParams& p) {
    cmd->add_flag("--greedy")->description("Greedy decoding (argmax); the default when no temperature is given");
    cmd->add_option("--temp", p.temperature, "Sampling temperature");
    cmd->add_option("--top-k", p.topK, "Keep the K most likely tokens (0 = all)");
    cmd->add_option("--top-p", p.topP, "Nucleus sampling mass");
    cmd->add_option("--min-p", p.minP, "Drop tokens below this share of the best one");
    cmd->add_option("--repeat-penalty", p.repetitionPenalty, "Repetition penalty (1 = off)");
    cmd->add_option("--presence-penalty", p.presencePenalty, "Presence penalty (0 = off)");
    cmd->add_option("--seed", p.seed, "Random seed");
}

void finishSamplingOptions(const CLI::App* cmd, cmf::engine::SamplingParams& p) {
    p.greedy = cmd->count("--greedy") > 0 || cmd->count("--temp") == 0;
}

} // namespace cmfcli
