#include "cmf/engine/sampler.h"

#include "kernels/argmax.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace cmf::engine {
namespace {

double probabilityOf(const TokenDistribution& d, int32_t token) {
    for (const auto& [t, p] : d)
        if (t == token) return p;
    return 0.0;
}

} // namespace

Sampler::Sampler(SamplingParams p) : p_(p), rng_(p.seed) {}

TokenDistribution Sampler::distribution(std::span<const float> logits, std::span<const int32_t> history) const {
    const bool penalties = p_.repetitionPenalty != 1.0f || p_.presencePenalty != 0.0f || p_.frequencyPenalty != 0.0f;
    // Greedy: the first maximum (ties to the lower id), read in place.
    if (greedy() && !penalties) return {{int32_t(kernels::argmax(logits.data(), logits.size())), 1.0}};
    std::vector<float> l(logits.begin(), logits.end());
    // Penalties over the recent window, each distinct token once (as HF's
    // repetition penalty: divide positive logits, multiply negative ones).
    if (penalties) {
        std::unordered_map<int32_t, uint32_t> seen; // token → times in the window
        const size_t from = history.size() > p_.penaltyWindow ? history.size() - p_.penaltyWindow : 0;
        for (size_t i = from; i < history.size(); ++i) ++seen[history[i]];
        for (const auto& [t, count] : seen) {
            if (t < 0 || size_t(t) >= l.size()) continue;
            float& x = l[size_t(t)];
            if (p_.repetitionPenalty != 1.0f) x = x > 0 ? x / p_.repetitionPenalty : x * p_.repetitionPenalty;
            x -= p_.presencePenalty + p_.frequencyPenalty * float(count);
        }
    }
    if (greedy()) return {{int32_t(kernels::argmax(l.data(), l.size())), 1.0}};

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
    double kept = 0;
    for (size_t i = 0; i < n; ++i) kept += prob[i];
    TokenDistribution d(n);
    for (size_t i = 0; i < n; ++i) d[i] = {idx[i], prob[i] / kept};
    return d;
}

int32_t Sampler::draw(const TokenDistribution& d) {
    if (greedy()) return d[0].first; // greedy draws nothing: the random stream stays as it was
    std::vector<double> w(d.size());
    for (size_t i = 0; i < d.size(); ++i) w[i] = d[i].second;
    std::discrete_distribution<size_t> pick(w.begin(), w.end());
    return d[pick(rng_)].first;
}

int32_t Sampler::sample(std::span<const float> logits, std::span<const int32_t> history) { return draw(distribution(logits, history)); }

int32_t Sampler::acceptOrResample(const TokenDistribution& p, const TokenDistribution& q, int32_t draft) {
    const double pd = probabilityOf(p, draft), qd = probabilityOf(q, draft);
    if (qd > 0 && pd >= qd) return draft; // min(1, p/q) = 1: no draw needed
    if (qd > 0 && std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < pd / qd) return draft;
    std::unordered_map<int32_t, double> qOf;
    for (const auto& [t, v] : q) qOf[t] = v;
    TokenDistribution residual;
    double mass = 0;
    for (const auto& [t, v] : p) {
        const auto it = qOf.find(t);
        const double r = v - (it == qOf.end() ? 0.0 : it->second);
        if (r > 0) {
            residual.push_back({t, r});
            mass += r;
        }
    }
    if (residual.empty() || !(mass > 0)) return draw(p); // p == q up to rounding: a rejection had probability 0
    for (auto& e : residual) e.second /= mass;
    return draw(residual);
}

} // namespace cmf::engine
