#pragma once
// The memory check of run, chat, ppl and bench (cmf/engine/memory_budget.h):
// the --ignore-memory-check flag and the check made after the model is
// mapped and before its first forward pass touches the weights or grows the
// KV cache, so a run that cannot fit stops with the estimate instead of
// being killed by the kernel half-way.
#include "specialist_options.h"

#include "cmf/engine/model.h"

#include <CLI/CLI.hpp>

namespace cmfcli {

void addMemoryCheckOption(CLI::App* cmd, bool& ignore);

// Throws cmf::Error(Bounds) when the weights the run touches (under spec's
// task and skill) and the KV cache for ctx tokens exceed the budget; does
// nothing when ignore is set. kv: the KV cache's element type.
void requireMemory(bool ignore, const cmf::engine::Model& model, const SpecialistOptions& spec, uint32_t ctx,
                   cmf::engine::KvType kv = cmf::engine::KvType::F32);

} // namespace cmfcli
