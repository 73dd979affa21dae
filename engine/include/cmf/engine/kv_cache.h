#pragma once
// The attention layers' key/value cache: per attention layer and KV head,
// one row of headDim keys and one of values per position, kept in float32
// (exact: what the layer computed) or binary16 (half the bytes a decode step
// streams at depth; llama.cpp's default cache type). The runner stores every
// new position through store(), and attention reads the rows where they lie.
//
// Head-major: a head's rows lie one after another. Decode attention reads
// one head's keys (then values) per task; with the heads of a position side
// by side it read headDim elements in every kvHeads·headDim, so each 4 KiB
// page held two or four keys and the prefetchers stopped at every page
// (qwen3-0.6b q8, f16 cache, depth 4096: 10.5-12.9 GB/s read per token;
// head-major 16.3-19.4). Each layer's rows live in 2 MiB pages, as the
// resident weights do (weight_residency.h): fewer TLB misses per key
// (20.9-22.6 GB/s).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace cmf {
class HugePageMemory;
}

namespace cmf::engine {

enum class KvType : uint8_t { F32, F16 };
const char* kvTypeName(KvType t);             // "f32", "f16"
std::optional<KvType> kvTypeFromName(std::string_view name);
size_t kvElementBytes(KvType t);

// Where one layer's cached rows are: KV head h's keys of position p start at
// k + h·headStride + p·stride elements (elements of the cache's type), its
// values at v + the same.
struct KvRows {
    const void* k = nullptr;
    const void* v = nullptr;
    size_t stride = 0, headStride = 0;
    KvType type = KvType::F32;
    // KV head h's rows alone.
    KvRows head(uint32_t h) const;
};
// n elements of row p of the keys (values: !keys), as float32.
void kvRowToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t n, float* out);
// The same for rows [p, p + count), one after another in out (count × n):
// prefill attention's blocks, converted in one call rather than one per row.
void kvRowsToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t count, uint32_t n, float* out);

class KvCache {
public:
    // layers: the model's layer count; attention[li] false for a layer with
    // no cache (LinearAttention).
    KvCache(std::vector<bool> attention, uint32_t kvHeads, uint32_t headDim, KvType type);
    ~KvCache();
    // Room for positions [0, positions) in every attention layer; keeps the rows stored.
    void reserve(uint32_t positions);
    uint32_t reserved() const { return reserved_; }
    // Position p of layer li (p < reserved()): kvHeads·headDim keys and as
    // many values, head after head (as the k and v projections give them).
    void store(size_t li, uint32_t p, const float* k, const float* v);
    KvRows rows(size_t li) const;
    KvType type() const { return type_; }

private:
    // Bytes of one layer's keys (its values as many): per KV head, `positions` rows of headDim elements.
    size_t half(uint32_t positions) const;
    uint8_t* keys(size_t li) const;

    std::vector<bool> attention_;
    uint32_t kvHeads_, headDim_;
    KvType type_;
    uint32_t reserved_ = 0;
    // Per attention layer, its keys then its values (a layer at a time: more
    // room costs one layer's copy at a time, not the whole cache's).
    std::vector<std::unique_ptr<HugePageMemory>> layers_;
};

} // namespace cmf::engine
