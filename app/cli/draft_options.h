#pragma once
// The speculative-decoding options `cmf run` and `cmf chat` share, and the
// figures they report.
#include "cmf/engine/draft.h"
#include "cmf/engine/session.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace cmfcli {

// --draft none|lookup|mtp, --draft-max N, --draft-ngram N, written into d when parsed.
void addDraftOptions(CLI::App* cmd, cmf::engine::DraftOptions& d);

// drafted, accepted, acceptance_rate, tokens_per_forward (null rate without drafts).
nlohmann::json draftJson(const cmf::engine::GenerationResult& r);
// The same for `tokens` decoded in `forwards` passes.
nlohmann::json draftJson(uint64_t drafted, uint64_t accepted, uint64_t forwards, uint64_t tokens);

} // namespace cmfcli
