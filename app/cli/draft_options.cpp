#include "draft_options.h"

#include "choice_option.h"

namespace cmfcli {

void addDraftOptions(CLI::App* cmd, cmf::engine::DraftOptions& d) {
    static const std::vector<std::pair<std::string, cmf::engine::DraftMode>> modes = {
        {"none", cmf::engine::DraftMode::None}, {"lookup", cmf::engine::DraftMode::Lookup}, {"mtp", cmf::engine::DraftMode::Mtp}};
    cmd->add_option("--draft", d.mode,
                    "Speculative decoding: none, lookup (drafts copied from n-gram matches in the context) or mtp (drafts "
                    "from the file's MTP head, arch.mtp); greedy output is the same as without, sampled output has the same "
                    "distribution")
        ->transform(oneOf(modes, "draft source"))
        ->default_str("none");
    cmd->add_option("--draft-max", d.maxDraft,
                    "Most tokens drafted per step (up to 3 verify in one pass over the weights; each MTP draft is one more pass "
                    "over lm_head); paced by time, each step drafts the number that recent steps say is fastest")
        ->check(CLI::Range(1, 64))
        ->default_str("3 for lookup, 1 for mtp");
    cmd->add_option("--draft-ngram", d.ngram, "Lookup: the longest n-gram of the context's tail to match (the shortest is 2 tokens, or 1 when N is 1)")
        ->check(CLI::Range(1, 16))
        ->capture_default_str();
    static const std::vector<std::pair<std::string, bool>> paces = {{"time", true}, {"acceptance", false}};
    cmd->add_option("--draft-pace", d.paceByTime,
                    "How many drafts each step carries: time (the number that pays most by the drafts accepted and the "
                    "verify blocks' measured cost, and none for a while when no number pays) or acceptance (always "
                    "--draft-max, pausing only while nothing is accepted: draft counts independent of the machine's speed)")
        ->transform(oneOf(paces, "draft pace"))
        ->default_str("time");
}

nlohmann::json draftJson(uint64_t drafted, uint64_t accepted, uint64_t forwards, uint64_t tokens) {
    return {{"drafted", drafted},
            {"accepted", accepted},
            {"acceptance_rate", drafted ? nlohmann::json(double(accepted) / double(drafted)) : nlohmann::json()},
            {"tokens_per_forward", forwards ? nlohmann::json(double(tokens) / double(forwards)) : nlohmann::json()}};
}

nlohmann::json draftJson(const cmf::engine::GenerationResult& r) {
    // Tokens after the first come from the decode's passes over the weights.
    return draftJson(r.drafted, r.accepted, r.forwards, r.generated.size() > 1 ? r.generated.size() - 1 : 0);
}

} // namespace cmfcli
