#include "cmf/engine/runner.h"

#include "cmf/format/error.h"
#include "cmf/engine/layer_plan.h"
#include "column_gather.h"
#include "kernels/gated_act.h"
#include "kernels/gemm_int8.h"
#include "kernels/int8_panels.h"
#include "gated_delta_net.h"
#include "recurrent_state.h"

#include <algorithm>
#include <cmath>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace cmf::engine {
namespace {

constexpr size_t kBatchedAttention = 16; // from this many queries, attention runs as matrix products
// Queries per task: about this many rows (queries × the query heads of a KV
// head) share each block of keys read from the cache, so a model with few
// query heads per KV head (Qwen3: 2) re-reads its cache less often, and one
// with many (Qwen2.5: 7) keeps a task's rows in L2.
constexpr uint32_t kQueryRows = 256;

// v as at least n floats (contents undefined): a scratch buffer that only grows.
float* take(std::vector<float>& v, size_t n) {
    if (v.size() < n) v.resize(n);
    return v.data();
}

constexpr size_t kScratchKeep = size_t(64) << 20;

void addBias(float* y, const std::vector<float>& b, size_t n) {
    if (b.empty()) return;
    const size_t d = b.size();
    for (size_t t = 0; t < n; ++t)
        for (size_t i = 0; i < d; ++i) y[t * d + i] += b[i];
}


} // namespace

namespace {

std::vector<bool> attentionLayers(const Weights& w) {
    std::vector<bool> a;
    for (const auto& l : w.layers) a.push_back(mixerKind(l) != MixerKind::LinearAttention);
    return a;
}

} // namespace

Runner::Runner(std::shared_ptr<const Model> model, uint32_t ctx, std::shared_ptr<const Weights> stack, KvType kv)
    : model_(std::move(model)), stack_(std::move(stack)), weights_(stack_ ? stack_ : model_->weights()), ctx_(ctx),
      kv_(attentionLayers(*weights_), model_->config().kvHeads, model_->config().headDim, kv) {
    const auto& c = model_->config();
    if (ctx_ == 0) throw Error(ErrorKind::Parse, "context size must be at least 1");
    if (c.maxPositions && ctx_ > c.maxPositions)
        throw Error(ErrorKind::Parse, "context " + std::to_string(ctx_) + " exceeds the model's max_position_embeddings " +
                                          std::to_string(c.maxPositions));
    for (const auto& l : weights_->layers) ropes_.push_back(makeRope(l.rope, c.headDim));
    ropesPast_.resize(ropes_.size());
    // The caches grow as positions are used (see reserve), so a large context
    // costs memory only once the conversation gets there.
    state_ = std::make_unique<RecurrentState>(weights_->layers, c.linear);
}

Runner::~Runner() = default;

void Runner::reset() {
    pos_ = 0;
    history_.clear();
    state_->reset();
}

void Runner::requestCheckpoint(uint32_t pos) {
    if (state_->any()) requested_ = pos;
}

bool Runner::hasRecurrentState() const { return state_->any(); }

size_t Runner::recurrentStateBytes() const { return state_->liveBytes(); }
size_t Runner::checkpointBytes() const { return state_->checkpointBytes(); }

void Runner::rewind(uint32_t pos) {
    if (pos >= pos_) return;
    if (!state_->any()) {
        pos_ = pos;
        return;
    }
    const uint32_t from = state_->restore(pos);
    pos_ = from;
    std::vector<int32_t> again(history_.begin() + from, history_.begin() + pos);
    history_.resize(from);
    if (!again.empty()) {
        forward(again);
        replayed_ += again.size();
    }
}

void Runner::setWeights(std::shared_ptr<const Weights> weights) {
    weights_ = weights ? std::move(weights) : stack_ ? stack_ : model_->weights();
    setTask(task_); // the kept-neuron runs follow the weights' shapes; resets the position
}

void Runner::setTask(std::shared_ptr<const TaskPlan> task) {
    task_ = std::move(task);
    ffnRuns_.clear();
    keptDown_.clear();
    keptDownBytes_.clear();
    if (task_) {
        const auto& layers = weights_->layers;
        for (size_t li = 0; li < task_->ffnKeep.size() && li < layers.size(); ++li) {
            const auto& keep = task_->ffnKeep[li];
            const bool all = layers[li].moe() || keep.size() == layers[li].mlpGate.rows();
            ffnRuns_.push_back(all ? std::vector<RowRun>{} : rowRuns(keep));
            keptDown_.emplace_back();
            keptDownBytes_.emplace_back();
            if (all) continue;
            const TensorBytes& d = layers[li].mlpDown.bytes;
            if (auto g = gatherColumns(d, keep)) {
                keptDownBytes_.back() = std::move(*g);
                keptDown_.back().bytes = TensorBytes{d.dtype, {d.shape.rows, keep.size()}, keptDownBytes_.back().data(), keptDownBytes_.back().size()};
                // A packed model's down projection runs on panels; so does its narrower copy.
                if (layers[li].mlpDown.panels && kernels::packsToInt8(keptDown_.back().bytes))
                    keptDown_.back().panels = kernels::packPanels(keptDown_.back().bytes);
            }
        }
    }
    reset();
}

void Runner::setProbe(ForwardProbe* probe) {
    probe_ = probe;
    if (!probe_) return;
    const auto& layers = weights_->layers;
    probe_->ffnMass.resize(layers.size());
    probe_->expertCounts.resize(layers.size());
    for (size_t li = 0; li < layers.size(); ++li) {
        if (layers[li].moe()) probe_->expertCounts[li].resize(layers[li].experts.size());
        else probe_->ffnMass[li].resize(layers[li].mlpGate.rows());
    }
}

void Runner::reserve(uint32_t positions) {
    if (positions <= kv_.reserved()) return;
    kv_.reserve(std::max(positions, std::min(ctx_, 2 * kv_.reserved())));
}

void Runner::attention(const Layer& l, size_t li, const float* q, size_t n, float* out) const {
    const auto& c = model_->config();
    const uint32_t hd = c.headDim, group = l.heads / c.kvHeads;
    const size_t qStride = size_t(l.heads) * hd;
    const float scale = c.attnScale, cap = float(c.attnSoftcap);
    const KvRows rows = kv_.rows(li);
    const uint32_t window = mixerKind(l) == MixerKind::SlidingAttention ? c.slidingWindow : 0;
    const auto zeroMaskedHeads = [&] { // attention runs a KV head's query heads together; a masked one is zeroed after
        if (task_ && li < task_->heads.size())
            for (size_t h = 0; h < l.heads && h < task_->heads[li].size(); ++h)
                if (!task_->heads[li][h])
                    for (size_t t = 0; t < n; ++t) std::fill_n(out + t * qStride + h * hd, hd, 0.0f);
    };
    if (n >= kBatchedAttention) {
        const AttentionBatch a{q, qStride, rows, pos_, hd, group, window, scale, cap};
        const uint32_t perTask = std::clamp<uint32_t>(kQueryRows / group, 16, 128);
        const uint32_t chunks = uint32_t((n + perTask - 1) / perTask);
        tbb::parallel_for(uint32_t(0), chunks * c.kvHeads, [&](uint32_t job) {
            const uint32_t chunk = job / c.kvHeads, kvh = job % c.kvHeads;
            const uint32_t first = chunk * perTask;
            attendBatch(a, first, std::min<uint32_t>(perTask, uint32_t(n) - first), kvh, out);
        });
        zeroMaskedHeads();
        return;
    }
    // Decode and verify blocks: one position at a time, each KV head's cache read once for its query heads.
    attendEach({q, qStride, rows, pos_, hd, group, window, scale, cap}, c.kvHeads, uint32_t(n), out);
    zeroMaskedHeads();
}

// keep: the task's kept neurons as row runs (empty: all). Only their gate and
// up rows are read; the down projection gets zeros in the other columns.
void Runner::expertFfn(const Expert& e, const float* x, size_t n, float* out, std::span<const RowRun> keep,
                       std::vector<double>* mass, const Weight* keptDown) const {
    const size_t inter = e.gate.rows();
    const size_t kept = keep.empty() ? inter : size_t(keep.back().out + keep.back().count);
    float* const g = take(scratch_.gate, n * kept);
    float* const u = take(scratch_.up, n * kept);
    const MatmulOut gateUp[] = {{&e.gate, g, keep}, {&e.up, u, keep}};
    matmulMany(gateUp, x, n);
    const Activation act = model_->config().activation;
    // act(gate)·up per element: the same floats however it is split, so a
    // prefill's tens of millions of exps run on every thread.
    constexpr size_t kGrain = 16384;
    const auto gateUpRange = [&](size_t a, size_t b) {
        kernels::gatedActivation(act, g + a, u + a, b - a);
    };
    const size_t size = n * kept;
    if (size < 2 * kGrain) gateUpRange(0, size); // decode: not worth a task
    else tbb::parallel_for(tbb::blocked_range<size_t>(0, size, kGrain), [&](const tbb::blocked_range<size_t>& r) { gateUpRange(r.begin(), r.end()); });
    if (mass)
        for (size_t t = 0; t < n; ++t)
            for (size_t i = 0; i < kept; ++i) (*mass)[i] += std::fabs(g[t * kept + i]);
    if (keptDown) { // the kept columns alone: masked neurons are not multiplied at all
        matmul(*keptDown, g, n, out);
        return;
    }
    if (!keep.empty()) {
        std::vector<float> full(n * inter, 0.0f);
        for (size_t t = 0; t < n; ++t)
            for (const RowRun& r : keep) std::copy_n(g + t * kept + r.out, r.count, full.data() + t * inter + r.first);
        matmul(e.down, full.data(), n, out);
        return;
    }
    matmul(e.down, g, n, out);
}

void Runner::ffn(const Layer& l, size_t li, const float* x, size_t n, float* out) const {
    const size_t hidden = model_->config().hidden;
    if (ffnKind(l) == FfnKind::Dense) {
        const std::span<const RowRun> keep = li < ffnRuns_.size() ? std::span<const RowRun>(ffnRuns_[li]) : std::span<const RowRun>();
        // The probe sees every neuron (calibration runs dense).
        const Weight* keptDown = li < keptDown_.size() && keptDown_[li].present() ? &keptDown_[li] : nullptr;
        expertFfn(Expert{l.mlpGate, l.mlpUp, l.mlpDown}, x, n, out, keep, probe_ && keep.empty() ? &probe_->ffnMass[li] : nullptr, keptDown);
        return;
    }
    const auto& c = model_->config();
    const size_t E = l.router.rows();
    std::vector<float> logits(n * E);
    matmul(l.router, x, n, logits.data());
    std::fill(out, out + n * hidden, 0.0f);
    // Group the batch's tokens by expert, run each selected expert once over
    // its tokens; untouched experts cost nothing (their pages stay cold).
    std::vector<std::vector<std::pair<size_t, float>>> byExpert(E);
    const std::vector<bool>* routable = task_ && li < task_->routable.size() && !task_->routable[li].empty() ? &task_->routable[li] : nullptr;
    for (size_t t = 0; t < n; ++t) {
        const Route r = route(logits.data() + t * E, E, l.expertBias, c.topK, c.routerSigmoid, c.normTopK, c.routedScaling, routable);
        for (size_t k = 0; k < r.experts.size(); ++k) byExpert[r.experts[k]].push_back({t, r.weights[k]});
        if (probe_)
            for (uint32_t e : r.experts) ++probe_->expertCounts[li][e];
    }
    for (size_t e = 0; e < E; ++e) {
        const auto& toks = byExpert[e];
        if (toks.empty()) continue;
        std::vector<float> xin(toks.size() * hidden), y(toks.size() * hidden);
        for (size_t i = 0; i < toks.size(); ++i) std::copy_n(x + toks[i].first * hidden, hidden, xin.data() + i * hidden);
        expertFfn(l.experts[e], xin.data(), toks.size(), y.data());
        for (size_t i = 0; i < toks.size(); ++i)
            for (size_t j = 0; j < hidden; ++j) out[toks[i].first * hidden + j] += toks[i].second * y[i * hidden + j];
    }
    if (l.shared.gate.present()) {
        std::vector<float> y(n * hidden), g(n);
        expertFfn(l.shared, x, n, y.data());
        if (l.sharedGate.present()) matmul(l.sharedGate, x, n, g.data());
        for (size_t t = 0; t < n; ++t) {
            const float w = l.sharedGate.present() ? sigmoid(g[t]) : 1.0f;
            for (size_t j = 0; j < hidden; ++j) out[t * hidden + j] += w * y[t * hidden + j];
        }
    }
}

void Runner::embed(std::span<const int32_t> ids, float* x) const {
    const size_t H = model_->config().hidden;
    for (size_t t = 0; t < ids.size(); ++t) {
        if (ids[t] < 0 || uint64_t(ids[t]) >= weights_->embed.rows())
            throw Error(ErrorKind::Parse, "token id " + std::to_string(ids[t]) + " is outside the vocabulary");
        decodeRows(weights_->embed.bytes, uint64_t(ids[t]), uint64_t(ids[t]) + 1, x + t * H);
        if (const float s = model_->config().embedScale; s != 0)
            for (size_t i = 0; i < H; ++i) x[t * H + i] *= s;
    }
}

void Runner::layerForward(size_t li, float* xp, size_t n, std::span<const uint32_t> snapAfter, GdnState* snaps) {
    const auto& c = model_->config();
    const size_t H = c.hidden;
    const Layer& l = weights_->layers[li];
    float* const h = take(scratch_.norm, n * H);
    float* const tmp = take(scratch_.mix, n * H);
    float* x = xp;
    rmsNormRows(x, H, n, l.inputNorm.data(), H, c.eps, c.gemmaNorm, h, H);
    if (mixerKind(l) == MixerKind::LinearAttention) gatedDeltaNet(l.linear, c, state_->layer(li), h, n, tmp, snapAfter, snaps);
    else attentionMixer(l, li, h, n, tmp);
    const bool sandwich = sandwichNorms(l);
    if (sandwich) rmsNormRows(tmp, H, n, l.postAttnNorm.data(), H, c.eps, c.gemmaNorm, tmp, H);
    for (size_t i = 0; i < n * H; ++i) x[i] += tmp[i];
    rmsNormRows(x, H, n, sandwich ? l.preFfnNorm.data() : l.postAttnNorm.data(), H, c.eps, c.gemmaNorm, h, H);
    ffn(l, li, h, n, tmp);
    if (sandwich) rmsNormRows(tmp, H, n, l.postFfnNorm.data(), H, c.eps, c.gemmaNorm, tmp, H);
    for (size_t i = 0; i < n * H; ++i) x[i] += tmp[i];
}

// Frequencies that depend on the length (longrope past its original
// context, dynamic past max_position_embeddings) follow transformers: each
// forward uses those of its own end (its largest position + 1), and the keys
// already cached keep the rotation they were stored with, as in HF's cache.
const Rope& Runner::ropeFor(size_t li, uint32_t end) {
    const RopeConfig& cfg = weights_->layers[li].rope;
    if (end <= ropeFixedUpTo(cfg)) return ropes_[li];
    auto& [len, rope] = ropesPast_[li];
    if (len != end && (len == 0 || cfg.scaling == RopeScaling::Dynamic)) { // longrope's long factors do not change further
        rope = makeRope(cfg, model_->config().headDim, end);
        len = end;
    }
    return rope;
}

const float* Runner::anglesFor(const Rope& rope, size_t n) {
    RopeAngles& a = angles_;
    const bool same = !a.cs.empty() && a.pos == pos_ && a.n == n && a.rope.rotDim == rope.rotDim &&
                      a.rope.attentionFactor == rope.attentionFactor && a.rope.invFreq == rope.invFreq;
    if (!same) {
        a = {rope, pos_, n, std::vector<float>(n * rope.rotDim)};
        for (size_t t = 0; t < n; ++t) ropeAngles(rope, pos_ + uint32_t(t), a.cs.data() + t * rope.rotDim);
    }
    return a.cs.data();
}

// h: the normalised input (n × hidden); out: the attention block's output
// after o_proj (n × hidden), before any post-attention norm.
void Runner::attentionMixer(const Layer& l, size_t li, const float* h, size_t n, float* out) {
    const auto& c = model_->config();
    const size_t hd = c.headDim, kvw = size_t(c.kvHeads) * hd;
    const size_t qw = size_t(l.heads) * hd;
    // With an output gate q_proj's rows are, per head, hd query rows then hd gate rows.
    const size_t qRows = l.outputGate ? 2 * qw : qw;
    float* const q = take(scratch_.q, n * qw);
    float* const k = take(scratch_.k, n * kvw);
    float* const v = take(scratch_.v, n * kvw);
    float* const qg = l.outputGate ? take(scratch_.qg, n * qRows) : nullptr;
    const MatmulOut qkv[] = {{&l.q, l.outputGate ? qg : q}, {&l.k, k}, {&l.v, v}};
    matmulMany(qkv, h, n);
    if (l.outputGate)
        for (size_t t = 0; t < n; ++t)
            for (size_t head = 0; head < l.heads; ++head)
                std::copy_n(qg + t * qRows + head * 2 * hd, hd, q + t * qw + head * hd);
    addBias(q, l.qBias, n);
    addBias(k, l.kBias, n);
    addBias(v, l.vBias, n);
    const Rope& rope = ropeFor(li, pos_ + uint32_t(n));
    const float* const angles = anglesFor(rope, n);
    // Per-head q/k norms, every head of the batch at once (rows of hd).
    if (!l.qNorm.empty()) rmsNormRows(q, hd, n * l.heads, l.qNorm.data(), hd, c.eps, c.gemmaNorm, q, hd);
    if (!l.kNorm.empty()) rmsNormRows(k, hd, n * c.kvHeads, l.kNorm.data(), hd, c.eps, c.gemmaNorm, k, hd);
    for (size_t t = 0; t < n; ++t) {
        const uint32_t p = pos_ + uint32_t(t);
        const float* cs = angles + t * rope.rotDim;
        for (uint32_t head = 0; head < l.heads; ++head) ropeRotate(rope, cs, q + t * qw + head * hd);
        for (uint32_t head = 0; head < c.kvHeads; ++head) ropeRotate(rope, cs, k + t * kvw + head * hd);
        kv_.store(li, p, k + t * kvw, v + t * kvw);
    }
    float* const att = take(scratch_.att, n * qw);
    attention(l, li, q, n, att);
    if (l.outputGate) {
        // sigmoid(gate) per channel before o_proj (Qwen3.5's gated attention).
        for (size_t t = 0; t < n; ++t)
            for (size_t head = 0; head < l.heads; ++head) {
                const float* g = qg + t * qRows + head * 2 * hd + hd;
                float* a = att + t * qw + head * hd;
                for (size_t i = 0; i < hd; ++i) a[i] *= sigmoid(g[i]);
            }
    }
    if (l.gateProj.present()) {
        // softplus(g_proj·x) gates each head (or each channel) before o_proj.
        const size_t gw = l.gateProj.rows();
        std::vector<float> g(n * gw);
        matmul(l.gateProj, h, n, g.data());
        for (size_t t = 0; t < n; ++t)
            for (size_t i = 0; i < qw; ++i) att[t * qw + i] *= softplus(g[t * gw + (gw == qw ? i : i / hd)]);
    }
    matmul(l.o, att, n, out);
    addBias(out, l.oBias, n);
}

size_t Runner::Scratch::bytes() const {
    size_t n = 0;
    for (const auto* v : {&norm, &mix, &gate, &up, &q, &k, &v, &att, &qg}) n += v->capacity();
    return n * sizeof(float);
}

std::vector<float> Runner::verify(std::span<const int32_t> ids) {
    if (ids.empty()) throw Error(ErrorKind::Parse, "verify: no tokens");
    checkRoom(ids.size());
    hidden_.clear();
    hiddenStart_ = pos_;
    state_->startBlock();
    std::vector<float> rows;
    for (size_t at = 0; at < ids.size(); at += kExactBlock) {
        const auto block = ids.subspan(at, std::min(kExactBlock, ids.size() - at));
        auto r = run(block, true, true);
        // A block's logits (4 × vocab floats, 128 KiB at 8k) moved, not
        // copied: a fresh vector that size is fresh pages from the kernel,
        // whose faults cost a small model's block a fifth of its time.
        if (rows.empty()) rows = std::move(r);
        else rows.insert(rows.end(), r.begin(), r.end());
    }
    return rows;
}

std::vector<float> Runner::forward(std::span<const int32_t> ids, bool allLogits) {
    hidden_.clear();
    hiddenStart_ = pos_;
    return run(ids, allLogits, false);
}

void Runner::checkRoom(size_t n) const {
    if (pos_ + n > ctx_)
        throw Error(ErrorKind::Bounds, "context full: " + std::to_string(pos_) + " + " + std::to_string(n) + " tokens exceed " +
                                           std::to_string(ctx_));
}

std::vector<float> Runner::run(std::span<const int32_t> ids, bool allLogits, bool everyState) {
    const size_t n = ids.size();
    if (n == 0) throw Error(ErrorKind::Parse, "forward: no tokens");
    checkRoom(n);
    std::vector<float> x(n * model_->config().hidden);
    embed(ids, x.data());
    return runLayers(std::move(x), ids, allLogits, everyState, true);
}

std::vector<float> Runner::forwardInputs(std::span<const float> x, bool logits) {
    const size_t H = model_->config().hidden;
    if (x.empty() || x.size() % H) throw Error(ErrorKind::Parse, "forwardInputs: not a whole number of hidden-size rows");
    if (state_->any()) throw Error(ErrorKind::Parse, "forwardInputs: a recurrent state replays tokens, not input vectors");
    checkRoom(x.size() / H);
    hidden_.clear();
    hiddenStart_ = pos_;
    return runLayers(std::vector<float>(x.begin(), x.end()), {}, false, false, logits);
}

std::vector<float> Runner::runLayers(std::vector<float> x, std::span<const int32_t> ids, bool allLogits, bool everyState, bool logits) {
    const auto& c = model_->config();
    const size_t H = c.hidden, n = x.size() / H;
    reserve(pos_ + uint32_t(n));
    // Where this batch leaves checkpoints of the recurrent state (recurrent_state.h).
    const auto plan = state_->planCheckpoints(pos_, uint32_t(n), everyState ? std::nullopt : requested_, everyState);
    if (requested_ && *requested_ <= pos_ + n) requested_.reset(); // one past this batch waits for the forward that reaches it
    auto snaps = state_->snapshotBuffers(plan.after.size());
    for (size_t li = 0; li < weights_->layers.size(); ++li)
        if (!task_ || li >= task_->layers.size() || task_->layers[li]) // a gated-off layer passes the residual on
            layerForward(li, x.data(), n, plan.after, snaps.empty() ? nullptr : snaps[li].data());
    state_->keepSnapshots(pos_, plan, std::move(snaps));
    if (scratch_.bytes() > kScratchKeep) scratch_ = {};
    if (state_->any()) history_.insert(history_.end(), ids.begin(), ids.end());
    if (probe_) probe_->tokens += n;
    pos_ += uint32_t(n);
    // The final norm for the rows whose logits are asked for (and, keeping
    // hidden states, for every row).
    const size_t first = allLogits ? 0 : n - 1, from = keepHidden_ ? 0 : first;
    std::vector<float> h((n - from) * H);
    rmsNormRows(x.data() + from * H, H, n - from, weights_->finalNorm.data(), H, c.eps, c.gemmaNorm, h.data(), H);
    if (keepHidden_) hidden_.insert(hidden_.end(), h.begin(), h.end());
    if (!logits) return {};
    const size_t rows = n - first;
    std::vector<float> out(rows * weights_->lmHead.rows());
    matmul(weights_->lmHead, h.data() + (first - from) * H, rows, out.data());
    if (c.finalSoftcap > 0)
        for (auto& v : out) v = softcap(v, float(c.finalSoftcap));
    return out;
}

std::vector<float> Runner::residualAfter(std::span<const int32_t> ids, uint32_t layer) {
    const size_t n = ids.size(), H = model_->config().hidden;
    if (n == 0) throw Error(ErrorKind::Parse, "residualAfter: no tokens");
    if (n > ctx_) throw Error(ErrorKind::Bounds, std::to_string(n) + " tokens exceed the context of " + std::to_string(ctx_));
    if (layer >= weights_->layers.size())
        throw Error(ErrorKind::Parse, "layer " + std::to_string(layer) + " is past the model's " + std::to_string(weights_->layers.size()));
    reset();
    reserve(uint32_t(n));
    std::vector<float> x(n * H);
    embed(ids, x.data());
    for (size_t li = 0; li <= layer; ++li)
        if (!task_ || li >= task_->layers.size() || task_->layers[li]) layerForward(li, x.data(), n);
    reset(); // the layers after `layer` have no keys (or state) for these positions
    return x;
}

} // namespace cmf::engine
