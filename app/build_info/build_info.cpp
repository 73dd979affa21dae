#include "build_info.h"

#include "build_info_config.h"

#include "cmf/engine/cpu_features.h"

namespace cmf::build {

const char* version() { return CMF_BUILD_VERSION; }
const char* buildType() { return CMF_BUILD_TYPE[0] ? CMF_BUILD_TYPE : "unspecified"; }
const char* compiler() { return CMF_BUILD_COMPILER; }

std::vector<std::string> versionLines(const std::string& program) {
    return {program + " " + version(), std::string("revision ") + revision(),
            std::string("build ") + buildType() + ", " + compiler() + ", " + CMF_BUILD_SYSTEM,
            "cpu " + cmf::engine::cpuSummary()};
}

std::string versionText(const std::string& program) {
    std::string text;
    for (const std::string& line : versionLines(program)) text += line + "\n";
    return text;
}

} // namespace cmf::build
