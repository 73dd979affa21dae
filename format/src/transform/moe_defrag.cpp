// moe-defrag (§11.1): a one-task file without the experts that task never routes to.
#include "cmf/format/moe_defrag.h"

#include "cmf/format/error.h"
#include "cmf/format/masks.h"
#include "cmf/format/shards.h"
#include "cmf/format/writer.h"

#include "ffn_gather.h"
#include "row_gather.h"
#include "skill_common.h"
#include "tensor_produce.h"

#include <charconv>
#include <map>
#include <mutex>
#include <numeric>

namespace cmf {
namespace {

constexpr std::string_view kExperts = "mlp.experts.";

std::string layerName(uint32_t l, const std::string& rest) { return "model.layers." + std::to_string(l) + "." + rest; }

// "model.layers.{l}.mlp.experts.{e}.{role}" -> (l, e, role).
struct ExpertName {
    uint32_t layer, expert;
    std::string role;
};
std::optional<ExpertName> expertName(std::string_view name) {
    const long l = detail::layerOf(name);
    if (l < 0) return std::nullopt;
    std::string_view rest = name.substr(std::string_view("model.layers.").size() + std::to_string(l).size() + 1);
    if (!rest.starts_with(kExperts)) return std::nullopt;
    rest.remove_prefix(kExperts.size());
    uint32_t e = 0;
    const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), e);
    if (ec != std::errc() || p == rest.data() || p == rest.data() + rest.size() || *p != '.') return std::nullopt;
    return ExpertName{uint32_t(l), e, std::string(p + 1, rest.data() + rest.size())};
}

// A layer's expert bank: role -> expert -> tensor index, roles in §2.2 order.
struct Bank {
    std::vector<std::string> roles;
    std::map<std::string, std::map<uint32_t, size_t>> tensors;
    bool emitted = false;
};

int roleRank(const std::string& role) {
    if (role == "gate_proj.weight") return 0;
    if (role == "up_proj.weight") return 1;
    if (role == "down_proj.weight") return 2;
    return 3;
}

enum class Kind { Copy, Router, Bias };
struct Planned {
    size_t src;
    std::string name;
    Kind kind;
    uint32_t layer = 0;
};

// A skill's replacement of a router, bias or expert would need the same
// renumbering; refusing is clearer than guessing.
void refuseSkillOverlays(const Model& m) {
    for (const auto& t : m.tensors()) {
        const std::string_view n = t.record.name;
        if (n.starts_with("skill.") && (n.find(".mlp.experts.") != std::string_view::npos || n.ends_with(".mlp.gate.weight") ||
                                        n.ends_with(".mlp.expert_bias")))
            throw Error(ErrorKind::Parse, "moe-defrag: skill tensor " + std::string(n) +
                                              " replaces an expert, router or expert_bias; bake or drop the skill first");
    }
}

// Renumbers the expert area of every mask that has one: new bit j is old bit
// kept[j]; experts past the kept count do not exist and stay 0. A row left
// with nothing routable becomes all-ones over the kept experts (the engine
// refuses a layer with no routable expert).
std::optional<std::vector<uint8_t>> remapMasks(const CmfFile& f, const std::vector<std::vector<uint32_t>>& kept,
                                               const std::vector<uint32_t>& before, std::vector<std::string>& notes) {
    if (!f.masks()) return std::nullopt;
    const MaskSet& ms = *f.masks();
    bool any = false;
    for (const auto& m : ms.masks) any |= m.hasExpertFields;
    const auto section = f.section(f.envelope().masks);
    if (!any) return std::vector<uint8_t>(section.begin(), section.end());
    const MaskLayout& l = ms.layout;
    const uint64_t expertBase = uint64_t(l.rows) * (l.ffnBytes() + l.headBytes()) + l.gatesBytes();
    const uint32_t layers = uint32_t(kept.size());
    std::vector<std::vector<uint8_t>> blobs;
    for (const auto& m : ms.masks) {
        std::vector<uint8_t> blob(m.blob, m.blob + m.blobLen);
        if (m.hasExpertFields) {
            for (uint32_t r = 0; r < l.rows; ++r) {
                const uint32_t layer = r % layers; // LOOP_MASKS rows are pass-major visits
                if (before[layer] == 0) continue;
                uint8_t* row = blob.data() + expertBase + uint64_t(r) * l.expertBytes();
                std::fill(row, row + l.expertBytes(), 0);
                bool anySet = false;
                for (size_t j = 0; j < kept[layer].size(); ++j)
                    if (kept[layer][j] < l.expertBits && m.expertBit(l, r, kept[layer][j])) row[j / 8] |= uint8_t(1u << (j % 8)), anySet = true;
                if (!anySet) {
                    for (size_t j = 0; j < kept[layer].size(); ++j) row[j / 8] |= uint8_t(1u << (j % 8));
                    notes.push_back("mask \"" + m.name + "\" row " + std::to_string(r) +
                                    ": none of its routable experts survive; the row is now unrestricted");
                }
            }
        }
        blobs.push_back(std::move(blob));
    }
    notes.push_back("expert areas of the task masks renumbered to the kept experts");
    return buildMasksSection(ms.meta, blobs);
}

} // namespace

MoeDefragReport moeDefrag(const std::string& input, const MoeStats& stats, double cover, const std::string& output,
                          const Control& control) {
    const Model m = Model::open(input);
    const nlohmann::json& src = m.primary().header();
    if (!src.contains("arch") || !src["arch"].is_object() || !src["arch"].contains("num_layers") ||
        !src["arch"]["num_layers"].is_number_unsigned())
        throw Error(ErrorKind::Parse, "moe-defrag: header arch.num_layers is missing");
    const uint32_t layers = src["arch"]["num_layers"];
    if (stats.layers.size() != layers)
        throw Error(ErrorKind::Parse, "moe-defrag: the stats have " + std::to_string(stats.layers.size()) + " layers, the model " +
                                          std::to_string(layers));
    refuseSkillOverlays(m);

    MoeDefragReport report;
    report.cover = cover;
    for (const auto& f : m.files()) report.inputBytes += f->fileSize();
    report.kept = moeKeepSets(stats, cover);
    report.expertsBefore.assign(layers, 0);
    report.massKept.assign(layers, 0.0);
    bool anyMoe = false;
    for (uint32_t l = 0; l < layers; ++l) {
        const auto r = m.find(layerName(l, "mlp.gate.weight"));
        if (!r) {
            if (!stats.layers[l].empty()) report.notes.push_back("layer " + std::to_string(l) + " is dense; its stats row is ignored");
            report.kept[l].clear();
            continue;
        }
        const auto& rec = m.tensors()[*r].record;
        if (rec.ndim != 2) throw Error(ErrorKind::Parse, "moe-defrag: router of layer " + std::to_string(l) + " is not 2-D");
        const uint32_t experts = rec.shape[0];
        if (stats.layers[l].size() != experts)
            throw Error(ErrorKind::Parse, "moe-defrag: layer " + std::to_string(l) + " has " + std::to_string(experts) +
                                              " experts, the stats count " + std::to_string(stats.layers[l].size()));
        anyMoe = true;
        report.expertsBefore[l] = experts;
        const double total = std::accumulate(stats.layers[l].begin(), stats.layers[l].end(), 0.0);
        double mass = 0;
        for (auto e : report.kept[l]) mass += stats.layers[l][e];
        report.massKept[l] = total > 0 ? mass / total : 1.0;
        if (total <= 0) report.notes.push_back("layer " + std::to_string(l) + " has no recorded routing; every expert is kept");
    }
    if (!anyMoe) throw Error(ErrorKind::Parse, "moe-defrag: " + input + " has no MoE layer (model.layers.{i}.mlp.gate.weight)");

    // The expert banks, then the output order: each MoE layer's kept experts
    // where its first expert tensor was, role-contiguous, renumbered.
    std::vector<Bank> banks(layers);
    for (size_t i = 0; i < m.tensors().size(); ++i) {
        const auto e = expertName(m.tensors()[i].record.name);
        if (!e || e->layer >= layers || report.expertsBefore[e->layer] == 0) continue;
        if (e->expert >= report.expertsBefore[e->layer])
            throw Error(ErrorKind::Parse, "moe-defrag: " + std::string(m.tensors()[i].record.name) + " is past the router's " +
                                              std::to_string(report.expertsBefore[e->layer]) + " rows");
        Bank& b = banks[e->layer];
        if (!b.tensors.count(e->role)) b.roles.push_back(e->role);
        b.tensors[e->role][e->expert] = i;
    }
    for (auto& b : banks)
        std::stable_sort(b.roles.begin(), b.roles.end(), [](const auto& x, const auto& y) { return roleRank(x) < roleRank(y); });

    std::vector<Planned> plan;
    for (size_t i = 0; i < m.tensors().size(); ++i) {
        const std::string name(m.tensors()[i].record.name);
        if (const auto e = expertName(name); e && e->layer < layers && report.expertsBefore[e->layer]) {
            Bank& b = banks[e->layer];
            if (b.emitted) continue;
            b.emitted = true;
            const auto& kept = report.kept[e->layer];
            for (const auto& role : b.roles)
                for (size_t j = 0; j < kept.size(); ++j)
                    if (const auto it = b.tensors[role].find(kept[j]); it != b.tensors[role].end())
                        plan.push_back({it->second, layerName(e->layer, "mlp.experts." + std::to_string(j) + "." + role), Kind::Copy});
            continue;
        }
        const long l = detail::layerOf(name);
        if (l >= 0 && uint32_t(l) < layers && report.expertsBefore[l]) {
            if (name == layerName(uint32_t(l), "mlp.gate.weight")) {
                plan.push_back({i, name, Kind::Router, uint32_t(l)});
                continue;
            }
            if (name == layerName(uint32_t(l), "mlp.expert_bias")) {
                plan.push_back({i, name, Kind::Bias, uint32_t(l)});
                continue;
            }
        }
        plan.push_back({i, name, Kind::Copy});
    }

    nlohmann::json header = src;
    header.erase("section_hashes");
    if (!header.contains("provenance") || !header["provenance"].is_object()) header["provenance"] = nlohmann::json::object();
    nlohmann::json keptCount = nlohmann::json::array(), keptIdx = nlohmann::json::array(), before = nlohmann::json::array(),
                   mass = nlohmann::json::array();
    for (uint32_t l = 0; l < layers; ++l) {
        const bool moe = report.expertsBefore[l] > 0;
        keptCount.push_back(moe ? nlohmann::json(report.kept[l].size()) : nlohmann::json());
        keptIdx.push_back(moe ? nlohmann::json(report.kept[l]) : nlohmann::json());
        before.push_back(moe ? nlohmann::json(report.expertsBefore[l]) : nlohmann::json());
        mass.push_back(moe ? nlohmann::json(report.massKept[l]) : nlohmann::json());
    }

    WriterSections sections = detail::sectionsOf(m.primary());
    if (auto masks = remapMasks(m.primary(), report.kept, report.expertsBefore, report.notes)) sections.masks = std::move(masks);

    std::vector<std::string> names;
    std::vector<uint64_t> sizes;
    for (const auto& p : plan) names.push_back(p.name), sizes.push_back(m.tensors()[p.src].record.nbytes);
    std::mutex noteMutex;
    std::vector<std::string> reencoded;

    const auto produce = [&](size_t i) -> detail::Produced {
        const Planned& p = plan[i];
        const ModelTensor& t = m.tensors()[p.src];
        const CmfFile& file = *m.files()[t.shard];
        if (p.kind == Kind::Copy) return detail::copyTensor(file, t.record, p.name);
        const auto& kept = report.kept[p.layer];
        const TensorBytes tb = m.tensorBytes(t);
        // Router rows: copied byte for byte where the layout is row-separable
        // (f16 — the converter's router dtype —, f32, bf16, q8_row, q8_2f,
        // q4_tiled, q4tp, q1, whole-group q4_block), so every kept expert's
        // logit is bit-identical to the runtime restriction §11.1 equates the
        // cut with. Otherwise dequant -> gather -> requant at the same dtype.
        auto verbatim = p.kind == Kind::Router ? detail::gatherRowsVerbatim(tb, kept) : detail::gatherElementsVerbatim(tb, kept);
        std::vector<uint64_t> shape = t.record.dims();
        shape[0] = kept.size();
        if (verbatim) {
            detail::Produced out = detail::finish(p.name, shape, {t.record.dtype, {}}, std::move(*verbatim), 0.0);
            out.report.source = std::string(dtypeName(t.record.dtype));
            out.report.sourceBytes = t.record.nbytes;
            out.report.copied = true;
            return out;
        }
        const auto values = p.kind == Kind::Router ? detail::gatherRows(tb, kept) : detail::gatherColumns(tb, kept);
        detail::Produced out = detail::encodeTensor(p.name, shape, values, t.record.dtype, {});
        out.report.source = std::string(dtypeName(t.record.dtype));
        out.report.sourceBytes = t.record.nbytes;
        std::lock_guard lock(noteMutex);
        reencoded.push_back(p.name + " (" + std::string(dtypeName(t.record.dtype)) + ")");
        return out;
    };
    // The router note goes into the header, so decide it before writing:
    // the verbatim path depends only on dtype and shape.
    for (const auto& p : plan) {
        if (p.kind != Kind::Router) continue;
        const ModelTensor& t = m.tensors()[p.src];
        if (!detail::gatherRowsVerbatim(TensorBytes{t.record.dtype, t.record.rowsCols(), m.tensorBytes(t).data, t.record.nbytes}, {}))
            reencoded.push_back(p.name);
    }
    report.routerCopy = reencoded.empty() ? "verbatim rows" : "re-encoded (layout not row-separable): " + std::to_string(reencoded.size()) + " routers";
    reencoded.clear();
    header["provenance"]["moe_defrag"] = {{"cover", cover},
                                          {"kept_per_layer", keptCount},
                                          {"experts_per_layer", before},
                                          {"kept_experts", keptIdx},
                                          {"routing_mass_kept", mass},
                                          {"router_rows", report.routerCopy}};

    auto out = detail::openOutputs(output, header, names, {}, std::move(sections), m.primary().envelope().requiredFeatures & LoopMasks);
    report.write = detail::writeAll(out, names, sizes, produce, "moe-defrag", control);
    return report;
}

} // namespace cmf
