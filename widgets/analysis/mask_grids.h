#pragma once
// A task mask's bit fields (spec §5) as grids for display: one row per mask
// row (layer, or visit under LOOP_MASKS), one cell per FFN neuron, head,
// layer gate or expert, 1 = active. And the comparison of two masks cell by
// cell. Bits are read with Mask::ffnBit / headBit / expertBit, the format's
// one definition of the bit order. Plain data, no Qt.
#include "cmf/format/masks.h"

#include <cstdint>
#include <vector>

namespace cmfw {

enum class MaskArea { Ffn, Heads, Gates, Experts };

struct MaskGrid {
    int rows = 0, cols = 0;
    std::vector<float> values; // row-major
    float at(int r, int c) const { return values[size_t(r) * size_t(cols) + size_t(c)]; }
    bool empty() const { return rows == 0 || cols == 0; }
};

// 0/1 per bit. Gates are rows × 1. The expert area of a mask that has none is
// empty (§5: such a mask restricts no expert); so is an area of width 0.
MaskGrid maskGrid(const cmf::MaskLayout& layout, const cmf::Mask& mask, MaskArea area);

// a's columns, then b's (same rows): heads and the layer's gate in one map.
MaskGrid joinColumns(const MaskGrid& a, const MaskGrid& b);

// Per-cell category of two same-shaped 0/1 grids.
enum DiffCategory : int { Neither = 0, OnlyA = 1, OnlyB = 2, Both = 3 };
MaskGrid maskDifference(const MaskGrid& a, const MaskGrid& b);

struct DiffCounts {
    uint64_t neither = 0, onlyA = 0, onlyB = 0, both = 0;
};
DiffCounts countDifference(const MaskGrid& diff);

// Share of active cells per row (1 − sparsity of that layer).
std::vector<float> activeFraction(const MaskGrid& g);
uint64_t activeCount(const MaskGrid& g);

} // namespace cmfw
