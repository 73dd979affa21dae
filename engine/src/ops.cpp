#include "cmf/engine/ops.h"

#include "cmf/format/error.h"
#include "kernels/row_dot.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cmf::engine {

void rmsNorm(const float* x, const float* w, size_t n, double eps, bool gemma, float* out) { rmsNormRows(x, n, 1, w, n, eps, gemma, out, n); }

namespace {
// Σ x² of M rows, each summed in order, the M sums side by side in registers.
template <size_t M>
void squareSums(const float* x, size_t stride, size_t n, double* ss) {
    double a[M] = {};
    for (size_t i = 0; i < n; ++i)
        for (size_t r = 0; r < M; ++r) {
            const double v = x[r * stride + i];
            a[r] += v * v;
        }
    for (size_t r = 0; r < M; ++r) ss[r] = a[r];
}
} // namespace

void rmsNormRows(const float* x, size_t xStride, size_t rows, const float* w, size_t n, double eps, bool gemma, float* out,
                 size_t outStride) {
    // Each row's squares summed in order, as one row alone would be (the
    // floats do not depend on the grouping), up to eight rows side by side:
    // one row's sum is a chain of dependent double adds, eight chains keep
    // the adder busy (a decode step's per-head q/k norms, a block's rows).
    for (size_t r0 = 0; r0 < rows; r0 += 8) {
        const size_t m = std::min<size_t>(8, rows - r0);
        const float* xr0 = x + r0 * xStride;
        double ss[8];
        switch (m) {
        case 8: squareSums<8>(xr0, xStride, n, ss); break;
        case 7: squareSums<7>(xr0, xStride, n, ss); break;
        case 6: squareSums<6>(xr0, xStride, n, ss); break;
        case 5: squareSums<5>(xr0, xStride, n, ss); break;
        case 4: squareSums<4>(xr0, xStride, n, ss); break;
        case 3: squareSums<3>(xr0, xStride, n, ss); break;
        case 2: squareSums<2>(xr0, xStride, n, ss); break;
        default: squareSums<1>(xr0, xStride, n, ss); break;
        }
        for (size_t r = 0; r < m; ++r) {
            const float inv = float(1.0 / std::sqrt(ss[r] / double(n) + eps));
            const float* xr = xr0 + r * xStride;
            float* o = out + (r0 + r) * outStride;
            for (size_t i = 0; i < n; ++i) o[i] = (xr[i] * inv) * (gemma ? 1.0f + w[i] : w[i]);
        }
    }
}

void attendHead(const float* q, const float* K, const float* V, size_t kvStride, uint32_t first, uint32_t last, uint32_t hd,
                float scale, float* out, float cap) {
    std::vector<float> s(last + 1 - first);
    for (uint32_t j = first; j <= last; ++j) {
        s[j - first] = softcap(kernels::dot(q, K + size_t(j) * kvStride, hd) * scale, cap);
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
        for (auto& s : scores) s = cmf::engine::sigmoid(s);
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
