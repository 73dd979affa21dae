#pragma once
// The `format` operations the GUI runs in the background, as JobRunner work
// functions, and the plain results they deliver (in a QVariant). Each work
// function captures what it reads by shared pointer, so closing a tab while
// its job runs never unmaps the file under the worker.
#include "analysis/quant_scales.h"
#include "analysis/tensor_preview.h"
#include "analysis/tensor_stats.h"
#include "analysis/tokenizer_summary.h"
#include "jobs/job_runner.h"
#include "models/tensor_source.h"

#include "cmf/format/error.h"
#include "cmf/format/signature.h"
#include "cmf/format/verify.h"

#include <QMetaType>
#include <QString>

#include <optional>

namespace cmfw {

struct VerifyOutcome {
    QString path;
    uint64_t fileSize = 0;
    // The file did not open: nothing could be hashed.
    bool opened = false;
    cmf::ErrorKind openErrorKind = cmf::ErrorKind::Io;
    QString openError;
    cmf::VerifyReport report;
    cmf::sig::SignatureCheck signature;
    int64_t ms = 0;
    // Every hash and the signature (when present) check.
    bool ok() const { return opened && report.ok() && (!signature.present || signature.valid); }
};

// Sign verifies the whole hash chain first and signs only a file that
// passes: a signature vouches for the bytes, so it must not vouch for bytes
// that no longer match what the file recorded.
struct SignOutcome {
    QString path, sigPath, pubkey, sha256;
    // The verification made before signing (its signature part unused).
    VerifyOutcome check;
    // The file did not open or failed verification: no .sig was written.
    bool refused() const { return !check.opened || !check.report.ok(); }
};

struct KeygenOutcome {
    QString keyPath, pubkey;
};

struct SignatureInfo {
    cmf::sig::SignatureCheck check;
    QString sigPath;
    // The .sig as written (may be malformed: then these are empty).
    QString alg, pubkey, sha256, sig;
};

struct TensorDetailData {
    uint64_t tensor = 0;
    TensorPreview preview;
    RowScales scales;
};

struct ExportOutcome {
    QString path;
    uint64_t values = 0;
};

namespace jobs {

JobRunner::Work verify(const QString& path);
JobRunner::Work sign(const QString& path, const QString& keyPath);
JobRunner::Work generateKey(const QString& keyPath);
JobRunner::Work checkSignature(const QString& path);
JobRunner::Work tensorStats(std::shared_ptr<const TensorSource> source, uint64_t tensor);
JobRunner::Work tensorDetail(std::shared_ptr<const TensorSource> source, uint64_t tensor, uint64_t row0,
                             uint64_t rows, uint64_t cols);
JobRunner::Work exportNpy(std::shared_ptr<const TensorSource> source, uint64_t tensor, const QString& path);
JobRunner::Work tokenizer(std::shared_ptr<const cmf::CmfFile> file);

} // namespace jobs
} // namespace cmfw

Q_DECLARE_METATYPE(cmfw::VerifyOutcome)
Q_DECLARE_METATYPE(cmfw::SignOutcome)
Q_DECLARE_METATYPE(cmfw::KeygenOutcome)
Q_DECLARE_METATYPE(cmfw::SignatureInfo)
Q_DECLARE_METATYPE(cmfw::TensorStats)
Q_DECLARE_METATYPE(cmfw::TensorDetailData)
Q_DECLARE_METATYPE(cmfw::ExportOutcome)
Q_DECLARE_METATYPE(cmfw::TokenizerSummary)
