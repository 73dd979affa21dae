#include "cmf/engine/kv_cache.h"

#include "cmf/format/half.h"
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

KvCache::KvCache(std::vector<bool> attention, size_t width, KvType type)
    : attention_(std::move(attention)), width_(width), type_(type), k_(attention_.size()), v_(attention_.size()) {}

void KvCache::reserve(uint32_t positions) {
    if (positions <= reserved_) return;
    reserved_ = positions;
    const size_t bytes = size_t(positions) * width_ * kvElementBytes(type_);
    for (size_t li = 0; li < attention_.size(); ++li) {
        if (!attention_[li]) continue;
        k_[li].resize(bytes);
        v_[li].resize(bytes);
    }
}

void KvCache::store(size_t li, uint32_t p, const float* k, const float* v) {
    const size_t at = size_t(p) * width_;
    if (type_ == KvType::F32) {
        std::memcpy(k_[li].data() + at * 4, k, width_ * 4);
        std::memcpy(v_[li].data() + at * 4, v, width_ * 4);
        return;
    }
    auto* kh = reinterpret_cast<uint16_t*>(k_[li].data()) + at;
    auto* vh = reinterpret_cast<uint16_t*>(v_[li].data()) + at;
    for (size_t i = 0; i < width_; ++i) {
        kh[i] = f32ToF16(k[i]);
        vh[i] = f32ToF16(v[i]);
    }
}

KvRows KvCache::rows(size_t li) const { return {k_[li].data(), v_[li].data(), width_, type_}; }

KvRows KvRows::offset(size_t elements) const {
    const size_t bytes = elements * kvElementBytes(type);
    return {static_cast<const uint8_t*>(k) + bytes, static_cast<const uint8_t*>(v) + bytes, stride, type};
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
