#pragma once
// Skills at run time (§9): recon-argmin routing over the registry's
// selection subspaces, soft blending, and building a subspace from example
// prompts.
//
// φ is the mean, over a prompt's tokens, of the backbone's residual stream
// after layer `phi_layer` (0-based). A record's subspace is its mean μ and an
// orthonormal basis B (rank k, stored as k rows of hidden f16 values); the
// energy of a prompt is E = ‖r − BBᵀr‖² / ‖φ‖² with r = φ − μ, the share of φ
// the subspace does not explain. The lowest E wins.
//
// The backbone takes part like any skill: a registry record without
// replacement tensors (by convention id "backbone") holds the subspace of
// the prompts the backbone should keep, so "no skill" is chosen by the same
// argmin rather than by a threshold.
#include "cmf/engine/model.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace cmf::engine {

struct SkillSubspace {
    std::string id;
    bool backbone = false; // the record has no replacement tensors
    uint32_t phiLayer = 0;
    std::vector<float> mean;  // hidden
    std::vector<float> basis; // rank × hidden, rows orthonormal
    uint32_t rank() const;
};

struct SkillEnergy {
    std::string id;
    bool backbone = false;
    double energy = 0;
};

struct SkillChoice {
    std::string id;      // the winner's record id
    bool backbone = false;
    std::vector<SkillEnergy> energies; // every record with a subspace, in registry order
};

// The registry's subspaces; throws Error(Parse) on a malformed selection.
std::vector<SkillSubspace> skillSubspaces(const Model& model);

// φ of a prompt (mean residual after `layer`, backbone weights, dense).
std::vector<float> promptPhi(const Model& model, std::span<const int32_t> ids, uint32_t layer);

double subspaceEnergy(const SkillSubspace& s, const std::vector<float>& phi);

// Recon-argmin over every subspace; throws Error(Parse) when the file has none.
SkillChoice chooseSkill(const Model& model, std::span<const int32_t> ids);

// Blend weights w_i = softmax(−E_i / T) over the choice's energies.
std::vector<double> blendWeights(const SkillChoice& choice, double temperature);

// Working tensors Σ w_i·T_i (§9 soft superposition) as float32 for every
// tensor some skill replaces; the others stay the backbone's, in place.
std::shared_ptr<const Weights> blendWeightsOf(const Model& model, const SkillChoice& choice, double temperature);

// A selection record (§9 "selection") from example prompts: φ of each, their
// mean, and the top `rank` principal directions of φ − mean.
nlohmann::json buildSelection(const Model& model, const std::vector<std::vector<int32_t>>& prompts, uint32_t phiLayer, uint32_t rank);

} // namespace cmf::engine
