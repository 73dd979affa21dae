#pragma once
// How a mask's and a skill's recorded quality (§5.1 quality, the skill's
// held-out contract) is written, so the Tasks page and the overview agree.
#include <QString>

#include <nlohmann/json.hpp>

namespace cmfw {

// "held-out ppl ×1.042 (dense 12.31)"; "not measured" for null.
QString maskQualityText(const nlohmann::json& quality);
// "ppl 14.20 → 9.81"; "not measured" for null.
QString skillQualityText(const nlohmann::json& quality);

} // namespace cmfw
