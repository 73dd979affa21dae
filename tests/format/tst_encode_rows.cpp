// Row-chunk encoding gives exactly the bytes of whole-tensor encoding, for
// every row-separable layout and any chunking.
#include "test_support.h"

#include "cmf/format/encode.h"
#include "cmf/format/error.h"

#include <QTest>
#include <random>

class TestEncodeRows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chunksEqualWhole_data() {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        for (auto t : {cmf::DType::F32, cmf::DType::F16, cmf::DType::BF16, cmf::DType::Q8Row, cmf::DType::Q4Block,
                       cmf::DType::Q4Tiled, cmf::DType::Q4TP, cmf::DType::Q1})
            for (auto [r, c] : {std::pair{1, 64}, {7, 96}, {33, 256}})
                QTest::newRow((std::string(cmf::dtypeName(t)) + "/" + std::to_string(r) + "x" + std::to_string(c)).c_str())
                    << int(t) << r << c;
    }
    void chunksEqualWhole() {
        QFETCH(int, dtype);
        QFETCH(int, rows);
        QFETCH(int, cols);
        const auto t = cmf::DType(dtype);
        const cmf::TensorShape s{uint64_t(rows), uint64_t(cols)};
        QVERIFY(cmf::encodesByRows(t, s));
        std::mt19937 rng(uint32_t(rows * 131 + cols));
        std::normal_distribution<float> g(0.f, 0.05f);
        std::vector<float> v(s.count());
        for (auto& x : v) x = g(rng);
        v[3] = 0.9f; // an outlier in row 0
        const auto whole = cmf::encode(t, s, v.data());
        QCOMPARE(uint64_t(whole.size()), *cmf::expectedNBytes(t, s));
        for (uint64_t chunk : {uint64_t(1), uint64_t(2), uint64_t(5), uint64_t(rows)}) {
            std::vector<uint8_t> payload(whole.size(), 0xAB);
            for (uint64_t r0 = 0; r0 < s.rows; r0 += chunk) {
                const uint64_t r1 = std::min(s.rows, r0 + chunk);
                cmf::encodeRowsInto(t, s, r0, r1, v.data() + r0 * s.cols, payload.data());
            }
            QVERIFY2(payload == whole, ("chunk " + std::to_string(chunk)).c_str());
        }
    }
    void notRowSeparable() {
        QVERIFY(!cmf::encodesByRows(cmf::DType::Q4Block, {3, 40}));  // groups straddle rows
        QVERIFY(!cmf::encodesByRows(cmf::DType::Q8_2F, {4, 64}));    // the column field needs every row
        QVERIFY(!cmf::encodesByRows(cmf::DType::VBitRo, {4, 64}));   // widths are allocated over the tensor
        std::vector<float> v(4 * 64, 0.f);
        std::vector<uint8_t> out(1024);
        try {
            cmf::encodeRowsInto(cmf::DType::Q8_2F, {4, 64}, 0, 1, v.data(), out.data());
            QFAIL("encoded a non-separable layout by rows");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Parse);
        }
    }
};

QTEST_GUILESS_MAIN(TestEncodeRows)
#include "tst_encode_rows.moc"
