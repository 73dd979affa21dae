#pragma once
// The operations that make and transform tasks and skills, as JobRunner
// work: the same library calls the `cmf` verbs make (engine/task_tools.h,
// format transforms). Each writes a new file atomically — a failed or
// cancelled job leaves no partial output — and returns what it wrote.
#include "jobs/job_runner.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cmfw {

// One operation with its parameters, as the tasks panel and the tests give them.
struct ModelOperation {
    enum class Kind { Calibrate, Bake, AddSkill, ExportSkill, ApplySkill, Defrag, MoeMask, MoeDefrag, RouteStats, Compact, Requant, Shard };
    Kind kind = Kind::Calibrate;
    QString input;      // the model (backbone, specialist, base)
    QString output;     // file written (shard: the first of the set, BASE-00001-of-NNNNN.cmf)
    QString name;       // task name / skill id
    QString other;      // donor folder, base (export), skill file (apply), stats JSON (moe-*), quant (requant)
    QStringList files;  // corpus / prompt files
    QString heldout;    // held-out text
    QString extraFile;  // backbone prompts (add skill)
    double number = 0.5; // keep fraction / cover / vbit mean bits (requant) / largest shard in GB (shard)
    bool force = false;  // apply onto a different base
};

struct ModelOutcome {
    QString output;  // the file written
    QString summary; // one line for the jobs dock and the log
};

// The job's title: the operation, its task or skill, and the file ("Defrag 'chat' of demo.cmf").
QString operationTitle(const ModelOperation& op);
// The operation's name as its button shows it ("Defrag a task…").
QString operationName(ModelOperation::Kind kind);
// The base a shard set is written under: the output without "-NNNNN-of-MMMMM.cmf" or ".cmf".
QString shardBase(const QString& output);

namespace jobs {
JobRunner::Work modelOperation(const ModelOperation& op);
}

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::ModelOutcome)
