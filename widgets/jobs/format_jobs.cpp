#include "jobs/format_jobs.h"

#include "analysis/npy_writer.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/hash64.h"

#include <QElapsedTimer>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace cmfw::jobs {

namespace {

std::string local(const QString& path) { return path.toStdString(); }

// Largest .sig whose fields the signature view shows (a real one is ~300 bytes).
constexpr uintmax_t kMaxSigFieldsBytes = 64 << 10;

// Maps one phase's progress into [base, base + span) of a grand total, so a
// job made of several library calls shows one bar that only moves forward.
cmf::Control subControl(const cmf::Control& c, uint64_t base, uint64_t span, uint64_t grand) {
    cmf::Control sub;
    sub.cancel = c.cancel;
    if (c.progress)
        sub.progress = [c, base, span, grand](uint64_t done, uint64_t total, std::string_view phase) {
            const double f = total ? double(done) / double(total) : 0.0;
            c.report(base + uint64_t(f * double(span)), grand, phase);
        };
    return sub;
}

// Opens path for verify or sign, filling out's path, size and, when the file
// does not open, why (null then); a cancel still throws.
std::shared_ptr<const cmf::CmfFile> openForCheck(const QString& path, VerifyOutcome& out, const cmf::Control& control,
                                                 const QElapsedTimer& t) {
    out.path = path;
    try {
        control.report(0, 1, "opening");
        auto file = cmf::CmfFile::open(local(path));
        out.opened = true;
        out.fileSize = file->fileSize();
        return file;
    } catch (const cmf::Error& e) {
        if (e.kind() == cmf::ErrorKind::Cancelled) throw;
        out.openErrorKind = e.kind();
        out.openError = QString::fromUtf8(e.what());
        out.ms = t.elapsed();
        return nullptr;
    }
}

} // namespace

JobRunner::Work verify(const QString& path) {
    return [path](const cmf::Control& control) {
        QElapsedTimer t;
        t.start();
        VerifyOutcome out;
        const auto file = openForCheck(path, out, control, t);
        if (!file) return QVariant::fromValue(out);
        // The signature check re-reads the whole file for its SHA-256, so the
        // bar's total is the weights plus, when a .sig is there, the file.
        const uint64_t hashBytes = std::max<uint64_t>(1, file->envelope().data.len);
        const bool sigThere = std::filesystem::exists(cmf::sig::signaturePath(local(path)));
        const uint64_t grand = hashBytes + (sigThere ? out.fileSize : 0);
        // A shard: the whole set (§10), whichever member was opened or dropped.
        out.report = file->shard() ? cmf::verifySet(*file, subControl(control, 0, hashBytes, grand))
                                   : cmf::verify(*file, subControl(control, 0, hashBytes, grand));
        control.checkCancel();
        out.signature = cmf::sig::checkSignature(local(path), std::nullopt,
                                                 subControl(control, hashBytes, grand - hashBytes, grand));
        control.checkCancel();
        out.ms = t.elapsed();
        return QVariant::fromValue(out);
    };
}

JobRunner::Work sign(const QString& path, const QString& keyPath) {
    return [path, keyPath](const cmf::Control& control) {
        QElapsedTimer t;
        t.start();
        SignOutcome out;
        out.path = path;
        out.sigPath = QString::fromStdString(cmf::sig::signaturePath(local(path)));
        // The key first: a missing key is a plain failure, before any hashing.
        const cmf::sig::Seed seed = cmf::sig::readKeyFile(local(keyPath));
        const auto file = openForCheck(path, out.check, control, t);
        if (!file) return QVariant::fromValue(out); // refused: not a CMF file this reader accepts
        // One bar: the weights hashed by verify, then the whole file by the signer's SHA-256.
        const uint64_t hashBytes = std::max<uint64_t>(1, file->envelope().data.len);
        const uint64_t grand = hashBytes + std::max<uint64_t>(1, out.check.fileSize);
        out.check.report = cmf::verify(*file, subControl(control, 0, hashBytes, grand));
        control.checkCancel();
        out.check.ms = t.elapsed();
        if (out.refused()) return QVariant::fromValue(out);
        const auto written = cmf::sig::signFile(local(path), seed, subControl(control, hashBytes, grand - hashBytes, grand));
        out.pubkey = QString::fromStdString(written.pubkey);
        out.sha256 = QString::fromStdString(written.sha256);
        return QVariant::fromValue(out);
    };
}

JobRunner::Work generateKey(const QString& keyPath) {
    return [keyPath](const cmf::Control&) {
        const cmf::sig::Seed seed = cmf::sig::generateSeed();
        cmf::sig::writeKeyFile(local(keyPath), seed); // mode 0600, refuses to overwrite
        const auto pk = cmf::sig::publicKeyFromSeed(seed);
        KeygenOutcome out;
        out.keyPath = keyPath;
        out.pubkey = QString::fromStdString(cmf::toHex(pk.data(), pk.size()));
        return QVariant::fromValue(out);
    };
}

JobRunner::Work checkSignature(const QString& path) {
    return [path](const cmf::Control& control) {
        SignatureInfo info;
        info.sigPath = QString::fromStdString(cmf::sig::signaturePath(local(path)));
        info.check = cmf::sig::checkSignature(local(path), std::nullopt, control);
        // Show the fields as written, even when they do not check; but not
        // from a .sig too big to be one (the check refuses those as well), as
        // parsing it would take memory in proportion to whatever is there.
        std::error_code sizeError;
        const auto sigSize = std::filesystem::file_size(local(info.sigPath), sizeError);
        if (info.check.present && !sizeError && sigSize <= kMaxSigFieldsBytes) {
            std::ifstream in(local(info.sigPath));
            const auto j = nlohmann::json::parse(in, nullptr, false);
            auto field = [&](const char* k) {
                return j.is_object() && j.contains(k) && j[k].is_string() ? QString::fromStdString(j[k].get<std::string>())
                                                                          : QString();
            };
            info.alg = field("alg");
            info.pubkey = field("pubkey");
            info.sha256 = field("sha256");
            info.sig = field("sig");
        }
        return QVariant::fromValue(info);
    };
}

JobRunner::Work tensorStats(std::shared_ptr<const TensorSource> source, uint64_t tensor) {
    return [source, tensor](const cmf::Control& control) {
        return QVariant::fromValue(computeTensorStats(source->tensorBytes(tensor), control));
    };
}

JobRunner::Work tensorDetail(std::shared_ptr<const TensorSource> source, uint64_t tensor, uint64_t row0,
                             uint64_t rows, uint64_t cols) {
    return [source, tensor, row0, rows, cols](const cmf::Control& control) {
        const cmf::TensorBytes bytes = source->tensorBytes(tensor);
        TensorDetailData d;
        d.tensor = tensor;
        d.preview = computePreview(bytes, row0, rows, cols, control);
        d.scales = readRowScales(bytes);
        return QVariant::fromValue(d);
    };
}

JobRunner::Work exportNpy(std::shared_ptr<const TensorSource> source, uint64_t tensor, const QString& path) {
    return [source, tensor, path](const cmf::Control& control) {
        control.report(0, 1, "decoding");
        const auto values = cmf::decodeAll(source->tensorBytes(tensor));
        control.checkCancel();
        writeNpyF32(local(path), source->record(tensor).dims(), values.data(), values.size(), control);
        ExportOutcome out;
        out.path = path;
        out.values = values.size();
        return QVariant::fromValue(out);
    };
}

JobRunner::Work tokenizer(std::shared_ptr<const cmf::CmfFile> file) {
    return [file](const cmf::Control& control) {
        std::vector<int64_t> ids;
        if (const auto& cb = file->chatBundle()) {
            ids = cb->eosTokenIds;
            if (cb->bosTokenId) ids.push_back(*cb->bosTokenId);
            if (cb->padTokenId) ids.push_back(*cb->padTokenId);
        }
        return QVariant::fromValue(summarizeTokenizer(file->vocab(), ids, control));
    };
}

} // namespace cmfw::jobs
