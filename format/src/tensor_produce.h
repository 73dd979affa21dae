#pragma once
// One output tensor of a rewrite (convert, requant, compact, defrag, skills):
// a source tensor copied verbatim, or float values encoded with the error
// measured. Private to format/.
#include "convert_pipeline.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/shards.h"

namespace cmf::detail {

// [d0, d1, ...] as rows × cols (a 1-D or 0-D tensor is one row).
TensorShape shapeOf(const std::vector<uint64_t>& shape, uint64_t count);

// Rows per chunk when a tensor streams through a codec: about 1 Mi elements.
uint64_t chunkRows(uint64_t cols);

// Squared error and squared norm of a decoded range against its source.
struct ErrorSums {
    double num = 0, den = 0;
    void add(const float* ref, const float* got, uint64_t n);
    double relative() const;
};

// A Produced that owns its encoded bytes, with the report filled in.
Produced finish(const std::string& name, std::vector<uint64_t> shape, const DTypeChoice& c, std::vector<uint8_t> bytes,
                double relRms);

// Encodes a whole float tensor as chooseDType(requested) decides, validates
// the payload and measures the relative RMS error chunk by chunk.
Produced encodeTensor(const std::string& name, std::vector<uint64_t> shape, const std::vector<float>& values, DType requested,
                      const EncodeOptions& eo);

// A tensor's bytes as a borrowed view (no copy), reported as copied.
Produced copyTensor(const Model& m, const ModelTensor& t);
Produced copyTensor(const CmfFile& f, const TensorRecord& r, std::string outName = {});

// One output file whose header is written exactly as given (openOutputs
// adds "shard": null, which a byte-exact rebuild must not).
Outputs singleOutput(const std::string& path, const nlohmann::json& header, const std::vector<std::string>& names,
                     WriterSections sections, uint32_t extraFeatures);

// The masks, vocab and index sections of a file, verbatim.
WriterSections sectionsOf(const CmfFile& f);

} // namespace cmf::detail
