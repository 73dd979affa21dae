#include "cmf/format/defrag.h"

#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/shards.h"

#include "ffn_gather.h"
#include "row_gather.h"
#include "skill_common.h"
#include "tensor_produce.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace cmf {
namespace {

enum class Role { Gate, Up, Down, GateBias, UpBias };

struct FfnTensor {
    uint32_t layer;
    Role role;
};

// "[skill.{id}.]model.layers.{i}.mlp.{gate,up,down}_proj.{weight,bias}" —
// the tensors whose neuron axis defrag shrinks. A skill's replacement of
// one (§9) is full-shape, so it shrinks the same way. down_proj's bias is
// [hidden] and stays.
std::optional<FfnTensor> ffnTensor(std::string_view name) {
    if (name.starts_with("skill.")) {
        const auto at = name.find(".model.layers.", 6);
        if (at == std::string_view::npos) return std::nullopt;
        name.remove_prefix(at + 1);
    }
    const long layer = detail::layerOf(name);
    if (layer < 0) return std::nullopt;
    name.remove_prefix(std::string_view("model.layers.").size() + std::to_string(layer).size() + 1);
    static const std::pair<std::string_view, Role> kRoles[] = {
        {"mlp.gate_proj.weight", Role::Gate}, {"mlp.up_proj.weight", Role::Up}, {"mlp.down_proj.weight", Role::Down},
        {"mlp.gate_proj.bias", Role::GateBias}, {"mlp.up_proj.bias", Role::UpBias}};
    for (const auto& [suffix, role] : kRoles)
        if (name == suffix) return FfnTensor{uint32_t(layer), role};
    return std::nullopt;
}

std::string layerName(uint32_t l, const char* rest) { return "model.layers." + std::to_string(l) + "." + rest; }

// Checks keep-sets against the model; returns each layer's FFN width (0 when
// the layer has no dense FFN).
std::vector<uint64_t> checkKeepSets(const Model& m, const KeepSets& keep, uint32_t layers) {
    if (keep.size() != layers)
        throw Error(ErrorKind::Parse, "defrag: " + std::to_string(keep.size()) + " keep-sets for a model of " +
                                          std::to_string(layers) + " layers");
    std::vector<uint64_t> width(layers, 0);
    for (uint32_t l = 0; l < layers; ++l) {
        const auto g = m.find(layerName(l, "mlp.gate_proj.weight"));
        const auto u = m.find(layerName(l, "mlp.up_proj.weight"));
        const auto d = m.find(layerName(l, "mlp.down_proj.weight"));
        if (!g && !u && !d) continue;
        if (!g || !u || !d) throw Error(ErrorKind::Parse, "defrag: layer " + std::to_string(l) + " lacks one of gate/up/down_proj");
        const auto& gr = m.tensors()[*g].record;
        const auto& ur = m.tensors()[*u].record;
        const auto& dr = m.tensors()[*d].record;
        if (gr.ndim != 2 || ur.ndim != 2 || dr.ndim != 2 || gr.shape[0] != ur.shape[0] || gr.shape[0] != dr.shape[1])
            throw Error(ErrorKind::Parse, "defrag: layer " + std::to_string(l) +
                                              ": gate_proj.rows, up_proj.rows and down_proj.cols differ (§11 invariant)");
        width[l] = gr.shape[0];
        const auto& k = keep[l];
        if (k.empty())
            throw Error(ErrorKind::Parse, "defrag: layer " + std::to_string(l) + " keeps no FFN neuron; a layer needs at least one");
        for (size_t i = 0; i < k.size(); ++i) {
            if (k[i] >= width[l])
                throw Error(ErrorKind::Parse, "defrag: layer " + std::to_string(l) + " keeps neuron " + std::to_string(k[i]) +
                                                  " of " + std::to_string(width[l]));
            if (i > 0 && k[i] <= k[i - 1])
                throw Error(ErrorKind::Parse, "defrag: layer " + std::to_string(l) + "'s keep-set is not strictly ascending");
        }
    }
    return width;
}

uint32_t archU32(const nlohmann::json& h, const char* key) {
    if (!h.contains("arch") || !h["arch"].is_object() || !h["arch"].contains(key) || !h["arch"][key].is_number_unsigned())
        throw Error(ErrorKind::Parse, std::string("defrag: header arch.") + key + " is missing");
    return h["arch"][key].get<uint32_t>();
}

} // namespace

KeepSets keepSetsFromMask(const CmfFile& f, const std::string& task) {
    if (!f.masks()) throw Error(ErrorKind::Parse, f.path() + " has no masks section; defrag needs a task mask (§5)");
    if (f.envelope().has(LoopMasks))
        throw Error(ErrorKind::Parse, f.path() + " masks per loop visit (LOOP_MASKS); one layer's weights cannot bake two visits' masks");
    const Mask* m = f.masks()->find(task);
    if (!m) {
        std::string known;
        for (const auto& x : f.masks()->masks) known += (known.empty() ? "" : ", ") + x.name;
        throw Error(ErrorKind::Parse, f.path() + " has no task mask \"" + task + "\" (it has: " + known + ")");
    }
    const MaskLayout& l = f.masks()->layout;
    KeepSets keep(l.rows);
    for (uint32_t r = 0; r < l.rows; ++r)
        for (uint32_t i = 0; i < l.ffnBits; ++i)
            if (m->ffnBit(l, r, i)) keep[r].push_back(i);
    return keep;
}

DefragReport defrag(const std::string& input, const KeepSets& keep, const std::string& output, const std::string& sourceTask,
                    const Control& control) {
    const Model m = Model::open(input);
    const nlohmann::json& src = m.primary().header();
    const uint32_t layers = archU32(src, "num_layers");
    const std::vector<uint64_t> width = checkKeepSets(m, keep, layers);

    DefragReport report;
    for (const auto& f : m.files()) report.inputBytes += f->fileSize();
    report.preIntermediate = archU32(src, "intermediate_size");
    uint64_t before = 0, after = 0;
    for (uint32_t l = 0; l < layers; ++l) {
        if (width[l] == 0) {
            report.keptPerLayer.push_back(-1);
            continue;
        }
        report.keptPerLayer.push_back(int64_t(keep[l].size()));
        report.postIntermediateMax = std::max<uint32_t>(report.postIntermediateMax, uint32_t(keep[l].size()));
        before += width[l];
        after += keep[l].size();
    }
    if (before == 0) throw Error(ErrorKind::Parse, "defrag: " + input + " has no dense FFN layer (model.layers.{i}.mlp.gate_proj)");
    report.prunedRatio = 1.0 - double(after) / double(before);

    nlohmann::json header = src;
    header.erase("section_hashes");
    header["arch"]["intermediate_size"] = report.postIntermediateMax;
    if (!header.contains("provenance") || !header["provenance"].is_object()) header["provenance"] = nlohmann::json::object();
    nlohmann::json kept = nlohmann::json::array();
    for (auto k : report.keptPerLayer) kept.push_back(k < 0 ? nlohmann::json() : nlohmann::json(k));
    header["provenance"]["defrag"] = {{"source_task", sourceTask.empty() ? nlohmann::json() : nlohmann::json(sourceTask)},
                                      {"pre_intermediate", report.preIntermediate},
                                      {"post_intermediate_max", report.postIntermediateMax},
                                      {"kept_per_layer", kept},
                                      {"pruned_ratio", report.prunedRatio}};
    EncodeOptions eo;
    if (src.contains("provenance") && src["provenance"].is_object() && src["provenance"].contains("mean_bits") &&
        src["provenance"]["mean_bits"].is_number())
        eo.meanBits = src["provenance"]["mean_bits"].get<double>(); // vbit keeps its budget

    // Masks and the sparse index describe the unpruned model: both go.
    WriterSections sections = detail::sectionsOf(m.primary());
    sections.masks.reset();
    sections.index.reset();

    std::vector<std::string> names;
    std::vector<uint64_t> sizes;
    for (const auto& t : m.tensors()) names.emplace_back(t.record.name), sizes.push_back(t.record.nbytes);
    std::mutex fallbackMutex;
    auto out = detail::openOutputs(output, header, names, {}, std::move(sections), 0);
    report.write = detail::writeAll(out, names, sizes, [&](size_t i) {
        const ModelTensor& t = m.tensors()[i];
        const auto ffn = ffnTensor(t.record.name);
        if (!ffn || ffn->layer >= layers || width[ffn->layer] == 0) return detail::copyTensor(m, t);
        const auto& k = keep[ffn->layer];
        const TensorBytes tb = m.tensorBytes(t);
        const std::string name(t.record.name);
        const bool bias = ffn->role == Role::GateBias || ffn->role == Role::UpBias;
        if (bias && (t.record.ndim != 1 || t.record.count() != width[ffn->layer]))
            throw Error(ErrorKind::Parse, "defrag: " + name + " is not a 1-D vector of the layer's FFN width");
        if (!bias && t.record.ndim != 2) throw Error(ErrorKind::Parse, "defrag: " + name + " is not a 2-D matrix");
        std::vector<uint64_t> shape = t.record.dims();
        std::vector<float> values;
        DType want = t.record.dtype;
        std::string why;
        switch (ffn->role) {
        case Role::GateBias:
        case Role::UpBias: {
            if (auto bytes = detail::gatherElementsVerbatim(tb, k)) {
                detail::Produced p = detail::finish(name, {k.size()}, {t.record.dtype, {}}, std::move(*bytes), 0.0);
                p.report.source = std::string(dtypeName(t.record.dtype));
                p.report.sourceBytes = t.record.nbytes;
                return p;
            }
            values = detail::gatherColumns(tb, k);
            shape = {k.size()};
            break;
        }
        case Role::Gate:
        case Role::Up:
            if (tb.shape.rows != width[ffn->layer]) throw Error(ErrorKind::Parse, "defrag: " + name + " does not have the layer's FFN rows");
            values = detail::gatherRows(tb, k);
            shape[0] = k.size();
            break;
        case Role::Down:
            if (tb.shape.cols != width[ffn->layer]) throw Error(ErrorKind::Parse, "defrag: " + name + " does not have the layer's FFN columns");
            values = detail::gatherColumns(tb, k);
            shape[1] = k.size();
            // §11: a quant group of 32 runs along down_proj's neuron axis.
            if (dtypeNeedsIn32(want) && k.size() % 32 != 0) {
                why = "kept width " + std::to_string(k.size()) + " is not a multiple of 32: " + std::string(dtypeName(want)) + " -> q8_2f";
                want = DType::Q8_2F;
            }
            break;
        }
        detail::Produced p = detail::encodeTensor(name, shape, values, want, eo);
        if (!why.empty()) p.report.reason = why;
        p.report.source = std::string(dtypeName(t.record.dtype));
        p.report.sourceBytes = t.record.nbytes;
        if (p.dtype != t.record.dtype && shape.size() >= 2) {
            std::lock_guard lock(fallbackMutex);
            report.fallbacks.push_back(name + ": " + p.report.reason);
        }
        return p;
    }, "defragmenting", control);
    std::sort(report.fallbacks.begin(), report.fallbacks.end());
    return report;
}

} // namespace cmf
