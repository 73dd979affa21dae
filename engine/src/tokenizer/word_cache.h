#pragma once
// A bounded cache of tokenized words for the BPE model. Natural text repeats
// its words, so most pieces become a hash lookup instead of a merge loop.
//
// Each thread has its own tables (no locks on the hot path), found by the
// cache's serial number; a thread keeps tables for its four most recently used
// tokenizers. A table is 2-way set associative with fixed-size entries holding
// the word and its ids inline (one cache line, no pointers to chase), so memory
// stays bounded however much text passes through. Words too long for an entry
// are simply not cached.
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace cmf::engine::tok {

class WordCache {
public:
    static constexpr size_t kMaxWordBytes = 30;
    static constexpr size_t kMaxIds = 6;

    WordCache() : serial_(nextSerial()) {}
    WordCache(const WordCache&) = delete;
    WordCache& operator=(const WordCache&) = delete;

    // Appends the cached ids of `word` to `ids`; false on a miss.
    bool get(std::string_view word, uint64_t hash, std::vector<int32_t>& ids) const {
        if (word.size() > kMaxWordBytes) return false;
        Table& t = table();
        const size_t set = (hash >> 7) & (kSets - 1);
        for (size_t way = 0; way < 2; ++way) {
            const Entry& e = t.entries[set * 2 + way];
            if (e.hash == hash && e.keyLen == word.size() && std::memcmp(e.key, word.data(), word.size()) == 0) {
                ids.insert(ids.end(), e.ids, e.ids + e.idCount);
                t.recent[set] = static_cast<uint8_t>(way);
                return true;
            }
        }
        return false;
    }

    void put(std::string_view word, uint64_t hash, const int32_t* ids, size_t n) const {
        if (word.size() > kMaxWordBytes || n > kMaxIds || hash == 0) return;
        Table& t = table();
        const size_t set = (hash >> 7) & (kSets - 1);
        // Fill an empty way, else evict the one not used last.
        const size_t way = t.entries[set * 2].hash == 0 ? 0 : t.entries[set * 2 + 1].hash == 0 ? 1 : 1 - t.recent[set];
        Entry& e = t.entries[set * 2 + way];
        e.hash = hash;
        e.keyLen = static_cast<uint8_t>(word.size());
        e.idCount = static_cast<uint8_t>(n);
        std::memcpy(e.key, word.data(), word.size());
        std::memcpy(e.ids, ids, n * sizeof(int32_t));
        t.recent[set] = static_cast<uint8_t>(way);
    }

private:
    static constexpr size_t kSets = 8192; // 16384 words per thread and tokenizer, 1 MiB
    struct Entry {
        uint64_t hash = 0; // 0: empty (a word hashing to 0 is never cached)
        uint8_t keyLen = 0;
        uint8_t idCount = 0;
        char key[kMaxWordBytes];
        int32_t ids[kMaxIds];
    };
    static_assert(sizeof(Entry) == 64, "one cache line per entry");
    struct Table {
        std::vector<Entry> entries = std::vector<Entry>(kSets * 2);
        std::vector<uint8_t> recent = std::vector<uint8_t>(kSets, 0);
        void clear() {
            for (auto& e : entries) e.hash = 0;
        }
    };

    static uint64_t nextSerial() {
        static std::atomic<uint64_t> counter{1};
        return counter.fetch_add(1, std::memory_order_relaxed);
    }

    Table& table() const {
        struct Slot {
            uint64_t serial = 0;
            std::unique_ptr<Table> table;
        };
        thread_local std::array<Slot, 4> slots;
        thread_local size_t victim = 0;
        for (Slot& s : slots)
            if (s.serial == serial_) return *s.table;
        // Serials are never reused, so a table left by a destroyed tokenizer
        // can only be evicted, never read.
        Slot& s = slots[victim++ % slots.size()];
        if (s.table) s.table->clear();
        else s.table = std::make_unique<Table>();
        s.serial = serial_;
        return *s.table;
    }

    uint64_t serial_;
};

} // namespace cmf::engine::tok
