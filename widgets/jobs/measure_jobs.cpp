#include "jobs/measure_jobs.h"

#include "cmf/engine/bench.h"
#include "cmf/engine/perplexity.h"
#include "cmf/engine/session.h"
#include "cmf/engine/specialist.h"
#include "cmf/engine/tokenizer.h"
#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>

#include <tbb/global_control.h>

#include <memory>

namespace cmfw {

namespace {

std::shared_ptr<const cmf::engine::Model> openModel(const QString& path, const char* role) {
    try {
        return cmf::engine::Model::open(path.toStdString());
    } catch (const cmf::Error& e) {
        // The job shows one message: say which file it is about.
        throw cmf::Error(e.kind(), std::string(role) + " " + path.toStdString() + ": " + e.what());
    }
}

cmf::engine::Specialist specialist(const QString& task, const QString& skill) {
    return {task.toStdString(), skill.toStdString(), 0};
}

nlohmann::json common(const char* kind, const QString& path, const QString& task, const QString& skill) {
    return {{"kind", kind},
            {"time", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
            {"file", path.toStdString()},
            {"task", task.toStdString()},
            {"skill", skill.toStdString()},
            {"kv", cmf::engine::kvTypeName(cmf::engine::KvType::F32)}};
}

nlohmann::json windowsJson(const cmf::engine::PerplexityResult& r) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& w : r.windows)
        out.push_back({{"start", w.start}, {"tokens_predicted", w.tokensPredicted}, {"nll", w.nll}, {"perplexity", w.perplexity()}});
    return out;
}

std::string readText(const PplRequest& q) {
    if (q.textFile.isEmpty()) return q.text.toStdString();
    QFile f(q.textFile);
    if (!f.open(QIODevice::ReadOnly))
        throw cmf::Error(cmf::ErrorKind::Io, q.textFile.toStdString() + ": cannot read");
    return f.readAll().toStdString();
}

} // namespace

namespace jobs {

JobRunner::Work perplexity(const PplRequest& q) {
    return [q](const cmf::Control& control) {
        control.report(0, 1, "opening");
        const auto model = openModel(q.path, "model");
        std::shared_ptr<const cmf::engine::Model> reference;
        if (!q.reference.isEmpty()) reference = openModel(q.reference, "reference");
        const std::string text = readText(q);
        const auto ids = cmf::engine::tokenizerOf(*model).encode(text, false);
        control.checkCancel();
        nlohmann::json notes = nlohmann::json::array();
        // --skill auto routes once, on the text's first window (as cmf ppl does).
        const auto setup = cmf::engine::specialistSetup(*model, specialist(q.task, q.skill),
                                                        std::span<const int32_t>(ids).first(std::min<size_t>(ids.size(), q.ctx)),
                                                        [&](std::string_view n) { notes.push_back(std::string(n)); });
        nlohmann::json out = common("ppl", q.path, q.task, q.skill);
        out["text"] = q.textFile.isEmpty() ? std::string() : q.textFile.toStdString();
        out["notes"] = notes;
        cmf::engine::PerplexityResult r;
        if (reference) {
            const auto kl = cmf::engine::klDivergence(reference, model, ids, q.ctx, q.stride, control, {}, setup);
            r = kl.file;
            out["kl_reference"] = q.reference.toStdString();
            out["kl_divergence"] = kl.klMean;
            out["kl_median"] = kl.klMedian;
            out["kl_p90"] = kl.klP90;
            out["kl_p99"] = kl.klP99;
            out["kl_max"] = kl.klMax;
            out["top1_agreement"] = kl.top1Agreement;
            out["reference_perplexity"] = kl.reference.perplexity;
            out["reference_nll_per_token"] = kl.reference.nllPerToken;
            out["window_kl"] = kl.windowKl;
        } else {
            r = cmf::engine::perplexity(model, ids, q.ctx, q.stride, control, setup);
        }
        out["tokens"] = ids.size();
        out["tokens_predicted"] = r.tokensPredicted;
        out["nll_per_token"] = r.nllPerToken;
        out["perplexity"] = r.perplexity;
        out["ctx"] = q.ctx;
        out["stride"] = q.stride;
        out["seconds"] = r.seconds;
        out["windows"] = windowsJson(r);
        return QVariant::fromValue(MeasureRecord{out});
    };
}

JobRunner::Work bench(const BenchRequest& q) {
    return [q](const cmf::Control& control) {
        // As cmf bench --threads: a limit for this run (none: JobRunner's own).
        std::unique_ptr<tbb::global_control> limit;
        if (q.threads) limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, size_t(q.threads));
        control.report(0, 1, "opening");
        const auto model = openModel(q.path, "model");
        cmf::engine::BenchOptions o;
        o.pp = q.pp;
        o.tg = q.tg;
        o.reps = q.reps;
        o.depth = q.depth;
        nlohmann::json notes = nlohmann::json::array();
        o.setup = cmf::engine::specialistSetup(*model, specialist(q.task, q.skill), cmf::engine::benchPrompt(*model, q.pp),
                                               [&](std::string_view n) { notes.push_back(std::string(n)); });
        const auto r = cmf::engine::bench(model, o, control);
        nlohmann::json out = common("bench", q.path, q.task, q.skill);
        out["notes"] = notes;
        out["pp"] = q.pp;
        out["tg"] = q.tg;
        out["reps"] = q.reps;
        out["depth"] = q.depth;
        out["pp_tok_s"] = r.ppTokS;
        out["tg_tok_s"] = r.tgTokS;
        out["pp_runs"] = r.ppRuns;
        out["tg_runs"] = r.tgRuns;
        out["threads"] = q.threads ? int(q.threads) : int(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
        out["rss_mb"] = cmf::engine::peakRssMb();
        out["decode_bytes_per_token"] = r.decodeBytesPerToken;
        out["tg_read_gb_s"] = r.tgReadGbS;
        return QVariant::fromValue(MeasureRecord{out});
    };
}

} // namespace jobs

QString measureSummary(const nlohmann::json& r) {
    if (r.value("kind", "") == "ppl") {
        QString s = QCoreApplication::translate("cmfw::MeasureJobs", "perplexity %1 over %2 tokens")
                        .arg(r.value("perplexity", 0.0), 0, 'f', 4)
                        .arg(r.value("tokens_predicted", 0));
        if (r.contains("kl_divergence"))
            s += QCoreApplication::translate("cmfw::MeasureJobs", ", KL %1, top-1 %2 %")
                     .arg(r["kl_divergence"].get<double>(), 0, 'g', 4)
                     .arg(100.0 * r.value("top1_agreement", 0.0), 0, 'f', 1);
        return s;
    }
    QStringList parts;
    if (r.value("pp", 0) > 0)
        parts << QCoreApplication::translate("cmfw::MeasureJobs", "pp%1 %2 tok/s").arg(r.value("pp", 0)).arg(r.value("pp_tok_s", 0.0), 0, 'f', 1);
    if (r.value("tg", 0) > 0)
        parts << QCoreApplication::translate("cmfw::MeasureJobs", "tg%1 %2 tok/s").arg(r.value("tg", 0)).arg(r.value("tg_tok_s", 0.0), 0, 'f', 1);
    return parts.join(QStringLiteral(", "));
}

} // namespace cmfw
