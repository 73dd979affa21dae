#pragma once
// Building a task mask from data (`cmf calibrate`, `cmf skill bake`): the
// importance of each FFN neuron over a corpus, per-layer keep sets of the
// most important, and the mask's quality measured on held-out text (§5.1:
// a held-out contract, never a declared number).
//
// Importance of neuron i of layer l = Σ over corpus tokens of |act_i| ·
// ‖down_proj[:, i]‖₂: the activation mass the neuron puts into the residual
// stream. Attention heads are kept (head calibration is not done).
#include "cmf/engine/model.h"
#include "cmf/engine/task_mask.h"
#include "cmf/format/progress.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace cmf::engine {

// Per dense layer, per neuron (MoE layers: empty). docs are scored in
// windows of ctx tokens.
std::vector<std::vector<double>> ffnImportance(std::shared_ptr<const Model> model, const std::vector<std::vector<int32_t>>& docs,
                                               uint32_t ctx, const Control& control = {});

// The round(keep · width) most important neurons of each layer (at least
// one), ascending; ties to the lower index.
std::vector<std::vector<uint32_t>> keepMostImportant(const std::vector<std::vector<double>>& importance, double keep);

// A plan that keeps these neurons (every head, every layer), to run or
// measure a mask before it is written.
std::shared_ptr<const TaskPlan> planFromKeep(const Model& model, const std::vector<std::vector<uint32_t>>& keep, const std::string& name);

// §5.1 quality: held-out perplexity with the mask over the dense model's.
struct MaskQuality {
    double dense = 0, masked = 0;
    uint64_t tokens = 0;
    std::string datasetSha256; // of the held-out file's bytes
    nlohmann::json toJson() const; // {"metric": "heldout_ppl_ratio", "value", "baseline_dense", "n_samples", "dataset_sha256"}
};
MaskQuality measureMask(std::shared_ptr<const Model> model, std::span<const int32_t> heldout, std::shared_ptr<const TaskPlan> plan,
                        uint32_t ctx, const Control& control = {});

// SHA-256 of a file, as 64 lowercase hex digits (dataset_sha256).
std::string fileSha256(const std::string& path);

// Per MoE layer, per expert: how many corpus tokens selected it (the
// B-field), as {"layers": [[count, ...], ...], "tokens": N} with dense layers
// as empty rows.
nlohmann::json routeStatistics(std::shared_ptr<const Model> model, const std::vector<std::vector<int32_t>>& docs, uint32_t ctx,
                               const Control& control = {});

} // namespace cmf::engine
