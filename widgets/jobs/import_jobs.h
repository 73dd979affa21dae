#pragma once
// Importing a Hugging Face folder (File ▸ Import Hugging Face model…) as
// JobRunner work: the plan the dialog previews (cmf::planConvert, no
// encoding) and the conversion itself (cmf::convertHf, what `cmf convert`
// runs), from one set of settings, so the preview and the file agree. The
// conversion writes atomically: a cancelled or failed job leaves nothing.
#include "jobs/job_runner.h"

#include "cmf/format/convert.h"

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

namespace cmfw {

// The dialog's fields, as `cmf convert` options.
struct ImportSettings {
    QString folder;             // the Hugging Face folder (config.json, *.safetensors, tokenizer files)
    QString output;             // resolved .cmf path (a shard set's base name when sharded)
    QString quant = QStringLiteral("q8");
    double meanBits = 4.5;      // vbit only
    double shardMaxGb = 0;      // 0: one file
    QList<QPair<QString, QString>> keep; // (name regex, quant name), first match wins
};

// Throws cmf::Error(Parse) on an unknown quant or dtype name.
cmf::ConvertOptions convertOptions(const ImportSettings& s);

// "<parent of folder>/<folder name>-<quant>.cmf": beside the folder, named after it.
QString defaultImportOutput(const QString& folder, const QString& quant);

// Whether a folder looks like a Hugging Face model (has config.json), and if
// not, the reason in a sentence (for a drop that is ignored).
QString notAModelFolderReason(const QString& folder);

struct ImportPreview {
    cmf::ConvertPlan plan;              // for the chosen quant
    QMap<QString, quint64> sizeByQuant; // the file bytes every quant would give, other options equal
    QMap<QString, bool> exactByQuant;
};

struct ImportOutcome {
    QStringList outputs; // files written; the first opens the model (shard 1 of a set)
    QString summary;     // one line for the jobs dock and the log
};

QString importTitle(const ImportSettings& s);

namespace jobs {
JobRunner::Work importPreview(const ImportSettings& s);
JobRunner::Work importModel(const ImportSettings& s);
} // namespace jobs

} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::ImportPreview)
Q_DECLARE_METATYPE(cmfw::ImportOutcome)
