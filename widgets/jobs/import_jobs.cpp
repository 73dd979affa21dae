#include "jobs/import_jobs.h"

#include "util/format_text.h"

#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <filesystem>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

// A translation context lupdate can see (as in model_jobs.cpp).
struct ImportJobs {
    Q_DECLARE_TR_FUNCTIONS(ImportJobs)
};

cmf::DType dtypeOf(const QString& name) {
    // As `cmf convert --keep`: a --quant name, or a spec dtype name.
    const std::string n = name.toStdString();
    auto t = cmf::quantFromName(n);
    if (!t) t = cmf::dtypeFromName(n);
    if (!t) throw cmf::Error(cmf::ErrorKind::Parse, "unknown dtype '" + n + "'");
    return *t;
}

QString folderName(const QString& folder) { return QDir(folder).dirName(); }

} // namespace

cmf::ConvertOptions convertOptions(const ImportSettings& s) {
    cmf::ConvertOptions o;
    o.modelDir = QDir::cleanPath(s.folder).toStdString();
    o.output = s.output.toStdString();
    const auto q = cmf::quantFromName(s.quant.toStdString());
    if (!q) throw cmf::Error(cmf::ErrorKind::Parse, "unknown quant '" + s.quant.toStdString() + "'");
    o.quant = *q;
    o.encode.meanBits = s.meanBits;
    o.shardMaxGb = s.shardMaxGb;
    for (const auto& [pattern, dtype] : s.keep) o.keep.push_back({pattern.toStdString(), dtypeOf(dtype)});
    return o;
}

QString defaultImportOutput(const QString& folder, const QString& quant) {
    const QDir dir(QDir::cleanPath(QFileInfo(folder).absoluteFilePath()));
    QDir parent = dir;
    parent.cdUp();
    return parent.filePath(dir.dirName() + u'-' + quant + u".cmf"_s);
}

QString notAModelFolderReason(const QString& folder) {
    const QFileInfo info(folder);
    if (!info.isDir()) return ImportJobs::tr("%1 is not a folder").arg(QDir::toNativeSeparators(folder));
    if (!QFileInfo::exists(QDir(folder).filePath(u"config.json"_s)))
        return ImportJobs::tr("%1 has no config.json: not a Hugging Face model folder").arg(info.fileName());
    return {};
}

QString importTitle(const ImportSettings& s) {
    return ImportJobs::tr("Import %1 as %2").arg(folderName(s.folder), s.quant);
}

JobRunner::Work jobs::importPreview(const ImportSettings& s) {
    return [s](const cmf::Control&) {
        const cmf::ConvertOptions o = convertOptions(s);
        std::vector<cmf::DType> quants;
        QStringList names;
        for (const auto& n : cmf::quantNames()) quants.push_back(*cmf::quantFromName(n)), names << QString::fromStdString(n);
        // Every quant's plan from one read of the folder; the chosen one is among them.
        auto plans = cmf::planConvert(o, quants);
        ImportPreview p;
        for (qsizetype i = 0; i < names.size(); ++i) {
            p.sizeByQuant[names[i]] = plans[size_t(i)].fileBytes;
            p.exactByQuant[names[i]] = plans[size_t(i)].exact;
            if (names[i] == s.quant) p.plan = std::move(plans[size_t(i)]);
        }
        return QVariant::fromValue(p);
    };
}

JobRunner::Work jobs::importModel(const ImportSettings& s) {
    return [s](const cmf::Control& control) {
        const auto report = cmf::convertHf(convertOptions(s), control);
        // A cancel that came after the last tensor was written: the job will
        // end as cancelled, so what it wrote goes too — a cancelled import
        // leaves no file, however late it was asked.
        if (control.cancelled()) {
            std::error_code ec;
            for (const auto& f : report.outputs) std::filesystem::remove(f, ec);
            throw cmf::Error(cmf::ErrorKind::Cancelled, "cancelled");
        }
        ImportOutcome out;
        for (const auto& f : report.outputs) out.outputs << QString::fromStdString(f);
        const QString file = out.outputs.isEmpty() ? QString() : QFileInfo(out.outputs.front()).fileName();
        out.summary = out.outputs.size() > 1
                          ? ImportJobs::tr("imported %1: %2 tensors, %3 → %4 shards (%5 …)")
                                .arg(folderName(s.folder))
                                .arg(report.tensors.size())
                                .arg(Text::bytes(report.outputBytes))
                                .arg(out.outputs.size())
                                .arg(file)
                          : ImportJobs::tr("imported %1: %2 tensors, %3 → %4")
                                .arg(folderName(s.folder))
                                .arg(report.tensors.size())
                                .arg(Text::bytes(report.outputBytes), file);
        return QVariant::fromValue(out);
    };
}

} // namespace cmfw
