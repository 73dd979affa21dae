#pragma once
// --kv f32|f16, the KV cache's element type (cmf/engine/kv_cache.h), shared
// by run, chat, bench and serve.
#include "cmf/engine/kv_cache.h"

#include <CLI/CLI.hpp>

namespace cmfcli {

void addKvOption(CLI::App* cmd, cmf::engine::KvType& kv);

} // namespace cmfcli
