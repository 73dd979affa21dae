#pragma once
// The server's slots: N Sessions over one shared, immutable Model, each with
// its own KV cache (or recurrent state), and a bounded FIFO queue of requests
// waiting for one. A request is given the free slot whose last conversation
// shares the longest prefix with its prompt, so a client that extends its
// conversation finds its keys still cached (Session reuses the prefix).
#include "cmf/engine/session.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace cmf::server {

struct Slot {
    Slot(std::shared_ptr<const engine::Model> model, uint32_t ctx, uint32_t index, engine::KvType kv)
        : session(std::move(model), ctx, kv), index(index) {}
    engine::Session session;
    uint32_t index;
    std::vector<int32_t> tokens; // what the session's cache held after its last reply (prompt + generated)
    uint64_t lastUsed = 0;
};

class SlotPool {
public:
    SlotPool(std::shared_ptr<const engine::Model> model, uint32_t slots, uint32_t ctx, uint32_t queue,
             engine::KvType kv = engine::KvType::F32);

    // Holds a slot until destroyed.
    class Lease {
    public:
        Lease(SlotPool& pool, Slot& slot) : pool_(pool), slot_(slot) {}
        ~Lease();
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Slot& slot() { return slot_; }

    private:
        SlotPool& pool_;
        Slot& slot_;
    };

    // A free slot now, or after waiting in line when every slot is busy and
    // fewer than queueLimit() requests wait; nullptr when the line is full or
    // the pool was closed (the server answers 503 then).
    std::unique_ptr<Lease> acquire(std::span<const int32_t> prompt);
    // Stops handing out slots: every waiter and every later acquire gets nullptr.
    void close();

    uint32_t size() const { return uint32_t(slots_.size()); }
    uint32_t queueLimit() const { return queueLimit_; }
    uint32_t busy() const;
    uint32_t waiting() const;
    uint32_t contextSize() const { return ctx_; }

private:
    std::vector<std::unique_ptr<Slot>> slots_;
    std::vector<bool> busy_;
    uint32_t ctx_, queueLimit_;
    mutable std::mutex mutex_;
    std::condition_variable freed_;
    std::deque<uint64_t> line_; // tickets of the waiting requests, first come first served
    uint64_t nextTicket_ = 0, clock_ = 0;
    bool closed_ = false;

    void release(Slot& slot);
    Slot* pickFree(std::span<const int32_t> prompt); // with mutex_ held; nullptr when none is free
};

} // namespace cmf::server
