#include "analysis/bit_allocation.h"

#include "models/tensor_name.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cmfw {

std::vector<uint8_t> rowWidths(const cmf::TensorBytes& t) {
    if (t.dtype != cmf::DType::VBit && t.dtype != cmf::DType::VBitRo) return {};
    if (t.data == nullptr || t.nbytes < t.shape.rows) return {};
    return std::vector<uint8_t>(t.data, t.data + t.shape.rows);
}

BitsPerWeight bitsPerWeight(const cmf::TensorBytes& t) {
    BitsPerWeight b;
    const uint64_t n = t.shape.count();
    if (n == 0) return b;
    b.total = double(t.nbytes) * 8.0 / double(n);
    switch (t.dtype) {
    case cmf::DType::F32: b.codes = 32; break;
    case cmf::DType::F16:
    case cmf::DType::BF16: b.codes = 16; break;
    case cmf::DType::U8:
    case cmf::DType::Q8Row:
    case cmf::DType::Q8_2F: b.codes = 8; break;
    case cmf::DType::Q4Block:
    case cmf::DType::Q4Tiled:
    case cmf::DType::Q4TP: b.codes = 4; break;
    case cmf::DType::VBit:
    case cmf::DType::VBitRo: {
        // Every row holds `cols` codes of its own width: the mean width is the code cost.
        const auto w = rowWidths(t);
        double sum = 0;
        for (uint8_t x : w) sum += x;
        b.codes = w.empty() ? b.total : sum / double(w.size());
        break;
    }
    case cmf::DType::Q1:
    case cmf::DType::Q1S: b.codes = 1; break;
    case cmf::DType::Q1T: b.codes = 7.0 * 8.0 / 32.0; break; // 7 bytes of base-3 codes per 32 weights
    default: b.codes = b.total; break;
    }
    b.codes = std::min(b.codes, b.total);
    b.overhead = b.total - b.codes;
    return b;
}

FamilyKey familyKey(std::string_view name, std::string_view prefix) {
    if (!prefix.empty() && name.starts_with(prefix)) name.remove_prefix(prefix.size());
    FamilyKey k;
    k.layer = layerOf(name);
    std::string s(name);
    if (k.layer >= 0) {
        // Everything up to and including "layers.N." is the layer, the rest the family.
        const std::string key = "layers." + std::to_string(k.layer) + ".";
        if (const size_t p = s.find(key); p != std::string::npos) s = s.substr(p + key.size());
    } else {
        if (s.starts_with("model.")) s = s.substr(6);
        if (k.layer == kMtpLayer)
            if (const size_t p = s.find("mtp."); p != std::string::npos) s = s.substr(p + 4);
    }
    // All experts of a layer share a family (the budget is shared across it, §3.2).
    if (const size_t p = s.find("experts."); p != std::string::npos) {
        size_t q = p + 8;
        while (q < s.size() && s[q] >= '0' && s[q] <= '9') ++q;
        if (q > p + 8 && q < s.size() && s[q] == '.') s = s.substr(0, p + 8) + "*" + s.substr(q);
    }
    if (s.ends_with(".weight")) s.resize(s.size() - 7);
    k.family = s;
    return k;
}

std::vector<std::string> skillPrefixes(const TensorSource& src) {
    std::vector<std::string> out;
    for (uint64_t i = 0; i < src.count(); ++i) {
        const std::string_view n = src.record(i).name;
        if (!n.starts_with("skill.")) continue;
        const size_t dot = n.find('.', 6);
        if (dot == std::string_view::npos) continue;
        std::string p(n.substr(0, dot + 1));
        if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
    }
    return out;
}

BitGrid modelBitGrid(const TensorSource& src, std::string_view prefix) {
    struct Acc {
        std::vector<uint64_t> tensors;
        uint64_t elements = 0, nbytes = 0;
    };
    // Rows: layers ascending, then the MTP head, then what lies outside layers.
    auto rowOrder = [](int layer) { return layer >= 0 ? layer : layer == kMtpLayer ? std::numeric_limits<int>::max() - 1
                                                                                     : std::numeric_limits<int>::max(); };
    std::map<std::pair<int, std::string>, Acc> cells;
    std::map<int, int> rowKeys;                            // order → layer
    std::map<std::string, std::pair<int, std::string>> famOrder; // family → (family group, name) for sorting
    for (uint64_t i = 0; i < src.count(); ++i) {
        const cmf::TensorRecord r = src.record(i);
        const bool skill = r.name.starts_with("skill.");
        if (prefix.empty() ? skill : !r.name.starts_with(prefix)) continue;
        const FamilyKey k = familyKey(r.name, prefix);
        Acc& a = cells[{k.layer, k.family}];
        a.tensors.push_back(i);
        a.elements += r.count();
        a.nbytes += r.nbytes;
        rowKeys[rowOrder(k.layer)] = k.layer;
        famOrder.emplace(k.family, std::make_pair(int(familyOf(r.name.substr(prefix.size()))), k.family));
    }
    BitGrid g;
    for (const auto& [order, layer] : rowKeys) g.layers.push_back(layer);
    std::vector<std::pair<std::pair<int, std::string>, std::string>> fams;
    for (const auto& [f, key] : famOrder) fams.push_back({key, f});
    // Grouped like the tensor table's families (embeddings, attention, FFN, experts, norms), natural order inside.
    std::sort(fams.begin(), fams.end(), [](const auto& a, const auto& b) {
        if (a.first.first != b.first.first) return a.first.first < b.first.first;
        return naturalCompare(a.second, b.second) < 0;
    });
    for (const auto& f : fams) g.families.push_back(f.second);
    const size_t n = g.layers.size() * g.families.size();
    g.meanBits.assign(n, std::numeric_limits<double>::quiet_NaN());
    g.tensors.assign(n, {});
    g.elements.assign(n, 0);
    g.nbytes.assign(n, 0);
    for (int r = 0; r < g.rows(); ++r)
        for (int c = 0; c < g.cols(); ++c) {
            const auto it = cells.find({g.layers[size_t(r)], g.families[size_t(c)]});
            if (it == cells.end()) continue;
            const size_t i = g.cell(r, c);
            g.tensors[i] = it->second.tensors;
            g.elements[i] = it->second.elements;
            g.nbytes[i] = it->second.nbytes;
            if (it->second.elements) g.meanBits[i] = double(it->second.nbytes) * 8.0 / double(it->second.elements);
        }
    return g;
}

} // namespace cmfw
