#include "cmf/engine/calibrate.h"

#include "cmf/engine/perplexity.h"
#include "cmf/engine/runner.h"
#include "cmf/format/error.h"
#include "cmf/format/signature.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace cmf::engine {
namespace {

// Runs every document in windows of ctx tokens with the probe attached.
void probeCorpus(std::shared_ptr<const Model> model, const std::vector<std::vector<int32_t>>& docs, uint32_t ctx, ForwardProbe& probe,
                 const Control& control) {
    if (ctx == 0) throw Error(ErrorKind::Parse, "calibration window must be at least one token");
    uint64_t total = 0, done = 0;
    for (const auto& d : docs) total += d.size();
    if (total == 0) throw Error(ErrorKind::Parse, "the corpus has no tokens");
    Runner runner(model, ctx);
    runner.setProbe(&probe);
    for (const auto& d : docs)
        for (size_t start = 0; start < d.size(); start += ctx) {
            control.checkCancel();
            const size_t n = std::min<size_t>(ctx, d.size() - start);
            runner.reset();
            runner.forward(std::span<const int32_t>(d).subspan(start, n));
            done += n;
            control.report(done, total, "running the corpus");
        }
}

} // namespace

std::vector<std::vector<double>> ffnImportance(std::shared_ptr<const Model> model, const std::vector<std::vector<int32_t>>& docs,
                                               uint32_t ctx, const Control& control) {
    ForwardProbe probe;
    probeCorpus(model, docs, ctx, probe, control);
    auto importance = probe.ffnMass;
    const auto& layers = model->layers();
    for (size_t li = 0; li < layers.size(); ++li) {
        if (layers[li].moe()) continue;
        // ‖down[:, i]‖ over the decoded down projection, one row at a time.
        const Weight& down = layers[li].mlpDown;
        std::vector<double> norm2(down.cols(), 0.0);
        std::vector<float> row(down.cols());
        for (uint64_t r = 0; r < down.rows(); ++r) {
            decodeRows(down.bytes, r, r + 1, row.data());
            for (uint64_t i = 0; i < down.cols(); ++i) norm2[i] += double(row[i]) * row[i];
        }
        for (size_t i = 0; i < importance[li].size() && i < norm2.size(); ++i) importance[li][i] *= std::sqrt(norm2[i]);
    }
    return importance;
}

std::vector<std::vector<uint32_t>> keepMostImportant(const std::vector<std::vector<double>>& importance, double keep) {
    if (!(keep > 0 && keep <= 1)) throw Error(ErrorKind::Parse, "keep fraction must be in (0, 1]");
    std::vector<std::vector<uint32_t>> out;
    for (const auto& layer : importance) {
        std::vector<uint32_t> idx(layer.size());
        std::iota(idx.begin(), idx.end(), 0u);
        const size_t k = layer.empty() ? 0 : std::clamp<size_t>(size_t(std::llround(keep * double(layer.size()))), 1, layer.size());
        std::stable_sort(idx.begin(), idx.end(), [&](uint32_t a, uint32_t b) { return layer[a] > layer[b]; });
        idx.resize(k);
        std::sort(idx.begin(), idx.end());
        out.push_back(std::move(idx));
    }
    return out;
}

std::shared_ptr<const TaskPlan> planFromKeep(const Model& model, const std::vector<std::vector<uint32_t>>& keep, const std::string& name) {
    const auto& layers = model.layers();
    if (keep.size() != layers.size())
        throw Error(ErrorKind::Parse, "keep sets for " + std::to_string(keep.size()) + " layers, the model has " + std::to_string(layers.size()));
    auto plan = std::make_shared<TaskPlan>();
    plan->name = name;
    uint64_t kept = 0, total = 0;
    for (size_t li = 0; li < layers.size(); ++li) {
        const uint64_t width = layers[li].moe() ? 0 : layers[li].mlpGate.rows();
        for (uint32_t i : keep[li])
            if (i >= width) throw Error(ErrorKind::Parse, "layer " + std::to_string(li) + " keeps neuron " + std::to_string(i) + " of " + std::to_string(width));
        plan->ffnKeep.push_back(layers[li].moe() ? std::vector<uint32_t>{} : keep[li]);
        kept += layers[li].moe() ? 0 : keep[li].size();
        total += width;
        plan->heads.emplace_back(layers[li].heads, true);
        plan->layers.push_back(true);
        plan->routable.emplace_back();
    }
    plan->sparsity = total ? 1.0 - double(kept) / double(total) : 0.0;
    return plan;
}

nlohmann::json MaskQuality::toJson() const {
    return {{"metric", "heldout_ppl_ratio"}, {"value", dense > 0 ? masked / dense : 0.0}, {"baseline_dense", dense},
            {"masked", masked},              {"n_samples", tokens},                       {"dataset_sha256", datasetSha256}};
}

MaskQuality measureMask(std::shared_ptr<const Model> model, std::span<const int32_t> heldout, std::shared_ptr<const TaskPlan> plan,
                        uint32_t ctx, const Control& control) {
    MaskQuality q;
    const uint32_t stride = std::max<uint32_t>(1, ctx / 2);
    const auto dense = perplexity(model, heldout, ctx, stride, control);
    RunnerSetup setup;
    setup.task = std::move(plan);
    const auto masked = perplexity(model, heldout, ctx, stride, control, setup);
    q.dense = dense.perplexity;
    q.masked = masked.perplexity;
    q.tokens = masked.tokensPredicted;
    return q;
}

std::string fileSha256(const std::string& path) {
    const auto d = sig::sha256File(path);
    std::string hex;
    char b[3];
    for (uint8_t v : d) std::snprintf(b, sizeof b, "%02x", v), hex += b;
    return hex;
}

nlohmann::json routeStatistics(std::shared_ptr<const Model> model, const std::vector<std::vector<int32_t>>& docs, uint32_t ctx,
                               const Control& control) {
    ForwardProbe probe;
    probeCorpus(model, docs, ctx, probe, control);
    return {{"layers", probe.expertCounts}, {"tokens", probe.tokens}, {"top_k", model->config().topK}};
}

} // namespace cmf::engine
