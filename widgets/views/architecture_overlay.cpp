#include "views/architecture_overlay.h"

#include "util/format_text.h"

#include "cmf/engine/task_mask.h"
#include "cmf/format/dtype.h"
#include "cmf/format/error.h"

#include <QCoreApplication>

#include <algorithm>

namespace cmfw {
namespace {

// The strings are marked with QT_TRANSLATE_NOOP where they are written, for lupdate.
constexpr const char* kContext = "cmfw::ArchitectureOverlay";
QString translated(const char* s) { return QCoreApplication::translate(kContext, s); }

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString dtypeText(cmf::DType t) {
    const auto n = cmf::dtypeName(t);
    return QString::fromLatin1(n.data(), qsizetype(n.size()));
}

void markShare(ArchitectureOverlay& o, const std::string& name, size_t kept, size_t all, const char* what) {
    if (all == 0 || kept >= all) return;
    o.marks.insert(qs(name), {double(kept) / double(all), translated(what).arg(Text::percent(double(kept) / double(all))), false});
}

} // namespace

ArchitectureOverlay maskOverlay(const cmf::engine::Model& model, const cmf::engine::ModelPlan& plan, const QString& mask) {
    const auto task = cmf::engine::taskPlan(model, mask.toStdString());
    ArchitectureOverlay o;
    o.kind = ArchitectureOverlay::Kind::Mask;
    o.name = mask;
    const auto& layers = model.layers();
    for (size_t li = 0; li < layers.size() && li < plan.layers.size(); ++li) {
        const auto& l = layers[li];
        const std::string& p = plan.layers[li].prefix;
        if (li < task->layers.size() && !task->layers[li]) { // the runner passes the residual on: nothing of the layer is read
            for (const auto& op : plan.layers[li].ops)
                for (const auto& t : op.tensors) o.marks.insert(qs(t.name), {0.0, translated(QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "layer skipped")), false});
            continue;
        }
        if (cmf::engine::ffnKind(l) == cmf::engine::FfnKind::Dense && li < task->ffnKeep.size()) {
            // Only the kept neurons' gate and up rows are read, and the down projection's matching columns.
            const size_t kept = task->ffnKeep[li].size(), all = l.mlpGate.rows();
            markShare(o, p + "mlp.gate_proj.weight", kept, all, QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "%1 of rows"));
            markShare(o, p + "mlp.up_proj.weight", kept, all, QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "%1 of rows"));
            markShare(o, p + "mlp.down_proj.weight", kept, all, QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "%1 of columns"));
        }
        if (li < task->heads.size()) {
            // A masked head's output is zeroed before o_proj: its columns of o_proj see only zeros.
            const auto& h = task->heads[li];
            markShare(o, p + "self_attn.o_proj.weight", size_t(std::count(h.begin(), h.end(), true)), h.size(), QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "%1 of columns (heads)"));
        }
        if (li < task->routable.size() && !task->routable[li].empty()) {
            const auto& r = task->routable[li];
            markShare(o, p + "mlp.gate.weight", size_t(std::count(r.begin(), r.end(), true)), r.size(), QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "%1 of experts routable"));
            for (size_t e = 0; e < r.size(); ++e)
                if (!r[e])
                    for (const char* n : {"gate_proj.weight", "up_proj.weight", "down_proj.weight"})
                        o.marks.insert(qs(p + "mlp.experts." + std::to_string(e) + "." + n), {0.0, translated(QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "not routable")), false});
        }
    }
    return o;
}

ArchitectureOverlay skillOverlay(const cmf::engine::Model& model, const QString& skillId) {
    const auto& f = model.file().primary();
    const std::string id = skillId.toStdString();
    const auto& skills = f.skills();
    const auto it = std::find_if(skills.begin(), skills.end(), [&](const cmf::SkillRecord& s) { return s.id == id; });
    if (it == skills.end()) throw cmf::unknownSkill(id, skills, f.path());
    ArchitectureOverlay o;
    o.kind = ArchitectureOverlay::Kind::Skill;
    o.name = skillId;
    for (const auto& name : it->tensors) {
        // The replacement's own record (§9: skill.{id}.{name}); its dtype may differ from the backbone's.
        QString what = translated(QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "→ %1")).arg(skillId);
        if (const auto i = model.file().find(it->tensorPrefix() + name))
            what = translated(QT_TRANSLATE_NOOP("cmfw::ArchitectureOverlay", "→ %1 (%2)")).arg(skillId, dtypeText(model.file().tensors()[*i].record.dtype));
        o.marks.insert(qs(name), {-1, what, true});
    }
    return o;
}

} // namespace cmfw
