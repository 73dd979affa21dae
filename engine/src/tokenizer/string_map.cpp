#include "tokenizer/string_map.h"

#include <algorithm>

namespace cmf::engine::tok {

void StringIdMap::reserve(size_t n) {
    size_t cap = 16;
    while (cap < n * 2) cap *= 2;
    if (cap <= slots_.size()) return;
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(cap, Slot{});
    const size_t mask = cap - 1;
    for (const Slot& s : old) {
        if (s.len == kEmpty) continue;
        const uint64_t h = hashBytes(std::string_view(arena_.data() + s.off, s.len));
        size_t i = h & mask;
        while (slots_[i].len != kEmpty) i = (i + 1) & mask;
        slots_[i] = s;
    }
}

void StringIdMap::grow() {
    reserve(slots_.empty() ? 8 : slots_.size());
}

bool StringIdMap::set(std::string_view key, int32_t value) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const uint64_t h = hashBytes(key);
    const size_t mask = slots_.size() - 1;
    const auto tag = static_cast<uint32_t>(h >> 32);
    size_t i = h & mask;
    while (slots_[i].len != kEmpty) {
        Slot& s = slots_[i];
        if (s.tag == tag && s.len == key.size() && std::memcmp(arena_.data() + s.off, key.data(), key.size()) == 0) {
            s.value = value;
            return false;
        }
        i = (i + 1) & mask;
    }
    Slot& s = slots_[i];
    s.off = static_cast<uint32_t>(arena_.size());
    s.len = static_cast<uint32_t>(key.size());
    s.value = value;
    s.tag = tag;
    arena_.append(key);
    ++count_;
    return true;
}

std::optional<int32_t> StringIdMap::find(std::string_view key, uint64_t h) const {
    if (slots_.empty()) return std::nullopt;
    const size_t mask = slots_.size() - 1;
    const auto tag = static_cast<uint32_t>(h >> 32);
    size_t i = h & mask;
    while (true) {
        const Slot& s = slots_[i];
        if (s.len == kEmpty) return std::nullopt;
        if (s.tag == tag && s.len == key.size() && std::memcmp(arena_.data() + s.off, key.data(), key.size()) == 0)
            return s.value;
        i = (i + 1) & mask;
    }
}

void PairMap::reserve(size_t n) {
    size_t cap = 16;
    while (cap < n * 2) cap *= 2;
    if (cap <= slots_.size()) return;
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
    for (const Slot& s : old) {
        if (s.key == kEmpty) continue;
        size_t i = mix64(s.key * 0x9E3779B97F4A7C15ull) & mask_;
        while (slots_[i].key != kEmpty) i = (i + 1) & mask_;
        slots_[i] = s;
    }
}

void PairMap::grow() {
    reserve(slots_.empty() ? 8 : slots_.size());
}

void PairMap::set(int32_t a, int32_t b, Merge m) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const uint64_t key = pack(a, b);
    size_t i = mix64(key * 0x9E3779B97F4A7C15ull) & mask_;
    while (slots_[i].key != kEmpty) {
        if (slots_[i].key == key) {
            slots_[i].merge = m;
            return;
        }
        i = (i + 1) & mask_;
    }
    slots_[i].key = key;
    slots_[i].merge = m;
    ++count_;
}

void IdTable::build(const StringIdMap& map) {
    arena_.clear();
    dense_.clear();
    sparse_.clear();
    maxId_ = -1;
    std::vector<std::pair<int32_t, std::pair<uint32_t, uint32_t>>> entries;
    entries.reserve(map.size());
    map.forEach([&](std::string_view key, int32_t id) {
        entries.push_back({id, {static_cast<uint32_t>(arena_.size()), static_cast<uint32_t>(key.size())}});
        arena_.append(key);
        maxId_ = std::max(maxId_, id);
    });
    // Several strings may share an id; keep the one that sorts first so the
    // result does not depend on hash order.
    std::sort(entries.begin(), entries.end(), [&](const auto& x, const auto& y) {
        if (x.first != y.first) return x.first < y.first;
        return std::string_view(arena_.data() + x.second.first, x.second.second) <
               std::string_view(arena_.data() + y.second.first, y.second.second);
    });
    entries.erase(std::unique(entries.begin(), entries.end(), [](const auto& x, const auto& y) { return x.first == y.first; }),
                  entries.end());
    if (maxId_ >= 0 && static_cast<size_t>(maxId_) <= entries.size() * 2 + 1024) {
        dense_.assign(static_cast<size_t>(maxId_) + 1, {0u, UINT32_MAX});
        for (const auto& e : entries) dense_[static_cast<size_t>(e.first)] = e.second;
    } else {
        sparse_ = std::move(entries);
    }
}

std::optional<std::string_view> IdTable::find(int32_t id) const {
    if (id < 0) return std::nullopt;
    if (!dense_.empty() || sparse_.empty()) {
        if (static_cast<size_t>(id) >= dense_.size()) return std::nullopt;
        const auto& e = dense_[static_cast<size_t>(id)];
        if (e.second == UINT32_MAX) return std::nullopt;
        return std::string_view(arena_.data() + e.first, e.second);
    }
    const auto it = std::lower_bound(sparse_.begin(), sparse_.end(), id, [](const auto& e, int32_t v) { return e.first < v; });
    if (it == sparse_.end() || it->first != id) return std::nullopt;
    return std::string_view(arena_.data() + it->second.first, it->second.second);
}

} // namespace cmf::engine::tok
