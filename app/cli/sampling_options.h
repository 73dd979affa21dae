#pragma once
// The sampling options `cmf run` and `cmf chat` share.
#include "cmf/engine/sampler.h"

#include <CLI/CLI.hpp>

namespace cmfcli {

// --greedy, --temp, --top-k, --top-p, --min-p, --repeat-penalty,
// --presence-penalty, --seed, written into p when parsed.
void addSamplingOptions(CLI::App* cmd, cmf::engine::SamplingParams& p);

// After parsing: sampling is on only when --temp was given and --greedy was not.
void finishSamplingOptions(const CLI::App* cmd, cmf::engine::SamplingParams& p);

} // namespace cmfcli
