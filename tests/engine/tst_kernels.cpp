// The fused decode kernels (engine/src/kernels) against the format's own
// decoder: for every dtype they read in place, Σ W[r]·x computed by dotRows
// equals decodeRows-then-dot in double, within float rounding for the float
// and q8 weights and within the int8 activation rounding for the 4-bit ones;
// the AVX2 and the scalar implementation agree with each other; matmul's
// decode (in place) and prefill (decode to f32) paths agree.
#include "test_support.h"

#include "cmf/engine/ops.h"
#include "cmf/format/encode.h"
#include "cmf/format/half.h"
#include "kernels/argmax.h"
#include "kernels/gated_act.h"
#include "kernels/gemm_int8.h"
#include "kernels/int8_panels.h"
#include "kernels/row_dot.h"
#include "kernels/vbit_rows.h"

#include <QTest>
#include <cstring>
#include <memory>
#include <array>
#include <cmath>
#include <random>

using cmf::DType;
namespace k = cmf::engine::kernels;

namespace {

struct Case {
    std::vector<uint8_t> bytes;
    cmf::TensorBytes tensor;
    std::vector<float> decoded; // rows × cols, what the format's decoder gives
};

Case make(DType dtype, uint64_t rows, uint64_t cols, uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> n(0.0f, 0.05f);
    std::vector<float> w(rows * cols);
    for (auto& v : w) v = n(rng);
    for (uint64_t r = 0; r < rows; r += 7) w[r * cols + (r % cols)] *= 30; // outliers, as real weights have
    Case c;
    c.bytes = cmf::encode(dtype, {rows, cols}, w.data());
    c.tensor = {dtype, {rows, cols}, c.bytes.data(), c.bytes.size()};
    c.decoded.resize(rows * cols);
    cmf::decodeRows(c.tensor, 0, rows, c.decoded.data());
    return c;
}

// A vbit_ro payload with random widths and codes (every width, 8-bit codes up
// to 255, the last row ending the buffer), decoded by the format's decoder.
Case randomVbitRo(uint64_t rows, uint64_t cols, uint32_t seed) {
    std::mt19937 rng(seed);
    const unsigned widths[] = {3, 4, 5, 6, 8};
    std::vector<unsigned> bits(rows);
    for (uint64_t r = 0; r < rows; ++r) bits[r] = r == 0 ? 8 : widths[(r * 7 + rng()) % 5];
    Case c;
    for (unsigned b : bits) c.bytes.push_back(uint8_t(b));
    std::uniform_real_distribution<float> scale(-0.1f, 0.1f);
    for (uint64_t i = 0; i < rows * cols / 32; ++i) {
        const uint16_t h = cmf::f32ToF16(scale(rng));
        c.bytes.push_back(uint8_t(h & 0xFF)), c.bytes.push_back(uint8_t(h >> 8));
    }
    std::vector<uint8_t> packed;
    std::vector<uint32_t> offsets{0};
    for (uint64_t r = 0; r < rows; ++r) {
        uint32_t acc = 0;
        unsigned have = 0;
        for (uint64_t i = 0; i < cols; ++i) {
            const uint32_t u = r == 0 && i < 4 ? 255 : rng() % (1u << bits[r]);
            acc = (acc << bits[r]) | u, have += bits[r];
            while (have >= 8) packed.push_back(uint8_t(acc >> (have - 8))), have -= 8;
        }
        offsets.push_back(uint32_t(packed.size()));
    }
    for (uint32_t off : offsets)
        for (int b = 0; b < 4; ++b) c.bytes.push_back(uint8_t(off >> (8 * b)));
    c.bytes.insert(c.bytes.end(), packed.begin(), packed.end());
    c.tensor = {DType::VBitRo, {rows, cols}, c.bytes.data(), c.bytes.size()};
    cmf::validatePayload(c.tensor);
    c.decoded.resize(rows * cols);
    cmf::decodeRows(c.tensor, 0, rows, c.decoded.data());
    return c;
}

std::vector<float> activation(uint64_t cols, uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> n(0.0f, 1.0f);
    std::vector<float> x(cols);
    for (auto& v : x) v = n(rng);
    x[cols / 3] = 9.0f; // an outlier channel
    return x;
}

// One token's activation as a product over c's weight reads it (a q8_2f
// weight's column field folded in, then int8 blocks and their nibble order),
// with its storage; prepared: with the forms prepareActivation makes once
// per product (as matmul does), else the kernels make them themselves.
struct TokenActivation {
    std::vector<float> xs, scales, offsets;
    std::vector<int8_t> q, ordered;
    k::ActivationForms forms;
    k::Activation a;
    TokenActivation(const Case& c, const std::vector<float>& x, bool prepared) {
        const uint64_t cols = c.tensor.shape.cols;
        a.x = x.data();
        if (c.tensor.dtype == DType::Q8_2F) {
            xs.resize(cols);
            k::scaleByColumnField(c.tensor, x.data(), xs.data());
            a.x = xs.data();
        }
        if (k::needsInt8(c.tensor)) {
            q.resize(cols), ordered.resize(cols), scales.resize(cols / 32 + 1), offsets.resize(cols / 32 + 1);
            k::quantizeActivation(a.x, cols, q.data(), scales.data());
            k::nibbleOrder(q.data(), cols, ordered.data(), offsets.data());
            a.q = q.data(), a.qScale = scales.data(), a.qNibbleOrder = ordered.data(), a.qOffset = offsets.data();
            if (prepared) k::prepareActivation(c.tensor, a, forms);
        }
    }
    TokenActivation(const TokenActivation&) = delete; // a points into this object's vectors
};

std::vector<float> viaKernel(const Case& c, const std::vector<float>& x, bool prepared = false, bool* anyForm = nullptr) {
    const TokenActivation t(c, x, prepared);
    if (anyForm) *anyForm = t.a.qPairScales || t.a.qQuadOrder;
    std::vector<float> y(c.tensor.shape.rows);
    // In two row ranges, to exercise a start inside the tensor.
    const uint64_t mid = c.tensor.shape.rows / 3;
    k::dotRows(c.tensor, 0, mid, t.a, y.data());
    k::dotRows(c.tensor, mid, c.tensor.shape.rows, t.a, y.data() + mid);
    return y;
}

std::vector<double> exact(const Case& c, const std::vector<float>& x) {
    const uint64_t rows = c.tensor.shape.rows, cols = c.tensor.shape.cols;
    std::vector<double> y(rows);
    for (uint64_t r = 0; r < rows; ++r)
        for (uint64_t i = 0; i < cols; ++i) y[r] += double(c.decoded[r * cols + i]) * double(x[i]);
    return y;
}

// A batch of nTok activations (seeds seed0, seed0 + 1, ...) quantized as a
// product over c's weight reads them (a q8_2f weight's column field moved onto
// each token first), with each token's exact product in double.
struct QuantizedBatch {
    std::vector<int8_t> q;
    std::vector<float> scales;
    std::vector<std::vector<double>> want;
};
QuantizedBatch quantizedBatch(const Case& c, size_t nTok, uint32_t seed0) {
    const uint64_t cols = c.tensor.shape.cols;
    QuantizedBatch b{std::vector<int8_t>(nTok * cols), std::vector<float>(nTok * cols / 32), {}};
    for (size_t t = 0; t < nTok; ++t) {
        auto xt = activation(cols, uint32_t(seed0 + t));
        b.want.push_back(exact(c, xt));
        if (c.tensor.dtype == DType::Q8_2F) k::scaleByColumnField(c.tensor, std::vector<float>(xt).data(), xt.data());
        k::quantizeActivation(xt.data(), cols, b.q.data() + t * cols, b.scales.data() + t * cols / 32);
    }
    return b;
}

// Normalised mean squared error of got against want.
template <class A, class B>
double nmse(const A& want, const B& got) {
    double num = 0, den = 0;
    for (size_t i = 0; i < want.size(); ++i) {
        num += (double(got[i]) - double(want[i])) * (double(got[i]) - double(want[i]));
        den += double(want[i]) * double(want[i]);
    }
    return den > 0 ? num / den : num;
}

} // namespace

class TestKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() {
        k::forceScalar(false);
        k::forceNoAvx512(false);
    }
    void fusedEqualsDecodeThenDot_data() {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<qulonglong>("cols");
        QTest::addColumn<double>("bound");
        // Float weights (and q8 rows that are not whole 32-groups): float32
        // rounding only. 4-bit, vbit and q8 in 32-groups: the int8 activation (a
        // 32-block of N(0,1) with an outlier quantized in 1/127 steps of its max).
        const std::pair<DType, double> kinds[] = {{DType::F32, 1e-11}, {DType::F16, 1e-11},     {DType::BF16, 1e-11},
                                                  {DType::Q8Row, 1e-11}, {DType::Q8_2F, 1e-11}, {DType::Q4Block, 3e-4},
                                                  {DType::Q4Tiled, 3e-4}, {DType::Q4TP, 3e-4},  {DType::VBitRo, 3e-4}};
        for (const auto& [d, bound] : kinds)
            // 96: 3 groups (shorter than the VNNI kernel's 4-group quads), 224: a
            // quad and 3 groups, 256: exactly one 8-group block, 416: a block, a
            // quad and a group, 896: 3 blocks and a quad, 100: not whole groups.
            for (qulonglong cols : {96ull, 224ull, 256ull, 416ull, 896ull, 100ull}) {
                const bool q4 = d == DType::Q4Block || d == DType::Q4Tiled || d == DType::Q4TP || d == DType::VBitRo;
                if (q4 && cols % 32) continue; // a 4-bit row must be whole groups to be fused
                const bool q8Int8 = (d == DType::Q8Row || d == DType::Q8_2F) && cols % 32 == 0;
                QTest::newRow((std::string(cmf::dtypeName(d)) + "/" + std::to_string(cols)).c_str()) << int(d) << cols << (q8Int8 ? 3e-4 : bound);
            }
    }
    void fusedEqualsDecodeThenDot() {
        QFETCH(int, dtype);
        QFETCH(qulonglong, cols);
        QFETCH(double, bound);
        const Case c = make(DType(dtype), 67, cols, 7);
        QVERIFY(k::fused(c.tensor));
        const auto x = activation(cols, 11);
        const auto want = exact(c, x);
        // Every implementation this CPU can run: the best (the 4-bit family's
        // AVX-512 VNNI kernel here), AVX2, scalar.
        for (int level = 0; level < 3; ++level) {
            k::forceNoAvx512(level >= 1);
            k::forceScalar(level == 2);
            const double e = nmse(want, viaKernel(c, x));
            QVERIFY2(e <= bound, (std::string(k::implementation()) + " (4-bit: " + k::q4Implementation() + ", vbit_ro: " + k::vbitImplementation() + ") nmse " + std::to_string(e)).c_str());
        }
    }
    void vectorAndScalarAgree_data() { fusedEqualsDecodeThenDot_data(); }
    void vectorAndScalarAgree() {
        QFETCH(int, dtype);
        QFETCH(qulonglong, cols);
        const Case c = make(DType(dtype), 67, cols, 3);
        const auto x = activation(cols, 5);
        k::forceScalar(true);
        const auto scalar = viaKernel(c, x);
        k::forceScalar(false);
        if (std::string(k::implementation()) == "scalar") QSKIP("this CPU has no AVX2/FMA/F16C: only the scalar path runs");
        // Same integer sums, same weights; only the float summation order (and
        // q4tp's polynomial exp2 for its ladder) differ. Best kernel, then AVX2.
        for (bool noAvx512 : {false, true}) {
            k::forceNoAvx512(noAvx512);
            const double e = nmse(scalar, viaKernel(c, x));
            QVERIFY2(e < 1e-11, (std::string(k::implementation()) + " (4-bit: " + k::q4Implementation() + ") " + std::to_string(e)).c_str());
        }
    }
    // The activation forms made once per product give, bit for bit, what
    // the kernels give making them per call; on a CPU with AVX-512 VNNI the
    // q8 and 4-bit kernels read them.
    void preparedFormsGiveTheSameFloats_data() { fusedEqualsDecodeThenDot_data(); }
    void preparedFormsGiveTheSameFloats() {
        QFETCH(int, dtype);
        QFETCH(qulonglong, cols);
        const Case c = make(DType(dtype), 67, cols, 13);
        const auto x = activation(cols, 17);
        for (int level = 0; level < 3; ++level) {
            k::forceNoAvx512(level >= 1);
            k::forceScalar(level == 2);
            bool anyForm = false;
            const auto alone = viaKernel(c, x), prepared = viaKernel(c, x, true, &anyForm);
            QVERIFY2(std::memcmp(alone.data(), prepared.data(), alone.size() * sizeof(float)) == 0, k::implementation());
            const DType d = DType(dtype);
            const bool vnniKernel = level == 0 && std::string(k::q4Implementation()).find("vnni") != std::string::npos && cols % 32 == 0 &&
                                    (d == DType::Q8Row || d == DType::Q8_2F || d == DType::Q4Block || d == DType::Q4Tiled || d == DType::Q4TP);
            QCOMPARE(anyForm, vnniKernel);
        }
    }
    // A block of tokens through dotRowsTokens gives each token, bit for
    // bit, what dotRows gives it alone (the q8 VNNI kernel reads each row
    // once for up to four), prepared forms or not, for every dtype.
    void tokensTogetherGiveEachTokensFloats_data() { fusedEqualsDecodeThenDot_data(); }
    void tokensTogetherGiveEachTokensFloats() {
        QFETCH(int, dtype);
        QFETCH(qulonglong, cols);
        const Case c = make(DType(dtype), 37, cols, 19);
        const uint64_t rows = c.tensor.shape.rows;
        for (size_t n : {1, 2, 3, 4, 5}) {
            for (bool prepared : {false, true}) {
                std::vector<std::vector<float>> xs;
                for (size_t t = 0; t < n; ++t) xs.push_back(activation(cols, int(23 + t)));
                std::vector<std::unique_ptr<TokenActivation>> tokens;
                for (size_t t = 0; t < n; ++t) tokens.push_back(std::make_unique<TokenActivation>(c, xs[t], prepared));
                std::vector<const k::Activation*> ap(n);
                std::vector<std::vector<float>> together(n, std::vector<float>(rows, -1.0f));
                std::vector<float*> yp(n);
                for (size_t t = 0; t < n; ++t) ap[t] = &tokens[t]->a, yp[t] = together[t].data();
                k::dotRowsTokens(c.tensor, 1, rows, ap.data(), n, yp.data()); // from row 1: a start inside the tensor
                for (size_t t = 0; t < n; ++t) {
                    std::vector<float> alone(rows, -1.0f);
                    k::dotRows(c.tensor, 1, rows, tokens[t]->a, alone.data());
                    QVERIFY2(std::memcmp(alone.data(), together[t].data(), (rows - 1) * sizeof(float)) == 0,
                             (std::to_string(n) + " tokens, token " + std::to_string(t) + (prepared ? ", prepared" : "")).c_str());
                }
            }
        }
    }
    void notFusedWhereRowsSplitGroups() {
        const Case c = make(DType::Q4Block, 5, 40, 1);
        QVERIFY(!k::fused(c.tensor));
        const Case v = make(DType::VBit, 8, 64, 1); // no row table: the int8 prefill path
        QVERIFY(!k::fused(v.tensor));
        QVERIFY(k::packsToInt8(v.tensor));
    }
    void quantizeActivationRoundsToTheBlockMax() {
        std::vector<float> x(64);
        for (size_t i = 0; i < 64; ++i) x[i] = float(i) - 20.0f;
        x[40] = 0; // second block: max |x| = 43
        std::vector<int8_t> q(64);
        float scales[2];
        k::quantizeActivation(x.data(), 64, q.data(), scales);
        QCOMPARE(scales[0], 20.0f / 127.0f); // block 1 spans -20 .. 11
        QCOMPARE(int(q[0]), -127);
        QCOMPARE(int(q[20]), 0);
        QCOMPARE(int(q[31]), int(std::nearbyint(11.0f * 127.0f / 20.0f)));
        QCOMPARE(scales[1], 43.0f / 127.0f);
        QCOMPARE(int(q[63]), 127);
        std::vector<float> zeros(32, 0.0f);
        k::quantizeActivation(zeros.data(), 32, q.data(), scales);
        QCOMPARE(scales[0], 0.0f);
        QCOMPARE(int(q[5]), 0);
    }
    void int8PrefillEqualsDecodeThenDot_data() {
        QTest::addColumn<int>("dtype");
        for (DType d : {DType::Q8Row, DType::Q8_2F, DType::Q4Block, DType::Q4Tiled, DType::Q4TP, DType::VBit, DType::VBitRo})
            QTest::newRow(cmf::dtypeName(d).data()) << int(d);
    }
    void int8PrefillEqualsDecodeThenDot() {
        QFETCH(int, dtype);
        const uint64_t rows = 45, cols = 192;
        const Case c = make(DType(dtype), rows, cols, 21);
        QVERIFY(k::packsToInt8(c.tensor));
        // Packed codes × scales reproduce the decoder's values (q8_2f: before its column field).
        std::vector<int8_t> codes(rows * cols);
        std::vector<float> scales(rows * cols / 32);
        k::packInt8(c.tensor, 0, rows, codes.data(), scales.data());
        std::vector<float> colField(cols, 1.0f), ones(cols, 1.0f);
        if (DType(dtype) == DType::Q8_2F) k::scaleByColumnField(c.tensor, ones.data(), colField.data());
        for (uint64_t i = 0; i < rows * cols; ++i)
            QCOMPARE(float(codes[i]) * scales[i / 32] * colField[i % cols], c.decoded[i]);
        // Seven tokens: one 4-token tile and a 3-token tail, over row pairs and a last odd row.
        const size_t nTok = 7;
        const auto [xq, xs, want] = quantizedBatch(c, nTok, 40);
        // Every implementation this CPU can run: the best (AVX-512 VNNI here), AVX2, scalar.
        std::vector<float> ys[3];
        for (int level = 0; level < 3; ++level) {
            k::forceNoAvx512(level >= 1);
            k::forceScalar(level == 2);
            ys[level].assign(nTok * rows, 0.0f);
            k::gemmInt8(codes.data(), scales.data(), rows, cols, xq.data(), xs.data(), nTok, ys[level].data(), rows);
            for (size_t t = 0; t < nTok; ++t) {
                const std::vector<float> got(ys[level].begin() + long(t * rows), ys[level].begin() + long((t + 1) * rows));
                QVERIFY2(nmse(want[t], got) <= 3e-4, (std::string(k::gemmInt8Implementation()) + " " + std::to_string(nmse(want[t], got))).c_str());
            }
        }
        QVERIFY(nmse(ys[2], ys[0]) < 1e-11); // same integer sums, float order apart
        QVERIFY(nmse(ys[2], ys[1]) < 1e-11);
    }
    // Int8 panels (a compact model's weights, packed at load): the product
    // against the definition in double for every int8-coded dtype; the same
    // floats whatever the batch size, the token's place in it, the panels
    // asked for and the implementation (the VNNI kernel and the scalar one,
    // std::fma, are exactly equal); rows past the weight's end are not written.
    void int8PanelsEqualDefinitionForEveryBatch_data() { int8PrefillEqualsDecodeThenDot_data(); }
    void int8PanelsEqualDefinitionForEveryBatch() {
        QFETCH(int, dtype);
        const uint64_t rows = 53, cols = 224; // 4 panels, the last with 5 rows; 7 groups
        const Case c = make(DType(dtype), rows, cols, 31);
        const auto panels = k::packPanels(c.tensor);
        QCOMPARE(panels->panels(), uint64_t(4));
        QCOMPARE(panels->bytes(), k::int8PanelBytes(rows, cols));
        const size_t nTok = 9; // two 4-token tiles and a 1-token tail
        const auto [xq, xs, want] = quantizedBatch(c, nTok, 60);
        std::vector<int32_t> sums(nTok * cols / 32);
        k::groupSums(xq.data(), cols, nTok, sums.data());
        const float sentinel = -12345.0f;
        const auto run = [&](uint64_t p0, uint64_t p1, size_t t0, size_t n) {
            const uint64_t ld = (p1 - p0) * k::kPanelRows + 3; // 3 columns past the panels' rows
            std::vector<float> y(n * ld, sentinel);
            k::gemmPanels(*panels, p0, p1, xq.data() + t0 * cols, xs.data() + t0 * cols / 32, sums.data() + t0 * cols / 32, n, y.data(), ld);
            return std::pair{y, ld};
        };
        const auto [all, ld] = run(0, 4, 0, nTok);
        for (size_t t = 0; t < nTok; ++t) {
            const std::vector<float> got(all.begin() + long(t * ld), all.begin() + long(t * ld + rows));
            QVERIFY2(nmse(want[t], got) <= 3e-4, (std::string(k::panelsImplementation()) + " " + std::to_string(nmse(want[t], got))).c_str());
            for (uint64_t r = rows; r < ld; ++r) QCOMPARE(all[t * ld + r], sentinel);
        }
        for (int level = 0; level < 2; ++level) { // best, then scalar
            k::forceScalar(level == 1);
            for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(4), size_t(5)})
                for (size_t t0 = 0; t0 + n <= nTok; t0 += 2) {
                    const auto [y, ldn] = run(1, 4, t0, n); // panels 1..3: rows 16..52
                    for (size_t t = 0; t < n; ++t)
                        for (uint64_t r = 16; r < rows; ++r)
                            QVERIFY2(y[t * ldn + r - 16] == all[(t0 + t) * ld + r],
                                     (std::string(k::panelsImplementation()) + " batch " + std::to_string(n) + " token " + std::to_string(t0 + t) +
                                      " row " + std::to_string(r)).c_str());
                }
        }
    }
    // A weight with panels runs on them in matmul: decode, a verify-sized
    // batch and a prefill give each token the same floats, and a task mask's
    // row runs read the same values as the full product.
    void matmulOnPanelsIsBatchInvariant() {
        const Case c = make(DType::Q8Row, 150, 256, 13);
        cmf::engine::Weight w;
        w.bytes = c.tensor;
        w.panels = k::packPanels(c.tensor);
        const size_t nTok = 20;
        std::vector<float> x(nTok * 256);
        for (size_t t = 0; t < nTok; ++t) {
            const auto xt = activation(256, uint32_t(200 + t));
            std::copy(xt.begin(), xt.end(), x.begin() + long(t * 256));
        }
        std::vector<float> batch(nTok * 150), four(4 * 150), one(150);
        cmf::engine::matmul(w, x.data(), nTok, batch.data());
        cmf::engine::matmul(w, x.data() + 8 * 256, 4, four.data());
        for (size_t t = 0; t < nTok; ++t) {
            cmf::engine::matmul(w, x.data() + t * 256, 1, one.data());
            QVERIFY(std::equal(one.begin(), one.end(), batch.begin() + long(t * 150)));
            if (t >= 8 && t < 12) QVERIFY(std::equal(one.begin(), one.end(), four.begin() + long((t - 8) * 150)));
        }
        // Kept rows 3..7, 40..79 and 149 (panels 0, 2-4 and 9) to outputs 0..45.
        const std::vector<cmf::engine::RowRun> runs = {{3, 5, 0}, {40, 40, 5}, {149, 1, 45}};
        std::vector<float> kept(nTok * 46, -1.0f);
        const cmf::engine::MatmulOut out{&w, kept.data(), runs};
        cmf::engine::matmulMany(std::span(&out, 1), x.data(), nTok);
        for (size_t t = 0; t < nTok; ++t)
            for (const auto& r : runs)
                for (uint64_t i = 0; i < r.count; ++i) QCOMPARE(kept[t * 46 + r.out + i], batch[t * 150 + r.first + i]);
    }
    // The FFN gate act(g)·u: the vector SiLU within float roundings of the
    // definition in double (relative 1.5e-7·(2 + |g|)), over every range (far negative, where it
    // vanishes, to far positive, where it is g) and a tail past whole vectors;
    // the same value for an element wherever the range it is in starts.
    void gatedActivationMatchesTheDefinition() {
        std::vector<float> g, u;
        std::mt19937 rng(3);
        std::uniform_real_distribution<float> uni(-3.0f, 3.0f);
        for (float x : {-1000.0f, -120.0f, -88.0f, -30.0f, -1e-30f, 0.0f, 1e-30f, 1e-3f, 30.0f, 88.0f, 120.0f, 1000.0f}) g.push_back(x);
        for (int i = 0; i < 200; ++i) g.push_back(uni(rng) * (i % 3 ? 1.0f : 8.0f));
        for (size_t i = 0; i < g.size(); ++i) u.push_back(uni(rng));
        const size_t n = g.size(); // 212: 13 vectors and 4
        std::vector<float> got = g;
        k::gatedActivation(cmf::engine::Activation::Silu, got.data(), u.data(), n);
        for (size_t i = 0; i < n; ++i) {
            const double x = g[i], want = x / (1.0 + std::exp(-x)) * double(u[i]);
            // e^−x as 2^t with t = −x·log2 e rounded: a relative error of about |t|·2^−24 besides the polynomial's ulp.
            QVERIFY2(std::fabs(got[i] - want) <= 1.5e-7 * (2.0 + std::fabs(x)) * std::fabs(want) + std::fabs(x * u[i]) * 1.2e-38,
                     (std::to_string(x) + ": " + std::to_string(got[i]) + " vs " + std::to_string(want) + " " + k::implementation()).c_str());
        }
        std::vector<float> part = g;
        k::gatedActivation(cmf::engine::Activation::Silu, part.data() + 5, u.data() + 5, n - 5);
        for (size_t i = 5; i < n; ++i) QCOMPARE(part[i], got[i]);
    }
    // Greedy's pick: the vector argmax gives std::max_element's index on
    // every length around the 16-lane vectors (a tail of 1-15), with the
    // maximum repeated (the first wins), at the first and last element,
    // ±0 as the largest (equal: the first), only -inf, and a NaN anywhere
    // (std::max_element's answer, which depends on where it stands).
    void argmaxIsMaxElements() {
        std::mt19937 rng(11);
        std::normal_distribution<float> n(0.0f, 3.0f);
        const auto check = [&](const std::vector<float>& x, const char* what) {
            const size_t want = size_t(std::max_element(x.begin(), x.end()) - x.begin());
            const std::string msg = std::string(what) + ", n " + std::to_string(x.size());
            QVERIFY2(k::argmax(x.data(), x.size()) == want, msg.c_str());
            QVERIFY2(k::detail::argmaxScalar(x.data(), x.size()) == want, msg.c_str());
            if (k::detail::avx512Available()) QVERIFY2(k::detail::argmaxAvx512(x.data(), x.size()) == want, msg.c_str());
        };
        for (size_t len : {size_t(1), size_t(2), size_t(15), size_t(16), size_t(17), size_t(31), size_t(33), size_t(100), size_t(8192),
                           size_t(151936)}) {
            std::vector<float> x(len);
            for (auto& v : x) v = n(rng);
            check(x, "random");
            std::vector<float> y = x;
            const float top = *std::max_element(y.begin(), y.end()) + 1.0f;
            for (size_t at : {len - 1, len / 2, len / 3}) y[at] = top; // repeated maximum: the lowest index
            check(y, "ties");
            y = x;
            y.front() = top;
            check(y, "first");
            y = x;
            y.back() = top;
            check(y, "last");
            std::vector<float> z(len, -1.0f);
            z[len / 2] = -0.0f;
            z[len - 1] = 0.0f;
            check(z, "signed zeros");
            std::fill(z.begin(), z.end(), -INFINITY);
            check(z, "all -inf");
            for (size_t at : {size_t(0), len / 2, len - 1}) {
                y = x;
                y[at] = NAN;
                check(y, "nan");
            }
        }
    }
    // The transposed float product (prefill attention's weighted sums):
    // every implementation against the definition in double, with a row
    // count that ends inside a 16-lane panel, an odd panel count, a column
    // stride wider than the rows and token counts around the 8-token tile.
    void gemmF32TransposedEqualsDefinition() {
        for (const auto [rows, cols, ldw] : {std::array<uint64_t, 3>{64, 128, 64}, {20, 37, 24}, {48, 5, 48}, {1, 130, 3}})
            for (size_t nTok : {size_t(1), size_t(7), size_t(9)}) {
                std::mt19937 rng(uint32_t(rows * 131 + cols + nTok));
                std::normal_distribution<float> n(0.0f, 1.0f);
                std::vector<float> wT(cols * ldw), x(nTok * cols);
                for (auto& v : wT) v = n(rng);
                for (auto& v : x) v = n(rng);
                for (int level = 0; level < 3; ++level) {
                    k::forceNoAvx512(level >= 1);
                    k::forceScalar(level == 2);
                    const size_t ldy = rows + 3;
                    std::vector<float> y(nTok * ldy, -7.0f);
                    k::gemmF32T(wT.data(), ldw, rows, cols, x.data(), nTok, y.data(), ldy);
                    for (size_t t = 0; t < nTok; ++t) {
                        for (uint64_t r = 0; r < rows; ++r) {
                            double want = 0, mag = 0;
                            for (uint64_t i = 0; i < cols; ++i) {
                                want += double(wT[i * ldw + r]) * x[t * cols + i];
                                mag += std::fabs(double(wT[i * ldw + r]) * x[t * cols + i]);
                            }
                            QVERIFY2(std::fabs(y[t * ldy + r] - want) <= 1e-6 * mag + 1e-30, (std::to_string(level) + " " + std::to_string(rows)).c_str());
                        }
                        for (size_t r = rows; r < ldy; ++r) QCOMPARE(y[t * ldy + r], -7.0f); // nothing written past the rows
                    }
                }
            }
        k::forceNoAvx512(false);
        k::forceScalar(false);
    }
    // An 8-bit vbit row spans u − 127 = −127 … 128; 128 does not fit int8,
    // so such rows are packed negated. Hand-made payload: row 0 is 8-bit with
    // u = 255, 0, 127 and 254; row 1 is 3-bit; one 32-group per row.
    void vbitEightBitRowsPackExactly() {
        const uint64_t rows = 2, cols = 32;
        std::vector<uint8_t> bytes = {8, 3};
        const uint16_t scales[2] = {cmf::f32ToF16(0.5f), cmf::f32ToF16(-0.25f)};
        for (uint16_t h : scales) bytes.push_back(uint8_t(h & 0xFF)), bytes.push_back(uint8_t(h >> 8));
        for (uint32_t off : {0u, 32u, 44u})
            for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(off >> (8 * b)));
        for (uint64_t i = 0; i < cols; ++i) bytes.push_back(i == 0 ? 255 : i == 1 ? 0 : i == 2 ? 127 : uint8_t(254 - i));
        for (int i = 0; i < 12; ++i) bytes.push_back(uint8_t(0x5A + 17 * i)); // 32 three-bit codes
        const cmf::TensorBytes t{DType::VBitRo, {rows, cols}, bytes.data(), bytes.size()};
        cmf::validatePayload(t);
        std::vector<float> decoded(rows * cols);
        cmf::decodeRows(t, 0, rows, decoded.data());
        QCOMPARE(decoded[0], 64.0f); // (255 − 127) · 0.5
        std::vector<int8_t> codes(rows * cols);
        std::vector<float> packedScales(rows);
        k::packInt8(t, 0, rows, codes.data(), packedScales.data());
        for (uint64_t i = 0; i < rows * cols; ++i) QCOMPARE(float(codes[i]) * packedScales[i / 32], decoded[i]);
        // And through the int8 product: the weight's rows against an activation of ones.
        std::vector<int8_t> xq(cols, 127);
        const float xs = 1.0f / 127.0f;
        for (int level = 0; level < 3; ++level) {
            k::forceNoAvx512(level >= 1);
            k::forceScalar(level == 2);
            float y[2];
            k::gemmInt8(codes.data(), packedScales.data(), rows, cols, xq.data(), &xs, 1, y, rows);
            for (uint64_t r = 0; r < rows; ++r) {
                double sum = 0;
                for (uint64_t i = 0; i < cols; ++i) sum += decoded[r * cols + i];
                QVERIFY2(std::fabs(y[r] - sum) < 1e-3, k::gemmInt8Implementation());
            }
        }
    }
    // Every width, 8-bit codes of 255 (u − 127 = 128), a last row ending the
    // buffer: the in-register unpacking against the format's decoder.
    // Group counts: 1, 2, 3 (a pair and an odd group), 9 (an 8-group block
    // of the VBMI kernel and an odd group), 28 (3 blocks and 2 pairs).
    void vbitRoKernelEveryWidth() {
        for (uint64_t cols : {32ull, 64ull, 96ull, 288ull, 896ull}) {
            const Case c = randomVbitRo(41, cols, uint32_t(cols));
            QVERIFY(k::fused(c.tensor));
            const auto x = activation(cols, 13);
            const auto want = exact(c, x);
            // The best kernel (AVX-512 VBMI where the CPU has it), AVX2, scalar.
            std::vector<float> got[3];
            for (int level = 0; level < 3; ++level) {
                k::forceNoAvx512(level >= 1);
                k::forceScalar(level == 2);
                got[level] = viaKernel(c, x);
                const double e = nmse(want, got[level]);
                QVERIFY2(e <= 3e-4, (std::string(k::vbitImplementation()) + " nmse " + std::to_string(e)).c_str());
            }
            for (int level = 0; level < 2; ++level)
                QVERIFY2(nmse(got[2], got[level]) < 1e-11, (std::to_string(level) + ": " + std::to_string(nmse(got[2], got[level]))).c_str());
        }
    }
    // A vbit weight without a row table: row starts scanned or given agree.
    void vbitRowStartsFromLoadOrScan() {
        const Case c = make(DType::VBit, 40, 96, 8);
        const auto starts = k::vbitRowStarts(c.tensor);
        std::vector<int8_t> a(20 * 96), b(20 * 96);
        std::vector<float> sa(20 * 3), sb(20 * 3);
        k::packInt8(c.tensor, 17, 37, a.data(), sa.data(), starts.data());
        k::packInt8(c.tensor, 17, 37, b.data(), sb.data(), nullptr);
        QVERIFY(a == b);
        QVERIFY(sa == sb);
        for (uint64_t i = 0; i < 20 * 96; ++i) QCOMPARE(float(a[i]) * sa[i / 32], c.decoded[17 * 96 + i]);
    }
    void quantizersGiveTheSameBytes() {
        // Blocks with ties at .5 after scaling, zeros, an outlier, and random values.
        std::vector<float> x(32 * 40);
        std::mt19937 rng(17);
        std::normal_distribution<float> n(0.0f, 1.0f);
        for (auto& v : x) v = n(rng);
        for (size_t i = 0; i < 32; ++i) x[i] = float(int(i) - 16) * 0.5f; // max 8 -> scaled steps of 127/16
        std::fill(x.begin() + 32, x.begin() + 64, 0.0f);
        x[100] = 1000.0f;
        std::vector<int8_t> qa(x.size()), qb(x.size());
        std::vector<float> sa(x.size() / 32), sb(x.size() / 32);
        k::forceScalar(true);
        k::quantizeActivation(x.data(), x.size(), qa.data(), sa.data());
        k::forceScalar(false);
        k::quantizeActivation(x.data(), x.size(), qb.data(), sb.data());
        QVERIFY(qa == qb);
        QVERIFY(sa == sb);
    }
    void matmulDecodeAndPrefillPathsAgree_data() {
        QTest::addColumn<int>("dtype");
        for (DType d : {DType::F16, DType::Q8Row, DType::Q8_2F, DType::Q4Tiled, DType::Q4TP, DType::VBitRo})
            QTest::newRow(cmf::dtypeName(d).data()) << int(d);
    }
    void matmulDecodeAndPrefillPathsAgree() {
        QFETCH(int, dtype);
        const Case c = make(DType(dtype), 300, 256, 9);
        cmf::engine::Weight w;
        w.bytes = c.tensor;
        const size_t nTok = 9; // more than the fused batch: the prefill path
        std::vector<float> x(nTok * 256);
        for (size_t t = 0; t < nTok; ++t) {
            const auto xt = activation(256, uint32_t(100 + t));
            std::copy(xt.begin(), xt.end(), x.begin() + long(t * 256));
        }
        std::vector<float> batch(nTok * 300), one(300);
        // The 4-bit decode and every int8-coded prefill quantize the activations.
        const double bound = k::needsInt8(c.tensor) || k::packsToInt8(c.tensor) ? 3e-4 : 1e-11;
        for (int level = 0; level < 3; ++level) { // best, AVX2, scalar
            k::forceNoAvx512(level >= 1);
            k::forceScalar(level == 2);
            cmf::engine::matmul(w, x.data(), nTok, batch.data());
            for (size_t t = 0; t < nTok; ++t) {
                cmf::engine::matmul(w, x.data() + t * 256, 1, one.data());
                const std::vector<float> b(batch.begin() + long(t * 300), batch.begin() + long((t + 1) * 300));
                QVERIFY2(nmse(b, one) <= bound, (std::string(k::implementation()) + " " + std::to_string(nmse(b, one))).c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestKernels)
#include "tst_kernels.moc"
