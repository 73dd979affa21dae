#include "cmf/engine/kv_cache.h"

#include "cmf/format/half.h"
#include "cmf/format/mapped_file.h"
#include "kernels/attend.h"

#include <cstring>

namespace cmf::engine {

const char* kvTypeName(KvType t) { return t == KvType::F16 ? "f16" : "f32"; }

std::optional<KvType> kvTypeFromName(std::string_view name) {
    if (name == "f32") return KvType::F32;
    if (name == "f16") return KvType::F16;
    return std::nullopt;
}

size_t kvElementBytes(KvType t) { return t == KvType::F16 ? 2 : 4; }

KvCache::KvCache(std::vector<bool> attention, uint32_t kvHeads, uint32_t headDim, KvType type)
    : attention_(std::move(attention)), kvHeads_(kvHeads), headDim_(headDim), type_(type), layers_(attention_.size()) {}

KvCache::~KvCache() = default;

size_t KvCache::half(uint32_t positions) const { return size_t(kvHeads_) * positions * headDim_ * kvElementBytes(type_); }

uint8_t* KvCache::keys(size_t li) const { return layers_[li] ? layers_[li]->data() : nullptr; }

void KvCache::reserve(uint32_t positions) {
    if (positions <= reserved_) return;
    // Each head's rows move to their new place (the heads' stride grows with the room).
    const size_t row = size_t(headDim_) * kvElementBytes(type_), had = reserved_ * row, has = positions * row;
    for (size_t li = 0; li < attention_.size(); ++li) {
        if (!attention_[li]) continue;
        auto fresh = std::make_unique<HugePageMemory>(2 * half(positions), "the KV cache");
        if (layers_[li])
            for (size_t part = 0; part < 2 * size_t(kvHeads_); ++part) std::memcpy(fresh->data() + part * has, layers_[li]->data() + part * had, had);
        layers_[li] = std::move(fresh);
    }
    reserved_ = positions;
}

void KvCache::store(size_t li, uint32_t p, const float* k, const float* v) {
    uint8_t* const kBase = keys(li);
    uint8_t* const vBase = kBase + half(reserved_);
    for (uint32_t h = 0; h < kvHeads_; ++h) {
        const size_t at = (size_t(h) * reserved_ + p) * headDim_;
        const float *kh = k + size_t(h) * headDim_, *vh = v + size_t(h) * headDim_;
        if (type_ == KvType::F32) {
            std::memcpy(kBase + at * 4, kh, headDim_ * 4);
            std::memcpy(vBase + at * 4, vh, headDim_ * 4);
            continue;
        }
        auto* kd = reinterpret_cast<uint16_t*>(kBase) + at;
        auto* vd = reinterpret_cast<uint16_t*>(vBase) + at;
        for (uint32_t i = 0; i < headDim_; ++i) {
            kd[i] = f32ToF16(kh[i]);
            vd[i] = f32ToF16(vh[i]);
        }
    }
}

KvRows KvCache::rows(size_t li) const {
    const uint8_t* k = keys(li);
    return {k, k + half(reserved_), headDim_, size_t(reserved_) * headDim_, type_};
}

KvRows KvRows::head(uint32_t h) const {
    const size_t bytes = size_t(h) * headStride * kvElementBytes(type);
    return {static_cast<const uint8_t*>(k) + bytes, static_cast<const uint8_t*>(v) + bytes, stride, headStride, type};
}

void kvRowToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t n, float* out) { kvRowsToFloat(kv, keys, p, 1, n, out); }

void kvRowsToFloat(const KvRows& kv, bool keys, uint32_t p, uint32_t count, uint32_t n, float* out) {
    const void* base = keys ? kv.k : kv.v;
    if (kv.type == KvType::F32) {
        for (uint32_t j = 0; j < count; ++j)
            std::memcpy(out + size_t(j) * n, static_cast<const float*>(base) + size_t(p + j) * kv.stride, n * sizeof(float));
        return;
    }
    kernels::widenHalf(static_cast<const uint16_t*>(base) + size_t(p) * kv.stride, kv.stride, count, n, out);
}

} // namespace cmf::engine
