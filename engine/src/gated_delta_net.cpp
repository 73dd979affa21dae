#include "gated_delta_net.h"

#include "cmf/engine/ops.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <tbb/parallel_for.h>

namespace cmf::engine {
namespace {

// x / sqrt(Σx² + 1e-6) · scale, in place (transformers' l2norm, eps inside the root).
void l2Normalise(float* x, size_t n, float scale) {
    double ss = 0;
    for (size_t i = 0; i < n; ++i) ss += double(x[i]) * x[i];
    const float f = float(scale / std::sqrt(ss + 1e-6));
    for (size_t i = 0; i < n; ++i) x[i] *= f;
}

// Scratch floats, not initialised.
class Buffer {
public:
    explicit Buffer(size_t n) : p_(std::make_unique_for_overwrite<float[]>(n)) {}
    float* data() { return p_.get(); }
    const float* data() const { return p_.get(); }
    float& operator[](size_t i) { return p_[i]; }
    float operator[](size_t i) const { return p_[i]; }

private:
    std::unique_ptr<float[]> p_;
};

// One value head's recurrence over a batch: where its q, k, v, b and a sit
// in the batch's rows, its decay parameters, and where its output goes.
struct HeadRun {
    const float* u;         // conv output, n rows of `stride`: [q | k | v]
    size_t stride, keyOffset, keyHead, valueAt; // k at keyOffset + keyHead; q at keyHead; v at valueAt
    const float* b;         // beta logits, every `bStride`
    const float* a;         // decay inputs, every `bStride`
    size_t bStride;
    float A, dtBias;        // −exp(A_log), dt_bias
    size_t dk, dv;
    float* y;               // outputs, every `yStride`
    size_t yStride;
};

// 16 floats as one value of GCC's vector extension: each of deltaRuleHead's
// clones compiles it to its own registers (one zmm, two ymm, four xmm), and
// the slice's sums stay in registers across the rows instead of in memory.
// (Always inlined, so no vector crosses a call: GCC's ABI note does not apply.)
#pragma GCC diagnostic ignored "-Wpsabi"
typedef float Vec16 __attribute__((vector_size(64), aligned(4)));
__attribute__((always_inline)) inline Vec16 load16(const float* p) {
    Vec16 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
__attribute__((always_inline)) inline void store16(float* p, const Vec16& v) { __builtin_memcpy(p, &v, sizeof v); }

// The recurrence of one value head for the state's columns [e0, e0 + w):
// the columns of S evolve independently (δ[e] needs only Sᵀk at column e),
// so a slice of w columns runs through every token of the batch while it
// stays in L1 (64 columns × 128 rows = 32 KB), instead of the whole 64 KB
// state going through L2 twice per token. Each column sees the same
// operations in the same order whatever the batch, so a batch and one-token
// decodes give the same state bit for bit.
// Two passes over the slice per token instead of three: with S' = decay·S,
//   S'ᵀk = decay·(Sᵀk),  o = (S' + kδᵀ)ᵀq = decay·(Sᵀq) + (k·q)·δ,
// so one read gives both products, and one read-write updates it.
//
// Inlined into deltaRuleHead's clones, so it is compiled for each of their targets.
// w: the slice's width, up to 64: V = w / 16 vectors (a constant, so no
// branch in the loops), the columns past them one by one.
template <size_t V>
__attribute__((always_inline)) inline void deltaRuleColumns(const HeadRun& r, size_t n, const float* beta, const float* decay, const float* kq,
                                                            size_t e0, size_t w, float* S, std::span<const uint32_t> snapshotAfter,
                                                            GdnState* snapshots, size_t snapAt) {
    const size_t dk = r.dk, dv = r.dv, vecs = V, rest = w - 16 * V;
    size_t snap = 0;
    for (size_t t = 0; t < n; ++t) {
        const float* ut = r.u + t * r.stride;
        const float* q = ut + r.keyHead;
        const float* k = ut + r.keyOffset + r.keyHead;
        const float* v = ut + r.valueAt + e0;
        Vec16 kv[4] = {}, sq[4] = {};
        float kvr[16] = {}, sqr[16] = {};
        for (size_t i = 0; i < dk; ++i) {
            const float* Si = S + i * dv + e0;
            const Vec16 kb = Vec16{} + k[i], qb = Vec16{} + q[i];
            for (size_t j = 0; j < V; ++j) {
                    const Vec16 x = load16(Si + 16 * j);
                    kv[j] += x * kb;
                    sq[j] += x * qb;
                }
            for (size_t e = 0; e < rest; ++e) {
                kvr[e] += Si[16 * vecs + e] * k[i];
                sqr[e] += Si[16 * vecs + e] * q[i];
            }
        }
        float* o = r.y + t * r.yStride + e0;
        Vec16 delta[4];
        const Vec16 bt = Vec16{} + beta[t], dt = Vec16{} + decay[t], kqt = Vec16{} + kq[t];
        float deltar[16];
        for (size_t j = 0; j < vecs; ++j) {
            delta[j] = bt * (load16(v + 16 * j) - dt * kv[j]);
            store16(o + 16 * j, dt * sq[j] + kqt * delta[j]);
        }
        for (size_t e = 0; e < rest; ++e) {
            deltar[e] = beta[t] * (v[16 * vecs + e] - decay[t] * kvr[e]);
            o[16 * vecs + e] = decay[t] * sqr[e] + kq[t] * deltar[e];
        }
        for (size_t i = 0; i < dk; ++i) {
            float* Si = S + i * dv + e0;
            const Vec16 kb = Vec16{} + k[i];
            for (size_t j = 0; j < V; ++j) store16(Si + 16 * j, dt * load16(Si + 16 * j) + kb * delta[j]);
            for (size_t e = 0; e < rest; ++e) Si[16 * vecs + e] = decay[t] * Si[16 * vecs + e] + k[i] * deltar[e];
        }
        if (snap < snapshotAfter.size() && snapshotAfter[snap] == t) {
            float* dst = snapshots[snap].s.data() + snapAt;
            for (size_t i = 0; i < dk; ++i) std::copy_n(S + i * dv + e0, w, dst + i * dv + e0);
            ++snap;
        }
    }
}

// The hot loop of prefill (key_dim·value_dim multiply-adds per head and
// token, a sequential dependency through S): compiled for AVX-512 and AVX2
// besides the baseline, the CPU picks at load (GCC function multiversioning).
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
void deltaRuleHead(const HeadRun& r, size_t n, float* S, std::span<const uint32_t> snapshotAfter, GdnState* snapshots, size_t snapAt) {
    const size_t dk = r.dk, dv = r.dv;
    // Per token: the gates and k·q, shared by every column slice.
    std::vector<float> beta(n), decay(n), kq(n);
    for (size_t t = 0; t < n; ++t) {
        const float* ut = r.u + t * r.stride;
        const float* q = ut + r.keyHead;
        const float* k = ut + r.keyOffset + r.keyHead;
        beta[t] = sigmoid(r.b[t * r.bStride]);
        decay[t] = std::exp(r.A * softplus(r.a[t * r.bStride] + r.dtBias));
        float s = 0;
        for (size_t i = 0; i < dk; ++i) s += k[i] * q[i];
        kq[t] = s;
    }
    for (size_t e0 = 0; e0 < dv; e0 += 64) {
        const size_t w = std::min<size_t>(64, dv - e0);
        switch (w / 16) {
        case 4: deltaRuleColumns<4>(r, n, beta.data(), decay.data(), kq.data(), e0, w, S, snapshotAfter, snapshots, snapAt); break;
        case 3: deltaRuleColumns<3>(r, n, beta.data(), decay.data(), kq.data(), e0, w, S, snapshotAfter, snapshots, snapAt); break;
        case 2: deltaRuleColumns<2>(r, n, beta.data(), decay.data(), kq.data(), e0, w, S, snapshotAfter, snapshots, snapAt); break;
        case 1: deltaRuleColumns<1>(r, n, beta.data(), decay.data(), kq.data(), e0, w, S, snapshotAfter, snapshots, snapAt); break;
        default: deltaRuleColumns<0>(r, n, beta.data(), decay.data(), kq.data(), e0, w, S, snapshotAfter, snapshots, snapAt); break;
        }
    }
}

// The causal depthwise conv over one token, channels contiguous (the weight
// transposed to [kernel][conv_dim] at load), then SiLU; same dispatch.
__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
void convToken(const float* convT, size_t K, size_t C, const float* m, float* out) {
    for (size_t ch = 0; ch < C; ++ch) out[ch] = 0;
    for (size_t j = 0; j < K; ++j) {
        const float* wj = convT + j * C;
        const float* mj = m + j * C;
        for (size_t ch = 0; ch < C; ++ch) out[ch] += wj[ch] * mj[ch];
    }
    for (size_t ch = 0; ch < C; ++ch) out[ch] = silu(out[ch]);
}

} // namespace

void GdnState::reset(const ModelConfig::Linear& d) {
    conv.assign(size_t(d.kernel - 1) * d.convDim(), 0.0f);
    s.assign(size_t(d.valueHeads) * d.keyDim * d.valueDim, 0.0f);
}

void gatedDeltaNet(const LinearAttention& w, const ModelConfig& c, GdnState& st, const float* h, size_t n, float* out,
                   std::span<const uint32_t> snapshotAfter, GdnState* snapshots) {
    const auto& d = c.linear;
    const size_t C = d.convDim(), K = d.kernel, nk = d.keyHeads, nv = d.valueHeads, dk = d.keyDim, dv = d.valueDim;
    const size_t keyWidth = nk * dk, vw = nv * dv, group = nv / nk;

    // The qkv projections behind the conv's remembered inputs: row r of m is
    // the input at time r − (K−1) relative to this batch.
    // Every element is written before it is read: no zero-filling (a 512-token
    // prefill of Qwen3.5-0.8B would clear ~25 MB per layer).
    Buffer m((K - 1 + n) * C), z(n * vw), b(n * nv), a(n * nv);
    std::copy(st.conv.begin(), st.conv.end(), m.data());
    const MatmulOut proj[] = {{&w.qkv, m.data() + (K - 1) * C}, {&w.z, z.data()}, {&w.b, b.data()}, {&w.a, a.data()}};
    matmulMany(proj, h, n);

    // Causal depthwise conv (tap K−1 on the current token), SiLU; then q, k
    // l2-normalised per key head.
    Buffer u(n * C);
    const float qScale = float(1.0 / std::sqrt(double(dk)));
    tbb::parallel_for(size_t(0), n, [&](size_t t) {
        float* ut = u.data() + t * C;
        convToken(w.convT.data(), K, C, m.data() + t * C, ut);
        for (size_t kh = 0; kh < nk; ++kh) {
            l2Normalise(ut + kh * dk, dk, qScale);
            l2Normalise(ut + keyWidth + kh * dk, dk, 1.0f);
        }
    });

    // The delta rule, one value head per task, tokens in order.
    Buffer y(n * vw);
    tbb::parallel_for(size_t(0), nv, [&](size_t j) {
        const HeadRun run{u.data(), C, keyWidth, (j / group) * dk, 2 * keyWidth + j * dv, b.data() + j, a.data() + j, nv,
                          -std::exp(w.aLog[j]), w.dtBias[j], dk, dv, y.data() + j * dv, vw};
        deltaRuleHead(run, n, st.s.data() + j * dk * dv, snapshotAfter, snapshots, j * dk * dv);
    });

    // Conv states: the K−1 inputs up to and including token t are rows
    // t+1 .. t+K−1 of m; the live state keeps the last K−1 rows.
    for (size_t k = 0; k < snapshotAfter.size(); ++k)
        std::copy_n(m.data() + (snapshotAfter[k] + 1) * C, (K - 1) * C, snapshots[k].conv.data());
    std::copy_n(m.data() + n * C, (K - 1) * C, st.conv.data());

    // Gated RMSNorm per value head: o/rms(o) · w · SiLU(z).
    tbb::parallel_for(size_t(0), n, [&](size_t t) {
        for (size_t j = 0; j < nv; ++j) {
            float* o = y.data() + t * vw + j * dv;
            rmsNorm(o, w.norm.data(), dv, c.eps, d.gemmaNorm, o);
            const float* zj = z.data() + t * vw + j * dv;
            for (size_t e = 0; e < dv; ++e) o[e] *= silu(zj[e]);
        }
    });
    matmul(w.out, y.data(), n, out);
}

} // namespace cmf::engine
