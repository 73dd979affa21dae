#include "cmf/engine/task_mask.h"

#include "cmf/format/error.h"

#include <algorithm>

namespace cmf::engine {

std::vector<std::string> taskNames(const Model& model) {
    std::vector<std::string> names;
    if (const auto& ms = model.file().primary().masks())
        for (const auto& m : ms->masks) names.push_back(m.name);
    return names;
}

std::shared_ptr<const TaskPlan> taskPlan(const Model& model, const std::string& name) {
    const auto& ms = model.file().primary().masks();
    const Mask* mask = ms ? ms->find(name) : nullptr;
    if (!mask) {
        std::string known;
        for (const auto& n : taskNames(model)) known += (known.empty() ? "" : ", ") + n;
        throw Error(ErrorKind::Parse, "no task mask '" + name + "' in " + model.file().primary().path() +
                                          (known.empty() ? " (the file has no masks)" : " (it has: " + known + ")"));
    }
    const MaskLayout& l = ms->layout;
    const auto& layers = model.layers();
    if (l.rows != layers.size())
        throw Error(ErrorKind::Parse, "task mask '" + name + "' has " + std::to_string(l.rows) + " layer rows, the model " +
                                          std::to_string(layers.size()) + " layers");
    auto plan = std::make_shared<TaskPlan>();
    plan->name = name;
    plan->measured = !mask->quality.is_null();
    plan->sparsity = mask->sparsity;
    for (uint32_t li = 0; li < l.rows; ++li) {
        const Layer& layer = layers[li];
        // The FFN width comes from the tensors (a defragged layer is narrower
        // than arch.intermediate_size); bits past it do not exist.
        const uint32_t width = layer.moe() ? 0 : uint32_t(std::min<uint64_t>(layer.mlpGate.rows(), l.ffnBits));
        std::vector<uint32_t> keep;
        for (uint32_t i = 0; i < width; ++i)
            if (mask->ffnBit(l, li, i)) keep.push_back(i);
        plan->ffnKeep.push_back(std::move(keep));
        std::vector<bool> heads(layer.heads, true);
        for (uint32_t h = 0; h < layer.heads && h < l.headBits; ++h) heads[h] = mask->headBit(l, li, h);
        // The head bits count attention heads (num_attention_heads, §5); a
        // LinearAttention layer has none (its value heads are another count
        // and carry state), so a cleared bit there has no meaning to run.
        if (layer.linear.present() && std::find(heads.begin(), heads.end(), false) != heads.end())
            throw Error(ErrorKind::Parse, "task mask '" + name + "' clears head bits of layer " + std::to_string(li) +
                                              ", a LinearAttention layer: it has no attention heads to mask (only its FFN neurons "
                                              "and its layer gate can be masked)");
        plan->heads.push_back(std::move(heads));
        plan->layers.push_back(li >= mask->layerGates.size() || mask->layerGates[li]);
        std::vector<bool> routable;
        if (mask->hasExpertFields && layer.moe()) {
            const uint32_t experts = uint32_t(layer.experts.size());
            routable.assign(experts, false);
            bool all = true;
            for (uint32_t e = 0; e < experts && e < l.expertBits; ++e) all &= (routable[e] = mask->expertBit(l, li, e));
            if (all) routable.clear(); // an all-ones row is unrestricted (§5)
            else if (std::none_of(routable.begin(), routable.end(), [](bool b) { return b; }))
                throw Error(ErrorKind::Parse, "task mask '" + name + "' leaves layer " + std::to_string(li) + " no routable expert");
        }
        plan->routable.push_back(std::move(routable));
    }
    return plan;
}

} // namespace cmf::engine
