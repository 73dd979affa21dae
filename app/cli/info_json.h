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
nlohmann::json infoJson(const cmf::CmfFile& f);

} // namespace cmfcli
