#pragma once
// Where the weights decode streams live. Decode reads every per-token
// weight once a token; through the 4 KiB pages of a file mapping that read
// 10-20 % slower than from 2 MiB pages of private memory on this machine
// kind (qwen2.5-0.5b q8, 2 threads, alternating: 22-24 against 26-27 GB/s):
// the prefetchers stop at every page and the TLB misses every 4 KiB. So by
// default those weights — the ones forEachWeight calls per-token: attention,
// dense FFN, routers, shared experts, lm_head — are copied at load into one
// arena of huge pages and read there, and the mapped pages they came from
// leave the resident set (the page cache keeps them). Everything else stays
// mapped and costs nothing until read: the embedding (a row a token),
// routed experts, skills not in use, an MTP head. The resident memory is
// the same bytes the mapped run would touch.
//
// Not for a compact model (its matmuls read int8 panels, weight_panels.h),
// nor when the copies would take more than half of what this process may
// hold. CMF_WEIGHTS=mapped keeps every weight in the mapping;
// CMF_WEIGHTS=loaded reads whole files into private memory instead (Model::open).
#include "cmf/engine/model.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace cmf {
class HugePageMemory;
}

namespace cmf::engine {

class ResidentCopies {
public:
    explicit ResidentCopies(const cmf::Model& file) : file_(file) {}
    ~ResidentCopies();
    // Points w's per-token weights that lie in the file at copies (a tensor
    // copied for an earlier call shares that copy; the rest go into a new
    // arena), and its embedding too when it is the copied lm_head.
    void adopt(Weights& w) const;
    uint64_t bytes() const; // of every arena

private:
    const cmf::Model& file_;
    mutable std::mutex mutex_;
    mutable std::map<const uint8_t*, const uint8_t*> copyOf_; // a tensor's bytes in the file → in an arena
    mutable std::vector<std::unique_ptr<HugePageMemory>> arenas_;
};

// The bytes of w's per-token weights: what adopt would copy.
uint64_t perTokenBytes(const Weights& w);
// Whether the engine copies them: CMF_WEIGHTS unset and the copies within
// half of what this process may hold.
bool residentCopiesPay(uint64_t bytes);

} // namespace cmf::engine
