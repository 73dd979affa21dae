#include "cmf/engine/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_set>

namespace cmf::engine {

Sampler::Sampler(SamplingParams p) : p_(p), rng_(p.seed) {}

int32_t Sampler::sample(std::span<const float> logits, std::span<const int32_t> history) {
    std::vector<float> l(logits.begin(), logits.end());
    // Penalties over the recent window, each distinct token once (as HF's
    // repetition penalty: divide positive logits, multiply negative ones).
    if (p_.repetitionPenalty != 1.0f || p_.presencePenalty != 0.0f) {
        std::unordered_set<int32_t> seen;
        const size_t from = history.size() > p_.penaltyWindow ? history.size() - p_.penaltyWindow : 0;
        for (size_t i = from; i < history.size(); ++i) seen.insert(history[i]);
        for (int32_t t : seen) {
            if (t < 0 || size_t(t) >= l.size()) continue;
            float& x = l[size_t(t)];
            if (p_.repetitionPenalty != 1.0f) x = x > 0 ? x / p_.repetitionPenalty : x * p_.repetitionPenalty;
            x -= p_.presencePenalty;
        }
    }
    // Greedy: the first maximum (ties to the lower id).
    if (p_.greedy || p_.temperature <= 0.0f) return int32_t(std::max_element(l.begin(), l.end()) - l.begin());

    std::vector<int32_t> idx(l.size());
    std::iota(idx.begin(), idx.end(), 0);
    size_t keep = l.size();
    if (p_.topK > 0 && p_.topK < keep) keep = p_.topK;
    std::partial_sort(idx.begin(), idx.begin() + long(keep), idx.end(), [&](int32_t a, int32_t b) { return l[size_t(a)] > l[size_t(b)]; });
    idx.resize(keep);
    // Probabilities of the survivors at the temperature.
    std::vector<double> prob(keep);
    const double top = l[size_t(idx[0])];
    double sum = 0;
    for (size_t i = 0; i < keep; ++i) sum += (prob[i] = std::exp((double(l[size_t(idx[i])]) - top) / p_.temperature));
    for (auto& q : prob) q /= sum;
    // min-p: drop tokens below minP × the best probability; top-p: the
    // smallest prefix whose mass reaches topP. Both keep at least one token.
    size_t n = keep;
    if (p_.minP > 0)
        while (n > 1 && prob[n - 1] < p_.minP * prob[0]) --n;
    if (p_.topP < 1.0f) {
        double acc = 0;
        for (size_t i = 0; i < n; ++i) {
            acc += prob[i];
            if (acc >= p_.topP) {
                n = i + 1;
                break;
            }
        }
    }
    std::discrete_distribution<size_t> pick(prob.begin(), prob.begin() + long(n));
    return idx[pick(rng_)];
}

} // namespace cmf::engine
