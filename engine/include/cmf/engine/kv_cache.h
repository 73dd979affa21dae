#pragma once
// The attention layers' key/value cache: one row of kvHeads·headDim keys and
// one of values per position, per attention layer, kept in float32 (exact:
// what the layer computed) or binary16 (half the bytes a decode step streams
// at depth; llama.cpp's default cache type). The runner stores every new
// position through store(), and attention reads the rows where they lie.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace cmf::engine {

enum class KvType : uint8_t { F32, F16 };
const char* kvTypeName(KvType t);             // "f32", "f16"
std::optional<KvType> kvTypeFromName(std::string_view name);
size_t kvElementBytes(KvType t);

// Where one layer's cached rows are: position p's keys start at k + p·stride
// elements (elements of the cache's type), its values at v + p·stride.
struct KvRows {
    const void* k = nullptr;
    const void* v = nullptr;
    size_t stride = 0;
    KvType type = KvType::F32;
    // The same rows from element `elements` on (e.g. one KV head's columns).
    KvRows offset(size_t elements) const;
};
// n elements of row p of the keys (values: !keys), as float32.
void kvRowToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t n, float* out);
// The same for rows [p, p + count), one after another in out (count × n):
// prefill attention's blocks, converted in one call rather than one per row.
void kvRowsToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t count, uint32_t n, float* out);

class KvCache {
public:
    // layers: the model's layer count; attention[li] false for a layer with
    // no cache (LinearAttention). width: kvHeads·headDim.
    KvCache(std::vector<bool> attention, size_t width, KvType type);
    // Room for positions [0, positions) in every attention layer; keeps the rows stored.
    void reserve(uint32_t positions);
    uint32_t reserved() const { return reserved_; }
    // Position p of layer li (p < reserved()): width keys and width values.
    void store(size_t li, uint32_t p, const float* k, const float* v);
    KvRows rows(size_t li) const;
    KvType type() const { return type_; }
    size_t width() const { return width_; }

private:
    std::vector<bool> attention_;
    size_t width_;
    KvType type_;
    uint32_t reserved_ = 0;
    std::vector<std::vector<uint8_t>> k_, v_; // per layer, reserved_ rows of width elements
};

} // namespace cmf::engine
