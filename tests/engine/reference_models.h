#pragma once
// The models of tests/data/models converted
// once per test process and quant, for tests that run the engine on them,
// and the walk along a float64 reference those tests share.
#include "test_support.h"

#include "cmf/engine/runner.h"
#include "cmf/format/convert.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace cmftest {

// "demo-model" is the bundled demo (resources/demo-model, with its own
// reference.json made as the shared models' are); every other name is a
// folder of tests/data/models.
inline std::string modelDir(const std::string& name) {
    return name == "demo-model" ? dataPath("../../resources/demo-model") : dataPath("models/" + name);
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

// Follows one prompt of a float64 reference (reference.json: prompt_ids,
// greedy_ids, greedy_step_logits_top10, greedy_top1_top2_margins,
// first_near_tie_step) on r from position 0: the reference's top-10 logits
// within `tolerance` at every step up to and including the first near-tie
// (margin < 0.01, where the context is still the reference's), its tokens at
// the steps before it, and exactly that many steps compared. Fails the
// current test (QVERIFY) otherwise; returns the largest difference seen.
inline double followReference(cmf::engine::Runner& r, const nlohmann::json& p, const std::string& label, double tolerance = 2e-3) {
    const auto expected = p["greedy_ids"].get<std::vector<int32_t>>();
    const auto margins = p["greedy_top1_top2_margins"].get<std::vector<double>>();
    auto logits = r.forward(p["prompt_ids"].get<std::vector<int32_t>>());
    double worst = 0;
    size_t compared = 0;
    [&] {
        for (size_t i = 0; i < expected.size(); ++i) {
            ++compared;
            for (const auto& pair : p["greedy_step_logits_top10"][i]) {
                const double d = std::fabs(logits[size_t(pair[0].get<int>())] - pair[1].get<double>());
                worst = std::max(worst, d);
                QVERIFY2(d <= tolerance, (label + " step " + std::to_string(i) + " id " + std::to_string(pair[0].get<int>()) + ": off by " +
                                          std::to_string(d)).c_str());
            }
            if (margins[i] < 0.01) break;
            const int32_t best = int32_t(std::max_element(logits.begin(), logits.end()) - logits.begin());
            QVERIFY2(best == expected[i], (label + " step " + std::to_string(i)).c_str());
            if (i + 1 < expected.size()) logits = r.forward(std::span<const int32_t>(&expected[i], 1));
        }
        QCOMPARE(compared, p["first_near_tie_step"].is_null() ? expected.size() : p["first_near_tie_step"].get<size_t>() + 1);
    }();
    qInfo("%s: %zu steps compared, largest top-10 logit difference %.3g", label.c_str(), compared, worst);
    return worst;
}

} // namespace cmftest
