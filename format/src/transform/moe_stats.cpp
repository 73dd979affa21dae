// Expert selection stats (§11.1) and the keep-set they imply.
#include "cmf/format/moe_defrag.h"

#include "cmf/format/error.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>

namespace cmf {

MoeStats parseMoeStats(const nlohmann::json& j) {
    if (!j.is_object()) throw Error(ErrorKind::Parse, "MoE stats: expected a JSON object with a \"layers\" array");
    const char* key = j.contains("layers") ? "layers" : j.contains("counts") ? "counts" : nullptr;
    if (!key || !j[key].is_array())
        throw Error(ErrorKind::Parse, "MoE stats: expected \"layers\" (or \"counts\"): one array of per-expert counts per layer");
    MoeStats s;
    for (size_t l = 0; l < j[key].size(); ++l) {
        const auto& row = j[key][l];
        s.layers.emplace_back();
        if (row.is_null()) continue;
        if (!row.is_array()) throw Error(ErrorKind::Parse, "MoE stats: layer " + std::to_string(l) + " is not an array of counts");
        for (size_t e = 0; e < row.size(); ++e) {
            if (!row[e].is_number() || !std::isfinite(row[e].get<double>()) || row[e].get<double>() < 0)
                throw Error(ErrorKind::Parse, "MoE stats: layer " + std::to_string(l) + ", expert " + std::to_string(e) +
                                                  ": a count must be a finite number >= 0");
            s.layers.back().push_back(row[e].get<double>());
        }
    }
    return s;
}

MoeStats loadMoeStats(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw Error(ErrorKind::Io, path + ": cannot read");
    const auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded()) throw Error(ErrorKind::Parse, path + ": not valid JSON");
    try {
        return parseMoeStats(j);
    } catch (const Error& e) {
        throw Error(e.kind(), path + ": " + e.what());
    }
}

std::vector<std::vector<uint32_t>> moeKeepSets(const MoeStats& stats, double cover) {
    if (!(cover > 0.0 && cover <= 1.0)) throw Error(ErrorKind::Parse, "MoE cover must be in (0, 1], got " + std::to_string(cover));
    std::vector<std::vector<uint32_t>> out;
    for (const auto& row : stats.layers) {
        std::vector<uint32_t> idx(row.size());
        std::iota(idx.begin(), idx.end(), 0u);
        const double total = std::accumulate(row.begin(), row.end(), 0.0);
        if (total > 0) {
            std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return row[a] > row[b]; });
            // A hair of tolerance so that a cover written as a decimal (0.95)
            // is not missed by the last bit of its binary form.
            const double need = cover * total * (1.0 - 1e-12);
            double mass = 0;
            size_t k = 0;
            while (k < idx.size() && mass < need) mass += row[idx[k++]];
            idx.resize(k);
            std::sort(idx.begin(), idx.end());
        }
        out.push_back(std::move(idx));
    }
    return out;
}

std::vector<std::vector<bool>> moeExpertMask(const MoeStats& stats, double cover) {
    const auto keep = moeKeepSets(stats, cover);
    std::vector<std::vector<bool>> out;
    for (size_t l = 0; l < keep.size(); ++l) {
        std::vector<bool> bits(stats.layers[l].size(), false);
        for (auto e : keep[l]) bits[e] = true;
        out.push_back(std::move(bits));
    }
    return out;
}

} // namespace cmf
