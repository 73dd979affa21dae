#pragma once
// The model operations that create tasks and skills from data, whole: read
// the corpora, run the engine, measure, write the file. `cmf calibrate`,
// `cmf skill add`, `cmf skill bake`, `cmf route-stats` and the workbench's
// jobs are thin callers of these. Every write is atomic (or, for a skill
// grown in place, append-only with the envelope last); progress and cancel
// go through the Control.
#include "cmf/engine/corpus.h"
#include "cmf/format/progress.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cmf::engine {

struct CalibrateRequest {
    std::string input, output, task, description;
    std::vector<std::string> corpus;
    std::string heldout; // empty: quality null (not measured), with a warning
    double keep = 0.5;
    uint32_t ctx = 256;
    bool replace = false;
};
struct CalibrateResult {
    uint32_t taskId = 0;
    double sparsity = 0;
    std::vector<uint64_t> keptPerLayer;
    nlohmann::json quality; // null when not measured
    std::vector<std::string> warnings;
};
CalibrateResult calibrateTask(const CalibrateRequest& r, const Control& control = {});

struct SkillAddRequest {
    std::string backbone, donorDir, id, name;
    std::string layers = "all", tensors = "all", skillQuant; // skillQuant empty: each replaced tensor's dtype
    double minDelta = 1e-3;
    std::string prompts, backbonePrompts, quality;
    // How both prompts files are read (corpus.h); by extension unless set.
    PromptsFormat promptsFormat = PromptsFormat::ByExtension;
    uint32_t phiLayer = UINT32_MAX; // default: the middle layer
    uint32_t rank = 8, ctx = 256;
    std::string output; // empty: the backbone grows in place
};
struct SkillAddResult {
    std::string output;
    uint64_t tensors = 0, bytes = 0, sizeBefore = 0, sizeAfter = 0;
    std::vector<uint32_t> layers;
    nlohmann::json quality;
};
SkillAddResult addSkill(const SkillAddRequest& r, const Control& control = {});

struct BakeRequest {
    std::string backbone, heldout, output, task = "specialist";
    std::vector<std::string> files;
    double keep = 0.5;
    uint32_t ctx = 256;
};
struct BakeResult {
    double prunedRatio = 0;
    std::vector<int64_t> keptPerLayer;
    nlohmann::json quality;
    uint64_t bytes = 0, sourceBytes = 0;
};
BakeResult bakeSpecialist(const BakeRequest& r, const Control& control = {});

// Route statistics over text files, with "corpus" and "model" recorded.
nlohmann::json routeStatsOfFiles(const std::string& model, const std::vector<std::string>& corpus, uint32_t ctx = 256,
                                 const Control& control = {});

} // namespace cmf::engine
