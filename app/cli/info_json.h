#pragma once
// The stable JSON schema of `cmf info --json` and `cmf masks --json`.
#include "cmf/format/cmf_file.h"

#include <nlohmann/json.hpp>

namespace cmfcli {

nlohmann::json envelopeJson(const cmf::Envelope& e);
nlohmann::json tensorsJson(const cmf::CmfFile& f);
nlohmann::json masksJson(const cmf::CmfFile& f);
nlohmann::json skillsJson(const cmf::CmfFile& f);
// The shard set this file belongs to ([] for an ordinary file).
nlohmann::json shardsJson(const cmf::CmfFile& f);
// arch.layer_types as one letter per layer (L linear, F full, S sliding
// attention) with the count of each kind; null without layer_types.
nlohmann::json layerScheduleJson(const cmf::CmfFile& f);
// The linear-attention dims of arch (conv_kernel, key_heads, value_heads,
// key_head_dim, value_head_dim, norm_style); null when there are none.
nlohmann::json linearAttentionJson(const cmf::CmfFile& f);
// The MTP block (§2.1): arch.mtp.num_layers and this file's model.mtp.*
// tensors, bytes and parameters; null when there is none.
nlohmann::json mtpJson(const cmf::CmfFile& f);
nlohmann::json infoJson(const cmf::CmfFile& f);

} // namespace cmfcli
