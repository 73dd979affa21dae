#pragma once
// Every --json report is written through jsonText(): a string that is not
// valid UTF-8 (nlohmann throws type_error 316 on one, which aborted `verify
// --json` on a header with a stray byte) is written with U+FFFD in its place
// instead. Texts that quote file bytes are escaped with cmf::printable()
// before they get here; this is the net under that rule.
#include <nlohmann/json.hpp>
#include <string>

namespace cmfcli {

std::string jsonText(const nlohmann::json& j, int indent = 2);

} // namespace cmfcli
