#pragma once
// What skill export and apply share: the checks on both inputs and the
// hash that binds a skill to its base (§9.1). Private to format/.
#include "cmf/format/cmf_file.h"

#include <string>

namespace cmf::detail {

// hash64 of the directory bytes — the binding key, recomputed rather than
// read from the envelope reserve (which may be 0 = absent in older files).
uint64_t directoryHash(const CmfFile& f);

// Refuses shard sets and standalone skill files where a complete single
// file is needed; `role` names the argument in the message.
void requireCompleteSingleFile(const CmfFile& f, const std::string& role);

// Skill ids become tensor-name prefixes (`skill.{id}.`): letters, digits,
// '-' and '_' only, so one id is never a prefix of another's names.
void checkSkillId(const std::string& id);

// The layer index of "model.layers.{i}.…" (after an optional skill prefix
// was stripped by the caller), or -1.
long layerOf(std::string_view name);

} // namespace cmf::detail
