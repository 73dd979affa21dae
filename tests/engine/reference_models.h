#pragma once
// The models of tests/data/models (the demo model for tiny-chat) converted
// once per test process and quant, for tests that run the engine on them.
#include "test_support.h"

#include "cmf/format/convert.h"

#include <filesystem>
#include <string>

namespace cmftest {

inline std::string modelDir(const std::string& name) {
    return name == "tiny-chat" ? dataPath("../../resources/demo-model") : dataPath("models/" + name);
}

inline std::string converted(const std::string& model, const std::string& quant) {
    const std::string out = tempDir() + "/" + model + "-" + quant + ".cmf";
    if (!std::filesystem::exists(out)) {
        cmf::ConvertOptions o;
        o.modelDir = modelDir(model);
        o.output = out;
        o.quant = *cmf::quantFromName(quant);
        cmf::convertHf(o, {});
    }
    return out;
}

} // namespace cmftest
