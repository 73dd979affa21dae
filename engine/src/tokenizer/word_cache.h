#pragma once
// A bounded cache of tokenized words for the BPE model. Natural text repeats
// its words, so most pieces become a hash lookup instead of a merge loop.
//
// Each thread has its own tables (no locks on the hot path), found by the
// cache's serial number; a thread keeps tables for its four most recently used
// tokenizers. A table is 2-way set associative with a fixed number of entries,
// so memory stays bounded however much text passes through.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cmf::engine::tok {

class WordCache {
public:
    // Words of this many bytes or more are not cached (HF's limit too).
    static constexpr size_t kMaxWordBytes = 256;

    WordCache() : serial_(nextSerial()) {}
    WordCache(const WordCache&) = delete;
    WordCache& operator=(const WordCache&) = delete;

    // Appends the cached ids of `word` to `ids`; false on a miss.
    bool get(std::string_view word, uint64_t hash, std::vector<int32_t>& ids) const {
        Table& t = table();
        const size_t set = (hash >> 7) & (kSets - 1);
        for (size_t way = 0; way < 2; ++way) {
            const Entry& e = t.entries[set * 2 + way];
            if (e.used && e.hash == hash && e.key == word) {
                ids.insert(ids.end(), e.ids.begin(), e.ids.end());
                t.recent[set] = static_cast<uint8_t>(way);
                return true;
            }
        }
        return false;
    }

    void put(std::string_view word, uint64_t hash, const int32_t* ids, size_t n) const {
        if (word.size() >= kMaxWordBytes) return;
        Table& t = table();
        const size_t set = (hash >> 7) & (kSets - 1);
        // Fill an empty way, else evict the one not used last.
        size_t way = t.entries[set * 2].used ? (t.entries[set * 2 + 1].used ? 1 - t.recent[set] : 1) : 0;
        Entry& e = t.entries[set * 2 + way];
        e.used = true;
        e.hash = hash;
        e.key.assign(word);
        e.ids.assign(ids, ids + n);
        t.recent[set] = static_cast<uint8_t>(way);
    }

private:
    static constexpr size_t kSets = 8192; // 16384 words per thread and tokenizer
    struct Entry {
        bool used = false;
        uint64_t hash = 0;
        std::string key;
        std::vector<int32_t> ids;
    };
    struct Table {
        std::vector<Entry> entries = std::vector<Entry>(kSets * 2);
        std::vector<uint8_t> recent = std::vector<uint8_t>(kSets, 0);
        void clear() {
            for (auto& e : entries) e.used = false;
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
