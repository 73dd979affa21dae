#include "jobs/operation_availability.h"

#include "document/cmf_document.h"

#include <QCoreApplication>

namespace cmfw {
namespace {

// A translation context lupdate can see (a free tr() helper files its strings elsewhere).
struct Availability {
    Q_DECLARE_TR_FUNCTIONS(OperationAvailability)
};

bool hasArch(const cmf::CmfFile& f) { return f.header().contains("arch") && f.header()["arch"].is_object(); }

bool isMoe(const cmf::CmfFile& f) {
    if (!hasArch(f)) return false;
    const auto& a = f.header()["arch"];
    if (!a.contains("moe") || !a["moe"].is_object()) return false;
    const auto& m = a["moe"];
    return m.contains("num_experts") && m["num_experts"].is_number_unsigned() && m["num_experts"].get<uint64_t>() > 0;
}

} // namespace

QString chatUnavailable(const CmfDocument& doc) {
    if (!doc.ok()) return Availability::tr("The file did not open: there is no model to talk to.");
    if (!hasArch(*doc.file())) return Availability::tr("Not a runnable model: the header has no arch.");
    const auto bundle = doc.bundleFile();
    if (!bundle || !bundle->envelope().vocab.present())
        return Availability::tr("The file has no tokenizer (no vocab section): a chat needs one to read and write text.");
    if (doc.isShard() && !doc.model()) return Availability::tr("A shard whose siblings are missing: the set must be complete to run.");
    return {};
}

QString operationUnavailable(const CmfDocument& doc, ModelOperation::Kind kind) {
    using K = ModelOperation::Kind;
    if (!doc.ok()) return Availability::tr("The file did not open.");
    const cmf::CmfFile& f = *doc.file();
    const auto bundle = doc.bundleFile();
    // The format-level rewrites need no model: every valid file can be compacted, requantized and sharded.
    if (kind == K::Compact || kind == K::Requant || kind == K::Shard) return {};
    if (!hasArch(f)) return Availability::tr("Not a runnable model: the header has no arch.");
    const bool readsText = kind == K::Calibrate || kind == K::Bake || kind == K::AddSkill || kind == K::RouteStats;
    if (readsText && !bundle->envelope().vocab.present())
        return Availability::tr("The file has no tokenizer (no vocab section): this operation reads text.");
    const bool experts = kind == K::MoeMask || kind == K::MoeDefrag || kind == K::RouteStats;
    if (experts && !isMoe(f)) return Availability::tr("A dense model: expert operations need an MoE file (arch.moe.num_experts).");
    if (kind == K::Defrag && (!bundle->masks() || bundle->masks()->masks.empty()))
        return Availability::tr("The file has no task masks to defrag: calibrate one first.");
    if ((kind == K::ExportSkill || kind == K::ApplySkill) && doc.isShard())
        return Availability::tr("A shard: skill files are cut from and applied to a complete single file.");
    return {};
}

OperationChoices OperationChoices::of(const CmfDocument& doc) {
    OperationChoices c;
    if (!doc.ok()) return c;
    const auto bundle = doc.bundleFile();
    if (bundle->masks())
        for (const auto& m : bundle->masks()->masks) c.tasks << QString::fromStdString(m.name);
    for (const auto& s : bundle->skills()) c.skills << QString::fromStdString(s.id);
    return c;
}

} // namespace cmfw
