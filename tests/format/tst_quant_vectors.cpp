// The conformance kit's quant vectors (tests/data/conformance/quant_vectors,
// one file per dtype) and the reference project's vbit golden fixture,
// decoded bit-exactly: float32 bit patterns, the f32le bytes and their
// hash64 all as the independent reference computed them.
#include "test_support.h"

#include "cmf/format/codec.h"
#include "cmf/format/dtype.h"
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"

#include <QDir>
#include <QTest>

#include <bit>
#include <cstring>
#include <map>

namespace {

std::string vectorsDir() { return cmftest::dataPath("conformance/quant_vectors"); }

// rows = shape[0], cols = the product of the rest (codec.h); 1-D is one row.
cmf::TensorShape shapeOf(const nlohmann::json& shape) {
    cmf::TensorShape s;
    if (shape.empty()) return s;
    s.rows = shape[0].get<uint64_t>();
    for (size_t i = 1; i < shape.size(); ++i) s.cols *= shape[i].get<uint64_t>();
    if (shape.size() == 1) std::swap(s.rows, s.cols);
    return s;
}

std::vector<uint8_t> f32le(const std::vector<float>& v) {
    std::vector<uint8_t> bytes(v.size() * 4);
    if (!v.empty()) std::memcpy(bytes.data(), v.data(), bytes.size()); // little-endian host
    return bytes;
}

uint64_t hashOf(const std::vector<uint8_t>& bytes) { return cmf::hash64(bytes.data(), bytes.size()); }

uint64_t hexField(const nlohmann::json& j, const char* key) {
    const auto v = cmf::parseHex64(j.at(key).get<std::string>());
    if (!v) throw std::runtime_error(std::string("bad hex in ") + key);
    return *v;
}

// The JSON numbers as float32; each must be exactly a float32 (the kit says they are).
QString expectedFloats(const nlohmann::json& values, std::vector<float>& out) {
    out.clear();
    for (const auto& v : values) {
        const double d = v.get<double>();
        const float f = float(d);
        if (double(f) != d) return QStringLiteral("expected value %1 is not a float32").arg(d, 0, 'g', 17);
        out.push_back(f);
    }
    return {};
}

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

template <class F>
QString errorOf(F&& f) {
    try {
        f();
    } catch (const cmf::Error& e) {
        return QString::fromLatin1(cmf::errorKindName(e.kind()));
    }
    return QStringLiteral("none");
}

} // namespace

class TestQuantVectors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kitIsComplete();
    void vectors_data();
    void vectors();
    void vbitGolden();
    void vbitGoldenRefusesWidth2();

private:
    const nlohmann::json& file(const QString& name);
    std::map<QString, nlohmann::json> files_;
};

const nlohmann::json& TestQuantVectors::file(const QString& name) {
    auto it = files_.find(name);
    if (it == files_.end())
        it = files_.emplace(name, cmftest::loadJson(vectorsDir() + "/" + name.toStdString())).first;
    return it->second;
}

// The kit ships 11 dtype files; a missing one must fail, not shrink the test.
void TestQuantVectors::kitIsComplete() {
    const QStringList names = QDir(QString::fromStdString(vectorsDir())).entryList({QStringLiteral("*.json")}, QDir::Files);
    QCOMPARE(names.size(), 11);
    for (const QString& name : names) {
        const auto& j = file(name);
        QCOMPARE(QString::fromStdString(j.at("dtype").get<std::string>()) + QStringLiteral(".json"), name);
        QVERIFY2(!j.at("vectors").empty(), qPrintable(name));
    }
}

void TestQuantVectors::vectors_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<int>("index");
    const QStringList names = QDir(QString::fromStdString(vectorsDir())).entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString& name : names) {
        const auto& vectors = file(name).at("vectors");
        for (size_t i = 0; i < vectors.size(); ++i) {
            QString label = QString::fromStdString(vectors[i].at("dtype").get<std::string>()) + QStringLiteral(" #%1 [").arg(i);
            for (size_t d = 0; d < vectors[i].at("shape").size(); ++d)
                label += (d ? QStringLiteral("x") : QString()) + QString::number(vectors[i]["shape"][d].get<qulonglong>());
            QTest::newRow(qPrintable(label + QStringLiteral("]"))) << name << int(i);
        }
    }
}

void TestQuantVectors::vectors() {
    QFETCH(QString, fileName);
    QFETCH(int, index);
    const auto& kit = file(fileName);
    const auto& v = kit.at("vectors").at(size_t(index));

    const auto dtype = cmf::dtypeFromName(v.at("dtype").get<std::string>());
    QVERIFY(dtype);
    QCOMPARE(int(*dtype), v.at("dtype_id").get<int>());
    QCOMPARE(int(*dtype), kit.at("dtype_id").get<int>());
    QVERIFY(cmf::dtypeDecodable(*dtype));

    const std::vector<uint8_t> raw = cmftest::base64Decode(v.at("raw_b64").get<std::string>());
    QCOMPARE(uint64_t(raw.size()), v.at("raw_len").get<uint64_t>());
    QCOMPARE(cmf::hex64(hashOf(raw)), cmf::hex64(hexField(v, "raw_hash64")));

    const cmf::TensorBytes t{*dtype, shapeOf(v.at("shape")), raw.data(), raw.size()};
    QCOMPARE(t.shape.rows * t.shape.cols, v.at("n_elements").get<uint64_t>());
    if (const auto n = cmf::expectedNBytes(t.dtype, t.shape)) QCOMPARE(*n, uint64_t(raw.size()));
    QVERIFY(cmf::minimumNBytes(t.dtype, t.shape) <= raw.size());
    QCOMPARE(errorOf([&] { cmf::validatePayload(t); }), QStringLiteral("none"));

    const std::vector<float> got = cmf::decodeAll(t);
    std::vector<float> want;
    const QString parsed = expectedFloats(v.at("expected"), want);
    QVERIFY2(parsed.isEmpty(), qPrintable(parsed));
    QCOMPARE(got.size(), want.size());
    const QString diff = bitMismatch(got.data(), want.data(), got.size());
    QVERIFY2(diff.isEmpty(), qPrintable(diff));

    const std::vector<uint8_t> bytes = f32le(got);
    QVERIFY(bytes == cmftest::base64Decode(v.at("expected_f32le_b64").get<std::string>()));
    QCOMPARE(cmf::hex64(hashOf(bytes)), cmf::hex64(hexField(v, "expected_f32_hash64")));

    // Row access gives the same values (vbit_ro through its table, q4_block
    // across group boundaries).
    for (uint64_t r = 0; r < t.shape.rows; ++r) {
        std::vector<float> row(t.shape.cols);
        cmf::decodeRows(t, r, r + 1, row.data());
        const QString rowDiff = bitMismatch(row.data(), got.data() + r * t.shape.cols, t.shape.cols);
        QVERIFY2(rowDiff.isEmpty(), qPrintable(QStringLiteral("row %1: ").arg(r) + rowDiff));
    }
}

// The reference project's fixture: 16 rows of 64, widths 3, 4, 5, 8. Its own
// test allows a tolerance; an exact decoder reproduces every bit.
void TestQuantVectors::vbitGolden() {
    const auto j = cmftest::loadJson(cmftest::dataPath("conformance/vbit_golden.json"));
    const std::vector<uint8_t> raw = cmftest::base64Decode(j.at("bytes").get<std::string>());
    const cmf::TensorBytes t{cmf::DType::VBit, {j.at("rows").get<uint64_t>(), j.at("cols").get<uint64_t>()}, raw.data(),
                             raw.size()};
    QCOMPARE(t.shape.rows, uint64_t(16));
    QCOMPARE(t.shape.cols, uint64_t(64));
    QCOMPARE(raw.size(), size_t(656));
    QCOMPARE(errorOf([&] { cmf::validatePayload(t); }), QStringLiteral("none"));
    std::vector<float> want;
    const QString parsed = expectedFloats(j.at("expect"), want);
    QVERIFY2(parsed.isEmpty(), qPrintable(parsed));
    const std::vector<float> got = cmf::decodeAll(t);
    QCOMPARE(got.size(), size_t(1024));
    QCOMPARE(want.size(), size_t(1024));
    const QString diff = bitMismatch(got.data(), want.data(), got.size());
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

// The fixture's second requirement: the same payload with its first width byte set to 2 is refused.
void TestQuantVectors::vbitGoldenRefusesWidth2() {
    const auto j = cmftest::loadJson(cmftest::dataPath("conformance/vbit_golden.json"));
    std::vector<uint8_t> raw = cmftest::base64Decode(j.at("bytes").get<std::string>());
    raw[0] = 2;
    const cmf::TensorBytes t{cmf::DType::VBit, {j.at("rows").get<uint64_t>(), j.at("cols").get<uint64_t>()}, raw.data(),
                             raw.size()};
    QCOMPARE(errorOf([&] { cmf::validatePayload(t); }), QStringLiteral("Parse"));
    QCOMPARE(errorOf([&] { cmf::decodeAll(t); }), QStringLiteral("Parse"));
    std::vector<float> row(t.shape.cols);
    QCOMPARE(errorOf([&] { cmf::decodeRows(t, 0, 1, row.data()); }), QStringLiteral("Parse"));
    QCOMPARE(errorOf([&] { cmf::decodeRows(t, 5, 6, row.data()); }), QStringLiteral("Parse")); // vbit locates rows by scanning all widths
}

QTEST_GUILESS_MAIN(TestQuantVectors)
#include "tst_quant_vectors.moc"
