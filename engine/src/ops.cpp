#include "cmf/engine/ops.h"

#include "cmf/format/error.h"
#include "kernels/gemm_int8.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace cmf::engine {

void rmsNorm(const float* x, const float* w, size_t n, double eps, bool gemma, float* out) {
    double ss = 0;
    for (size_t i = 0; i < n; ++i) ss += double(x[i]) * double(x[i]);
    const float inv = float(1.0 / std::sqrt(ss / double(n) + eps));
    for (size_t i = 0; i < n; ++i) out[i] = (x[i] * inv) * (gemma ? 1.0f + w[i] : w[i]);
}

namespace {

constexpr size_t kFusedTokens = 4; // up to this batch, matmul reads weights in place per token

} // namespace

void matmul(const Weight& w, const float* x, size_t nTok, float* y) {
    const uint64_t rows = w.rows(), cols = w.cols();
    if (nTok <= kFusedTokens && kernels::fused(w.bytes)) {
        // Decode: every weight byte is read once per token, in place.
        std::vector<kernels::Activation> acts(nTok);
        std::vector<float> scaled, qScales;
        std::vector<int8_t> q;
        if (w.bytes.dtype == DType::Q8_2F) scaled.resize(nTok * cols);
        if (kernels::needsInt8(w.bytes)) q.resize(nTok * cols), qScales.resize(nTok * cols / 32);
        for (size_t t = 0; t < nTok; ++t) {
            acts[t].x = x + t * cols;
            if (!scaled.empty()) {
                kernels::scaleByColumnField(w.bytes, x + t * cols, scaled.data() + t * cols);
                acts[t].x = scaled.data() + t * cols;
            }
            if (!q.empty()) {
                kernels::quantizeActivation(x + t * cols, cols, q.data() + t * cols, qScales.data() + t * cols / 32);
                acts[t].q = q.data() + t * cols;
                acts[t].qScale = qScales.data() + t * cols / 32;
            }
        }
        // About 64 KB of weights per task: enough work to amortise scheduling, enough tasks to balance.
        const uint64_t grain = std::max<uint64_t>(8, (uint64_t(1) << 16) / std::max<uint64_t>(1, w.bytes.nbytes / std::max<uint64_t>(1, rows)));
        tbb::parallel_for(tbb::blocked_range<uint64_t>(0, rows, grain), [&](const tbb::blocked_range<uint64_t>& range) {
            float out[512];
            for (uint64_t r0 = range.begin(); r0 < range.end(); r0 += 512) {
                const uint64_t r1 = std::min<uint64_t>(range.end(), r0 + 512);
                for (size_t t = 0; t < nTok; ++t) {
                    kernels::dotRows(w.bytes, r0, r1, acts[t], out);
                    std::copy(out, out + (r1 - r0), y + t * rows + r0);
                }
            }
        });
        return;
    }
    if (kernels::packsToInt8(w.bytes)) {
        // Prefill, int8-coded weights: activations quantized once per call, a
        // block of rows unpacked to int8 once and used for every token.
        const uint64_t groups = cols / 32;
        std::vector<int8_t> xq(nTok * cols);
        std::vector<float> xs(nTok * groups), scaled;
        for (size_t t = 0; t < nTok; ++t) {
            const float* xt = x + t * cols;
            if (w.bytes.dtype == DType::Q8_2F) {
                scaled.resize(cols);
                kernels::scaleByColumnField(w.bytes, xt, scaled.data());
                xt = scaled.data();
            }
            kernels::quantizeActivation(xt, cols, xq.data() + t * cols, xs.data() + t * groups);
        }
        const uint64_t block = std::max<uint64_t>(2, std::min<uint64_t>(128, (uint64_t(1) << 16) / cols)) & ~uint64_t(1);
        tbb::parallel_for(uint64_t(0), (rows + block - 1) / block, [&](uint64_t b) {
            const uint64_t r0 = b * block, r1 = std::min(rows, r0 + block);
            std::vector<int8_t> codes((r1 - r0) * cols);
            std::vector<float> scales((r1 - r0) * groups);
            kernels::packInt8(w.bytes, r0, r1, codes.data(), scales.data());
            kernels::gemmInt8(codes.data(), scales.data(), r1 - r0, cols, xq.data(), xs.data(), nTok, y + r0, rows);
        });
        return;
    }
    // Prefill: decode a block of rows to float32 once and use it for every
    // token of the batch, through the register-tiled float32 kernel.
    const uint64_t block = std::max<uint64_t>(1, std::min<uint64_t>(64, (1u << 16) / std::max<uint64_t>(1, cols)));
    tbb::parallel_for(uint64_t(0), (rows + block - 1) / block, [&](uint64_t b) {
        const uint64_t r0 = b * block, r1 = std::min(rows, r0 + block);
        std::vector<float> buf((r1 - r0) * cols);
        decodeRows(w.bytes, r0, r1, buf.data());
        kernels::gemmF32(buf.data(), r1 - r0, cols, x, nTok, y + r0, rows);
    });
}

Rope makeRope(const RopeConfig& c, uint32_t headDim) {
    Rope r;
    r.rotDim = uint32_t(double(headDim) * c.partialRotaryFactor);
    r.rotDim -= r.rotDim % 2;
    const uint32_t half = r.rotDim / 2;
    r.invFreq.resize(half);
    for (uint32_t i = 0; i < half; ++i) r.invFreq[i] = 1.0 / std::pow(c.theta, double(2 * i) / double(r.rotDim));
    if (c.yarnFactor > 1.0) {
        // YaRN: interpolate the low frequencies by `factor`, keep the high
        // ones, ramp linearly between the correction dims of beta_fast and
        // beta_slow; scale cos and sin by the attention factor.
        const double dim = r.rotDim, base = c.theta, maxPos = c.yarnOriginalMax;
        auto correctionDim = [&](double rotations) {
            return dim * std::log(maxPos / (rotations * 2 * M_PI)) / (2 * std::log(base));
        };
        double low = std::max(0.0, std::floor(correctionDim(c.yarnBetaFast)));
        double high = std::min(dim - 1, std::ceil(correctionDim(c.yarnBetaSlow)));
        if (low == high) high += 0.001;
        for (uint32_t i = 0; i < half; ++i) {
            const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
            const double extrapolation = 1.0 - ramp;
            const double interp = r.invFreq[i] / c.yarnFactor;
            r.invFreq[i] = interp * (1.0 - extrapolation) + r.invFreq[i] * extrapolation;
        }
        r.attentionFactor = float(c.yarnAttentionFactor);
    }
    return r;
}

void applyRope(const Rope& r, float* x, uint32_t pos) {
    const uint32_t half = r.rotDim / 2;
    for (uint32_t i = 0; i < half; ++i) {
        const double angle = double(pos) * r.invFreq[i];
        const float c = float(std::cos(angle)) * r.attentionFactor, s = float(std::sin(angle)) * r.attentionFactor;
        const float a = x[i], b = x[i + half];
        x[i] = a * c - b * s;
        x[i + half] = b * c + a * s;
    }
}

void attendHead(const float* q, const float* K, const float* V, size_t kvStride, uint32_t first, uint32_t last, uint32_t hd,
                float scale, float* out) {
    std::vector<float> s(last + 1 - first);
    for (uint32_t j = first; j <= last; ++j) {
        s[j - first] = kernels::dot(q, K + size_t(j) * kvStride, hd) * scale;
    }
    softmaxInPlace(s.data(), s.size());
    std::fill(out, out + hd, 0.0f);
    for (uint32_t j = first; j <= last; ++j) {
        kernels::axpy(s[j - first], V + size_t(j) * kvStride, out, hd);
    }
}

void softmaxInPlace(float* x, size_t n) {
    float mx = -INFINITY;
    for (size_t i = 0; i < n; ++i) mx = std::max(mx, x[i]);
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += (x[i] = std::exp(x[i] - mx));
    const float inv = float(1.0 / sum);
    for (size_t i = 0; i < n; ++i) x[i] *= inv;
}

Route route(const float* logits, size_t n, const std::vector<float>& bias, uint32_t topK, bool sigmoid, bool renormalise,
            double scaling, const std::vector<bool>* routable) {
    std::vector<float> scores(logits, logits + n);
    std::vector<uint32_t> candidates;
    for (uint32_t e = 0; e < n; ++e)
        if (!routable || (*routable)[e]) candidates.push_back(e);
    if (sigmoid) {
        for (auto& s : scores) s = 1.0f / (1.0f + std::exp(-s));
    } else {
        // Softmax over the routable experts only (§5: a task's expert area
        // renormalises over its set).
        float mx = -INFINITY;
        for (auto e : candidates) mx = std::max(mx, scores[e]);
        double sum = 0;
        for (auto e : candidates) sum += std::exp(double(scores[e] - mx));
        for (auto e : candidates) scores[e] = float(std::exp(double(scores[e] - mx)) / sum);
    }
    // Selection uses score + expert_bias; the gathered weights do not (§2.2).
    auto key = [&](uint32_t e) { return scores[e] + (bias.empty() ? 0.0f : bias[e]); };
    const size_t k = std::min<size_t>(topK, candidates.size());
    std::stable_sort(candidates.begin(), candidates.end(), [&](uint32_t a, uint32_t b) { return key(a) > key(b); }); // ties: lower index
    Route r;
    r.experts.assign(candidates.begin(), candidates.begin() + long(k));
    double total = 0;
    for (auto e : r.experts) r.weights.push_back(scores[e]), total += scores[e];
    for (auto& w : r.weights) {
        if (renormalise && total > 0) w = float(w / total);
        w = float(w * scaling);
    }
    return r;
}

} // namespace cmf::engine
