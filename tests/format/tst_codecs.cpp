// Codec unit tests on hand-built payloads. Every payload is produced by the
// small encoders in this file, written from the layouts of spec §3.2 and
// independent of the decoders (and of half.h); expected values follow the
// spec's formulas in float32 and are compared bit for bit.
#include "cmf/format/codec.h"
#include "cmf/format/dtype.h"
#include "cmf/format/error.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

using cmf::DType;
using cmf::TensorBytes;
using cmf::TensorShape;

namespace {

constexpr uint64_t kMax64 = std::numeric_limits<uint64_t>::max();

// ---------------------------------------------------------------- encoding

// binary16 bits of v, which must be zero or exactly a normal half.
uint16_t halfBits(float v) {
    const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    if (v == 0.0f) return sign;
    int e = 0;
    const double m = std::frexp(std::fabs(double(v)), &e); // |v| = m·2^e, m in [0.5, 1)
    const int biased = e - 1 + 15;
    const double frac = (2.0 * m - 1.0) * 1024.0;
    if (biased < 1 || biased > 30 || frac != std::floor(frac))
        throw std::logic_error("test value is not exactly a normal half");
    return uint16_t(sign | (biased << 10) | int(frac));
}

// binary16 value from its definition (not for NaN).
float halfValue(uint16_t h) {
    const int exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
    const float sign = (h & 0x8000) ? -1.0f : 1.0f;
    if (exp == 0x1F) return sign * std::numeric_limits<float>::infinity();
    if (exp == 0) return sign * std::ldexp(float(mant), -24);
    return sign * std::ldexp(float(1024 + mant), exp - 25);
}

struct Writer {
    std::vector<uint8_t> bytes;
    void u8(unsigned v) { bytes.push_back(uint8_t(v)); }
    void u16(unsigned v) {
        u8(v & 0xFF);
        u8((v >> 8) & 0xFF);
    }
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xFF);
    }
    void half(float v) { u16(halfBits(v)); }
    void append(const std::vector<uint8_t>& more) { bytes.insert(bytes.end(), more.begin(), more.end()); }
};

// Bit packers: MSB-first (vbit rows) and LSB-first (q4tp codes), padded to a byte.
struct BitPacker {
    bool msbFirst = true;
    std::vector<uint8_t> bytes;
    unsigned used = 0; // bits used in the last byte
    void bit(unsigned b) {
        if (used == 0) bytes.push_back(0);
        if (b) bytes.back() |= uint8_t(msbFirst ? (0x80u >> used) : (1u << used));
        used = (used + 1) % 8;
    }
    void put(unsigned value, unsigned bits) {
        for (unsigned i = 0; i < bits; ++i) bit((value >> (msbFirst ? bits - 1 - i : i)) & 1u);
    }
};

struct Sample {
    DType dtype = DType::F32;
    TensorShape shape;
    std::vector<uint8_t> bytes;
    std::vector<float> expected;
    TensorBytes view() const { return {dtype, shape, bytes.data(), bytes.size()}; }
};

Sample encodeQ8(DType t, uint64_t rows, uint64_t cols, const std::vector<int>& q, const std::vector<float>& rowScale,
                const std::vector<float>& col = {}) {
    Sample s{t, {rows, cols}, {}, {}};
    Writer w;
    for (int v : q) w.u8(uint8_t(int8_t(v)));
    for (float v : rowScale) w.half(v);
    if (t == DType::Q8_2F)
        for (float v : col) w.half(v);
    for (uint64_t r = 0; r < rows; ++r)
        for (uint64_t i = 0; i < cols; ++i) {
            const float qv = float(q[r * cols + i]);
            s.expected.push_back(t == DType::Q8Row ? qv * rowScale[r] : (qv * rowScale[r]) * col[i]);
        }
    s.bytes = w.bytes;
    return s;
}

// nib holds one code per element of every group, the padded tail included.
Sample encodeQ4Block(uint64_t rows, uint64_t cols, const std::vector<unsigned>& nib, const std::vector<float>& scales) {
    Sample s{DType::Q4Block, {rows, cols}, {}, {}};
    Writer w;
    for (size_t g = 0; g < scales.size(); ++g)
        for (size_t k = 0; k < 16; ++k) w.u8(nib[g * 32 + 2 * k] | (nib[g * 32 + 2 * k + 1] << 4));
    for (float v : scales) w.half(v);
    for (uint64_t e = 0; e < rows * cols; ++e) s.expected.push_back(float(int(nib[e]) - 8) * scales[e / 32]);
    s.bytes = w.bytes;
    return s;
}

Sample encodeQ4Tiled(uint64_t rows, uint64_t cols, const std::vector<unsigned>& nib, const std::vector<float>& scales) {
    Sample s{DType::Q4Tiled, {rows, cols}, {}, {}};
    Writer w;
    for (size_t g = 0; g < scales.size(); ++g) {
        w.half(scales[g]);
        for (size_t k = 0; k < 16; ++k) w.u8(nib[g * 32 + 2 * k] | (nib[g * 32 + 2 * k + 1] << 4));
    }
    for (uint64_t e = 0; e < rows * cols; ++e) s.expected.push_back(float(int(nib[e]) - 8) * scales[e / 32]);
    s.bytes = w.bytes;
    return s;
}

// §3.2: scale = 2^(lo + code·step) in float32 (kept as two roundings).
float ladderScale(float lo, float step, unsigned code) {
    const float rise = float(code) * step;
    const float exponent = lo + rise;
    return std::exp2(exponent);
}

Sample encodeQ4tp(uint64_t rows, uint64_t cols, const std::vector<unsigned>& nib, const std::vector<float>& lo,
                  const std::vector<float>& step, const std::vector<unsigned>& codes) {
    Sample s{DType::Q4TP, {rows, cols}, {}, {}};
    const uint64_t gpr = cols / 32;
    Writer w;
    for (uint64_t g = 0; g < rows * gpr; ++g)
        for (size_t k = 0; k < 16; ++k) w.u8(nib[g * 32 + 2 * k] | (nib[g * 32 + 2 * k + 1] << 4));
    for (uint64_t r = 0; r < rows; ++r) {
        w.half(lo[r]);
        w.half(step[r]);
    }
    for (uint64_t r = 0; r < rows; ++r) {
        BitPacker p{false, {}, 0};
        for (uint64_t g = 0; g < gpr; ++g) p.put(codes[r * gpr + g], 5);
        w.append(p.bytes);
    }
    for (uint64_t e = 0; e < rows * cols; ++e) {
        const uint64_t r = e / cols, g = e / 32;
        s.expected.push_back(float(int(nib[e]) - 8) * ladderScale(lo[r], step[r], codes[g]));
    }
    s.bytes = w.bytes;
    return s;
}

// u holds the unsigned code of every element; scales are [rows][cols/32].
Sample encodeVbit(DType t, uint64_t rows, uint64_t cols, const std::vector<unsigned>& widths,
                  const std::vector<unsigned>& u, const std::vector<float>& scales) {
    Sample s{t, {rows, cols}, {}, {}};
    Writer w;
    for (unsigned b : widths) w.u8(b);
    for (float v : scales) w.half(v);
    std::vector<std::vector<uint8_t>> packed;
    for (uint64_t r = 0; r < rows; ++r) {
        BitPacker p;
        for (uint64_t i = 0; i < cols; ++i) p.put(u[r * cols + i], widths[r]);
        packed.push_back(p.bytes);
    }
    if (t == DType::VBitRo) {
        uint32_t off = 0;
        w.u32(0);
        for (const auto& row : packed) w.u32(off += uint32_t(row.size()));
    }
    for (const auto& row : packed) w.append(row);
    for (uint64_t r = 0; r < rows; ++r) {
        const int level = (1 << (widths[r] - 1)) - 1;
        for (uint64_t i = 0; i < cols; ++i)
            s.expected.push_back(float(int(u[r * cols + i]) - level) * scales[r * (cols / 32) + i / 32]);
    }
    s.bytes = w.bytes;
    return s;
}

void writeQ1Tiles(Writer& w, const std::vector<unsigned>& bits, const std::vector<float>& scales) {
    for (size_t g = 0; g < scales.size(); ++g) {
        w.half(scales[g]);
        for (size_t j = 0; j < 4; ++j) {
            unsigned byte = 0;
            for (unsigned k = 0; k < 8; ++k) byte |= bits[g * 32 + j * 8 + k] << k;
            w.u8(byte);
        }
    }
}

Sample encodeQ1(uint64_t rows, uint64_t cols, const std::vector<unsigned>& bits, const std::vector<float>& scales) {
    Sample s{DType::Q1, {rows, cols}, {}, {}};
    Writer w;
    writeQ1Tiles(w, bits, scales);
    for (uint64_t e = 0; e < rows * cols; ++e) s.expected.push_back(scales[e / 32] * float(2 * int(bits[e]) - 1));
    s.bytes = w.bytes;
    return s;
}

using FlatOverlay = std::vector<std::pair<uint32_t, float>>;

Sample encodeQ1s(uint64_t rows, uint64_t cols, const std::vector<unsigned>& bits, const std::vector<float>& scales,
                 const FlatOverlay& overlay) {
    Sample s = encodeQ1(rows, cols, bits, scales);
    s.dtype = DType::Q1S;
    Writer w{s.bytes};
    w.u32(uint32_t(overlay.size()));
    for (const auto& [index, value] : overlay) {
        w.u32(index);
        w.half(value);
        s.expected[index] = value; // in file order: a later entry wins
    }
    s.bytes = w.bytes;
    return s;
}

using RowOverlay = std::vector<std::vector<std::pair<unsigned, float>>>; // per row: (col, value)

// codes: 0 → 0, 1 → +s, 2 → −s; value j of a group is digit j % 5 of byte j / 5.
Sample encodeQ1t(uint64_t rows, uint64_t cols, const std::vector<unsigned>& codes, const std::vector<float>& scales,
                 const RowOverlay& overlay) {
    Sample s{DType::Q1T, {rows, cols}, {}, {}};
    Writer w;
    for (size_t g = 0; g < scales.size(); ++g) {
        w.half(scales[g]);
        for (unsigned j = 0; j < 7; ++j) {
            unsigned byte = 0, weight = 1;
            for (unsigned k = 0; k < 5 && j * 5 + k < 32; ++k, weight *= 3) byte += codes[g * 32 + j * 5 + k] * weight;
            w.u8(byte);
        }
    }
    uint32_t count = 0;
    w.u32(0);
    for (const auto& row : overlay) w.u32(count += uint32_t(row.size()));
    for (uint64_t e = 0; e < rows * cols; ++e) {
        const float sc = scales[e / 32];
        s.expected.push_back(codes[e] == 0 ? 0.0f : codes[e] == 1 ? sc : -sc);
    }
    for (uint64_t r = 0; r < rows; ++r)
        for (const auto& [col, value] : overlay[r]) {
            w.u16(col);
            w.half(value);
            s.expected[r * cols + col] = value;
        }
    s.bytes = w.bytes;
    return s;
}

// ------------------------------------------------------- random samples

// Scales that are exact halves, both signs, several binades.
constexpr float kScales[] = {0.5f, 0.25f, 0.125f, 1.5f, 0.75f, 2.0f, 0.0625f, 0.3125f, 3.0f, 0.0009765625f, -0.5f, 1.25f};

struct Rng {
    std::mt19937 gen;
    explicit Rng(uint32_t seed) : gen(seed) {}
    unsigned below(unsigned n) { return unsigned(gen() % n); }
    float scale() { return kScales[below(std::size(kScales))]; }
    std::vector<unsigned> codes(size_t n, unsigned limit) {
        std::vector<unsigned> v(n);
        for (auto& x : v) x = below(limit);
        return v;
    }
    std::vector<float> scales(size_t n) {
        std::vector<float> v(n);
        for (auto& x : v) x = scale();
        return v;
    }
};

Sample randomFloatSample(DType t, uint64_t rows, uint64_t cols, Rng& rng) {
    Sample s{t, {rows, cols}, {}, {}};
    Writer w;
    for (uint64_t e = 0; e < rows * cols; ++e) {
        const uint32_t x = rng.gen();
        switch (t) {
        case DType::F32:
            w.u32(x);
            s.expected.push_back(std::bit_cast<float>(x));
            break;
        case DType::F16: {
            uint16_t h = uint16_t(x);
            if ((h & 0x7C00) == 0x7C00) h &= 0xFC00; // NaN → ±inf; NaNs are tested on their own
            w.u16(h);
            s.expected.push_back(halfValue(h));
            break;
        }
        case DType::BF16:
            w.u16(x & 0xFFFF);
            s.expected.push_back(std::bit_cast<float>((x & 0xFFFFu) << 16));
            break;
        default: // u8
            w.u8(x & 0xFF);
            s.expected.push_back(float(x & 0xFF));
            break;
        }
    }
    s.bytes = w.bytes;
    return s;
}

// A valid payload of dtype t and shape [rows, cols] with its expected values.
Sample randomSample(DType t, uint64_t rows, uint64_t cols, uint32_t seed) {
    Rng rng(seed);
    const uint64_t n = rows * cols, gpr = cols / 32;
    switch (t) {
    case DType::F32:
    case DType::F16:
    case DType::BF16:
    case DType::U8: return randomFloatSample(t, rows, cols, rng);
    case DType::Q8Row:
    case DType::Q8_2F: {
        std::vector<int> q(n);
        for (auto& v : q) v = int(rng.below(256)) - 128;
        return encodeQ8(t, rows, cols, q, rng.scales(rows), rng.scales(cols));
    }
    case DType::Q4Block: {
        const uint64_t groups = (n + 31) / 32;
        return encodeQ4Block(rows, cols, rng.codes(groups * 32, 16), rng.scales(groups));
    }
    case DType::Q4Tiled: return encodeQ4Tiled(rows, cols, rng.codes(n, 16), rng.scales(rows * gpr));
    case DType::Q4TP: {
        std::vector<float> lo, step;
        for (uint64_t r = 0; r < rows; ++r) {
            lo.push_back(-10.0f + 0.75f * float(rng.below(8)));
            step.push_back(0.125f * float(1 + rng.below(4)));
        }
        return encodeQ4tp(rows, cols, rng.codes(n, 16), lo, step, rng.codes(rows * gpr, 32));
    }
    case DType::VBit:
    case DType::VBitRo: {
        static const unsigned kWidths[] = {3, 4, 5, 6, 8};
        std::vector<unsigned> widths, u;
        for (uint64_t r = 0; r < rows; ++r) widths.push_back(kWidths[rng.below(5)]);
        for (uint64_t e = 0; e < n; ++e) u.push_back(rng.below(1u << widths[e / cols]));
        return encodeVbit(t, rows, cols, widths, u, rng.scales(rows * gpr));
    }
    case DType::Q1: return encodeQ1(rows, cols, rng.codes(n, 2), rng.scales(rows * gpr));
    case DType::Q1S: {
        FlatOverlay overlay;
        for (unsigned k = 0, count = rng.below(unsigned(n / 4 + 2)); k < count && n != 0; ++k)
            overlay.emplace_back(rng.below(unsigned(n)), rng.scale() * 8.0f);
        return encodeQ1s(rows, cols, rng.codes(n, 2), rng.scales(rows * gpr), overlay);
    }
    case DType::Q1T: {
        RowOverlay overlay(rows);
        for (auto& row : overlay)
            for (unsigned k = 0, count = rng.below(5); k < count; ++k)
                row.emplace_back(rng.below(unsigned(cols)), rng.scale() * 4.0f);
        return encodeQ1t(rows, cols, rng.codes(n, 3), rng.scales(rows * gpr), overlay);
    }
    case DType::Mix8_4:
    case DType::Q4Col: break;
    }
    throw std::logic_error("no sample for a reserved dtype");
}

// ------------------------------------------------------------ checking

std::vector<DType> decodableDTypes() {
    std::vector<DType> v;
    for (uint8_t id = 0; id <= cmf::kMaxDTypeId; ++id)
        if (cmf::dtypeDecodable(DType(id))) v.push_back(DType(id));
    return v;
}

// A shape the layout of t accepts, with an odd row count.
TensorShape sampleShape(DType t) {
    if (cmf::dtypeNeedsIn32(t)) return {5, 64};
    if (t == DType::Q4Block) return {3, 11}; // 33 elements: a 1-element tail group
    return {3, 5};
}

QString str(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// The kind of cmf::Error f throws, "none", or what else it threw.
template <class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const cmf::Error& e) {
        return QString::fromLatin1(cmf::errorKindName(e.kind()));
    } catch (const std::exception& e) {
        return QStringLiteral("std::exception: ") + QString::fromUtf8(e.what());
    }
    return QStringLiteral("none");
}

// How validatePayload and decodeRows (all rows) both react to a payload; they must agree.
QString refusal(const TensorBytes& t) {
    const QString v = errorOf([&] { cmf::validatePayload(t); });
    std::vector<float> out(t.shape.rows * t.shape.cols + 1);
    const QString d = errorOf([&] { cmf::decodeRows(t, 0, t.shape.rows, out.data()); });
    return v == d ? v : QStringLiteral("validatePayload: %1, decodeRows: %2").arg(v, d);
}
QString refusal(const Sample& s) { return refusal(s.view()); }

// Empty when got and want have the same float32 bit patterns.
QString bitMismatch(const float* got, const float* want, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (std::bit_cast<uint32_t>(got[i]) != std::bit_cast<uint32_t>(want[i]))
            return QStringLiteral("element %1: got %2 (0x%3), want %4 (0x%5)")
                .arg(i)
                .arg(double(got[i]), 0, 'g', 9)
                .arg(std::bit_cast<uint32_t>(got[i]), 8, 16, QLatin1Char('0'))
                .arg(double(want[i]), 0, 'g', 9)
                .arg(std::bit_cast<uint32_t>(want[i]), 8, 16, QLatin1Char('0'));
    return {};
}
QString bitMismatch(const std::vector<float>& got, const std::vector<float>& want) {
    if (got.size() != want.size()) return QStringLiteral("size %1, want %2").arg(got.size()).arg(want.size());
    return bitMismatch(got.data(), want.data(), got.size());
}

// decodeAll must reproduce the sample's expected values bit for bit.
QString decodeMismatch(const Sample& s) {
    std::vector<float> got;
    const QString err = errorOf([&] { got = cmf::decodeAll(s.view()); });
    if (err != QStringLiteral("none")) return QStringLiteral("decodeAll threw ") + err;
    return bitMismatch(got, s.expected);
}

void setU32(std::vector<uint8_t>& b, size_t at, uint32_t v) { std::memcpy(b.data() + at, &v, 4); }
uint32_t getU32(const std::vector<uint8_t>& b, size_t at) {
    uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

} // namespace

class TestCodecs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // dtype table (§3.1)
    void dtypeNamesRoundTrip();
    void dtypeProperties();
    // sizes
    void expectedSizes_data();
    void expectedSizes();
    void sizesSaturateOnHugeShapes();
    void fixedSizeMismatchIsBounds_data();
    void fixedSizeMismatchIsBounds();
    void in32Required_data();
    void in32Required();
    void reservedDtypesHaveNoLayout();
    // per family
    void floatSpecialValues();
    void q8Row();
    void q8TwoField();
    void q4BlockPadding_data();
    void q4BlockPadding();
    void q4Tiled();
    void q4tpCodesCrossBytes();
    void q4tpLadders();
    void vbitMsbFirst();
    void vbitWidths_data();
    void vbitWidths();
    void vbitRefusesWidths_data();
    void vbitRefusesWidths();
    void vbitPayloadSize();
    void vbitRoRowOffsets();
    void vbitRoRefusesBadTables_data();
    void vbitRoRefusesBadTables();
    void q1Signs();
    void q1sOverlay_data();
    void q1sOverlay();
    void q1sRefusals();
    void q1tDigitOrder();
    void q1tOverlay_data();
    void q1tOverlay();
    void q1tRefusals();
    void q1tInLimit();
    // every dtype
    void decodeRowsMatchesDecodeAll_data();
    void decodeRowsMatchesDecodeAll();
    void rowRangeOutOfRange_data();
    void rowRangeOutOfRange();
    void corruptedPayloadsOnlyThrowCmfErrors_data();
    void corruptedPayloadsOnlyThrowCmfErrors();
};

// ------------------------------------------------------------ dtype table

void TestCodecs::dtypeNamesRoundTrip() {
    const char* names[] = {"f32", "f16",  "bf16",    "q8_row",   "q4_block", "mix8_4", "u8",  "q4_col",
                           "vbit", "q8_2f", "vbit_ro", "q4_tiled", "q1",       "q1s",    "q1t", "q4tp"};
    for (uint8_t id = 0; id <= cmf::kMaxDTypeId; ++id) {
        QCOMPARE(str(cmf::dtypeName(DType(id))), QString::fromLatin1(names[id]));
        QVERIFY(cmf::dtypeFromName(names[id]) == DType(id));
    }
    QCOMPARE(str(cmf::dtypeName(DType(16))), QStringLiteral("?"));
    QCOMPARE(str(cmf::dtypeName(DType(200))), QStringLiteral("?"));
    QVERIFY(!cmf::dtypeFromName("F32"));
    QVERIFY(!cmf::dtypeFromName(""));
    QVERIFY(!cmf::dtypeFromName("q2tp"));
}

void TestCodecs::dtypeProperties() {
    // Indexed by dtype id:        0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
    const bool twoD[] = /*      */ {0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    const bool in32[] = /*      */ {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1};
    const bool decodable[] = /* */ {1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    for (uint8_t id = 0; id <= cmf::kMaxDTypeId; ++id) {
        const DType t = DType(id);
        QVERIFY2(cmf::dtypeIs2DOnly(t) == twoD[id], qPrintable(str(cmf::dtypeName(t))));
        QVERIFY2(cmf::dtypeNeedsIn32(t) == in32[id], qPrintable(str(cmf::dtypeName(t))));
        QVERIFY2(cmf::dtypeDecodable(t) == decodable[id], qPrintable(str(cmf::dtypeName(t))));
    }
    QVERIFY(!cmf::dtypeDecodable(DType(16)));
}

// ------------------------------------------------------------ sizes

void TestCodecs::expectedSizes_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<qulonglong>("rows");
    QTest::addColumn<qulonglong>("cols");
    QTest::addColumn<qlonglong>("expected"); // -1: variable length (nullopt)
    QTest::addColumn<qulonglong>("minimum");
    auto row = [](const char* name, DType t, uint64_t r, uint64_t c, qlonglong e, uint64_t m) {
        QTest::newRow(name) << int(t) << qulonglong(r) << qulonglong(c) << e << qulonglong(m);
    };
    row("f32 3x5", DType::F32, 3, 5, 60, 60);
    row("f16 3x5", DType::F16, 3, 5, 30, 30);
    row("bf16 1x7", DType::BF16, 1, 7, 14, 14);
    row("u8 1x64", DType::U8, 1, 64, 64, 64);
    row("q8_row 4x6", DType::Q8Row, 4, 6, 24 + 8, 32);
    row("q8_2f 4x6", DType::Q8_2F, 4, 6, 24 + 8 + 12, 44);
    row("q4_block 5x8 (40: two groups)", DType::Q4Block, 5, 8, 36, 36);
    row("q4_block 3x11 (33: two groups)", DType::Q4Block, 3, 11, 36, 36);
    row("q4_block 1x1", DType::Q4Block, 1, 1, 18, 18);
    row("q4_block 2x32", DType::Q4Block, 2, 32, 36, 36);
    row("q4_tiled 2x64", DType::Q4Tiled, 2, 64, 4 * 18, 72);
    row("q4tp 3x96", DType::Q4TP, 3, 96, 3 * 3 * 16 + 3 * 4 + 3 * 2, 162);
    row("q4tp 2x320 (50-bit codes)", DType::Q4TP, 2, 320, 2 * 10 * 16 + 2 * 4 + 2 * 7, 342);
    row("q1 2x64", DType::Q1, 2, 64, 4 * 6, 24);
    row("vbit 2x64", DType::VBit, 2, 64, -1, 2 + 2 * 2 * 2 + 2 * 24);
    row("vbit_ro 2x64", DType::VBitRo, 2, 64, -1, 2 + 2 * 2 * 2 + 3 * 4 + 2 * 24);
    row("q1s 2x64", DType::Q1S, 2, 64, -1, 24 + 4);
    row("q1t 2x64", DType::Q1T, 2, 64, -1, 4 * 9 + 3 * 4);
    row("mix8_4 (reserved)", DType::Mix8_4, 2, 64, -1, 0);
    row("q4_col (reserved)", DType::Q4Col, 2, 64, -1, 0);
    row("q4_tiled 2x48 (in % 32 != 0)", DType::Q4Tiled, 2, 48, -1, 0);
    row("q1t 1x65536 (in past u16)", DType::Q1T, 1, 65536, -1, 0);
    row("f32 0x5", DType::F32, 0, 5, 0, 0);
    row("vbit 0x32", DType::VBit, 0, 32, -1, 0);
}

void TestCodecs::expectedSizes() {
    QFETCH(int, dtype);
    QFETCH(qulonglong, rows);
    QFETCH(qulonglong, cols);
    QFETCH(qlonglong, expected);
    QFETCH(qulonglong, minimum);
    const auto got = cmf::expectedNBytes(DType(dtype), {rows, cols});
    if (expected < 0) {
        QVERIFY(!got);
    } else {
        QVERIFY(got);
        QCOMPARE(*got, uint64_t(expected));
    }
    QCOMPARE(cmf::minimumNBytes(DType(dtype), {rows, cols}), uint64_t(minimum));
}

void TestCodecs::sizesSaturateOnHugeShapes() {
    // 2^64 elements: sizes saturate rather than wrap to a small number.
    const TensorShape huge{uint64_t(1) << 32, uint64_t(1) << 32};
    QCOMPARE(cmf::expectedNBytes(DType::F32, huge).value_or(0), kMax64);
    QCOMPARE(cmf::expectedNBytes(DType::U8, {uint64_t(1) << 40, uint64_t(1) << 30}).value_or(0), kMax64);
    QCOMPARE(cmf::expectedNBytes(DType::Q8_2F, huge).value_or(0), kMax64);
    QCOMPARE(cmf::expectedNBytes(DType::Q4Block, {kMax64, 2}).value_or(0), kMax64);
    // Large but representable sizes stay exact: 2^52 elements in 2^47 groups.
    QCOMPARE(cmf::expectedNBytes(DType::Q4Block, {uint64_t(1) << 32, uint64_t(1) << 20}).value_or(0), uint64_t(18) << 47);
    QCOMPARE(cmf::minimumNBytes(DType::VBit, {uint64_t(1) << 40, uint64_t(1) << 37}), kMax64);
    QCOMPARE(cmf::minimumNBytes(DType::Q1T, {kMax64, 32}), kMax64);

    // Refused, never read: a small payload behind a gigantic shape.
    const std::vector<uint8_t> bytes(64, 0x11);
    for (DType t : decodableDTypes()) {
        for (const TensorShape s : {TensorShape{uint64_t(1) << 31, uint64_t(1) << 32}, TensorShape{kMax64, 32},
                                    TensorShape{3, uint64_t(1) << 62}, TensorShape{uint64_t(1) << 40, 1}}) {
            const TensorBytes tb{t, s, bytes.data(), bytes.size()};
            const QString v = errorOf([&] { cmf::validatePayload(tb); });
            QVERIFY2(v == QStringLiteral("Bounds") || v == QStringLiteral("Parse"),
                     qPrintable(str(cmf::dtypeName(t)) + QStringLiteral(": ") + v));
            float out[4];
            const QString d = errorOf([&] { cmf::decodeRows(tb, 0, 0, out); });
            QVERIFY2(d == QStringLiteral("Bounds") || d == QStringLiteral("Parse") || d == QStringLiteral("none"),
                     qPrintable(str(cmf::dtypeName(t)) + QStringLiteral(": ") + d));
        }
    }
    // rows · cols past 2^64.
    const TensorBytes over{DType::F32, {uint64_t(1) << 33, uint64_t(1) << 33}, bytes.data(), bytes.size()};
    QCOMPARE(refusal(over), QStringLiteral("Bounds"));
}

void TestCodecs::fixedSizeMismatchIsBounds_data() {
    QTest::addColumn<int>("dtype");
    for (DType t : decodableDTypes())
        if (cmf::expectedNBytes(t, sampleShape(t))) QTest::newRow(cmf::dtypeName(t).data()) << int(t);
}

void TestCodecs::fixedSizeMismatchIsBounds() {
    QFETCH(int, dtype);
    const DType t = DType(dtype);
    Sample s = randomSample(t, sampleShape(t).rows, sampleShape(t).cols, 7);
    QCOMPARE(uint64_t(s.bytes.size()), *cmf::expectedNBytes(t, s.shape));
    QCOMPARE(refusal(s), QStringLiteral("none"));
    s.bytes.push_back(0);
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    s.bytes.resize(s.bytes.size() - 2);
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    s.bytes.clear();
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
}

void TestCodecs::in32Required_data() {
    QTest::addColumn<int>("dtype");
    for (DType t : decodableDTypes())
        if (cmf::dtypeNeedsIn32(t)) QTest::newRow(cmf::dtypeName(t).data()) << int(t);
}

void TestCodecs::in32Required() {
    QFETCH(int, dtype);
    const DType t = DType(dtype);
    const std::vector<uint8_t> bytes(400, 4); // width bytes of 4, plenty of room
    for (uint64_t cols : {48, 33, 1, 31}) {
        const TensorBytes tb{t, {2, cols}, bytes.data(), bytes.size()};
        QCOMPARE(refusal(tb), QStringLiteral("Parse"));
        QVERIFY(!cmf::expectedNBytes(t, tb.shape));
        QCOMPARE(cmf::minimumNBytes(t, tb.shape), uint64_t(0));
    }
}

void TestCodecs::reservedDtypesHaveNoLayout() {
    const std::vector<uint8_t> bytes(64, 0);
    for (uint8_t id : {uint8_t(5), uint8_t(7), uint8_t(16), uint8_t(200)}) {
        const TensorBytes tb{DType(id), {2, 32}, bytes.data(), bytes.size()};
        QCOMPARE(refusal(tb), QStringLiteral("Parse"));
        QCOMPARE(errorOf([&] { cmf::decodeAll(tb); }), QStringLiteral("Parse"));
        QVERIFY(!cmf::expectedNBytes(tb.dtype, tb.shape));
        QCOMPARE(cmf::minimumNBytes(tb.dtype, tb.shape), uint64_t(0));
    }
    try {
        cmf::decodeAll({DType::Mix8_4, {2, 32}, bytes.data(), bytes.size()});
        QFAIL("mix8_4 decoded");
    } catch (const cmf::Error& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("no layout defined")), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("mix8_4")), e.what());
    }
}

// ------------------------------------------------------------ float family

void TestCodecs::floatSpecialValues() {
    // f32: a byte copy, NaN payloads and -0 included.
    {
        const uint32_t bits[] = {0x3FC00000u, 0x80000000u, 0x7FC12345u, 0xFF800000u, 0x00000001u};
        Sample s{DType::F32, {1, 5}, {}, {}};
        Writer w;
        for (uint32_t b : bits) {
            w.u32(b);
            s.expected.push_back(std::bit_cast<float>(b));
        }
        s.bytes = w.bytes;
        QCOMPARE(decodeMismatch(s), QString());
    }
    // f16: subnormals, ±0, ±inf, the largest half, NaNs (sign and payload kept).
    {
        const uint16_t h[] = {0x0001, 0x03FF, 0x8000, 0x7C00, 0xFC00, 0x7E00,
                              0x3C00, 0x7BFF, 0x3555, 0x0400, 0x8001, 0xFE01};
        Sample s{DType::F16, {2, 6}, {}, {}};
        Writer w;
        for (uint16_t v : h) {
            w.u16(v);
            const bool nan = (v & 0x7C00) == 0x7C00 && (v & 0x3FF) != 0;
            s.expected.push_back(nan ? std::bit_cast<float>(uint32_t(v & 0x8000) << 16 | 0x7F800000u | uint32_t(v & 0x3FF) << 13)
                                     : halfValue(v));
        }
        s.bytes = w.bytes;
        QCOMPARE(s.expected[0], std::ldexp(1.0f, -24));
        QCOMPARE(s.expected[7], 65504.0f);
        QCOMPARE(s.expected[8], 0.333251953125f);
        QCOMPARE(std::bit_cast<uint32_t>(s.expected[11]), 0xFFC02000u);
        QCOMPARE(decodeMismatch(s), QString());
    }
    // bf16: the upper half of a float32, whatever it holds.
    {
        const uint16_t h[] = {0x3F80, 0xC000, 0x7FC0, 0x0001, 0x8000, 0x7F80};
        Sample s{DType::BF16, {1, 6}, {}, {}};
        Writer w;
        for (uint16_t v : h) {
            w.u16(v);
            s.expected.push_back(std::bit_cast<float>(uint32_t(v) << 16));
        }
        s.bytes = w.bytes;
        QCOMPARE(s.expected[0], 1.0f);
        QCOMPARE(s.expected[1], -2.0f);
        QCOMPARE(decodeMismatch(s), QString());
    }
    // u8: the byte value (not a signed code, not scaled); 0-D is one row of one.
    {
        Sample s{DType::U8, {1, 5}, {0, 1, 127, 128, 255}, {0.0f, 1.0f, 127.0f, 128.0f, 255.0f}};
        QCOMPARE(decodeMismatch(s), QString());
        Sample scalar{DType::U8, {1, 1}, {42}, {42.0f}};
        QCOMPARE(decodeMismatch(scalar), QString());
    }
}

// ------------------------------------------------------------ q8

void TestCodecs::q8Row() {
    // Odd row length (q8_row needs no group alignment), the full int8 range.
    const std::vector<int> q = {-128, -1, 0, 1, 127, 5, -7, 64, -64, 3, 100, -100, 2, -2, 0};
    const Sample s = encodeQ8(DType::Q8Row, 3, 5, q, {0.5f, 0.0009765625f, -3.0f});
    QCOMPARE(s.bytes.size(), size_t(15 + 6));
    QCOMPARE(s.expected[0], -64.0f);
    QCOMPARE(s.expected[4], 63.5f);
    QCOMPARE(s.expected[10], -300.0f);
    QCOMPARE(decodeMismatch(s), QString());
}

void TestCodecs::q8TwoField() {
    const std::vector<int> q = {-128, 127, 3, 0, -5, 1, 2, -3};
    const Sample s = encodeQ8(DType::Q8_2F, 2, 4, q, {0.5f, 1.5f}, {2.0f, 0.25f, -1.0f, 0.0625f});
    QCOMPARE(s.bytes.size(), size_t(8 + 4 + 8));
    QCOMPARE(s.expected[0], -128.0f);
    QCOMPARE(s.expected[1], 15.875f);
    QCOMPARE(s.expected[7], -0.28125f);
    QCOMPARE(decodeMismatch(s), QString());
    // The product's order matters for inexact values: (q·row)·col, not q·(row·col).
    const float row = 0.3330078125f, col = 0.70703125f; // both exact halves
    const Sample t = encodeQ8(DType::Q8_2F, 1, 1, {-97}, {row}, {col});
    QCOMPARE(decodeMismatch(t), QString());
    QCOMPARE(std::bit_cast<uint32_t>(cmf::decodeAll(t.view())[0]), std::bit_cast<uint32_t>((-97.0f * row) * col));
}

// ------------------------------------------------------------ q4

void TestCodecs::q4BlockPadding_data() {
    QTest::addColumn<qulonglong>("rows");
    QTest::addColumn<qulonglong>("cols");
    QTest::newRow("40 = 5x8 (8 real + 24 pad)") << 5ull << 8ull;
    QTest::newRow("33 = 3x11 (1 real + 31 pad)") << 3ull << 11ull;
    QTest::newRow("32 = 1x32 (no pad)") << 1ull << 32ull;
    QTest::newRow("1 = 1x1") << 1ull << 1ull;
    QTest::newRow("65 = 13x5") << 13ull << 5ull;
    QTest::newRow("31 = 31x1 (1-D as rows)") << 31ull << 1ull;
}

void TestCodecs::q4BlockPadding() {
    QFETCH(qulonglong, rows);
    QFETCH(qulonglong, cols);
    const uint64_t n = rows * cols, groups = (n + 31) / 32;
    Rng rng{uint32_t(n)};
    std::vector<unsigned> nib = rng.codes(groups * 32, 16);
    for (uint64_t e = n; e < groups * 32; ++e) nib[e] = 8; // the writer's zero pad (q = 8)
    const Sample s = encodeQ4Block(rows, cols, nib, rng.scales(groups));
    QCOMPARE(uint64_t(s.bytes.size()), groups * 18);
    QCOMPARE(decodeMismatch(s), QString());
    // Pad nibbles carry no values: whatever they hold, the decode is the same.
    Sample u = s;
    for (uint64_t e = n; e < groups * 32; ++e) {
        uint8_t& byte = u.bytes[(e / 32) * 16 + (e % 32) / 2];
        byte = uint8_t((e % 2) ? (byte & 0x0F) | 0xF0 : (byte & 0xF0) | 0x03);
    }
    QCOMPARE(decodeMismatch(u), QString());
}

void TestCodecs::q4Tiled() {
    // Literal tile: scale 0.5, nibble bytes 0x80, 0x0F, 0xF1 ...: element 2k low, 2k+1 high.
    Writer w;
    w.half(0.5f);
    w.u8(0x80);
    w.u8(0x0F);
    w.u8(0xF1);
    for (int k = 3; k < 16; ++k) w.u8(0x88);
    Sample lit{DType::Q4Tiled, {1, 32}, w.bytes, std::vector<float>(32, 0.0f)};
    lit.expected[0] = -4.0f; // low nibble 0: (0 − 8)·0.5
    lit.expected[1] = 0.0f;  // high nibble 8
    lit.expected[2] = 3.5f;  // low nibble 15
    lit.expected[3] = -4.0f; // high nibble 0
    lit.expected[4] = -3.5f; // low nibble 1
    lit.expected[5] = 3.5f;  // high nibble 15
    QCOMPARE(decodeMismatch(lit), QString());

    const Sample s = randomSample(DType::Q4Tiled, 3, 96, 11);
    QCOMPARE(s.bytes.size(), size_t(9 * 18));
    QCOMPARE(decodeMismatch(s), QString());
}

void TestCodecs::q4tpCodesCrossBytes() {
    // gpr = 2: codes 22 = 0b10110 and 13 = 0b01101, LSB-first: byte 0 =
    // 0b101'10110 (c0, then c1's low 3 bits), byte 1 = 0b01 (c1's top 2 bits).
    const std::vector<unsigned> nib(64, 9); // q - 8 = 1: the decoded value is the scale itself
    const Sample s = encodeQ4tp(1, 64, nib, {-20.0f}, {1.0f}, {22, 13});
    QCOMPARE(s.bytes.size(), size_t(2 * 16 + 4 + 2));
    QCOMPARE(int(s.bytes[36]), 0xB6);
    QCOMPARE(int(s.bytes[37]), 0x01);
    const auto got = cmf::decodeAll(s.view());
    QCOMPARE(got[0], std::ldexp(1.0f, -20 + 22)); // integer exponents: exact powers of two
    QCOMPARE(got[32], std::ldexp(1.0f, -20 + 13));
    QCOMPARE(decodeMismatch(s), QString());
}

void TestCodecs::q4tpLadders() {
    // Three rows with different ladders, gpr = 5 (25 code bits in 4 bytes per
    // row, codes 1, 3 straddle byte boundaries), rungs 0 and 31 included.
    const uint64_t rows = 3, cols = 160, gpr = 5;
    Rng rng(5);
    const std::vector<unsigned> nib = rng.codes(rows * cols, 16);
    const std::vector<float> lo = {-12.0f, -6.5f, 2.0f};
    const std::vector<float> step = {1.0f, 0.25f, -0.375f};
    const std::vector<unsigned> codes = {31, 17, 5, 0, 26, 0, 31, 1, 30, 16, 7, 7, 24, 3, 12};
    const Sample s = encodeQ4tp(rows, cols, nib, lo, step, codes);
    QCOMPARE(s.bytes.size(), size_t(rows * gpr * 16 + rows * 4 + rows * 4));
    QCOMPARE(uint64_t(s.bytes.size()), *cmf::expectedNBytes(DType::Q4TP, s.shape));
    QCOMPARE(decodeMismatch(s), QString());
    // Row 0's ladder has integer exponents, so its scales are exact powers of two.
    const auto got = cmf::decodeAll(s.view());
    for (uint64_t i = 0; i < cols; ++i)
        QCOMPARE(got[i], float(int(nib[i]) - 8) * std::ldexp(1.0f, -12 + int(codes[i / 32])));
    // Each row reads its own ladder: decoding rows alone gives the same values.
    for (uint64_t r = 0; r < rows; ++r) {
        std::vector<float> one(cols);
        cmf::decodeRows(s.view(), r, r + 1, one.data());
        QCOMPARE(bitMismatch(one.data(), s.expected.data() + r * cols, cols), QString());
    }
}

// ------------------------------------------------------------ vbit

void TestCodecs::vbitMsbFirst() {
    // One 4-bit row of 32: bytes 0x9F → u = 9, 15 (MSB first); L = 7.
    Writer w;
    w.u8(4);
    w.half(0.25f);
    w.u8(0x9F);
    w.u8(0x07);
    for (int k = 2; k < 16; ++k) w.u8(0x77);
    Sample s{DType::VBit, {1, 32}, w.bytes, std::vector<float>(32, 0.0f)};
    s.expected[0] = 0.5f;  // (9 - 7)·0.25
    s.expected[1] = 2.0f;  // (15 - 7)·0.25
    s.expected[2] = -1.75f; // (0 - 7)·0.25
    s.expected[3] = 0.0f;
    QCOMPARE(decodeMismatch(s), QString());
    // 3-bit codes cross bytes: 0b101'110'01|1'000'111'0|... = u 5, 6, 3, 0, 7
    Writer v;
    v.u8(3);
    v.half(1.0f);
    v.u8(0b10111001);
    v.u8(0b10001110);
    for (int k = 2; k < 12; ++k) v.u8(0);
    Sample t{DType::VBit, {1, 32}, v.bytes, std::vector<float>(32, -3.0f)};
    t.expected[0] = 2.0f;  // 5 - 3
    t.expected[1] = 3.0f;  // 6 - 3
    t.expected[2] = 0.0f;  // 3 - 3
    t.expected[3] = -3.0f; // 0
    t.expected[4] = 4.0f;  // 7 - 3
    t.expected[5] = -3.0f; // 0b000
    QCOMPARE(decodeMismatch(t), QString());
}

void TestCodecs::vbitWidths_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<unsigned>("width");
    for (DType t : {DType::VBit, DType::VBitRo})
        for (unsigned b : {3u, 4u, 5u, 6u, 8u})
            QTest::newRow(qPrintable(str(cmf::dtypeName(t)) + QStringLiteral(" width %1").arg(b))) << int(t) << b;
}

void TestCodecs::vbitWidths() {
    QFETCH(int, dtype);
    QFETCH(unsigned, width);
    const DType t = DType(dtype);
    // Every code value of the width appears (0 and 2^b − 1 included).
    const uint64_t rows = 3, cols = 96;
    std::vector<unsigned> u;
    for (uint64_t e = 0; e < rows * cols; ++e) u.push_back(unsigned((e * 7) % (1u << width)));
    Rng rng(width);
    const std::vector<unsigned> widths(rows, width);
    const Sample s = encodeVbit(t, rows, cols, widths, u, rng.scales(rows * 3));
    const uint64_t rowBytes = (cols * width + 7) / 8;
    QCOMPARE(uint64_t(s.bytes.size()), rows + rows * 3 * 2 + (t == DType::VBitRo ? 4 * (rows + 1) : 0) + rows * rowBytes);
    QCOMPARE(decodeMismatch(s), QString());

    // The same width beside every other width in one tensor.
    const std::vector<unsigned> mixed = {width, 3, 8, width, 5, 4, 6};
    std::vector<unsigned> um;
    for (uint64_t e = 0; e < mixed.size() * 64; ++e) um.push_back(unsigned((e * 13 + 5) % (1u << mixed[e / 64])));
    const Sample m = encodeVbit(t, mixed.size(), 64, mixed, um, rng.scales(mixed.size() * 2));
    QCOMPARE(decodeMismatch(m), QString());
}

void TestCodecs::vbitRefusesWidths_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<unsigned>("width");
    QTest::addColumn<int>("row");
    for (DType t : {DType::VBit, DType::VBitRo})
        for (unsigned b : {2u, 7u, 9u, 0u, 1u, 255u})
            for (int row : {0, 2})
                QTest::newRow(qPrintable(str(cmf::dtypeName(t)) + QStringLiteral(" width %1 in row %2").arg(b).arg(row)))
                    << int(t) << b << row;
}

void TestCodecs::vbitRefusesWidths() {
    QFETCH(int, dtype);
    QFETCH(unsigned, width);
    QFETCH(int, row);
    Sample s = randomSample(DType(dtype), 3, 64, 3);
    QCOMPARE(refusal(s), QStringLiteral("none"));
    s.bytes[row] = uint8_t(width);
    QCOMPARE(refusal(s), QStringLiteral("Parse"));
    QCOMPARE(errorOf([&] { cmf::decodeAll(s.view()); }), QStringLiteral("Parse"));
    // Decoding just the bad row refuses it too.
    std::vector<float> out(64);
    QCOMPARE(errorOf([&] { cmf::decodeRows(s.view(), row, row + 1, out.data()); }), QStringLiteral("Parse"));
}

void TestCodecs::vbitPayloadSize() {
    const Sample good = encodeVbit(DType::VBit, 3, 64, {3, 5, 8}, std::vector<unsigned>(192, 1),
                                  std::vector<float>(6, 1.0f));
    QCOMPARE(good.bytes.size(), size_t(3 + 12 + 24 + 40 + 64));
    QCOMPARE(refusal(good), QStringLiteral("none"));
    Sample s = good;
    s.bytes.pop_back();
    QCOMPARE(refusal(s), QStringLiteral("Bounds")); // one byte short
    s = good;
    s.bytes.push_back(0);
    QCOMPARE(refusal(s), QStringLiteral("Parse")); // one trailing byte
    s = good;
    s.bytes.resize(2);
    QCOMPARE(refusal(s), QStringLiteral("Bounds")); // not even the widths
    s.bytes.resize(10);
    QCOMPARE(refusal(s), QStringLiteral("Bounds")); // widths but not all scales
    s.bytes.clear();
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    // The minimum is a lower bound of every real payload.
    QVERIFY(cmf::minimumNBytes(DType::VBit, good.shape) <= good.bytes.size());
    QCOMPARE(cmf::minimumNBytes(DType::VBit, good.shape), uint64_t(3 + 12 + 3 * 24));
}

void TestCodecs::vbitRoRowOffsets() {
    // The same rows as vbit, with a table; decodeRows reaches any row through it.
    const uint64_t rows = 4, cols = 64;
    const std::vector<unsigned> widths = {3, 8, 5, 6};
    Rng rng(4);
    std::vector<unsigned> u;
    for (uint64_t e = 0; e < rows * cols; ++e) u.push_back(rng.below(1u << widths[e / cols]));
    const std::vector<float> scales = rng.scales(rows * 2);
    const Sample plain = encodeVbit(DType::VBit, rows, cols, widths, u, scales);
    const Sample ro = encodeVbit(DType::VBitRo, rows, cols, widths, u, scales);
    const size_t table = rows + rows * 2 * 2;
    QCOMPARE(getU32(ro.bytes, table + 0), 0u);
    QCOMPARE(getU32(ro.bytes, table + 4), 24u);
    QCOMPARE(getU32(ro.bytes, table + 8), 24u + 64u);
    QCOMPARE(getU32(ro.bytes, table + 16), 24u + 64u + 40u + 48u);
    QCOMPARE(bitMismatch(ro.expected, plain.expected), QString());
    QCOMPARE(decodeMismatch(ro), QString());
    for (uint64_t r = 0; r < rows; ++r) {
        std::vector<float> one(cols);
        cmf::decodeRows(ro.view(), r, r + 1, one.data());
        QCOMPARE(bitMismatch(one.data(), plain.expected.data() + r * cols, cols), QString());
    }
}

void TestCodecs::vbitRoRefusesBadTables_data() {
    QTest::addColumn<int>("entry");    // table entry to change (-1: none)
    QTest::addColumn<qlonglong>("delta"); // added to it (or the new value if absolute)
    QTest::addColumn<bool>("absolute");
    QTest::addColumn<int>("resize");   // bytes added to (or removed from) the payload
    QTest::addColumn<QString>("kind");
    QTest::newRow("consistent") << -1 << 0ll << false << 0 << QStringLiteral("none");
    QTest::newRow("offsets[0] = 1") << 0 << 1ll << true << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[2] off by one") << 2 << 1ll << false << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[2] off by minus one") << 2 << -1ll << false << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[2] decreases to 0") << 2 << 0ll << true << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[1] huge") << 1 << 0x7FFFFFF0ll << true << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[4] 8 bytes too far") << 4 << 8ll << false << 0 << QStringLiteral("Parse");
    QTest::newRow("offsets[4] = u32 max") << 4 << 0xFFFFFFFFll << true << 0 << QStringLiteral("Parse");
    QTest::newRow("payload one byte short") << -1 << 0ll << false << -1 << QStringLiteral("Bounds");
    QTest::newRow("payload ends in the table") << -1 << 0ll << false << -180 << QStringLiteral("Bounds");
    QTest::newRow("payload has a trailing byte") << -1 << 0ll << false << 1 << QStringLiteral("Parse");
    QTest::newRow("all offsets shifted by 4, payload 4 longer") << -2 << 4ll << false << 4 << QStringLiteral("Parse");
}

void TestCodecs::vbitRoRefusesBadTables() {
    QFETCH(int, entry);
    QFETCH(qlonglong, delta);
    QFETCH(bool, absolute);
    QFETCH(int, resize);
    QFETCH(QString, kind);
    const uint64_t rows = 4, cols = 64;
    Sample s = encodeVbit(DType::VBitRo, rows, cols, {3, 8, 5, 6}, std::vector<unsigned>(rows * cols, 2),
                          std::vector<float>(rows * 2, 0.5f));
    const size_t table = rows + rows * 2 * 2;
    auto change = [&](int e) {
        const uint32_t old = getU32(s.bytes, table + 4 * size_t(e));
        setU32(s.bytes, table + 4 * size_t(e), uint32_t(absolute ? delta : qlonglong(old) + delta));
    };
    if (entry >= 0) change(entry);
    if (entry == -2)
        for (int e = 0; e <= int(rows); ++e) change(e);
    s.bytes.resize(size_t(qlonglong(s.bytes.size()) + resize));
    QCOMPARE(refusal(s), kind);
}

// ------------------------------------------------------------ q1 family

void TestCodecs::q1Signs() {
    // Literal tile: bit k of byte j (LSB-first) is weight 8j + k; 1 → +s, 0 → −s.
    Writer w;
    w.half(0.75f);
    w.u8(0x01);
    w.u8(0x80);
    w.u8(0xFF);
    w.u8(0x00);
    Sample s{DType::Q1, {1, 32}, w.bytes, std::vector<float>(32, -0.75f)};
    s.expected[0] = 0.75f;
    s.expected[15] = 0.75f;
    for (int i = 16; i < 24; ++i) s.expected[size_t(i)] = 0.75f;
    QCOMPARE(decodeMismatch(s), QString());
    const Sample r = randomSample(DType::Q1, 3, 96, 12);
    QCOMPARE(r.bytes.size(), size_t(9 * 6));
    QCOMPARE(decodeMismatch(r), QString());
}

void TestCodecs::q1sOverlay_data() {
    QTest::addColumn<int>("outliers");
    QTest::newRow("no outliers") << 0;
    QTest::newRow("one outlier") << 1;
    QTest::newRow("many outliers (every third weight)") << -1;
    QTest::newRow("repeated index (later entry wins)") << -2;
}

void TestCodecs::q1sOverlay() {
    QFETCH(int, outliers);
    const uint64_t rows = 3, cols = 64, n = rows * cols;
    Rng rng(17);
    const std::vector<unsigned> bits = rng.codes(n, 2);
    const std::vector<float> scales = rng.scales(rows * 2);
    FlatOverlay overlay;
    if (outliers == 1) overlay = {{uint32_t(n - 1), 12.5f}};
    if (outliers == -1)
        for (uint32_t i = 0; i < n; i += 3) overlay.emplace_back(uint32_t(n - 1 - i), float(i % 7) - 3.0f);
    if (outliers == -2) overlay = {{70, 1.0f}, {5, -2.0f}, {70, 6.0f}};
    const Sample s = encodeQ1s(rows, cols, bits, scales, overlay);
    QCOMPARE(s.bytes.size(), size_t(6 * 6 + 4 + 6 * overlay.size()));
    QCOMPARE(decodeMismatch(s), QString());
    if (outliers == 0) QCOMPARE(bitMismatch(s.expected, encodeQ1(rows, cols, bits, scales).expected), QString());
    if (outliers == -2) QCOMPARE(cmf::decodeAll(s.view())[70], 6.0f);
}

void TestCodecs::q1sRefusals() {
    const uint64_t rows = 2, cols = 32, n = 64;
    const Sample good = encodeQ1s(rows, cols, std::vector<unsigned>(n, 1), {1.0f, 2.0f}, {{3, 9.0f}, {63, -1.0f}});
    QCOMPARE(refusal(good), QStringLiteral("none"));
    const size_t count = 12, entries = 16;
    Sample s = good;
    setU32(s.bytes, entries + 6, uint32_t(n)); // flat index == rows·cols
    QCOMPARE(refusal(s), QStringLiteral("Parse"));
    setU32(s.bytes, entries + 6, 0xFFFFFFFFu);
    QCOMPARE(refusal(s), QStringLiteral("Parse"));
    s = good;
    setU32(s.bytes, count, 3); // one more entry than present
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    setU32(s.bytes, count, 0xFFFFFFFFu);
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    setU32(s.bytes, count, 1); // one fewer: the last entry is trailing
    QCOMPARE(refusal(s), QStringLiteral("Parse"));
    s = good;
    s.bytes.push_back(0);
    QCOMPARE(refusal(s), QStringLiteral("Parse"));
    s = good;
    s.bytes.pop_back(); // an entry cut in half
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    s.bytes.resize(14); // ends inside the count
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    s.bytes.resize(12); // tiles only: the count is required
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    s.bytes.resize(5);
    QCOMPARE(refusal(s), QStringLiteral("Bounds"));
    QCOMPARE(cmf::minimumNBytes(DType::Q1S, good.shape), uint64_t(16));
}

void TestCodecs::q1tDigitOrder() {
    // Byte 0 = 1 + 2·3 + 0·9 + 1·27 + 2·81 = 196 → values 0..4 = +s, −s, 0, +s, −s
    // (digit 0 least significant). Byte 6 holds values 30, 31 in its two low digits.
    Writer w;
    w.half(1.5f);
    w.u8(196);
    for (int j = 1; j < 6; ++j) w.u8(0);
    w.u8(2 + 1 * 3); // values 30 = −s, 31 = +s
    w.u32(0);
    w.u32(0);
    Sample s{DType::Q1T, {1, 32}, w.bytes, std::vector<float>(32, 0.0f)};
    s.expected[0] = 1.5f;
    s.expected[1] = -1.5f;
    s.expected[3] = 1.5f;
    s.expected[4] = -1.5f;
    s.expected[30] = -1.5f;
    s.expected[31] = 1.5f;
    QCOMPARE(decodeMismatch(s), QString());
    // 242 = 22222 in base 3 is the largest code byte.
    s.bytes[2 + 1] = 242;
    for (int k = 5; k < 10; ++k) s.expected[size_t(k)] = -1.5f;
    QCOMPARE(decodeMismatch(s), QString());
}

void TestCodecs::q1tOverlay_data() {
    QTest::addColumn<int>("perRow"); // -1: uneven rows
    QTest::newRow("no outliers") << 0;
    QTest::newRow("one outlier per row") << 1;
    QTest::newRow("uneven rows, many outliers") << -1;
}

void TestCodecs::q1tOverlay() {
    QFETCH(int, perRow);
    const uint64_t rows = 4, cols = 96;
    Rng rng(23);
    const std::vector<unsigned> codes = rng.codes(rows * cols, 3);
    const std::vector<float> scales = rng.scales(rows * 3);
    RowOverlay overlay(rows);
    if (perRow == 1)
        for (uint64_t r = 0; r < rows; ++r) overlay[r] = {{unsigned(r * 31 % cols), 0.5f + float(r)}};
    if (perRow == -1) {
        overlay[0] = {{0, 7.0f}, {95, -7.0f}, {40, 0.125f}};
        // row 1 empty
        for (unsigned c = 0; c < cols; c += 2) overlay[2].emplace_back(c, float(c) / 8.0f);
        overlay[3] = {{50, 1.0f}, {50, 2.0f}}; // repeated column: later entry wins
    }
    const Sample s = encodeQ1t(rows, cols, codes, scales, overlay);
    size_t entries = 0;
    for (const auto& row : overlay) entries += row.size();
    QCOMPARE(s.bytes.size(), size_t(rows * 3 * 9 + 4 * (rows + 1) + 4 * entries));
    QCOMPARE(decodeMismatch(s), QString());
    if (perRow == -1) QCOMPARE(cmf::decodeAll(s.view())[3 * cols + 50], 2.0f);
    for (uint64_t r = 0; r < rows; ++r) {
        std::vector<float> one(cols);
        cmf::decodeRows(s.view(), r, r + 1, one.data());
        QCOMPARE(bitMismatch(one.data(), s.expected.data() + r * cols, cols), QString());
    }
}

void TestCodecs::q1tRefusals() {
    const uint64_t rows = 3, cols = 32;
    RowOverlay overlay = {{{1, 1.0f}, {2, 2.0f}}, {}, {{31, 3.0f}}};
    const Sample good = encodeQ1t(rows, cols, std::vector<unsigned>(rows * cols, 1), {1.0f, 1.0f, 1.0f}, overlay);
    QCOMPARE(refusal(good), QStringLiteral("none"));
    const size_t rowPtr = rows * 9, entries = rowPtr + 4 * (rows + 1);
    QCOMPARE(getU32(good.bytes, rowPtr + 12), 3u);

    auto check = [&](const char* what, auto&& edit, const QString& kind) {
        Sample s = good;
        edit(s.bytes);
        QVERIFY2(refusal(s) == kind, qPrintable(QString::fromLatin1(what) + QStringLiteral(": ") + refusal(s)));
    };
    check("col == in", [&](auto& b) { b[entries + 4] = 32; }, QStringLiteral("Parse"));
    check("col = 0xFFFF", [&](auto& b) { b[entries + 8] = b[entries + 9] = 0xFF; }, QStringLiteral("Parse"));
    check("row_ptr[0] = 1", [&](auto& b) { setU32(b, rowPtr, 1); }, QStringLiteral("Parse"));
    check("row_ptr decreases", [&](auto& b) { setU32(b, rowPtr + 8, 1); }, QStringLiteral("Parse"));
    check("row_ptr[1] runs past the entries", [&](auto& b) { setU32(b, rowPtr + 4, 9); }, QStringLiteral("Bounds"));
    check("row_ptr[rows] past the payload", [&](auto& b) { setU32(b, rowPtr + 12, 4); }, QStringLiteral("Bounds"));
    check("row_ptr[rows] = u32 max", [&](auto& b) { setU32(b, rowPtr + 12, 0xFFFFFFFFu); }, QStringLiteral("Bounds"));
    check("row_ptr[rows] short of the entries", [&](auto& b) { setU32(b, rowPtr + 12, 2); }, QStringLiteral("Parse"));
    check("trailing byte", [&](auto& b) { b.push_back(0); }, QStringLiteral("Parse"));
    check("entry cut in half", [&](auto& b) { b.resize(b.size() - 2); }, QStringLiteral("Bounds"));
    check("ends inside row_ptr", [&](auto& b) { b.resize(entries - 1); }, QStringLiteral("Bounds"));
    check("ends inside the tiles", [&](auto& b) { b.resize(20); }, QStringLiteral("Bounds"));
    check("code byte 243", [&](auto& b) { b[2] = 243; }, QStringLiteral("Parse"));
    check("code byte 255 in the last tile", [&](auto& b) { b[2 * 9 + 8] = 255; }, QStringLiteral("Parse"));
    check("code byte 242", [&](auto& b) { b[9 + 2] = 242; }, QStringLiteral("none"));

    // decodeRows of the rows a defect is in refuses, without validatePayload.
    Sample s = good;
    setU32(s.bytes, rowPtr + 8, 1); // row_ptr[2] < row_ptr[1]
    std::vector<float> out(cols);
    QCOMPARE(errorOf([&] { cmf::decodeRows(s.view(), 1, 2, out.data()); }), QStringLiteral("Parse"));
}

void TestCodecs::q1tInLimit() {
    // in must fit u16: 65504 (the largest multiple of 32 that does) is fine, 65536 is not.
    const uint64_t cols = 65504;
    const Sample s = encodeQ1t(1, cols, std::vector<unsigned>(cols, 2), std::vector<float>(cols / 32, 0.5f),
                               RowOverlay{{{65503, 4.0f}}});
    QCOMPARE(decodeMismatch(s), QString());
    const std::vector<uint8_t> bytes(65536 / 32 * 9 + 8, 0);
    QCOMPARE(refusal(TensorBytes{DType::Q1T, {1, 65536}, bytes.data(), bytes.size()}), QStringLiteral("Parse"));
}

// ------------------------------------------------------------ every dtype

void TestCodecs::decodeRowsMatchesDecodeAll_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<qulonglong>("rows");
    QTest::addColumn<qulonglong>("cols");
    for (DType t : decodableDTypes()) {
        std::vector<TensorShape> shapes;
        if (cmf::dtypeNeedsIn32(t))
            shapes = {{5, 64}, {1, 32}, {7, 96}, {0, 32}};
        else if (t == DType::Q4Block)
            shapes = {{5, 8}, {3, 11}, {7, 13}, {1, 1}, {4, 16}};
        else
            shapes = {{3, 5}, {1, 7}, {6, 1}, {4, 32}, {0, 3}};
        for (const TensorShape& s : shapes)
            QTest::newRow(qPrintable(str(cmf::dtypeName(t)) + QStringLiteral(" %1x%2").arg(s.rows).arg(s.cols)))
                << int(t) << qulonglong(s.rows) << qulonglong(s.cols);
    }
}

void TestCodecs::decodeRowsMatchesDecodeAll() {
    QFETCH(int, dtype);
    QFETCH(qulonglong, rows);
    QFETCH(qulonglong, cols);
    const Sample s = randomSample(DType(dtype), rows, cols, uint32_t(dtype * 1000 + rows * 10 + cols));
    QCOMPARE(refusal(s), QStringLiteral("none"));
    const std::vector<float> all = cmf::decodeAll(s.view());
    QCOMPARE(bitMismatch(all, s.expected), QString());
    // Every sub-range [r0, r1) equals its slice and writes nothing past it.
    const float guard = std::bit_cast<float>(0x7FBADBADu);
    for (uint64_t r0 = 0; r0 <= rows; ++r0)
        for (uint64_t r1 = r0; r1 <= rows; ++r1) {
            const size_t n = size_t((r1 - r0) * cols);
            std::vector<float> out(n + 8, guard);
            cmf::decodeRows(s.view(), r0, r1, out.data());
            const QString where = QStringLiteral("rows [%1, %2): ").arg(r0).arg(r1);
            const QString diff = bitMismatch(out.data(), all.data() + r0 * cols, n);
            QVERIFY2(diff.isEmpty(), qPrintable(where + diff));
            for (size_t i = n; i < out.size(); ++i)
                QVERIFY2(std::bit_cast<uint32_t>(out[i]) == 0x7FBADBADu, qPrintable(where + QStringLiteral("overrun")));
        }
}

void TestCodecs::rowRangeOutOfRange_data() {
    QTest::addColumn<int>("dtype");
    for (DType t : decodableDTypes()) QTest::newRow(cmf::dtypeName(t).data()) << int(t);
}

void TestCodecs::rowRangeOutOfRange() {
    QFETCH(int, dtype);
    const DType t = DType(dtype);
    const Sample s = randomSample(t, sampleShape(t).rows, sampleShape(t).cols, 99);
    const uint64_t rows = s.shape.rows;
    std::vector<float> out((rows + 2) * s.shape.cols);
    const std::pair<uint64_t, uint64_t> bad[] = {{0, rows + 1}, {2, 1}, {rows + 1, rows + 1}, {rows, rows + 1},
                                                 {kMax64, kMax64}, {0, kMax64}, {kMax64, 0}};
    for (const auto& range : bad)
        QVERIFY2(errorOf([&] { cmf::decodeRows(s.view(), range.first, range.second, out.data()); }) ==
                     QStringLiteral("Bounds"),
                 qPrintable(QStringLiteral("[%1, %2)").arg(range.first).arg(range.second)));
    // Empty ranges inside [0, rows] are fine.
    QCOMPARE(errorOf([&] { cmf::decodeRows(s.view(), rows, rows, out.data()); }), QStringLiteral("none"));
    QCOMPARE(errorOf([&] { cmf::decodeRows(s.view(), 1, 1, out.data()); }), QStringLiteral("none"));
}

void TestCodecs::corruptedPayloadsOnlyThrowCmfErrors_data() {
    QTest::addColumn<int>("dtype");
    for (DType t : decodableDTypes()) QTest::newRow(cmf::dtypeName(t).data()) << int(t);
}

// A small deterministic fuzz: flipped, truncated, extended and random
// payloads. Each is either refused with a cmf::Error by validatePayload and
// decodeRows, or accepted and then decoded without error. Run under ASan
// (the asan-ubsan preset) this also proves no read leaves the payload.
void TestCodecs::corruptedPayloadsOnlyThrowCmfErrors() {
    QFETCH(int, dtype);
    const DType t = DType(dtype);
    const TensorShape shape = cmf::dtypeNeedsIn32(t) ? TensorShape{4, 64} : sampleShape(t);
    const Sample good = randomSample(t, shape.rows, shape.cols, 5);
    Rng rng(uint32_t(dtype) + 1);
    int accepted = 0, refused = 0;
    for (int iter = 0; iter < 400; ++iter) {
        std::vector<uint8_t> bytes = good.bytes;
        switch (iter % 4) {
        case 0: // flip a few bytes, often in the structured head and tail
            for (unsigned k = 0, n = 1 + rng.below(3); k < n && !bytes.empty(); ++k) {
                const unsigned size = unsigned(bytes.size()), window = std::min(24u, size);
                const unsigned where = rng.below(3);
                const size_t at = where == 0 ? rng.below(size) : where == 1 ? rng.below(window) : size - 1 - rng.below(window);
                bytes[at] = uint8_t(rng.gen());
            }
            break;
        case 1: bytes.resize(rng.below(unsigned(bytes.size()) + 1)); break;
        case 2:
            for (unsigned k = 0, n = 1 + rng.below(16); k < n; ++k) bytes.push_back(uint8_t(rng.gen()));
            break;
        default:
            for (auto& b : bytes) b = uint8_t(rng.gen());
            break;
        }
        // An exact-size heap copy, so ASan sees any read past the end.
        const size_t size = bytes.size();
        std::unique_ptr<uint8_t[]> exact(new uint8_t[size ? size : 1]);
        if (size) std::memcpy(exact.get(), bytes.data(), size);
        const TensorBytes tb{t, shape, size ? exact.get() : nullptr, size};

        const QString v = errorOf([&] { cmf::validatePayload(tb); });
        QVERIFY2(v == QStringLiteral("none") || v == QStringLiteral("Parse") || v == QStringLiteral("Bounds"),
                 qPrintable(v));
        std::vector<float> out(shape.rows * shape.cols);
        for (uint64_t r = 0; r < shape.rows; ++r) {
            const QString d = errorOf([&] { cmf::decodeRows(tb, r, r + 1, out.data()); });
            QVERIFY2(d == QStringLiteral("none") || d == QStringLiteral("Parse") || d == QStringLiteral("Bounds"),
                     qPrintable(d));
            if (v == QStringLiteral("none")) QCOMPARE(d, QStringLiteral("none"));
        }
        if (v == QStringLiteral("none")) {
            QCOMPARE(errorOf([&] { cmf::decodeAll(tb); }), QStringLiteral("none"));
            ++accepted;
        } else {
            ++refused;
        }
    }
    QVERIFY(refused > 0);
    Q_UNUSED(accepted);
}

QTEST_GUILESS_MAIN(TestCodecs)
#include "tst_codecs.moc"
