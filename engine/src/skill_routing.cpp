#include "cmf/engine/skill_routing.h"

#include "cmf/engine/runner.h"
#include "cmf/format/base64.h"
#include "cmf/format/error.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <map>

namespace cmf::engine {

uint32_t SkillSubspace::rank() const { return mean.empty() ? 0 : uint32_t(basis.size() / mean.size()); }

std::vector<SkillSubspace> skillSubspaces(const Model& model) {
    std::vector<SkillSubspace> out;
    const uint32_t hidden = model.config().hidden;
    for (const auto& rec : model.file().primary().skills()) {
        if (!rec.selection.is_object()) continue;
        const auto& s = rec.selection;
        auto fail = [&](const std::string& what) { throw Error(ErrorKind::Parse, "skill '" + rec.id + "' selection: " + what); };
        if (s.contains("metric") && s["metric"] != "mse") fail("metric " + s["metric"].dump() + " is not \"mse\"");
        if (!s.contains("phi_layer") || !s["phi_layer"].is_number_unsigned()) fail("phi_layer is missing");
        if (!s.contains("mean") || !s["mean"].is_string() || !s.contains("basis") || !s["basis"].is_string()) fail("mean/basis are missing");
        SkillSubspace sub;
        sub.id = rec.id;
        sub.backbone = rec.tensors.empty();
        sub.phiLayer = s["phi_layer"].get<uint32_t>();
        sub.mean = f16FromBase64(s["mean"].get<std::string>());
        sub.basis = f16FromBase64(s["basis"].get<std::string>());
        if (sub.phiLayer >= model.config().layers) fail("phi_layer " + std::to_string(sub.phiLayer) + " is past the last layer");
        if (sub.mean.size() != hidden) fail("mean has " + std::to_string(sub.mean.size()) + " values, hidden_size is " + std::to_string(hidden));
        if (sub.basis.size() % hidden) fail("basis is not whole rows of hidden_size");
        out.push_back(std::move(sub));
    }
    return out;
}

std::vector<float> promptPhi(const Model& model, std::span<const int32_t> ids, uint32_t layer) {
    // A model shared_ptr is needed by Runner; borrow without owning.
    std::shared_ptr<const Model> borrowed(std::shared_ptr<const Model>{}, &model);
    Runner r(borrowed, uint32_t(std::max<size_t>(1, ids.size())));
    const auto x = r.residualAfter(ids, layer);
    const size_t H = model.config().hidden, n = ids.size();
    std::vector<float> phi(H, 0.0f);
    for (size_t t = 0; t < n; ++t)
        for (size_t i = 0; i < H; ++i) phi[i] += x[t * H + i];
    for (auto& v : phi) v /= float(n);
    return phi;
}

double subspaceEnergy(const SkillSubspace& s, const std::vector<float>& phi) {
    const size_t H = s.mean.size();
    std::vector<double> r(H);
    double norm = 0;
    for (size_t i = 0; i < H; ++i) r[i] = double(phi[i]) - s.mean[i], norm += double(phi[i]) * phi[i];
    std::vector<double> resid = r;
    for (uint32_t k = 0; k < s.rank(); ++k) {
        const float* b = s.basis.data() + size_t(k) * H;
        double c = 0;
        for (size_t i = 0; i < H; ++i) c += double(b[i]) * r[i];
        for (size_t i = 0; i < H; ++i) resid[i] -= c * b[i];
    }
    double e = 0;
    for (double v : resid) e += v * v;
    return norm > 0 ? e / norm : e;
}

SkillChoice chooseSkill(const Model& model, std::span<const int32_t> ids) {
    const auto subs = skillSubspaces(model);
    if (subs.empty()) throw Error(ErrorKind::Parse, model.file().primary().path() + " has no skill with a selection subspace to route by");
    std::map<uint32_t, std::vector<float>> phis; // one forward per distinct phi_layer
    SkillChoice c;
    double best = INFINITY;
    for (const auto& s : subs) {
        if (!phis.count(s.phiLayer)) phis[s.phiLayer] = promptPhi(model, ids, s.phiLayer);
        const double e = subspaceEnergy(s, phis[s.phiLayer]);
        c.energies.push_back({s.id, s.backbone, e});
        if (e < best) best = e, c.id = s.id, c.backbone = s.backbone; // ties: the earlier record
    }
    return c;
}

std::vector<double> blendWeights(const SkillChoice& choice, double temperature) {
    if (!(temperature > 0)) throw Error(ErrorKind::Parse, "blend temperature must be positive");
    std::vector<double> w;
    double lo = INFINITY, sum = 0;
    for (const auto& e : choice.energies) lo = std::min(lo, e.energy);
    for (const auto& e : choice.energies) sum += w.emplace_back(std::exp(-(e.energy - lo) / temperature));
    for (auto& v : w) v /= sum;
    return w;
}

namespace {

// Every 2-D weight and every float vector of a layer, in a fixed order, so
// the same slot can be found in each candidate.
template <class L, class W, class V>
void forEachSlot(L& l, W weight, V vec) {
    for (auto* w : {&l.q, &l.k, &l.v, &l.o, &l.gateProj, &l.mlpGate, &l.mlpUp, &l.mlpDown, &l.router, &l.sharedGate, &l.shared.gate,
                    &l.shared.up, &l.shared.down})
        weight(*w);
    for (auto& e : l.experts) weight(e.gate), weight(e.up), weight(e.down);
    for (auto* v : {&l.inputNorm, &l.postAttnNorm, &l.preFfnNorm, &l.postFfnNorm, &l.qBias, &l.kBias, &l.vBias, &l.oBias, &l.qNorm,
                    &l.kNorm, &l.expertBias})
        vec(*v);
}

} // namespace

std::shared_ptr<const Weights> blendWeightsOf(const Model& model, const SkillChoice& choice, double temperature) {
    const auto w = blendWeights(choice, temperature);
    std::vector<std::shared_ptr<const Weights>> cands;
    for (const auto& e : choice.energies) cands.push_back(e.backbone ? model.weights() : model.weights(e.id));
    auto out = std::make_shared<Weights>(*model.weights());
    auto blendWeight = [&](Weight& dst, const std::vector<const Weight*>& src) {
        bool same = true;
        for (const Weight* s : src) same &= s->bytes.data == src.front()->bytes.data;
        if (same || !dst.present()) return;
        const uint64_t rows = dst.rows(), cols = dst.cols();
        std::vector<float> acc(rows * cols, 0.0f), buf(rows * cols);
        for (size_t i = 0; i < src.size(); ++i) {
            if (src[i]->rows() != rows || src[i]->cols() != cols)
                throw Error(ErrorKind::Parse, "blend: a skill changes the shape of a tensor, which cannot be blended");
            decodeRows(src[i]->bytes, 0, rows, buf.data());
            for (size_t j = 0; j < acc.size(); ++j) acc[j] += float(w[i]) * buf[j];
        }
        auto& store = out->owned.emplace_back(std::move(acc));
        dst = Weight{};
        dst.bytes = TensorBytes{DType::F32, {rows, cols}, reinterpret_cast<const uint8_t*>(store.data()), rows * cols * 4};
    };
    auto blendVec = [&](std::vector<float>& dst, const std::vector<const std::vector<float>*>& src) {
        if (dst.empty()) return;
        std::vector<float> acc(dst.size(), 0.0f);
        for (size_t i = 0; i < src.size(); ++i)
            for (size_t j = 0; j < acc.size() && j < src[i]->size(); ++j) acc[j] += float(w[i]) * (*src[i])[j];
        dst = std::move(acc);
    };
    for (size_t li = 0; li < out->layers.size(); ++li) {
        std::vector<std::vector<const Weight*>> ws;
        std::vector<std::vector<const std::vector<float>*>> vs;
        for (const auto& c : cands) {
            size_t wi = 0, vi = 0;
            forEachSlot(
                c->layers[li], [&](const Weight& x) { (wi < ws.size() ? ws[wi] : ws.emplace_back()).push_back(&x), ++wi; },
                [&](const std::vector<float>& x) { (vi < vs.size() ? vs[vi] : vs.emplace_back()).push_back(&x), ++vi; });
        }
        size_t wi = 0, vi = 0;
        forEachSlot(out->layers[li], [&](Weight& x) { blendWeight(x, ws[wi++]); }, [&](std::vector<float>& x) { blendVec(x, vs[vi++]); });
    }
    std::vector<const Weight*> embeds, heads;
    std::vector<const std::vector<float>*> norms;
    for (const auto& c : cands) embeds.push_back(&c->embed), heads.push_back(&c->lmHead), norms.push_back(&c->finalNorm);
    const bool tiedHead = out->lmHead.bytes.data == out->embed.bytes.data;
    blendWeight(out->embed, embeds);
    if (tiedHead) out->lmHead = out->embed;
    else blendWeight(out->lmHead, heads);
    blendVec(out->finalNorm, norms);
    return out;
}

nlohmann::json buildSelection(const Model& model, const std::vector<std::vector<int32_t>>& prompts, uint32_t phiLayer, uint32_t rank) {
    if (prompts.size() < 2) throw Error(ErrorKind::Parse, "a selection subspace needs at least two example prompts");
    const size_t H = model.config().hidden, n = prompts.size();
    Eigen::MatrixXd phis(n, H);
    for (size_t p = 0; p < n; ++p) {
        const auto phi = promptPhi(model, prompts[p], phiLayer);
        for (size_t i = 0; i < H; ++i) phis(Eigen::Index(p), Eigen::Index(i)) = phi[i];
    }
    const Eigen::RowVectorXd mean = phis.colwise().mean();
    const Eigen::MatrixXd centred = phis.rowwise() - mean;
    // Principal directions from the small n × n Gram matrix: v_k of C·Cᵀ
    // gives the unit direction Cᵀv_k / √λ_k.
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(centred * centred.transpose());
    const Eigen::Index k = Eigen::Index(std::min<size_t>(rank, n - 1));
    std::vector<float> meanOut(H), basis;
    for (size_t i = 0; i < H; ++i) meanOut[i] = float(mean(Eigen::Index(i)));
    uint32_t kept = 0;
    for (Eigen::Index j = eig.eigenvalues().size() - 1; j >= 0 && Eigen::Index(kept) < k; --j) {
        const double lambda = eig.eigenvalues()(j);
        if (lambda <= 1e-12 * std::max(1.0, eig.eigenvalues().maxCoeff())) break;
        const Eigen::VectorXd dir = centred.transpose() * eig.eigenvectors().col(j) / std::sqrt(lambda);
        for (Eigen::Index i = 0; i < dir.size(); ++i) basis.push_back(float(dir(i)));
        ++kept;
    }
    return {{"metric", "mse"}, {"phi_layer", phiLayer}, {"rank", kept}, {"n_prompts", n},
            {"mean", f16Base64(meanOut)}, {"basis", f16Base64(basis)}};
}

} // namespace cmf::engine
