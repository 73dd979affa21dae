// The encoders (encode.h) against the decoders (codec.h): every dtype round
// trips on random and adversarial matrices within a bound that follows from
// its layout, produces a payload validatePayload accepts (exactly
// expectedNBytes for fixed layouts), refuses non-finite input by position,
// and the layout-specific rules hold: vbit width allocation, q4tp's f16 lo /
// step and reconstructed scales, the q1s / q1t overlays, chooseDType's
// fallbacks, and re-encoding decoded data giving the same bytes.
#include "test_support.h"

#include "cmf/format/codec.h"
#include "cmf/format/encode.h"
#include "cmf/format/error.h"
#include "cmf/format/half.h"

#include <QTest>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>

using cmf::DType;
using cmf::TensorShape;

Q_DECLARE_METATYPE(cmf::DType)

namespace {

constexpr float kF16MinNormal = 6.103515625e-05f;

const std::vector<DType> kAllDTypes = {DType::F32,     DType::F16,   DType::BF16, DType::Q8Row, DType::Q8_2F,
                                       DType::Q4Block, DType::Q4Tiled, DType::Q4TP, DType::VBit,  DType::VBitRo,
                                       DType::Q1,      DType::Q1S,   DType::Q1T};

const char* name(DType t) { return cmf::dtypeName(t).data(); }

struct Matrix {
    TensorShape shape;
    std::vector<float> v;
    float& at(uint64_t r, uint64_t c) { return v[r * shape.cols + c]; }
};

enum class Pattern { Gaussian, ConstantRows, Zeros, OutlierPerRow, Denormal, Large, MixedSigns };

const std::array<std::pair<Pattern, const char*>, 7> kPatterns = {{
    {Pattern::Gaussian, "gaussian"},
    {Pattern::ConstantRows, "constant rows"},
    {Pattern::Zeros, "zeros"},
    {Pattern::OutlierPerRow, "outlier per row"},
    {Pattern::Denormal, "denormals"},
    {Pattern::Large, "large (6e4)"},
    {Pattern::MixedSigns, "mixed signs, 1e-3..1e2"},
}};

Matrix gaussian(uint64_t rows, uint64_t cols, uint64_t seed, float sigma = 0.02f) {
    Matrix m{{rows, cols}, std::vector<float>(rows * cols)};
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> dist(0.0f, sigma);
    for (float& x : m.v) x = dist(rng);
    return m;
}

Matrix make(Pattern p, uint64_t rows, uint64_t cols, uint64_t seed = 1) {
    Matrix m = gaussian(rows, cols, seed);
    std::mt19937_64 rng(seed * 7919 + 13);
    switch (p) {
    case Pattern::Gaussian: break;
    case Pattern::ConstantRows: // a different constant per row, both signs
        for (uint64_t r = 0; r < rows; ++r)
            for (uint64_t c = 0; c < cols; ++c) m.at(r, c) = (r % 2 ? -1.0f : 1.0f) * 0.01f * float(r + 1);
        break;
    case Pattern::Zeros: std::fill(m.v.begin(), m.v.end(), 0.0f); break;
    case Pattern::OutlierPerRow:
        for (uint64_t r = 0; r < rows; ++r) m.at(r, (r * 7) % cols) = (r % 2 ? -20.0f : 20.0f); // 1000 sigma
        break;
    case Pattern::Denormal: // row 0 all float32 denormals (unless it is the only row), scattered ones elsewhere
        for (uint64_t c = 0; c < cols && rows > 1; ++c) m.at(0, c) = (c % 3 ? 1e-40f : -1e-40f);
        for (uint64_t i = 5; i < m.v.size(); i += 17) m.v[i] = 1e-40f;
        break;
    case Pattern::Large:
        for (float& x : m.v) x *= 1.5e6f; // sigma 3e4
        for (uint64_t r = 0; r < rows; ++r) m.at(r, r % cols) = (r % 2 ? -6e4f : 6e4f);
        for (float& x : m.v) x = std::clamp(x, -6e4f, 6e4f);
        break;
    case Pattern::MixedSigns: {
        std::uniform_real_distribution<float> logMag(-3.0f, 2.0f);
        for (uint64_t i = 0; i < m.v.size(); ++i) m.v[i] = (i % 2 ? -1.0f : 1.0f) * std::pow(10.0f, logMag(rng));
        break;
    }
    }
    return m;
}

cmf::TensorBytes view(DType t, TensorShape s, const std::vector<uint8_t>& bytes) {
    return {t, s, bytes.data(), bytes.size()};
}

// Encodes, checks the payload's size and structure, decodes.
struct RoundTrip {
    std::vector<uint8_t> bytes;
    std::vector<float> decoded;
    double error = 0; // relative RMS
};

RoundTrip roundTrip(DType t, const Matrix& m, const cmf::EncodeOptions& o = {}) {
    RoundTrip rt;
    rt.bytes = cmf::encode(t, m.shape, m.v.data(), o);
    if (const auto want = cmf::expectedNBytes(t, m.shape))
        if (rt.bytes.size() != *want)
            throw std::runtime_error(std::string(name(t)) + ": " + std::to_string(rt.bytes.size()) +
                                     " bytes, expectedNBytes " + std::to_string(*want));
    rt.decoded = cmf::decodeAll(view(t, m.shape, rt.bytes)); // validates first
    rt.error = cmf::relativeRmsError(m.v.data(), rt.decoded.data(), m.v.size());
    return rt;
}

float f16Round(float x) { return cmf::f16ToF32(cmf::f32ToF16(x)); }

// The decoder's scale for a group of a dividing quantizer, recomputed
// independently: f16(absmax / L), floored at the smallest normal f16.
float expectedScale(const float* w, uint64_t n, float levels) {
    float amax = 0;
    for (uint64_t i = 0; i < n; ++i) amax = std::max(amax, std::abs(w[i]));
    return std::max(f16Round(amax / levels), kF16MinNormal);
}

// For q8_row, q4_block, q4_tiled, vbit, vbit_ro: every value is within half
// a step of its group's expected scale (no clipping can happen: the scale
// covers the group's absmax). Returns an empty string or the first failure.
QString checkHalfStep(DType t, const Matrix& m, const RoundTrip& rt) {
    const uint64_t rows = m.shape.rows, cols = m.shape.cols, n = m.v.size();
    for (uint64_t i = 0; i < n; ++i) {
        float step = 0;
        const uint64_t r = i / std::max<uint64_t>(cols, 1);
        switch (t) {
        case DType::Q8Row: step = expectedScale(&m.v[r * cols], cols, 127.0f); break;
        case DType::Q4Block:
        case DType::Q4Tiled: {
            const uint64_t g = i / 32 * 32;
            step = expectedScale(&m.v[g], std::min<uint64_t>(32, n - g), 7.0f);
            break;
        }
        case DType::VBit:
        case DType::VBitRo: {
            const unsigned b = rt.bytes[r];
            const uint64_t g = i / 32 * 32;
            step = expectedScale(&m.v[g], 32, float((1u << (b - 1)) - 1));
            break;
        }
        default: return QStringLiteral("no half-step rule for %1").arg(name(t));
        }
        const double err = std::abs(double(rt.decoded[i]) - double(m.v[i]));
        if (err > 0.5 * step * (1 + 1e-6))
            return QStringLiteral("element %1 (row %2 of %3): %4 decodes to %5, more than half the step %6")
                .arg(i)
                .arg(r)
                .arg(rows)
                .arg(double(m.v[i]), 0, 'g', 9)
                .arg(double(rt.decoded[i]), 0, 'g', 9)
                .arg(double(step), 0, 'g', 9);
    }
    return {};
}

// q8_2f: half a step of row[o]·col[i], read from the payload.
QString checkHalfStepQ8_2F(const Matrix& m, const RoundTrip& rt) {
    const uint64_t rows = m.shape.rows, in = m.shape.cols;
    const uint8_t* rowScales = rt.bytes.data() + rows * in;
    const uint8_t* col = rowScales + rows * 2;
    for (uint64_t r = 0; r < rows; ++r)
        for (uint64_t i = 0; i < in; ++i) {
            const double step = double(cmf::loadF16(rowScales + 2 * r)) * cmf::loadF16(col + 2 * i);
            const double err = std::abs(double(rt.decoded[r * in + i]) - double(m.v[r * in + i]));
            if (err > 0.5 * step * (1 + 1e-5) + 1e-6 * std::abs(m.v[r * in + i]))
                return QStringLiteral("[%1, %2]: error %3 > half step %4").arg(r).arg(i).arg(err).arg(step / 2);
        }
    return {};
}

template <class F>
cmf::ErrorKind errorKindOf(F&& f, std::string* message = nullptr) {
    try {
        f();
    } catch (const cmf::Error& e) {
        if (message) *message = e.what();
        return e.kind();
    }
    throw std::runtime_error("no cmf::Error thrown");
}

// The vbit row widths of a payload.
std::vector<unsigned> widthsOf(const std::vector<uint8_t>& bytes, uint64_t rows) {
    return {bytes.begin(), bytes.begin() + rows};
}

double mean(const std::vector<unsigned>& w) { return w.empty() ? 0 : std::accumulate(w.begin(), w.end(), 0.0) / w.size(); }

} // namespace

class TestEncoders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void gaussianErrorBounds_data();
    void gaussianErrorBounds();
    void errorOrdering();
    void nonFiniteRejected_data();
    void nonFiniteRejected();
    void outOfRangeRefused();
    void shapeRulesAndReservedDTypes();
    void chooseDTypeFallbacks_data();
    void chooseDTypeFallbacks();
    void reEncodingIsAFixedPoint_data();
    void reEncodingIsAFixedPoint();
    void q4BlockPadsTheTailWithZeroCodes();
    void scalesAreFlooredAtTheSmallestNormalF16();
    void q8_2fFields();
    void vbitWidthAllocation_data();
    void vbitWidthAllocation();
    void vbitEdgeBudgets();
    void vbitRoRowTable();
    void q4tpLadder();
    void q1sOverlay();
    void q1tTernary();
    void q1tOverlayRows();
    void emptyTensors();
    void relativeRmsErrorDefinition();
};

// ---- round trips ----

void TestEncoders::roundTrip_data() {
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<qulonglong>("rows");
    QTest::addColumn<qulonglong>("cols");
    QTest::addColumn<int>("pattern");
    const std::vector<std::pair<uint64_t, uint64_t>> in32Shapes = {{16, 64}, {7, 96}, {64, 32}};
    const std::vector<std::pair<uint64_t, uint64_t>> anyShapes = {{5, 8}, {3, 11}, {1, 40}, {9, 33}};
    for (DType t : kAllDTypes)
        for (const auto& [p, pname] : kPatterns) {
            auto shapes = in32Shapes;
            if (!cmf::dtypeNeedsIn32(t)) shapes.insert(shapes.end(), anyShapes.begin(), anyShapes.end());
            for (const auto& [r, c] : shapes)
                QTest::addRow("%s %s [%llu,%llu]", name(t), pname, (unsigned long long)r, (unsigned long long)c)
                    << t << qulonglong(r) << qulonglong(c) << int(p);
        }
}

// Every dtype, shape and pattern: a valid payload of the right size whose
// decode is finite; zeros decode to zeros; lossless float types are exact
// or within their rounding; the dividing quantizers are within half a step
// of the scale §3.2 prescribes, element by element.
void TestEncoders::roundTrip() {
    QFETCH(DType, dtype);
    QFETCH(qulonglong, rows);
    QFETCH(qulonglong, cols);
    QFETCH(int, pattern);
    const Matrix m = make(Pattern(pattern), rows, cols, rows * 31 + cols);
    RoundTrip rt;
    try {
        rt = ::roundTrip(dtype, m);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    QCOMPARE(rt.decoded.size(), m.v.size());
    for (float x : rt.decoded) QVERIFY(std::isfinite(x));

    if (Pattern(pattern) == Pattern::Zeros) {
        for (float x : rt.decoded) QCOMPARE(x, 0.0f);
        return;
    }
    switch (dtype) {
    case DType::F32: QCOMPARE(rt.error, 0.0); break;
    case DType::F16: QVERIFY2(rt.error <= 4.9e-4, qPrintable(QString::number(rt.error))); break; // 2^-11
    case DType::BF16: QVERIFY2(rt.error <= 3.9e-3, qPrintable(QString::number(rt.error))); break; // 2^-8
    case DType::Q8Row:
    case DType::Q4Block:
    case DType::Q4Tiled:
    case DType::VBit:
    case DType::VBitRo: {
        const QString problem = checkHalfStep(dtype, m, rt);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        break;
    }
    case DType::Q8_2F: {
        const QString problem = checkHalfStepQ8_2F(m, rt);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        break;
    }
    case DType::Q4TP: { // q4_tiled's values with the scale moved to the nearest rung
        const double tiled = ::roundTrip(DType::Q4Tiled, m).error;
        QVERIFY2(rt.error <= 1.6 * tiled + 5e-3, qPrintable(QStringLiteral("q4tp %1, q4_tiled %2").arg(rt.error).arg(tiled)));
        break;
    }
    default:
        // q1 family: one level s per group (plus exact zeros for q1t) fitted
        // by least squares leaves Σw² − n·s² <= Σw², so the relative error
        // is at most 1 whatever the data; constant rows are exact up to f16.
        if (Pattern(pattern) == Pattern::ConstantRows)
            QVERIFY2(rt.error <= 4.9e-4, qPrintable(QString::number(rt.error)));
        else
            QVERIFY2(rt.error <= 1.0 + 1e-6, qPrintable(QString::number(rt.error)));
        break;
    }
}

// Relative RMS error on N(0, 0.02²) data, [64, 256]. Each bound is the
// layout's expected error with a margin of 10-25%, tight enough that a
// broken encoder (wrong rounding, wrong scale, a dropped level) fails, and
// each has a floor so that an encoder that "improves" by storing more than
// its layout allows is caught too:
//   f16 / bf16: relative rounding of 2^-11 / 2^-8 at worst, ~0.4 of it RMS;
//   q8: step absmax/127 ≈ 2.9σ/127, error ≈ step/√12 ≈ 0.007σ;
//   q4: step ≈ 2.1σ/7 per 32-group, error ≈ 0.1σ (q4tp: within a rung);
//   vbit at 3 bits: step ≈ 2.1σ/3, error ≈ 0.23σ; at 4.5 bits half the
//   rows are at 5 bits (≈ q4/2) and half at 4; at 8 bits ≈ q8;
//   q1: sign × mean|w| leaves √(1 − 2/π) ≈ 0.60 of a gaussian;
//   q1t: the best ternary fit of a gaussian leaves ≈ 0.40.
void TestEncoders::gaussianErrorBounds_data() {
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<double>("meanBits");
    QTest::addColumn<double>("bound");
    QTest::addColumn<double>("atLeast");
    QTest::newRow("f32") << DType::F32 << 4.5 << 0.0 << 0.0;
    QTest::newRow("f16") << DType::F16 << 4.5 << 2.5e-4 << 1e-4;
    QTest::newRow("bf16") << DType::BF16 << 4.5 << 2e-3 << 1e-3;
    QTest::newRow("q8_row") << DType::Q8Row << 4.5 << 8.5e-3 << 5e-3;
    QTest::newRow("q8_2f") << DType::Q8_2F << 4.5 << 8.5e-3 << 5e-3;
    QTest::newRow("q4_block") << DType::Q4Block << 4.5 << 0.11 << 0.08;
    QTest::newRow("q4_tiled") << DType::Q4Tiled << 4.5 << 0.11 << 0.08;
    QTest::newRow("q4tp") << DType::Q4TP << 4.5 << 0.11 << 0.08;
    QTest::newRow("vbit 3") << DType::VBit << 3.0 << 0.25 << 0.2;
    QTest::newRow("vbit 4.5") << DType::VBit << 4.5 << 0.09 << 0.05;
    QTest::newRow("vbit_ro 4.5") << DType::VBitRo << 4.5 << 0.09 << 0.05;
    QTest::newRow("vbit 8") << DType::VBit << 8.0 << 6.5e-3 << 4e-3;
    QTest::newRow("q1") << DType::Q1 << 4.5 << 0.63 << 0.55;
    QTest::newRow("q1s") << DType::Q1S << 4.5 << 0.62 << 0.5;
    QTest::newRow("q1t") << DType::Q1T << 4.5 << 0.45 << 0.35;
}

void TestEncoders::gaussianErrorBounds() {
    QFETCH(DType, dtype);
    QFETCH(double, meanBits);
    QFETCH(double, bound);
    QFETCH(double, atLeast);
    const Matrix m = gaussian(64, 256, 42);
    cmf::EncodeOptions o;
    o.meanBits = meanBits;
    const RoundTrip rt = ::roundTrip(dtype, m, o);
    QVERIFY2(rt.error <= bound && rt.error >= atLeast,
             qPrintable(QStringLiteral("relative RMS error %1, expected in [%2, %3]").arg(rt.error).arg(atLeast).arg(bound)));
}

// The ordering the bit budgets promise, on the same data.
void TestEncoders::errorOrdering() {
    const Matrix g = gaussian(64, 256, 7);
    auto err = [&](DType t, double meanBits = 4.5, const Matrix* m = nullptr) {
        cmf::EncodeOptions o;
        o.meanBits = meanBits;
        return ::roundTrip(t, m ? *m : g, o).error;
    };
    const double q4 = err(DType::Q4Block);
    QVERIFY2(err(DType::Q8Row) * 5 <= q4, "q8_row is not 5x better than q4_block");
    QVERIFY2(err(DType::Q8_2F) * 5 <= q4, "q8_2f is not 5x better than q4_block");
    QVERIFY2(err(DType::VBit, 8.0) * 5 <= q4, "vbit at 8 bits is not 5x better than q4_block");
    QVERIFY(err(DType::VBit, 6.0) < err(DType::VBit, 4.5));
    QVERIFY(err(DType::VBit, 4.5) < err(DType::VBit, 3.0));
    QVERIFY(err(DType::Q1T) < err(DType::Q1) * 0.8);
    QCOMPARE(err(DType::Q4Tiled), q4); // same values as q4_block

    // Outlier input channels: q8_2f's column field absorbs them.
    Matrix channels = gaussian(64, 256, 8);
    for (uint64_t r = 0; r < 64; ++r)
        for (uint64_t c : {3u, 77u}) channels.at(r, c) *= 50.0f;
    QVERIFY2(err(DType::Q8_2F, 4.5, &channels) * 2 < err(DType::Q8Row, 4.5, &channels),
             "q8_2f does not beat q8_row on outlier channels");

    // Outliers per row: q1s keeps them and its scales ignore them.
    const Matrix spiky = make(Pattern::OutlierPerRow, 64, 256, 9);
    QVERIFY(err(DType::Q1S, 4.5, &spiky) < 0.5 * err(DType::Q1, 4.5, &spiky));
    QVERIFY(err(DType::Q1T, 4.5, &spiky) < 0.5 * err(DType::Q1, 4.5, &spiky));
}

// ---- input and shape errors ----

void TestEncoders::nonFiniteRejected_data() {
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("word");
    for (DType t : kAllDTypes) {
        QTest::addRow("%s NaN", name(t)) << t << std::numeric_limits<float>::quiet_NaN() << "NaN";
        QTest::addRow("%s +inf", name(t)) << t << std::numeric_limits<float>::infinity() << "value inf";
        QTest::addRow("%s -inf", name(t)) << t << -std::numeric_limits<float>::infinity() << "value -inf";
    }
}

void TestEncoders::nonFiniteRejected() {
    QFETCH(DType, dtype);
    QFETCH(float, value);
    QFETCH(QString, word);
    Matrix m = gaussian(4, 64, 3);
    m.at(2, 37) = value;
    std::string message;
    QCOMPARE(errorKindOf([&] { cmf::encode(dtype, m.shape, m.v.data()); }, &message), cmf::ErrorKind::Parse);
    QVERIFY2(QString::fromStdString(message).contains(word), message.c_str());
    QVERIFY2(QString::fromStdString(message).contains(QStringLiteral("at row 2, col 37")), message.c_str());
}

// Finite values a layout cannot hold are refused, not stored as inf.
void TestEncoders::outOfRangeRefused() {
    Matrix m = gaussian(2, 32, 4);
    m.at(1, 5) = 7e4f; // > 65504
    std::string message;
    QCOMPARE(errorKindOf([&] { cmf::encode(DType::F16, m.shape, m.v.data()); }, &message), cmf::ErrorKind::Parse);
    QVERIFY2(QString::fromStdString(message).contains(QStringLiteral("row 1, col 5")), message.c_str());
    m.at(1, 5) = 1e7f; // absmax / 127 > 65504: no f16 scale
    QCOMPARE(errorKindOf([&] { cmf::encode(DType::Q8Row, m.shape, m.v.data()); }), cmf::ErrorKind::Parse);
    m.at(1, 5) = std::numeric_limits<float>::max(); // rounds past the largest bf16
    QCOMPARE(errorKindOf([&] { cmf::encode(DType::BF16, m.shape, m.v.data()); }), cmf::ErrorKind::Parse);
    // 6e4 fits everywhere (the adversarial "large" pattern round-trips above).
    m.at(1, 5) = 6e4f;
    for (DType t : kAllDTypes) QVERIFY(!cmf::encode(t, m.shape, m.v.data()).empty());
}

void TestEncoders::shapeRulesAndReservedDTypes() {
    const Matrix m = gaussian(3, 40, 5);
    for (DType t : kAllDTypes) {
        if (!cmf::dtypeNeedsIn32(t)) continue;
        std::string message;
        QCOMPARE(errorKindOf([&] { cmf::encode(t, m.shape, m.v.data()); }, &message), cmf::ErrorKind::Parse);
        QVERIFY2(QString::fromStdString(message).contains(QStringLiteral("in = 40")), message.c_str());
    }
    for (DType t : {DType::Mix8_4, DType::Q4Col, DType::U8, DType(16), DType(200)}) {
        QCOMPARE(errorKindOf([&] { cmf::encode(t, m.shape, m.v.data()); }), cmf::ErrorKind::Parse);
        QCOMPARE(errorKindOf([&] { cmf::chooseDType(t, 2, m.shape); }), cmf::ErrorKind::Parse);
    }
    // q1t's column index is u16.
    const Matrix wide = gaussian(1, 65568, 6);
    QCOMPARE(errorKindOf([&] { cmf::encode(DType::Q1T, wide.shape, wide.v.data()); }), cmf::ErrorKind::Parse);
    QCOMPARE(cmf::chooseDType(DType::Q1T, 2, wide.shape).dtype, DType::Q1S);
    QVERIFY(!cmf::encode(DType::Q1S, wide.shape, wide.v.data()).empty());
}

void TestEncoders::chooseDTypeFallbacks_data() {
    QTest::addColumn<DType>("requested");
    QTest::addColumn<uint>("ndim");
    QTest::addColumn<qulonglong>("rows");
    QTest::addColumn<qulonglong>("cols");
    QTest::addColumn<DType>("chosen");
    QTest::addColumn<QString>("reason"); // a substring; empty: no reason

    // 1-D and tiny tensors: f16, or f32 when f32 is asked for.
    QTest::newRow("1-D q8_row") << DType::Q8Row << 1u << 1ull << 64ull << DType::F16 << "1-D tensor is always f16 (§3.2): q8_row -> f16";
    QTest::newRow("1-D bf16") << DType::BF16 << 1u << 1ull << 4096ull << DType::F16 << "bf16 -> f16";
    QTest::newRow("1-D f16") << DType::F16 << 1u << 1ull << 64ull << DType::F16 << "";
    QTest::newRow("1-D f32") << DType::F32 << 1u << 1ull << 64ull << DType::F32 << "";
    QTest::newRow("0-D q4_block") << DType::Q4Block << 0u << 1ull << 1ull << DType::F16 << "0-D";
    QTest::newRow("[3,8] q4_block") << DType::Q4Block << 2u << 3ull << 8ull << DType::F16 << "24 elements (< 32)";
    QTest::newRow("[3,8] f32") << DType::F32 << 2u << 3ull << 8ull << DType::F32 << "";
    QTest::newRow("[1,32] q8_row") << DType::Q8Row << 2u << 1ull << 32ull << DType::Q8Row << "";
    // in % 32 != 0.
    QTest::newRow("q4_tiled in 40") << DType::Q4Tiled << 2u << 3ull << 40ull << DType::Q4Block << "in = 40 is not a multiple of 32: q4_tiled -> q4_block";
    QTest::newRow("q4tp in 40") << DType::Q4TP << 2u << 3ull << 40ull << DType::Q4Block << "q4tp -> q4_block";
    QTest::newRow("vbit in 40") << DType::VBit << 2u << 3ull << 40ull << DType::Q8_2F << "vbit -> q8_2f";
    QTest::newRow("vbit_ro in 40") << DType::VBitRo << 2u << 3ull << 40ull << DType::Q8_2F << "vbit_ro -> q8_2f";
    QTest::newRow("q1 in 40") << DType::Q1 << 2u << 3ull << 40ull << DType::Q8Row << "q1 -> q8_row";
    QTest::newRow("q1s in 40") << DType::Q1S << 2u << 3ull << 40ull << DType::Q8Row << "q1s -> q8_row";
    QTest::newRow("q1t in 40") << DType::Q1T << 2u << 3ull << 40ull << DType::Q8Row << "q1t -> q8_row";
    QTest::newRow("q8_row in 40") << DType::Q8Row << 2u << 3ull << 40ull << DType::Q8Row << "";
    QTest::newRow("q8_2f in 40") << DType::Q8_2F << 2u << 3ull << 40ull << DType::Q8_2F << "";
    QTest::newRow("q4_block in 40") << DType::Q4Block << 2u << 3ull << 40ull << DType::Q4Block << "";
    // Other ranks: the row-wise layouts fall back to q4_block.
    QTest::newRow("3-D q8_row") << DType::Q8Row << 3u << 4ull << 64ull << DType::Q4Block << "q8_row is 2-D only, tensor is 3-D: q8_row -> q4_block";
    QTest::newRow("3-D q8_2f") << DType::Q8_2F << 3u << 4ull << 64ull << DType::Q4Block << "2-D only";
    QTest::newRow("3-D vbit") << DType::VBit << 3u << 4ull << 64ull << DType::Q4Block << "vbit -> q4_block";
    QTest::newRow("3-D q1t") << DType::Q1T << 3u << 4ull << 64ull << DType::Q4Block << "q1t -> q4_block";
    QTest::newRow("3-D q4_block") << DType::Q4Block << 3u << 4ull << 64ull << DType::Q4Block << "";
    QTest::newRow("3-D bf16") << DType::BF16 << 3u << 4ull << 64ull << DType::BF16 << "";
    // Valid requests stay.
    for (DType t : kAllDTypes) QTest::addRow("%s [64,128]", name(t)) << t << 2u << 64ull << 128ull << t << "";
}

void TestEncoders::chooseDTypeFallbacks() {
    QFETCH(DType, requested);
    QFETCH(uint, ndim);
    QFETCH(qulonglong, rows);
    QFETCH(qulonglong, cols);
    QFETCH(DType, chosen);
    QFETCH(QString, reason);
    const cmf::DTypeChoice c = cmf::chooseDType(requested, ndim, {rows, cols});
    QCOMPARE(QString(name(c.dtype)), QString(name(chosen)));
    const QString got = QString::fromStdString(c.reason);
    if (reason.isEmpty()) QVERIFY2(got.isEmpty(), qPrintable(got));
    else QVERIFY2(got.contains(reason), qPrintable(got));
    QCOMPARE(c.reason.empty(), c.dtype == requested);
}

// ---- fixed points ----

void TestEncoders::reEncodingIsAFixedPoint_data() {
    QTest::addColumn<DType>("dtype");
    QTest::addColumn<int>("pattern");
    for (DType t : {DType::Q8Row, DType::Q4Block, DType::Q4Tiled, DType::F16, DType::BF16})
        for (const auto& [p, pname] : kPatterns) QTest::addRow("%s %s", name(t), pname) << t << int(p);
}

// Decoded data already sits on the grid the encoder quantizes to, so encoding
// it again must give the same bytes (scales and codes).
void TestEncoders::reEncodingIsAFixedPoint() {
    QFETCH(DType, dtype);
    QFETCH(int, pattern);
    for (const auto& [r, c] : {std::pair<uint64_t, uint64_t>{16, 64}, {64, 32}, {5, 96}}) {
        const Matrix m = make(Pattern(pattern), r, c, 11);
        const std::vector<uint8_t> first = cmf::encode(dtype, m.shape, m.v.data());
        const std::vector<float> decoded = cmf::decodeAll(view(dtype, m.shape, first));
        const std::vector<uint8_t> second = cmf::encode(dtype, m.shape, decoded.data());
        QVERIFY2(first == second, qPrintable(QStringLiteral("[%1,%2] changed on re-encoding").arg(r).arg(c)));
    }
}

// The tail group is padded with zeros, which q4_block codes as 8 (as the
// reference does): [3, 11] is one full group and one real value + 31 pads.
void TestEncoders::q4BlockPadsTheTailWithZeroCodes() {
    const Matrix m = gaussian(3, 11, 12);
    const std::vector<uint8_t> bytes = cmf::encode(DType::Q4Block, m.shape, m.v.data());
    QCOMPARE(bytes.size(), size_t(2 * 18));
    const uint8_t* tail = bytes.data() + 16;
    QCOMPARE(tail[0] >> 4, 8);
    for (int k = 1; k < 16; ++k) QCOMPARE(int(tail[k]), 0x88);
    // The tail's scale comes from its one real value: it codes as ±7.
    QCOMPARE(std::abs(int(tail[0] & 0x0F) - 8), 7);
}

// Scales below 2^-14 are floored to it, and the codes are computed against
// that floor — the value the decoder multiplies by.
void TestEncoders::scalesAreFlooredAtTheSmallestNormalF16() {
    const Matrix m = gaussian(2, 64, 22, 1e-4f); // absmax/127 and absmax/7 are both below 2^-14
    const std::vector<uint8_t> q8 = cmf::encode(DType::Q8Row, m.shape, m.v.data());
    for (int r = 0; r < 2; ++r) QCOMPARE(cmf::loadU16(q8.data() + 128 + 2 * r), uint16_t(0x0400));
    for (size_t i = 0; i < m.v.size(); ++i)
        QCOMPARE(int(int8_t(q8[i])), int(std::nearbyint(m.v[i] / kF16MinNormal)));
    const std::vector<uint8_t> q4 = cmf::encode(DType::Q4Block, m.shape, m.v.data());
    for (int g = 0; g < 4; ++g) QCOMPARE(cmf::loadU16(q4.data() + 64 + 2 * g), uint16_t(0x0400));
    for (size_t i = 0; i < m.v.size(); ++i) {
        const int q = int(std::clamp(std::nearbyint(m.v[i] / kF16MinNormal), -8.0f, 7.0f)) + 8;
        QCOMPARE(int(i % 2 ? q4[i / 2] >> 4 : q4[i / 2] & 0x0F), q);
    }
}

// q8_2f's fields: col[i] is the f16 of column i's RMS over the rows (floored),
// row[o] covers the row's largest |w / col| with 127 codes, and every code
// is the nearest to w / col / row.
void TestEncoders::q8_2fFields() {
    Matrix m = gaussian(32, 64, 23);
    for (uint64_t r = 0; r < 32; ++r) m.at(r, 9) *= 40.0f; // an outlier input channel
    for (uint64_t r = 0; r < 32; ++r) m.at(r, 20) = 0.0f;  // a dead one
    const std::vector<uint8_t> b = cmf::encode(DType::Q8_2F, m.shape, m.v.data());
    const uint8_t* rowScales = b.data() + 32 * 64;
    const uint8_t* col = rowScales + 64;
    for (uint64_t i = 0; i < 64; ++i) {
        double sq = 0;
        for (uint64_t r = 0; r < 32; ++r) sq += double(m.at(r, i)) * m.at(r, i);
        const double rms = std::sqrt(sq / 32);
        const double got = cmf::loadF16(col + 2 * i);
        if (i == 20) QCOMPARE(got, double(kF16MinNormal));
        else QVERIFY2(std::abs(got - rms) <= rms * std::ldexp(1.0, -11), qPrintable(QString::number(i)));
    }
    for (uint64_t r = 0; r < 32; ++r) {
        const float row = cmf::loadF16(rowScales + 2 * r);
        float amax = 0;
        for (uint64_t i = 0; i < 64; ++i) amax = std::max(amax, std::abs(m.at(r, i) / cmf::loadF16(col + 2 * i)));
        QCOMPARE(row, f16Round(amax / 127.0f));
        for (uint64_t i = 0; i < 64; ++i)
            QCOMPARE(int(int8_t(b[r * 64 + i])), int(std::nearbyint(m.at(r, i) / cmf::loadF16(col + 2 * i) / row)));
    }
}

// ---- vbit ----

void TestEncoders::vbitWidthAllocation_data() {
    QTest::addColumn<double>("budget");
    for (double b : {3.0, 4.25, 4.5, 5.0, 6.0, 7.0, 8.0}) QTest::addRow("%g bits", b) << b;
}

// Rows of widely different amplitude: widths are levels, their mean is at
// most the budget and within half a bit of it, and louder rows never get
// fewer bits than quieter ones.
void TestEncoders::vbitWidthAllocation() {
    QFETCH(double, budget);
    for (uint64_t seed : {1u, 2u, 3u}) {
        Matrix m = gaussian(96, 64, seed);
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<float> octaves(-4.0f, 4.0f);
        std::vector<float> amax(m.shape.rows, 0.0f);
        for (uint64_t r = 0; r < m.shape.rows; ++r) {
            const float gain = std::exp2(octaves(rng));
            for (uint64_t c = 0; c < m.shape.cols; ++c) {
                m.at(r, c) *= gain;
                amax[r] = std::max(amax[r], std::abs(m.at(r, c)));
            }
        }
        cmf::EncodeOptions o;
        o.meanBits = budget;
        const RoundTrip rt = ::roundTrip(DType::VBit, m, o);
        const std::vector<unsigned> w = widthsOf(rt.bytes, m.shape.rows);
        for (unsigned b : w) QVERIFY2(b == 3 || b == 4 || b == 5 || b == 6 || b == 8, qPrintable(QString::number(b)));
        const double mw = mean(w);
        QVERIFY2(mw <= budget + 1e-12 && mw >= budget - 0.5,
                 qPrintable(QStringLiteral("mean width %1 for a budget of %2").arg(mw).arg(budget)));
        for (uint64_t i = 0; i < w.size(); ++i)
            for (uint64_t j = 0; j < w.size(); ++j)
                if (amax[i] > amax[j]) QVERIFY(w[i] >= w[j]);
        QVERIFY(checkHalfStep(DType::VBit, m, rt).isEmpty());
    }
}

void TestEncoders::vbitEdgeBudgets() {
    const Matrix m = gaussian(32, 64, 13);
    auto widths = [&](const Matrix& x, double budget) {
        cmf::EncodeOptions o;
        o.meanBits = budget;
        return widthsOf(cmf::encode(DType::VBit, x.shape, x.v.data(), o), x.shape.rows);
    };
    for (unsigned b : widths(m, 1.0)) QCOMPARE(b, 3u); // the floor
    for (unsigned b : widths(m, 12.0)) QCOMPARE(b, 8u);
    // Identical rows move together: 4.5 bits can only be 4 for all of them.
    Matrix same = gaussian(1, 64, 14);
    for (int r = 1; r < 16; ++r) same.v.insert(same.v.end(), same.v.begin(), same.v.begin() + 64);
    same.shape.rows = 16;
    for (unsigned b : widths(same, 4.5)) QCOMPARE(b, 4u);
    for (unsigned b : widths(same, 8.0)) QCOMPARE(b, 8u);
    // A zero row and a denormal row sit at the floor; the budget still holds.
    Matrix quiet = gaussian(16, 64, 15);
    for (uint64_t c = 0; c < 64; ++c) {
        quiet.at(0, c) = 0.0f;
        quiet.at(1, c) = 1e-40f;
    }
    const std::vector<unsigned> w = widths(quiet, 4.5);
    QCOMPARE(w[0], 3u);
    QCOMPARE(w[1], 3u);
    QVERIFY(mean(w) <= 4.5 && mean(w) >= 4.0);
    cmf::EncodeOptions nan;
    nan.meanBits = std::nan("");
    QCOMPARE(errorKindOf([&] { cmf::encode(DType::VBit, m.shape, m.v.data(), nan); }), cmf::ErrorKind::Parse);
}

// vbit_ro is vbit plus a table of row offsets: same widths, scales and
// packed rows; the table is the prefix sum of the row sizes; any row
// decodes on its own to what the whole decode gives.
void TestEncoders::vbitRoRowTable() {
    Matrix m = gaussian(40, 96, 16);
    for (uint64_t r = 0; r < 40; ++r)
        for (uint64_t c = 0; c < 96; ++c) m.at(r, c) *= std::exp2(float(r % 9) - 4.0f);
    const uint64_t rows = 40, in = 96, gpr = 3;
    const RoundTrip plain = ::roundTrip(DType::VBit, m);
    const RoundTrip ro = ::roundTrip(DType::VBitRo, m);
    const uint64_t head = rows + rows * gpr * 2, table = (rows + 1) * 4;
    QCOMPARE(ro.bytes.size(), plain.bytes.size() + table);
    QVERIFY(std::equal(plain.bytes.begin(), plain.bytes.begin() + head, ro.bytes.begin()));
    QVERIFY(std::equal(plain.bytes.begin() + head, plain.bytes.end(), ro.bytes.begin() + head + table));
    QVERIFY(ro.decoded == plain.decoded);
    uint64_t expected = 0;
    for (uint64_t r = 0; r <= rows; ++r) {
        QCOMPARE(uint64_t(cmf::loadU32(ro.bytes.data() + head + 4 * r)), expected);
        if (r < rows) expected += in * ro.bytes[r] / 8;
    }
    QCOMPARE(head + table + expected, uint64_t(ro.bytes.size()));
    const cmf::TensorBytes t = view(DType::VBitRo, m.shape, ro.bytes);
    std::vector<float> one(in);
    for (uint64_t r : {0ull, 17ull, 39ull}) {
        cmf::decodeRows(t, r, r + 1, one.data());
        QVERIFY(std::equal(one.begin(), one.end(), ro.decoded.begin() + r * in));
    }
}

// ---- q4tp ----

// Rows mixing tiles of very different magnitude, an all-zero tile and an
// all-zero row. Checked against the payload: lo and step are the f16
// roundings of the row's log2 tile-scale range, every tile's rung is the
// nearest to its ideal scale, and every nibble is the weight quantized
// against the reconstructed scale 2^(lo + code·step), computed as the
// decoder computes it.
void TestEncoders::q4tpLadder() {
    const uint64_t rows = 8, in = 256, gpr = in / 32;
    Matrix m = gaussian(rows, in, 17);
    std::mt19937_64 rng(17);
    std::uniform_real_distribution<float> octaves(-6.0f, 2.0f);
    for (uint64_t r = 0; r < rows; ++r)
        for (uint64_t g = 0; g < gpr; ++g) {
            const float gain = std::exp2(octaves(rng));
            for (uint64_t k = 0; k < 32; ++k) m.at(r, g * 32 + k) *= gain;
        }
    for (uint64_t k = 0; k < 32; ++k) m.at(2, 64 + k) = 0.0f; // a zero tile
    for (uint64_t c = 0; c < in; ++c) m.at(5, c) = 0.0f;      // a zero row
    const RoundTrip rt = ::roundTrip(DType::Q4TP, m);
    QVERIFY2(rt.error < 0.12, qPrintable(QString::number(rt.error)));

    const uint8_t* nibbles = rt.bytes.data();
    const uint8_t* params = nibbles + rows * gpr * 16;
    const uint8_t* codes = params + rows * 4;
    const uint64_t codeBytes = (gpr * 5 + 7) / 8;
    for (uint64_t r = 0; r < rows; ++r) {
        float lo = INFINITY, hi = -INFINITY;
        std::vector<float> logScale(gpr, NAN);
        for (uint64_t g = 0; g < gpr; ++g) {
            float amax = 0;
            for (uint64_t k = 0; k < 32; ++k) amax = std::max(amax, std::abs(m.at(r, g * 32 + k)));
            if (amax == 0) continue;
            logScale[g] = std::log2(std::max(amax / 7.0f, kF16MinNormal));
            lo = std::min(lo, logScale[g]);
            hi = std::max(hi, logScale[g]);
        }
        if (r == 5) lo = hi = -14.0f;
        const uint16_t loBits = cmf::loadU16(params + 4 * r), stepBits = cmf::loadU16(params + 4 * r + 2);
        QCOMPARE(loBits, cmf::f32ToF16(lo)); // rounded to f16 before the codes were chosen
        const float loH = cmf::f16ToF32(loBits), stepH = cmf::f16ToF32(stepBits);
        QCOMPARE(stepBits, r == 5 ? uint16_t(0) : cmf::f32ToF16((hi - loH) / 31.0f));
        for (uint64_t g = 0; g < gpr; ++g) {
            const uint64_t bit = g * 5;
            const unsigned window = codes[r * codeBytes + bit / 8] |
                                    (bit / 8 + 1 < codeBytes ? codes[r * codeBytes + bit / 8 + 1] << 8 : 0);
            const unsigned code = (window >> (bit % 8)) & 31u;
            const float rise = float(code) * stepH;
            const float exponent = loH + rise;
            const float scale = std::exp2(exponent);
            if (std::isnan(logScale[g]) || stepH == 0) QCOMPARE(code, 0u);
            else QVERIFY2(std::abs(logScale[g] - exponent) <= 0.5f * stepH * 1.001f, qPrintable(QStringLiteral("row %1 tile %2").arg(r).arg(g)));
            for (uint64_t k = 0; k < 32; ++k) {
                const float w = m.at(r, g * 32 + k);
                const int q = int(std::clamp(std::nearbyint(w / scale), -8.0f, 7.0f)) + 8;
                const uint8_t byte = nibbles[(r * gpr + g) * 16 + k / 2];
                QCOMPARE(int(k % 2 ? byte >> 4 : byte & 0x0F), q);
                QCOMPARE(std::bit_cast<uint32_t>(rt.decoded[r * in + g * 32 + k]),
                         std::bit_cast<uint32_t>(float(q - 8) * scale));
            }
        }
    }
}

// ---- q1 family ----

// q1s: the k = floor(fraction·n) largest |w| go to the overlay in index
// order (ties to the lower index), verbatim in f16; the group scales are
// the mean |w| of the rest; outliers decode exactly.
void TestEncoders::q1sOverlay() {
    Matrix m = gaussian(4, 64, 18);
    m.at(0, 3) = 5.0f;
    m.at(2, 40) = -4.0f;
    m.at(3, 63) = 3.0f;
    m.at(1, 10) = 3.0f; // ties with [3,63]: the lower index wins
    cmf::EncodeOptions o;
    o.outlierFraction = 3.9 / 256; // floor(3.9) = 3 outliers
    const RoundTrip rt = ::roundTrip(DType::Q1S, m, o);
    const uint64_t base = 8 * 6;
    QCOMPARE(cmf::loadU32(rt.bytes.data() + base), 3u);
    QCOMPARE(rt.bytes.size(), size_t(base + 4 + 3 * 6));
    const uint32_t want[3] = {3, 64 + 10, 2 * 64 + 40};
    for (int e = 0; e < 3; ++e) {
        const uint8_t* p = rt.bytes.data() + base + 4 + 6 * e;
        QCOMPARE(cmf::loadU32(p), want[e]);
        QCOMPARE(cmf::loadU16(p + 4), cmf::f32ToF16(m.v[want[e]]));
        QCOMPARE(rt.decoded[want[e]], f16Round(m.v[want[e]]));
    }
    // Group 0 of row 0 holds the 5.0 outlier; its scale ignores it.
    double sum = 0;
    for (int k = 0; k < 32; ++k)
        if (k != 3) sum += std::abs(m.at(0, k));
    QCOMPARE(cmf::loadU16(rt.bytes.data()), cmf::f32ToF16(float(sum / 31)));
    // [3,63] is not an outlier: its group's level applies.
    QCOMPARE(std::abs(rt.decoded[3 * 64 + 63]), cmf::loadF16(rt.bytes.data() + 7 * 6));

    // No overlay at fraction 0; then q1s is q1 plus an empty count.
    o.outlierFraction = 0;
    const std::vector<uint8_t> none = cmf::encode(DType::Q1S, m.shape, m.v.data(), o);
    const std::vector<uint8_t> q1 = cmf::encode(DType::Q1, m.shape, m.v.data());
    QCOMPARE(none.size(), q1.size() + 4);
    QVERIFY(std::equal(q1.begin(), q1.end(), none.begin()));
    QCOMPARE(cmf::loadU32(none.data() + q1.size()), 0u);
}

// Data already ternary per group ({−s, 0, +s}, s an f16) encodes losslessly:
// the best fit recovers s and every code. Data on two levels is lossless
// for q1 too.
void TestEncoders::q1tTernary() {
    const uint64_t rows = 6, in = 128;
    Matrix m{{rows, in}, std::vector<float>(rows * in)};
    std::mt19937_64 rng(19);
    std::uniform_int_distribution<int> digit(0, 2);
    for (uint64_t g = 0; g < rows * in / 32; ++g) {
        const float s = f16Round(0.001f * float(g + 1));
        bool any = false;
        for (uint64_t k = 0; k < 32; ++k) {
            const int d = digit(rng);
            m.v[g * 32 + k] = d == 0 ? 0.0f : (d == 1 ? s : -s);
            any |= d != 0;
        }
        if (!any) m.v[g * 32] = s;
    }
    cmf::EncodeOptions o;
    o.outlierFraction = 0;
    const RoundTrip rt = ::roundTrip(DType::Q1T, m, o);
    QCOMPARE(rt.error, 0.0);
    QCOMPARE(rt.bytes.size(), size_t(rows * in / 32 * 9 + (rows + 1) * 4));
    for (uint64_t g = 0; g < rows * in / 32; ++g)
        for (int j = 0; j < 7; ++j) QVERIFY(rt.bytes[g * 9 + 2 + j] < 243);

    Matrix binary = m;
    for (uint64_t g = 0; g < rows * in / 32; ++g)
        for (uint64_t k = 0; k < 32; ++k) binary.v[g * 32 + k] = (k * 7 + g) % 3 ? f16Round(0.002f * (g + 1)) : -f16Round(0.002f * (g + 1));
    QCOMPARE(::roundTrip(DType::Q1, binary).error, 0.0);
    QCOMPARE(::roundTrip(DType::Q1T, binary, o).error, 0.0);

    // Near-zero weights become exact zeros.
    Matrix sparse = gaussian(4, 64, 20, 1e-4f);
    for (uint64_t i = 0; i < sparse.v.size(); i += 4) sparse.v[i] = (i % 8 ? 0.5f : -0.5f);
    const RoundTrip sp = ::roundTrip(DType::Q1T, sparse, o);
    for (uint64_t i = 0; i < sparse.v.size(); ++i) {
        if (i % 4 == 0) QCOMPARE(sp.decoded[i], f16Round(sparse.v[i]));
        else QCOMPARE(sp.decoded[i], 0.0f);
    }
}

// q1t's overlay: row_ptr is the running count by row, entries hold in-row
// columns in order and the f16 value, and decode restores them.
void TestEncoders::q1tOverlayRows() {
    const uint64_t rows = 5, in = 96;
    Matrix m = gaussian(rows, in, 21);
    const std::vector<std::pair<uint64_t, uint64_t>> spikes = {{0, 95}, {0, 2}, {3, 50}, {3, 51}, {3, 0}, {4, 64}};
    for (size_t i = 0; i < spikes.size(); ++i) m.at(spikes[i].first, spikes[i].second) = (i % 2 ? -1.0f : 1.0f) * float(3 + i);
    cmf::EncodeOptions o;
    o.outlierFraction = (double(spikes.size()) + 0.5) / double(rows * in); // floor: 6
    const RoundTrip rt = ::roundTrip(DType::Q1T, m, o);
    const uint64_t rowPtr = rows * (in / 32) * 9, entries = rowPtr + (rows + 1) * 4;
    const uint32_t wantPtr[rows + 1] = {0, 2, 2, 2, 5, 6};
    for (uint64_t r = 0; r <= rows; ++r) QCOMPARE(cmf::loadU32(rt.bytes.data() + rowPtr + 4 * r), wantPtr[r]);
    const std::vector<std::pair<uint64_t, uint64_t>> inOrder = {{0, 2}, {0, 95}, {3, 0}, {3, 50}, {3, 51}, {4, 64}};
    QCOMPARE(rt.bytes.size(), size_t(entries + 4 * inOrder.size()));
    for (size_t e = 0; e < inOrder.size(); ++e) {
        const auto [r, c] = inOrder[e];
        QCOMPARE(uint64_t(cmf::loadU16(rt.bytes.data() + entries + 4 * e)), c);
        QCOMPARE(cmf::loadU16(rt.bytes.data() + entries + 4 * e + 2), cmf::f32ToF16(m.at(r, c)));
        QCOMPARE(rt.decoded[r * in + c], f16Round(m.at(r, c)));
    }
}

// ---- degenerate shapes and the metric ----

void TestEncoders::emptyTensors() {
    for (DType t : kAllDTypes)
        for (TensorShape s : {TensorShape{0, 64}, TensorShape{3, 0}}) {
            const std::vector<uint8_t> bytes = cmf::encode(t, s, nullptr);
            if (const auto want = cmf::expectedNBytes(t, s)) QCOMPARE(uint64_t(bytes.size()), *want);
            cmf::validatePayload(view(t, s, bytes));
        }
    const std::vector<uint8_t> q1s = cmf::encode(DType::Q1S, {3, 0}, nullptr);
    QCOMPARE(q1s.size(), size_t(4));
    cmf::validatePayload(view(DType::Q1S, {3, 0}, q1s));
    QCOMPARE(errorKindOf([] { cmf::encode(DType::F16, {2, 2}, nullptr); }), cmf::ErrorKind::Parse);
}

void TestEncoders::relativeRmsErrorDefinition() {
    const float a[4] = {3, 0, -4, 0}, b[4] = {3, 0, -4, 0}, c[4] = {3, 0, -4, 5}, z[4] = {};
    QCOMPARE(cmf::relativeRmsError(a, b, 4), 0.0);
    QCOMPARE(cmf::relativeRmsError(a, c, 4), 1.0); // |c - a| = 5 = |a|
    QCOMPARE(cmf::relativeRmsError(z, z, 4), 0.0);
    QVERIFY(std::isinf(cmf::relativeRmsError(z, a, 4)));
    QCOMPARE(cmf::relativeRmsError(a, a, 0), 0.0);
}

QTEST_GUILESS_MAIN(TestEncoders)
#include "tst_encoders.moc"
