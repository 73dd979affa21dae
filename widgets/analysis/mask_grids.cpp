#include "analysis/mask_grids.h"

#include <algorithm>

namespace cmfw {

MaskGrid maskGrid(const cmf::MaskLayout& L, const cmf::Mask& m, MaskArea area) {
    MaskGrid g;
    g.rows = int(L.rows);
    switch (area) {
    case MaskArea::Ffn: g.cols = int(L.ffnBits); break;
    case MaskArea::Heads: g.cols = int(L.headBits); break;
    case MaskArea::Gates: g.cols = L.gateBits ? 1 : 0; break;
    case MaskArea::Experts: g.cols = m.hasExpertFields ? int(L.expertBits) : 0; break;
    }
    if (g.rows == 0 || g.cols == 0) return {};
    g.values.resize(size_t(g.rows) * size_t(g.cols));
    for (uint32_t r = 0; r < L.rows; ++r)
        for (uint32_t c = 0; c < uint32_t(g.cols); ++c) {
            bool on = false;
            switch (area) {
            case MaskArea::Ffn: on = m.ffnBit(L, r, c); break;
            case MaskArea::Heads: on = m.headBit(L, r, c); break;
            case MaskArea::Gates: on = r < m.layerGates.size() && m.layerGates[r]; break;
            case MaskArea::Experts: on = m.expertBit(L, r, c); break;
            }
            g.values[size_t(r) * size_t(g.cols) + c] = on ? 1.f : 0.f;
        }
    return g;
}

MaskGrid joinColumns(const MaskGrid& a, const MaskGrid& b) {
    if (a.empty()) return b;
    if (b.empty() || a.rows != b.rows) return a;
    MaskGrid g{a.rows, a.cols + b.cols, {}};
    g.values.reserve(size_t(g.rows) * size_t(g.cols));
    for (int r = 0; r < a.rows; ++r) {
        for (int c = 0; c < a.cols; ++c) g.values.push_back(a.at(r, c));
        for (int c = 0; c < b.cols; ++c) g.values.push_back(b.at(r, c));
    }
    return g;
}

MaskGrid maskDifference(const MaskGrid& a, const MaskGrid& b) {
    if (a.rows != b.rows || a.cols != b.cols) return {};
    MaskGrid d{a.rows, a.cols, std::vector<float>(a.values.size())};
    for (size_t i = 0; i < a.values.size(); ++i) {
        const bool x = a.values[i] != 0, y = b.values[i] != 0;
        d.values[i] = float(x && y ? Both : x ? OnlyA : y ? OnlyB : Neither);
    }
    return d;
}

DiffCounts countDifference(const MaskGrid& diff) {
    DiffCounts c;
    for (float v : diff.values) switch (int(v)) {
        case OnlyA: ++c.onlyA; break;
        case OnlyB: ++c.onlyB; break;
        case Both: ++c.both; break;
        default: ++c.neither; break;
        }
    return c;
}

std::vector<float> activeFraction(const MaskGrid& g) {
    std::vector<float> f(size_t(std::max(0, g.rows)), 0.f);
    for (int r = 0; r < g.rows; ++r) {
        uint64_t n = 0;
        for (int c = 0; c < g.cols; ++c) n += g.at(r, c) != 0;
        f[size_t(r)] = g.cols ? float(double(n) / g.cols) : 0.f;
    }
    return f;
}

uint64_t activeCount(const MaskGrid& g) { return uint64_t(std::count_if(g.values.begin(), g.values.end(), [](float v) { return v != 0; })); }

} // namespace cmfw
