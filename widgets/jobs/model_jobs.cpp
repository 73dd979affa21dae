#include "jobs/model_jobs.h"

#include "cmf/engine/task_tools.h"
#include "cmf/format/cmf_file.h"
#include "cmf/format/convert.h"
#include "cmf/format/defrag.h"
#include "cmf/format/error.h"
#include "cmf/format/mask_edit.h"
#include "cmf/format/moe_defrag.h"
#include "cmf/format/skill_file.h"
#include "cmf/format/writer.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

std::string s(const QString& q) { return q.toStdString(); }

std::vector<std::string> list(const QStringList& l) {
    std::vector<std::string> out;
    for (const auto& f : l) out.push_back(s(f));
    return out;
}

// A translation context lupdate can see: a free tr() helper files its strings
// under "cmfw" while the lookup asks another context, so they never show.
struct ModelJobs {
    Q_DECLARE_TR_FUNCTIONS(ModelJobs)
};

ModelOutcome run(const ModelOperation& op, const cmf::Control& control) {
    using K = ModelOperation::Kind;
    ModelOutcome out{op.output, {}};
    const QString file = QFileInfo(op.output).fileName();
    switch (op.kind) {
    case K::Calibrate: {
        cmf::engine::CalibrateRequest r;
        r.input = s(op.input), r.output = s(op.output), r.task = s(op.name), r.corpus = list(op.files), r.heldout = s(op.heldout);
        r.keep = op.number;
        const auto res = cmf::engine::calibrateTask(r, control);
        out.summary = ModelJobs::tr("task '%1': sparsity %2, quality %3 → %4")
                          .arg(op.name)
                          .arg(res.sparsity, 0, 'f', 3)
                          .arg(res.quality.is_null() ? ModelJobs::tr("not measured") : QString::number(res.quality["value"].get<double>(), 'f', 4))
                          .arg(file);
        break;
    }
    case K::Bake: {
        cmf::engine::BakeRequest r;
        r.backbone = s(op.input), r.output = s(op.output), r.files = list(op.files), r.heldout = s(op.heldout), r.keep = op.number;
        if (!op.name.isEmpty()) r.task = s(op.name);
        const auto res = cmf::engine::bakeSpecialist(r, control);
        out.summary = ModelJobs::tr("specialist: %1% of FFN pruned, perplexity ratio %2 → %3")
                          .arg(100 * res.prunedRatio, 0, 'f', 1)
                          .arg(res.quality["value"].get<double>(), 0, 'f', 4)
                          .arg(file);
        break;
    }
    case K::AddSkill: {
        cmf::engine::SkillAddRequest r;
        r.backbone = s(op.input), r.output = s(op.output), r.id = s(op.name), r.donorDir = s(op.other);
        r.prompts = op.files.isEmpty() ? std::string() : s(op.files.front());
        r.backbonePrompts = s(op.extraFile), r.quality = s(op.heldout);
        const auto res = cmf::engine::addSkill(r, control);
        out.summary = ModelJobs::tr("skill '%1': %2 tensors, perplexity %3 → %4 with it → %5")
                          .arg(op.name)
                          .arg(res.tensors)
                          .arg(res.quality["backbone"].get<double>(), 0, 'f', 3)
                          .arg(res.quality["overlaid"].get<double>(), 0, 'f', 3)
                          .arg(file);
        break;
    }
    case K::ExportSkill: {
        const auto res = cmf::exportSkill({s(op.input), s(op.other), s(op.output), s(op.name), {}, {}}, control);
        out.summary = ModelJobs::tr("skill '%1': %2 tensors carried, %3 bytes → %4").arg(op.name).arg(res.carried.size()).arg(res.skillBytes).arg(file);
        break;
    }
    case K::ApplySkill: {
        const auto res = cmf::applySkill(s(op.input), s(op.other), s(op.output), op.force, control);
        out.summary = ModelJobs::tr("applied '%1'%2 → %3")
                          .arg(QString::fromStdString(res.id), res.forced ? ModelJobs::tr(" (forced onto a different base)") : QString(), file);
        break;
    }
    case K::Defrag: {
        const auto f = cmf::CmfFile::open(s(op.input));
        const auto res = cmf::defrag(s(op.input), cmf::keepSetsFromMask(*f, s(op.name)), s(op.output), s(op.name), control);
        out.summary = ModelJobs::tr("task '%1' baked: %2% of FFN pruned → %3").arg(op.name).arg(100 * res.prunedRatio, 0, 'f', 1).arg(file);
        break;
    }
    case K::MoeMask: {
        const auto f = cmf::CmfFile::open(s(op.input));
        cmf::NewMask m;
        m.name = s(op.name);
        m.blob = cmf::buildMaskBlob(cmf::maskLayoutOf(*f), cmf::moeMaskBits(*f, cmf::loadMoeStats(s(op.other)), op.number));
        m.hasExpertFields = true;
        const auto res = cmf::addMask(s(op.input), s(op.output), m, control);
        out.summary = ModelJobs::tr("expert-area task '%1': %2 of experts not routable → %3").arg(op.name).arg(res.expertSparsity, 0, 'f', 3).arg(file);
        break;
    }
    case K::MoeDefrag: {
        cmf::moeDefrag(s(op.input), cmf::loadMoeStats(s(op.other)), op.number, s(op.output), control);
        out.summary = ModelJobs::tr("experts beyond cover %1 dropped → %2").arg(op.number).arg(file);
        break;
    }
    case K::RouteStats: {
        const auto stats = cmf::engine::routeStatsOfFiles(s(op.input), list(op.files), 256, control);
        const std::string text = stats.dump(1) + "\n";
        cmf::writeFileAtomic(s(op.output), text.data(), text.size());
        out.summary = ModelJobs::tr("route statistics over %1 tokens → %2").arg(stats["tokens"].get<uint64_t>()).arg(file);
        break;
    }
    case K::Compact: {
        cmf::compact(s(op.input), s(op.output), control);
        out.summary = ModelJobs::tr("compacted → %1").arg(file);
        break;
    }
    case K::Requant: {
        cmf::RequantOptions r;
        r.input = s(op.input), r.output = s(op.output), r.only = s(op.name);
        const auto q = cmf::quantFromName(s(op.other));
        if (!q) throw cmf::Error(cmf::ErrorKind::Parse, "unknown quant '" + s(op.other) + "'");
        r.quant = *q;
        // The dialog's mean bits; other callers leave number at its default, which is no budget.
        if ((r.quant == cmf::DType::VBitRo || r.quant == cmf::DType::VBit) && op.number >= 3 && op.number <= 8) r.encode.meanBits = op.number;
        cmf::requant(r, control);
        out.summary = ModelJobs::tr("requantized to %1 → %2").arg(op.other, file);
        break;
    }
    case K::Shard: {
        const auto res = cmf::shard(s(op.input), op.number, s(shardBase(op.output)), control);
        if (!res.outputs.empty()) out.output = QString::fromStdString(res.outputs.front());
        out.summary = ModelJobs::tr("%n shard(s) of at most %1 GB → %2", nullptr, int(res.outputs.size()))
                          .arg(op.number)
                          .arg(QFileInfo(out.output).fileName());
        break;
    }
    }
    return out;
}

} // namespace

QString operationTitle(const ModelOperation& op) {
    using K = ModelOperation::Kind;
    const QString in = QFileInfo(op.input).fileName();
    switch (op.kind) {
    case K::Calibrate: return ModelJobs::tr("Calibrate '%1' on %2").arg(op.name, in);
    case K::Bake: return ModelJobs::tr("Bake a specialist from %1").arg(in);
    case K::AddSkill: return ModelJobs::tr("Add skill '%1' to %2").arg(op.name, in);
    case K::ExportSkill: return ModelJobs::tr("Export skill '%1' from %2").arg(op.name, in);
    case K::ApplySkill: return ModelJobs::tr("Apply %1 to %2").arg(QFileInfo(op.other).fileName(), in);
    case K::Defrag: return ModelJobs::tr("Defrag '%1' of %2").arg(op.name, in);
    case K::MoeMask: return ModelJobs::tr("Expert mask '%1' for %2").arg(op.name, in);
    case K::MoeDefrag: return ModelJobs::tr("MoE defrag of %1").arg(in);
    case K::RouteStats: return ModelJobs::tr("Route statistics of %1").arg(in);
    case K::Compact: return ModelJobs::tr("Compact %1").arg(in);
    case K::Requant: return op.other.isEmpty() ? ModelJobs::tr("Requantize %1").arg(in) : ModelJobs::tr("Requantize %1 to %2").arg(in, op.other);
    case K::Shard: return ModelJobs::tr("Shard %1").arg(in);
    }
    return in;
}

QString operationName(ModelOperation::Kind kind) {
    using K = ModelOperation::Kind;
    switch (kind) {
    case K::Calibrate: return ModelJobs::tr("Calibrate a mask…");
    case K::Bake: return ModelJobs::tr("Bake a specialist…");
    case K::AddSkill: return ModelJobs::tr("Add a skill from a donor…");
    case K::ExportSkill: return ModelJobs::tr("Export as skill file…");
    case K::ApplySkill: return ModelJobs::tr("Apply a skill file…");
    case K::Defrag: return ModelJobs::tr("Defrag a task…");
    case K::RouteStats: return ModelJobs::tr("Route statistics…");
    case K::MoeMask: return ModelJobs::tr("MoE expert mask…");
    case K::MoeDefrag: return ModelJobs::tr("MoE defrag…");
    case K::Compact: return ModelJobs::tr("Compact…");
    case K::Requant: return ModelJobs::tr("Requantize…");
    case K::Shard: return ModelJobs::tr("Shard…");
    }
    return {};
}

QString shardBase(const QString& output) {
    static const QRegularExpression suffix(QStringLiteral("(-\\d{5}-of-\\d{5})?\\.cmf$"));
    QString base = output;
    base.remove(suffix);
    return base;
}

JobRunner::Work jobs::modelOperation(const ModelOperation& op) {
    return [op](const cmf::Control& control) { return QVariant::fromValue(run(op, control)); };
}

} // namespace cmfw
