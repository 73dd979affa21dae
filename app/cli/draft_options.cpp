#include "draft_options.h"

#include <map>

namespace cmfcli {

void addDraftOptions(CLI::App* cmd, cmf::engine::DraftOptions& d) {
    static const std::map<std::string, cmf::engine::DraftMode> modes = {
        {"none", cmf::engine::DraftMode::None}, {"lookup", cmf::engine::DraftMode::Lookup}, {"mtp", cmf::engine::DraftMode::Mtp}};
    cmd->add_option("--draft", d.mode,
                    "Speculative decoding: none, lookup (drafts copied from n-gram matches in the context) or mtp; "
                    "the output is the same as without")
        ->check([](const std::string& v) {
            // A usage error (exit 2), before any file is read.
            return v == "mtp" ? std::string("this engine does not run an MTP draft head yet; --draft lookup drafts from the context with "
                                            "any model")
                              : std::string();
        })
        ->transform(CLI::CheckedTransformer(modes, CLI::ignore_case))
        ->default_str("none");
    cmd->add_option("--draft-max", d.maxDraft, "Tokens drafted per step (up to 3 verify in one pass over the weights)")->check(CLI::Range(1, 64))->capture_default_str();
    cmd->add_option("--draft-ngram", d.ngram, "Lookup: the longest n-gram of the context's tail to match")
        ->check(CLI::Range(1, 16))
        ->capture_default_str();
}

nlohmann::json draftJson(const cmf::engine::GenerationResult& r) {
    // Tokens after the first come from the decode's passes over the weights.
    const double after = r.generated.size() > 1 ? double(r.generated.size() - 1) : 0.0;
    return {{"drafted", r.drafted},
            {"accepted", r.accepted},
            {"acceptance_rate", r.drafted ? nlohmann::json(double(r.accepted) / double(r.drafted)) : nlohmann::json()},
            {"tokens_per_forward", r.forwards ? nlohmann::json(after / double(r.forwards)) : nlohmann::json()}};
}

} // namespace cmfcli
