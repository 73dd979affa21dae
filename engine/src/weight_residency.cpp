#include "weight_residency.h"

#include "cmf/engine/memory_budget.h"
#include "cmf/format/mapped_file.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace cmf::engine {
namespace {

constexpr uint64_t kAlign = 64; // every tensor 64-byte aligned, as in the file (§3)

// The file (shard) whose mapping holds [p, p + n), or nullptr.
const MappedFile* mappingOf(const cmf::Model& file, const uint8_t* p, uint64_t n) {
    for (const auto& f : file.files()) {
        const MappedFile& m = f->mapping();
        if (p >= m.data() && p + n <= m.data() + m.size()) return &m;
    }
    return nullptr;
}

} // namespace

ResidentCopies::~ResidentCopies() = default;

uint64_t perTokenBytes(const Weights& w) {
    uint64_t n = 0;
    forEachWeight(w, [&](const Weight& x, bool perToken) { n += perToken ? x.bytes.nbytes : 0; });
    return n;
}

bool residentCopiesPay(uint64_t bytes) {
    if (std::getenv("CMF_WEIGHTS")) return false; // mapped, or loaded whole
    const MemoryBudget b = budgetFrom(readMemorySources(bytes));
    if (b.disabled) return true;
    const uint64_t room = std::min(b.total, b.anonymous);
    return room == kUnlimited || bytes <= room / 2;
}

void ResidentCopies::adopt(Weights& w) const {
    std::lock_guard lock(mutex_);
    // What is still to copy: per-token weights in a mapping, each tensor once.
    struct Place {
        uint64_t offset, length; // in the new arena
        const MappedFile* mapping;
    };
    std::map<const uint8_t*, Place> at; // by the bytes in the file
    uint64_t size = 0;
    forEachWeight(w, [&](Weight& x, bool perToken) {
        if (!perToken || copyOf_.count(x.bytes.data) || at.count(x.bytes.data)) return;
        if (const MappedFile* m = mappingOf(file_, x.bytes.data, x.bytes.nbytes)) {
            at.emplace(x.bytes.data, Place{size, x.bytes.nbytes, m});
            size = (size + x.bytes.nbytes + kAlign - 1) / kAlign * kAlign;
        }
    });
    if (size) {
        auto arena = std::make_unique<HugePageMemory>(size, file_.primary().path() + ": copying its weights");
        for (const auto& [from, place] : at) {
            std::memcpy(arena->data() + place.offset, from, place.length);
            place.mapping->release(from, place.length); // read once: out of the resident set
            copyOf_[from] = arena->data() + place.offset;
        }
        arena->seal();
        arenas_.push_back(std::move(arena));
    }
    const uint8_t* const lmHead = w.lmHead.bytes.data;
    forEachWeight(w, [&](Weight& x, bool perToken) {
        if (!perToken) return;
        if (auto it = copyOf_.find(x.bytes.data); it != copyOf_.end()) x.bytes.data = it->second;
    });
    // A tied embedding is lm_head's bytes: its rows come from the copy too.
    if (w.embed.bytes.data == lmHead)
        if (auto it = copyOf_.find(lmHead); it != copyOf_.end()) w.embed.bytes.data = it->second;
}

uint64_t ResidentCopies::bytes() const {
    std::lock_guard lock(mutex_);
    uint64_t n = 0;
    for (const auto& a : arenas_) n += a->size();
    return n;
}

} // namespace cmf::engine
