#include "models/tensor_source.h"

namespace cmfw {

std::shared_ptr<const TensorSource> TensorSource::fromFile(std::shared_ptr<const cmf::CmfFile> file) {
    auto s = std::make_shared<TensorSource>();
    s->file_ = std::move(file);
    return s;
}

std::shared_ptr<const TensorSource> TensorSource::fromModel(std::shared_ptr<const cmf::Model> model) {
    auto s = std::make_shared<TensorSource>();
    s->file_ = model->files().front();
    s->model_ = std::move(model);
    return s;
}

uint64_t TensorSource::count() const { return model_ ? model_->tensors().size() : file_->directory().count(); }

cmf::TensorRecord TensorSource::record(uint64_t i) const {
    return model_ ? model_->tensors()[i].record : file_->directory().record(i);
}

uint32_t TensorSource::shardNo(uint64_t i) const { return model_ ? model_->tensors()[i].shard + 1 : 1; }

const cmf::CmfFile& TensorSource::fileOf(uint64_t i) const {
    return model_ ? *model_->files()[model_->tensors()[i].shard] : *file_;
}

cmf::TensorBytes TensorSource::tensorBytes(uint64_t i) const { return fileOf(i).tensorBytes(record(i)); }

uint64_t TensorSource::absoluteOffset(uint64_t i) const { return fileOf(i).envelope().data.off + record(i).off; }

std::optional<uint64_t> TensorSource::find(std::string_view name) const {
    return model_ ? model_->find(name) : file_->directory().find(name);
}

} // namespace cmfw
