#pragma once
// What the Architecture view lays over the layer plan: for a task mask (§5),
// what the forward pass turns off — per tensor the share of rows or columns
// it still reads, a skipped layer, an expert the router may no longer pick —
// taken from the engine's TaskPlan (the form the runner executes); for a
// skill (§9), which backbone tensors it replaces and with what.
#include "cmf/engine/layer_plan.h"
#include "cmf/engine/model.h"

#include <QHash>
#include <QString>

namespace cmfw {

struct TensorMark {
    double keep = -1;   // share of the tensor still read, 0..1; -1: not applicable (a skill)
    QString text;       // "50% of rows", "layer skipped", "→ code (q8_row)"
    bool replaced = false;
};

struct ArchitectureOverlay {
    enum class Kind { None, Mask, Skill };
    Kind kind = Kind::None;
    QString name;                   // the mask's name or the skill's id
    QHash<QString, TensorMark> marks; // by backbone tensor name
};

// Throws cmf::Error when the file has no such mask.
ArchitectureOverlay maskOverlay(const cmf::engine::Model& model, const cmf::engine::ModelPlan& plan, const QString& mask);
// Throws cmf::Error when the file has no such skill.
ArchitectureOverlay skillOverlay(const cmf::engine::Model& model, const QString& skillId);

} // namespace cmfw
