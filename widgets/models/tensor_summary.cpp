#include "models/tensor_summary.h"

namespace cmfw {

namespace {

void add(TensorSummary& s, const cmf::TensorRecord& r) {
    for (auto* b : {&s.byDType[uint8_t(r.dtype)], &s.byFamily[size_t(familyOf(r.name))], &s.total}) {
        ++b->tensors;
        b->bytes += r.nbytes;
        b->elements += r.count();
    }
}

} // namespace

TensorSummary TensorSummary::of(const TensorSource& source, std::span<const uint32_t> tensors) {
    TensorSummary s;
    for (uint32_t t : tensors) add(s, source.record(t));
    return s;
}

TensorSummary TensorSummary::ofAll(const TensorSource& source) {
    TensorSummary s;
    for (uint64_t t = 0; t < source.count(); ++t) add(s, source.record(t));
    return s;
}

} // namespace cmfw
