// RoPE variants with transformers' semantics (modeling_rope_utils.py); the
// equations are in tests/data/models/families/README.md and the README's list
// of arch fields.
#include "cmf/engine/rope.h"

#include "cmf/format/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace cmf::engine {
namespace {

[[noreturn]] void refuse(const std::string& what) { throw Error(ErrorKind::Parse, "header: " + what); }

double number(const nlohmann::json& o, const char* key, const std::string& where, std::optional<double> dflt = std::nullopt) {
    if (o.contains(key) && !o[key].is_null()) {
        if (!o[key].is_number()) refuse(where + "." + key + " is not a number");
        return o[key].get<double>();
    }
    if (!dflt) refuse(where + " has no " + key + ", which its rope type needs");
    return *dflt;
}

std::vector<double> factors(const nlohmann::json& o, const char* key, const std::string& where) {
    if (!o.contains(key) || !o[key].is_array()) refuse(where + "." + key + " is missing or not a list");
    std::vector<double> out;
    for (const auto& v : o[key]) {
        if (!v.is_number() || v.get<double>() <= 0) refuse(where + "." + key + " holds a value that is not a positive number");
        out.push_back(v.get<double>());
    }
    return out;
}

// transformers' get_mscale: 1 for factors up to 1.
double mscale(double factor, double m) { return factor <= 1 ? 1.0 : 0.1 * m * std::log(factor) + 1.0; }

} // namespace

const char* ropeScalingName(RopeScaling s) {
    switch (s) {
    case RopeScaling::None: return "default";
    case RopeScaling::Linear: return "linear";
    case RopeScaling::Dynamic: return "dynamic";
    case RopeScaling::Llama3: return "llama3";
    case RopeScaling::Yarn: return "yarn";
    case RopeScaling::LongRope: return "longrope";
    }
    return "?";
}

void applyScaling(RopeConfig& c, const nlohmann::json& o, bool isYarnBlock, double maxPositions, const std::string& where) {
    if (!o.is_object()) refuse(where + " is not an object");
    std::string type = isYarnBlock ? "yarn" : "default";
    if (!isYarnBlock)
        for (const char* key : {"rope_type", "type"})
            if (o.contains(key)) {
                if (!o[key].is_string()) refuse(where + "." + key + " is not a string");
                type = o[key].get<std::string>();
                break;
            }
    // The keys each variant reads; any other key would change the output in a
    // way this engine does not compute, so it is refused rather than ignored.
    std::set<std::string> known = {"rope_type", "type", "rope_theta", "partial_rotary_factor"};
    if (type == "default") {
        c.scaling = RopeScaling::None;
    } else if (type == "linear") {
        c.scaling = RopeScaling::Linear;
        c.factor = number(o, "factor", where);
        known.insert("factor");
    } else if (type == "dynamic") {
        c.scaling = RopeScaling::Dynamic;
        c.factor = number(o, "factor", where);
        if (maxPositions <= 0) refuse(where + " is dynamic but arch.max_position_embeddings is missing");
        c.originalMax = maxPositions;
        known.insert("factor");
    } else if (type == "llama3") {
        c.scaling = RopeScaling::Llama3;
        c.factor = number(o, "factor", where);
        c.lowFreqFactor = number(o, "low_freq_factor", where);
        c.highFreqFactor = number(o, "high_freq_factor", where);
        c.originalMax = number(o, "original_max_position_embeddings", where);
        if (c.highFreqFactor <= c.lowFreqFactor) refuse(where + ".high_freq_factor is not above low_freq_factor");
        known.insert({"factor", "low_freq_factor", "high_freq_factor", "original_max_position_embeddings"});
    } else if (type == "yarn") {
        c.scaling = RopeScaling::Yarn;
        c.factor = number(o, "factor", where);
        c.originalMax = number(o, "original_max_position_embeddings", where, maxPositions > 0 ? std::optional(maxPositions) : std::nullopt);
        c.betaFast = number(o, "beta_fast", where, 32.0);
        c.betaSlow = number(o, "beta_slow", where, 1.0);
        if (o.contains("truncate") && !o["truncate"].is_null()) {
            if (!o["truncate"].is_boolean()) refuse(where + ".truncate is not true/false");
            c.truncate = o["truncate"].get<bool>();
        }
        const double m = number(o, "mscale", where, 0.0), mAll = number(o, "mscale_all_dim", where, 0.0);
        c.attentionFactor = number(o, "attention_factor", where,
                                   m && mAll ? mscale(c.factor, m) / mscale(c.factor, mAll) : mscale(c.factor, 1.0));
        known.insert({"factor", "original_max_position_embeddings", "beta_fast", "beta_slow", "truncate", "mscale", "mscale_all_dim",
                      "attention_factor"});
    } else if (type == "longrope") {
        c.scaling = RopeScaling::LongRope;
        c.originalMax = number(o, "original_max_position_embeddings", where);
        c.factor = number(o, "factor", where, maxPositions > 0 ? maxPositions / c.originalMax : 1.0);
        c.shortFactor = factors(o, "short_factor", where);
        c.longFactor = factors(o, "long_factor", where);
        c.attentionFactor = number(o, "attention_factor", where,
                                   c.factor <= 1 ? 1.0 : std::sqrt(1 + std::log(c.factor) / std::log(c.originalMax)));
        known.insert({"factor", "original_max_position_embeddings", "short_factor", "long_factor", "attention_factor"});
    } else {
        refuse(where + " has rope type \"" + type + "\", which this engine does not implement (it runs default, linear, dynamic, "
                                                      "llama3, yarn, longrope)");
    }
    for (const auto& [key, value] : o.items())
        if (!known.count(key) && !value.is_null())
            refuse(where + "." + key + " is not a field of rope type " + type + " this engine implements; it would change the output");
    if (c.scaling != RopeScaling::None && !(c.factor > 0)) refuse(where + ".factor is not positive");
}

Rope makeRope(const RopeConfig& c, uint32_t headDim, uint64_t seqLen) {
    Rope r;
    r.rotDim = uint32_t(double(headDim) * c.partialRotaryFactor);
    r.rotDim -= r.rotDim % 2;
    const uint32_t half = r.rotDim / 2;
    const double dim = r.rotDim;
    double base = c.theta;
    if (c.scaling == RopeScaling::Dynamic && double(seqLen) > c.originalMax) // NTK-aware: a larger base past the context
        base *= std::pow(c.factor * double(seqLen) / c.originalMax - (c.factor - 1), dim / (dim - 2));
    r.invFreq.resize(half);
    for (uint32_t i = 0; i < half; ++i) r.invFreq[i] = 1.0 / std::pow(base, double(2 * i) / dim);
    switch (c.scaling) {
    case RopeScaling::None:
    case RopeScaling::Dynamic: break;
    case RopeScaling::Linear:
        for (auto& f : r.invFreq) f /= c.factor;
        break;
    case RopeScaling::Llama3: {
        // Long wavelengths (> original / low_freq_factor) are interpolated by
        // the factor, short ones (< original / high_freq_factor) kept, the
        // band between blended by where the wavelength falls in it.
        const double lo = c.originalMax / c.lowFreqFactor, hi = c.originalMax / c.highFreqFactor;
        for (auto& f : r.invFreq) {
            const double wavelen = 2 * M_PI / f;
            if (wavelen > lo) f /= c.factor;
            else if (!(wavelen < hi)) {
                const double s = (c.originalMax / wavelen - c.lowFreqFactor) / (c.highFreqFactor - c.lowFreqFactor);
                f = (1 - s) * f / c.factor + s * f;
            }
        }
        break;
    }
    case RopeScaling::Yarn: {
        // Interpolate the low frequencies by `factor`, keep the high ones,
        // ramp linearly between the correction dims of beta_fast and
        // beta_slow; cos and sin carry the attention factor.
        auto correctionDim = [&](double rotations) {
            return dim * std::log(c.originalMax / (rotations * 2 * M_PI)) / (2 * std::log(c.theta));
        };
        double low = correctionDim(c.betaFast), high = correctionDim(c.betaSlow);
        if (c.truncate) low = std::floor(low), high = std::ceil(high);
        low = std::max(low, 0.0);
        high = std::min(high, dim - 1);
        if (low == high) high += 0.001;
        for (uint32_t i = 0; i < half; ++i) {
            const double ramp = std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
            r.invFreq[i] = r.invFreq[i] / c.factor * ramp + r.invFreq[i] * (1 - ramp);
        }
        r.attentionFactor = float(c.attentionFactor);
        break;
    }
    case RopeScaling::LongRope: {
        const auto& ext = double(seqLen) > c.originalMax ? c.longFactor : c.shortFactor;
        if (ext.size() != half)
            throw Error(ErrorKind::Parse, "header: rope_scaling longrope factors have " + std::to_string(ext.size()) +
                                              " entries, the rotary dims need " + std::to_string(half));
        for (uint32_t i = 0; i < half; ++i) r.invFreq[i] /= ext[i];
        r.attentionFactor = float(c.attentionFactor);
        break;
    }
    }
    return r;
}

uint64_t ropeFixedUpTo(const RopeConfig& c) {
    if (c.scaling == RopeScaling::Dynamic || c.scaling == RopeScaling::LongRope) return uint64_t(c.originalMax);
    return std::numeric_limits<uint64_t>::max();
}

void ropeAngles(const Rope& r, uint32_t pos, float* cs) {
    const uint32_t half = r.rotDim / 2;
    for (uint32_t i = 0; i < half; ++i) {
        const double angle = double(pos) * r.invFreq[i];
        cs[i] = float(std::cos(angle)) * r.attentionFactor;
        cs[half + i] = float(std::sin(angle)) * r.attentionFactor;
    }
}

void ropeRotate(const Rope& r, const float* cs, float* x) {
    const uint32_t half = r.rotDim / 2;
    for (uint32_t i = 0; i < half; ++i) {
        const float c = cs[i], s = cs[half + i];
        const float a = x[i], b = x[i + half];
        x[i] = a * c - b * s;
        x[i + half] = b * c + a * s;
    }
}

void applyRope(const Rope& r, float* x, uint32_t pos) {
    std::vector<float> cs(r.rotDim);
    ropeAngles(r, pos, cs.data());
    ropeRotate(r, cs.data(), x);
}

} // namespace cmf::engine
