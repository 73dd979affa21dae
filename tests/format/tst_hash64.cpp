// hash64 (spec §8) against the kit's 50 vectors, plus the incremental form.
#include "test_support.h"

#include "cmf/format/hash64.h"

#include <QTest>

class TestHash64 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void vectors_data() {
        QTest::addColumn<QString>("hex");
        QTest::addColumn<QString>("expected");
        const auto v = cmftest::loadJson(cmftest::dataPath("conformance/hash64_vectors.json"));
        QCOMPARE(v["vectors"].size(), size_t(50));
        for (const auto& c : v["vectors"]) {
            const std::string label = c["pattern"].get<std::string>() + "-" + std::to_string(c["len"].get<int>());
            QTest::newRow(label.c_str()) << QString::fromStdString(c["hex"].get<std::string>())
                                         << QString::fromStdString(c["hash64"].get<std::string>());
        }
    }
    void vectors() {
        QFETCH(QString, hex);
        QFETCH(QString, expected);
        const auto bytes = cmf::fromHex(hex.toStdString());
        QVERIFY(bytes.has_value());
        QCOMPARE(QString::fromStdString(cmf::hex64(cmf::hash64(bytes->data(), bytes->size()))), expected);
    }
    // Chunks hashed at their word index and XOR-combined equal the one-shot hash
    // (what parallel verify relies on).
    void partialChunksCombine() {
        std::vector<uint8_t> data(10007);
        for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 131 + 7);
        for (uint64_t chunk : {8ull, 64ull, 4096ull, 10000ull}) {
            uint64_t acc = 0;
            for (uint64_t off = 0; off < data.size(); off += chunk)
                acc ^= cmf::hash64Partial(data.data() + off, std::min<uint64_t>(chunk, data.size() - off), off / 8);
            QCOMPARE(cmf::hash64Finish(acc, data.size()), cmf::hash64(data.data(), data.size()));
        }
    }
    void hexRoundTrip() {
        QCOMPARE(cmf::hex64(0x0123456789abcdefull), std::string("0123456789abcdef"));
        QCOMPARE(*cmf::parseHex64("0123456789ABCDEF"), 0x0123456789abcdefull);
        QVERIFY(!cmf::parseHex64("0123456789abcdef0"));
        QVERIFY(!cmf::parseHex64("xyz"));
        QVERIFY(!cmf::fromHex("abc"));
    }
};

QTEST_GUILESS_MAIN(TestHash64)
#include "tst_hash64.moc"
