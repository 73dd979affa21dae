#pragma once
// A task mask (§5) in the form the forward pass executes: per layer the kept
// FFN neurons (their gate/up rows are the only ones read and computed; the
// down projection sees zeros for the rest), the active heads, the layer gate
// and, with the optional expert area, the routable experts (the router's
// softmax renormalises over them). Built once per task from the file's
// masks section; switching tasks in a session swaps this plan, nothing is
// reloaded.
#include "cmf/engine/model.h"

#include <memory>
#include <string>
#include <vector>

namespace cmf::engine {

struct TaskPlan {
    std::string name;
    bool measured = false; // quality != null (§5.1)
    double sparsity = 0;
    // Per layer: kept neuron indices, ascending. A layer whose mask keeps
    // every neuron has all of them (the runner then reads the weight whole).
    std::vector<std::vector<uint32_t>> ffnKeep;
    std::vector<std::vector<bool>> heads;    // per layer, per query head
    std::vector<bool> layers;                // layer gates: false = the layer is skipped
    std::vector<std::vector<bool>> routable; // per layer, per expert; empty = unrestricted
};

// The named mask of the model's file; throws Error(Parse) when there is no
// such mask, naming the ones there are.
std::shared_ptr<const TaskPlan> taskPlan(const Model& model, const std::string& name);

// The names of the file's masks, in order.
std::vector<std::string> taskNames(const Model& model);

} // namespace cmf::engine
