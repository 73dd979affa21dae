#pragma once
// `cmf::diff` as a background job for the Compare view: both files (or shard
// sets) opened and compared on the job's worker, the report delivered in a
// QVariant. The report is shared, so the table model and the view read the
// same rows without copying them.
#include "jobs/job_runner.h"

#include "cmf/format/diff.h"

#include <QMetaType>
#include <QString>

#include <memory>

namespace cmfw {

struct DiffOutcome {
    QString pathA, pathB;
    std::shared_ptr<const cmf::DiffReport> report;
    bool valuesCompared = true;
    int64_t ms = 0;
};

namespace jobs {

// Fails (Job::failed) with the error's kind when either file does not open;
// the message says which one.
JobRunner::Work diff(const QString& pathA, const QString& pathB, bool values = true);

} // namespace jobs
} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::DiffOutcome)
