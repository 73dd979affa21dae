#pragma once
// `cmf bench` and `cmf ppl` (with --kl-reference) as JobRunner work for the
// Measure view: the same engine calls (engine/bench.h, engine/perplexity.h)
// and a result record with the field names of the verbs' --json output, so
// a stored result reads like the command line's and tests compare the two
// field by field. Both stop promptly on cancel (between windows, between
// decoded tokens).
#include "jobs/job_runner.h"

#include <QMetaType>
#include <QString>

#include <nlohmann/json.hpp>

namespace cmfw {

struct PplRequest {
    QString path;      // the model
    QString textFile;  // the text to score; empty: text
    QString text;
    QString reference; // --kl-reference; empty: perplexity alone
    uint32_t ctx = 512, stride = 256;
    QString task, skill;
};

struct BenchRequest {
    QString path;
    uint32_t pp = 512, tg = 128, reps = 3, threads = 0, depth = 0;
    QString task, skill;
};

// One measurement: "kind" ("ppl" or "bench"), "time" (UTC, ISO 8601), what
// was asked and the figures, as `cmf ppl --json` / `cmf bench --json` name them.
struct MeasureRecord {
    nlohmann::json json;
};

namespace jobs {
JobRunner::Work perplexity(const PplRequest& request);
JobRunner::Work bench(const BenchRequest& request);
} // namespace jobs

// The Jobs dock's one line for a record ("perplexity 12.34", "tg128 456.7 tok/s").
QString measureSummary(const nlohmann::json& record);

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::MeasureRecord)
