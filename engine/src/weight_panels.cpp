#include "weight_panels.h"

#include "kernels/gemm_int8.h"
#include "kernels/int8_panels.h"

#include <cstdlib>
#include <string_view>
#include <unistd.h>

namespace cmf::engine {
namespace {

uint64_t lastLevelCacheBytes() {
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0) return uint64_t(l3);
    const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return l2 > 0 ? uint64_t(l2) : uint64_t(8) << 20;
}

} // namespace

uint64_t panelBytesOf(std::string_view n, const TensorRecord& r, bool hasLmHead) {
    const bool matmul = n.starts_with("model.layers.") || n.starts_with("model.mtp.") || n == "lm_head.weight" ||
                        (!hasLmHead && n == "model.embed_tokens.weight"); // a tied lm_head
    const TensorBytes shape{r.dtype, r.rowsCols(), nullptr, 0};
    return matmul && r.ndim == 2 && kernels::packsToInt8(shape) ? kernels::int8PanelBytes(shape.shape.rows, shape.shape.cols) : 0;
}

uint64_t panelBytesOf(std::span<const TensorRecord> records) {
    bool lmHead = false;
    for (const auto& r : records) lmHead |= r.name == "lm_head.weight";
    uint64_t bytes = 0;
    for (const auto& r : records) bytes += panelBytesOf(r.name, r, lmHead);
    return bytes;
}

bool panelsPay(uint64_t panelBytes) {
    if (const char* e = std::getenv("CMF_PANELS")) {
        if (std::string_view(e) == "on") return true;
        if (std::string_view(e) == "off") return false;
    }
    return panelBytes > 0 && panelBytes <= lastLevelCacheBytes() && std::string_view(kernels::panelsImplementation()) == "avx512-vnni";
}

uint64_t PanelCache::bytes() const {
    std::lock_guard lock(mutex_);
    uint64_t n = 0;
    for (const auto& [key, p] : packed_) n += p->bytes();
    return n;
}

void PanelCache::attach(Weight& w, bool cache) const {
    if (!w.present() || !kernels::packsToInt8(w.bytes)) return;
    const uint64_t* starts = w.vbitRowStarts ? w.vbitRowStarts->data() : nullptr;
    if (!cache) {
        w.panels = kernels::packPanels(w.bytes, starts);
        return;
    }
    std::lock_guard lock(mutex_);
    auto& p = packed_[{w.bytes.data, w.bytes.dtype, w.rows(), w.cols()}];
    if (!p) p = kernels::packPanels(w.bytes, starts);
    w.panels = p;
}

} // namespace cmf::engine
