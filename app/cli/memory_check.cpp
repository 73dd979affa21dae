#include "memory_check.h"

#include "cmf/engine/memory_budget.h"
#include "cmf/engine/memory_estimate.h"

namespace cmfcli {

void addMemoryCheckOption(CLI::App* cmd, bool& ignore) {
    cmd->add_flag("--ignore-memory-check", ignore,
                  "Run even when the estimated memory (weights + KV cache) exceeds what the machine can give "
                  "(see also CMF_MEMORY_LIMIT=<size>|off)");
}

void requireMemory(bool ignore, const cmf::engine::Model& model, const SpecialistOptions& spec, uint32_t ctx, cmf::engine::KvType kv) {
    if (ignore) return;
    // "auto" may route to any skill; the estimate is the backbone's then, as `cmf info` reports it.
    const std::string skill = spec.skill == "auto" || spec.skill == "none" ? std::string() : spec.skill;
    const auto need = cmf::engine::estimateMemory(model.file(), spec.task, skill, ctx, kv);
    uint64_t mapped = 0; // already in VmSize: the budget must not count the model's files twice
    for (const auto& f : model.file().files()) mapped += f->fileSize();
    cmf::engine::checkMemory(need, cmf::engine::readMemoryBudget(mapped), cmf::engine::kCliMemoryAdvice);
}

} // namespace cmfcli
