#pragma once
// One file the person opened: either a valid CMF file (and, for a shard, its
// whole set when the siblings are there) or the exact reason it is not one.
// Opening is mmap + envelope/directory validation, fast enough for the GUI
// thread (hashing is verify's job, never done here).
#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"
#include "cmf/format/shards.h"
#include "models/tensor_source.h"

#include <QString>

#include <memory>
#include <optional>

namespace cmfw {

struct OpenError {
    cmf::ErrorKind kind = cmf::ErrorKind::Io;
    QString message;
};

class CmfDocument {
public:
    // Never throws: a file that does not open yields a document with error().
    static std::shared_ptr<const CmfDocument> open(const QString& path);

    const QString& path() const { return path_; }
    QString fileName() const;
    uint64_t fileSize() const { return file_ ? file_->fileSize() : 0; }
    bool ok() const { return file_ != nullptr; }
    const std::optional<OpenError>& error() const { return error_; }

    std::shared_ptr<const cmf::CmfFile> file() const { return file_; }
    // The merged shard set (§10) when this file is a shard and every sibling
    // opened; null otherwise (see shardError()).
    std::shared_ptr<const cmf::Model> model() const { return model_; }
    bool isShard() const { return file_ && file_->shard().has_value(); }
    // The file that holds the tokenizer, chat template, masks and skills: shard
    // 1 of the set when this is another shard of a set that opened (§10: they
    // live in shard 1 only), else this file.
    std::shared_ptr<const cmf::CmfFile> bundleFile() const {
        return model_ && !model_->files().empty() ? model_->files().front() : file_;
    }
    const std::optional<OpenError>& shardError() const { return shardError_; }
    // What the tensor views list: the merged set when there is one.
    std::shared_ptr<const TensorSource> tensors() const { return tensors_; }
    double openMs() const { return openMs_; }

private:
    QString path_;
    std::shared_ptr<const cmf::CmfFile> file_;
    std::shared_ptr<const cmf::Model> model_;
    std::shared_ptr<const TensorSource> tensors_;
    std::optional<OpenError> error_, shardError_;
    double openMs_ = 0;
};

} // namespace cmfw
