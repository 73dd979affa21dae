#pragma once
// Which models run on int8 panels (kernels/int8_panels.h), and the packing
// of their weights.
//
// A model is packed when its int8-coded matmul weights, as panels, fit the
// last-level cache: its decode is then bound by instructions, not memory,
// and a row-at-a-time kernel spends most of them summing each row's lanes
// (the demo model: 4.8 MB, 4.5k → 7.2k tok/s on one thread), while a verify
// block of four costs about three forwards there instead of about 1.6. A
// larger model streams its weights from memory at their stored size, which
// panels would double for the 4-bit family. CMF_PANELS=on|off decides
// instead (tests run both ways).
#include "cmf/engine/model.h"
#include "cmf/format/directory.h"

#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>

namespace cmf::engine {

// The panel bytes of the matmul weights a forward pass of the backbone runs
// (its layers, the MTP head, lm_head or the tied embedding), from the
// directory, and whether the engine packs a model of that size here.
uint64_t panelBytesOf(std::span<const TensorRecord> records);
// One tensor's, named as the backbone names it (a skill's replacement under
// the name it replaces); 0 for a tensor that is not a packed matmul weight.
uint64_t panelBytesOf(std::string_view name, const TensorRecord& r, bool hasLmHead);
bool panelsPay(uint64_t panelBytes);

// Packs weights once per tensor of a model: a skill's view shares the
// backbone's panels for the tensors it does not replace.
class PanelCache {
public:
    // w.panels for an int8-coded weight (else w unchanged). cache: false for
    // bytes that may not outlive this call's caller (in-memory replacements).
    void attach(Weight& w, bool cache = true) const;
    // What the cached panels take (the backbone's, and those of the skills loaded so far).
    uint64_t bytes() const;

private:
    mutable std::mutex mutex_;
    // By payload and how it is read (§1.2 lets two records share bytes).
    mutable std::map<std::tuple<const uint8_t*, DType, uint64_t, uint64_t>, std::shared_ptr<const kernels::Int8Panels>> packed_;
};

} // namespace cmf::engine
