#include "tensor_produce.h"

#include "cmf/format/error.h"

#include <cmath>

namespace cmf::detail {

TensorShape shapeOf(const std::vector<uint64_t>& shape, uint64_t count) {
    if (shape.size() < 2) return {1, count};
    return {shape[0], shape[0] ? count / shape[0] : 0};
}

uint64_t chunkRows(uint64_t cols) { return std::max<uint64_t>(1, (1u << 20) / std::max<uint64_t>(1, cols)); }

void ErrorSums::add(const float* ref, const float* got, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) {
        const double d = double(ref[i]) - double(got[i]);
        num += d * d;
        den += double(ref[i]) * double(ref[i]);
    }
}

double ErrorSums::relative() const { return den > 0 ? std::sqrt(num / den) : std::sqrt(num); }

Produced finish(const std::string& name, std::vector<uint64_t> shape, const DTypeChoice& c, std::vector<uint8_t> bytes,
                double relRms) {
    Produced p;
    p.dtype = c.dtype;
    p.shape = std::move(shape);
    p.owned = std::move(bytes);
    p.bytes = p.owned.data();
    p.nbytes = p.owned.size();
    p.report.name = name;
    p.report.dtype = c.dtype;
    p.report.reason = c.reason;
    p.report.shape = p.shape;
    p.report.bytes = p.nbytes;
    p.report.relRms = relRms;
    return p;
}

// The error is measured chunk by chunk so a second full-size buffer is never needed.
Produced encodeTensor(const std::string& name, std::vector<uint64_t> shape, const std::vector<float>& values, DType requested,
                      const EncodeOptions& eo) {
    const TensorShape s = shapeOf(shape, values.size());
    const DTypeChoice c = chooseDType(requested, uint32_t(shape.size()), s);
    std::vector<uint8_t> bytes;
    try {
        bytes = encode(c.dtype, s, values.data(), eo);
    } catch (const Error& e) {
        throw Error(e.kind(), "tensor " + name + ": " + e.what());
    }
    const TensorBytes tb{c.dtype, s, bytes.data(), bytes.size()};
    validatePayload(tb);
    ErrorSums err;
    std::vector<float> back;
    for (uint64_t r0 = 0; r0 < s.rows; r0 += chunkRows(s.cols)) {
        const uint64_t r1 = std::min(s.rows, r0 + chunkRows(s.cols));
        back.resize((r1 - r0) * s.cols);
        decodeRows(tb, r0, r1, back.data());
        err.add(values.data() + r0 * s.cols, back.data(), back.size());
    }
    return finish(name, std::move(shape), c, std::move(bytes), err.relative());
}

namespace {

Produced borrowed(std::string name, const TensorRecord& r, const uint8_t* data) {
    Produced p;
    p.dtype = r.dtype;
    p.shape = r.dims();
    p.bytes = data;
    p.nbytes = r.nbytes;
    p.report.name = std::move(name);
    p.report.source = std::string(dtypeName(r.dtype));
    p.report.dtype = r.dtype;
    p.report.shape = p.shape;
    p.report.sourceBytes = p.report.bytes = r.nbytes;
    p.report.copied = true;
    return p;
}

} // namespace

Produced copyTensor(const Model& m, const ModelTensor& t) {
    return borrowed(std::string(t.record.name), t.record, m.tensorBytes(t).data);
}

Produced copyTensor(const CmfFile& f, const TensorRecord& r, std::string outName) {
    return borrowed(outName.empty() ? std::string(r.name) : std::move(outName), r, f.tensorBytes(r).data);
}

Outputs singleOutput(const std::string& path, const nlohmann::json& header, const std::vector<std::string>& names,
                     WriterSections sections, uint32_t extraFeatures) {
    Outputs o;
    o.paths.push_back(path);
    o.shardOf.assign(names.size(), 0);
    o.writers.push_back(std::make_unique<Writer>(path, header, names, std::move(sections), extraFeatures));
    return o;
}

WriterSections sectionsOf(const CmfFile& f) {
    WriterSections s;
    auto copy = [&](const Section& sec) -> std::optional<std::vector<uint8_t>> {
        if (!sec.present()) return std::nullopt;
        const auto span = f.section(sec);
        return std::vector<uint8_t>(span.begin(), span.end());
    };
    s.masks = copy(f.envelope().masks);
    s.vocab = copy(f.envelope().vocab);
    s.index = copy(f.envelope().index);
    return s;
}

} // namespace cmf::detail
