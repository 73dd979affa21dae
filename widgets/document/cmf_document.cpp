#include "document/cmf_document.h"

#include <QElapsedTimer>
#include <QFileInfo>

namespace cmfw {

namespace {

OpenError toOpenError(const std::exception& e) {
    if (const auto* ce = dynamic_cast<const cmf::Error*>(&e)) return {ce->kind(), QString::fromUtf8(ce->what())};
    return {cmf::ErrorKind::Io, QString::fromUtf8(e.what())};
}

} // namespace

std::shared_ptr<const CmfDocument> CmfDocument::open(const QString& path) {
    auto d = std::make_shared<CmfDocument>();
    d->path_ = QFileInfo(path).absoluteFilePath();
    QElapsedTimer t;
    t.start();
    try {
        d->file_ = cmf::CmfFile::open(d->path_.toStdString());
    } catch (const std::exception& e) {
        d->error_ = toOpenError(e);
        d->openMs_ = double(t.nsecsElapsed()) / 1e6;
        return d;
    }
    if (d->file_->shard()) {
        // A shard is a valid file on its own (§10); the set is a bonus that
        // needs every sibling, so its failure is reported, not fatal.
        try {
            d->model_ = std::make_shared<const cmf::Model>(cmf::Model::open(d->path_.toStdString()));
        } catch (const std::exception& e) {
            d->shardError_ = toOpenError(e);
        }
    }
    d->tensors_ = d->model_ ? TensorSource::fromModel(d->model_) : TensorSource::fromFile(d->file_);
    d->openMs_ = double(t.nsecsElapsed()) / 1e6;
    return d;
}

QString CmfDocument::fileName() const { return QFileInfo(path_).fileName(); }

} // namespace cmfw
