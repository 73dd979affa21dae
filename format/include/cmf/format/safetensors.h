#pragma once
// Hugging Face safetensors checkpoints: one `model.safetensors`, or shards
// listed by `model.safetensors.index.json`. Tensors stay in the mapping and
// are widened to float32 row by row on demand.
#include "cmf/format/mapped_file.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace cmf {

enum class StDType { F32, F16, BF16, F64, I8, U8, I16, I32, I64, Bool, Other };

struct StTensor {
    std::string name;
    StDType dtype = StDType::F32;
    std::string dtypeName; // as written ("BF16", ...)
    std::vector<uint64_t> shape;
    const uint8_t* data = nullptr;
    uint64_t nbytes = 0;
    uint32_t file = 0; // index into Checkpoint files

    uint64_t count() const;
    // Rows = shape[0] (1 for 1-D/0-D), cols = the rest, as the codecs count them.
    uint64_t rows() const;
    uint64_t cols() const;
    bool isFloat() const { return dtype == StDType::F32 || dtype == StDType::F16 || dtype == StDType::BF16; }
    // Converts rows [r0, r1) to float32 (F32/F16/BF16/F64 only). Throws Error(Parse).
    void toFloat(uint64_t r0, uint64_t r1, float* out) const;
};

class Checkpoint {
public:
    // dir holds model.safetensors or model.safetensors.index.json (+ shards);
    // a path to a single .safetensors file also works. Throws Error(Io/Parse/Bounds).
    static Checkpoint open(const std::string& pathOrDir);

    // In file order (offset order within each file).
    const std::vector<StTensor>& tensors() const { return tensors_; }
    const StTensor* find(const std::string& name) const;
    const std::vector<std::string>& files() const { return paths_; }
    uint64_t totalBytes() const;
    // Drops a tensor's source pages from the resident set after use.
    void release(const StTensor& t) const;
    // The same for rows [r0, r1) only.
    void release(const StTensor& t, uint64_t r0, uint64_t r1) const;

private:
    std::vector<std::shared_ptr<const MappedFile>> maps_;
    std::vector<std::string> paths_;
    std::vector<StTensor> tensors_;
    std::unordered_map<std::string, size_t> byName_;
};

} // namespace cmf
