#include "cmf/engine/skill_graft.h"

#include "cmf/engine/perplexity.h"
#include "cmf/format/error.h"
#include "cmf/format/safetensors.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cmf::engine {
namespace {

std::optional<uint32_t> layerOf(const std::string& name) {
    static const std::string prefix = "model.layers.";
    if (name.rfind(prefix, 0) != 0) return std::nullopt;
    size_t end = prefix.size();
    while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
    if (end == prefix.size()) return std::nullopt;
    return uint32_t(std::stoul(name.substr(prefix.size(), end - prefix.size())));
}

bool familyMatches(const std::string& name, const std::string& family) {
    if (family == "all") return true;
    if (family == "ffn") return name.find(".mlp.") != std::string::npos;
    if (family == "attn") return name.find(".self_attn.") != std::string::npos;
    throw Error(ErrorKind::Parse, "--tensors must be ffn, attn or all, not '" + family + "'");
}

// A vbit tensor's mean row width, so the replacement gets the same budget.
double meanBits(const TensorBytes& t) {
    double sum = 0;
    for (uint64_t r = 0; r < t.shape.rows; ++r) sum += t.data[r];
    return t.shape.rows ? sum / double(t.shape.rows) : 4.5;
}

} // namespace

std::vector<bool> parseLayerSet(const std::string& spec, uint32_t layers) {
    std::vector<bool> on(layers, spec == "all");
    if (spec == "all") return on;
    auto bad = [&] { return Error(ErrorKind::Parse, "--layers must be all, A-B or a comma list of layer indices, not '" + spec + "'"); };
    try {
        if (const auto dash = spec.find('-'); dash != std::string::npos) {
            const uint32_t a = uint32_t(std::stoul(spec.substr(0, dash))), b = uint32_t(std::stoul(spec.substr(dash + 1)));
            if (a > b || b >= layers) throw bad();
            for (uint32_t i = a; i <= b; ++i) on[i] = true;
            return on;
        }
        size_t pos = 0;
        while (pos <= spec.size()) {
            const size_t comma = std::min(spec.find(',', pos), spec.size());
            const uint32_t i = uint32_t(std::stoul(spec.substr(pos, comma - pos)));
            if (i >= layers) throw bad();
            on[i] = true;
            pos = comma + 1;
        }
    } catch (const std::logic_error&) {
        throw bad();
    }
    return on;
}

std::vector<GraftedTensor> graftTensors(const Model& backbone, const GraftOptions& o, const Control& control) {
    const auto donor = Checkpoint::open(o.donorDir);
    const auto& file = backbone.file();
    const auto layerOn = parseLayerSet(o.layers, backbone.config().layers);
    std::vector<GraftedTensor> out;
    size_t shared = 0, done = 0;
    const size_t total = file.tensors().size();
    for (const auto& mt : file.tensors()) {
        control.checkCancel();
        control.report(done++, total, "comparing tensors");
        const std::string name(mt.record.name);
        if (name.rfind("skill.", 0) == 0) continue;
        const StTensor* d = donor.find(name);
        if (!d) continue;
        ++shared;
        const auto layer = layerOf(name);
        if (layer ? !layerOn[*layer] : o.layers != "all") continue;
        if (!familyMatches(name, o.tensors)) continue;
        const TensorBytes b = file.tensorBytes(mt);
        if (d->rows() != b.shape.rows || d->cols() != b.shape.cols)
            throw Error(ErrorKind::Parse, "donor tensor " + name + " is " + std::to_string(d->rows()) + "×" + std::to_string(d->cols()) +
                                              ", the backbone's " + std::to_string(b.shape.rows) + "×" + std::to_string(b.shape.cols));
        if (!d->isFloat()) throw Error(ErrorKind::Parse, "donor tensor " + name + " is " + d->dtypeName + ", not a float type");
        std::vector<float> dv(b.shape.count()), bv(b.shape.count());
        d->toFloat(0, d->rows(), dv.data());
        donor.release(*d);
        decodeRows(b, 0, b.shape.rows, bv.data());
        // The change against the backbone as stored: a tensor the donor left
        // alone differs only by the backbone's quantization, below min-delta.
        const double delta = relativeRmsError(bv.data(), dv.data(), bv.size());
        if (!(delta > o.minDelta)) continue;
        const uint32_t ndim = uint32_t(mt.record.ndim);
        const auto choice = chooseDType(o.skillQuant.value_or(b.dtype), ndim, b.shape);
        EncodeOptions enc;
        if (b.dtype == DType::VBit || b.dtype == DType::VBitRo) enc.meanBits = meanBits(b);
        GraftedTensor g;
        g.name = name;
        g.dtype = choice.dtype;
        g.shape = mt.record.dims();
        g.bytes = encode(choice.dtype, b.shape, dv.data(), enc);
        g.relDelta = delta;
        out.push_back(std::move(g));
    }
    if (shared == 0) throw Error(ErrorKind::Parse, o.donorDir + " shares no tensor name with the backbone: not a donor of this model");
    control.report(total, total, "comparing tensors");
    return out;
}

std::vector<uint32_t> graftedLayers(const std::vector<GraftedTensor>& tensors) {
    std::set<uint32_t> s;
    for (const auto& t : tensors)
        if (const auto l = layerOf(t.name)) s.insert(*l);
    return {s.begin(), s.end()};
}

std::shared_ptr<const Weights> overlayOf(const Model& backbone, const std::vector<GraftedTensor>& tensors) {
    std::map<std::string, TensorBytes> repl;
    for (const auto& t : tensors) {
        // As the directory reads it (TensorRecord::rowsCols): the first dim by
        // the rest, so a 3-D conv1d [conv_dim, 1, K] is conv_dim × K.
        TensorShape s{1, t.shape.empty() ? 1 : t.shape.back()};
        if (t.shape.size() >= 2) {
            s.rows = t.shape[0];
            s.cols = 1;
            for (size_t d = 1; d < t.shape.size(); ++d) s.cols *= t.shape[d];
        }
        repl[t.name] = TensorBytes{t.dtype, s, t.bytes.data(), t.bytes.size()};
    }
    return backbone.weightsWith(repl);
}

nlohmann::json measureOverlay(std::shared_ptr<const Model> model, std::shared_ptr<const Weights> overlay, std::span<const int32_t> heldout,
                              uint32_t ctx, const std::string& datasetSha256, const Control& control) {
    const uint32_t stride = std::max<uint32_t>(1, ctx / 2);
    const auto base = perplexity(model, heldout, ctx, stride, control);
    RunnerSetup s;
    s.weights = std::move(overlay);
    const auto over = perplexity(model, heldout, ctx, stride, control, s);
    return {{"metric", "ppl"}, {"backbone", base.perplexity}, {"overlaid", over.perplexity}, {"n_samples", over.tokensPredicted},
            {"dataset_sha256", datasetSha256}};
}

} // namespace cmf::engine
