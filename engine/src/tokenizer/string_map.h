#pragma once
// Flat hash tables for the hot lookups: token string -> id (vocabularies of up
// to a few hundred thousand entries, keys kept in one arena) and id pair ->
// merge. Open addressing with linear probing; no erase, so no tombstones.
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::tok {

inline uint64_t mix64(uint64_t h) {
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    h ^= h >> 32;
    return h;
}

inline uint64_t hashBytes(std::string_view s) {
    const auto* p = reinterpret_cast<const uint8_t*>(s.data());
    size_t n = s.size();
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xff51afd7ed558ccdull);
    while (n >= 8) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        h = (h ^ v) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
        p += 8;
        n -= 8;
    }
    if (n) {
        uint64_t v = 0;
        std::memcpy(&v, p, n);
        h = (h ^ v) * 0x94d049bb133111ebull;
        h ^= h >> 29;
    }
    return mix64(h);
}

class StringIdMap {
public:
    void reserve(size_t n);
    // Inserts or overwrites; returns false when the key was already present.
    bool set(std::string_view key, int32_t value);
    std::optional<int32_t> find(std::string_view key) const { return find(key, hashBytes(key)); }
    std::optional<int32_t> find(std::string_view key, uint64_t hash) const;
    size_t size() const { return count_; }
    // Calls f(key, value) for each entry, in no particular order.
    template <class F>
    void forEach(F&& f) const {
        for (const auto& s : slots_)
            if (s.len != kEmpty) f(std::string_view(arena_.data() + s.off, s.len), s.value);
    }

private:
    static constexpr uint32_t kEmpty = UINT32_MAX;
    struct Slot {
        uint32_t off = 0;
        uint32_t len = kEmpty;
        int32_t value = 0;
        uint32_t tag = 0; // high hash bits, to skip most key compares
    };
    void grow();
    std::string arena_;
    std::vector<Slot> slots_;
    size_t count_ = 0;
};

// (left id, right id) -> (rank, merged id).
class PairMap {
public:
    struct Merge {
        uint32_t rank;
        int32_t id;
    };
    void reserve(size_t n);
    void set(int32_t a, int32_t b, Merge m);
    const Merge* find(int32_t a, int32_t b) const {
        if (slots_.empty()) return nullptr;
        const uint64_t key = pack(a, b);
        size_t i = mix64(key * 0x9E3779B97F4A7C15ull) & mask_;
        while (true) {
            const Slot& s = slots_[i];
            if (s.key == key) return &s.merge;
            if (s.key == kEmpty) return nullptr;
            i = (i + 1) & mask_;
        }
    }
    size_t size() const { return count_; }

private:
    static constexpr uint64_t kEmpty = UINT64_MAX;
    static uint64_t pack(int32_t a, int32_t b) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
    }
    struct Slot {
        uint64_t key = kEmpty;
        Merge merge{};
    };
    void grow();
    std::vector<Slot> slots_;
    size_t mask_ = 0;
    size_t count_ = 0;
};

// id -> token string. Dense when the ids are (nearly) contiguous, as in every
// real vocabulary; sorted and binary-searched otherwise, so a file with a
// stray id of 2^31 costs no memory.
class IdTable {
public:
    void build(const StringIdMap& map);
    std::optional<std::string_view> find(int32_t id) const;
    int32_t maxId() const { return maxId_; }

private:
    std::string arena_;
    std::vector<std::pair<uint32_t, uint32_t>> dense_; // (offset, length); length UINT32_MAX = absent
    std::vector<std::pair<int32_t, std::pair<uint32_t, uint32_t>>> sparse_;
    int32_t maxId_ = -1;
};

} // namespace cmf::engine::tok
